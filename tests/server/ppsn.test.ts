/**
 * PPSN exposure (both databases): every answer carries the PPSN masked (last 3 characters);
 * POST /profile/ppsn-reveal gives the full value to the signed-in user and records an audit row
 * (who, when, which request; never the value); the masked value sent back means "unchanged".
 */
import { describe, expect, it } from 'vitest';
import { maskPpsn } from '../../src/domain/schemas/fields.ts';
import { PPSN_INVALID } from '../../src/domain/schemas/messages.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { PASSWORD, givePassword } from '../support/accounts.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PPSN = '1234567T';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedIn(t: TestApp) {
  const res = await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } });
  expect(res.status).toBe(201);
  await givePassword(t);
  return bearer(res.body.access_token as string);
}

describe('maskPpsn', () => {
  it('hides every character but the last 3', () => {
    expect(maskPpsn('1234567T')).toBe('•••••67T');
    expect(maskPpsn('1234567TA')).toBe('••••••7TA');
  });
});

describe(`PPSN masking and reveal (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('answers the PPSN masked from edit-profile and GET /profile, never in full', async () => {
    const auth = await signedIn(t);
    const saved = await t.request('POST', '/edit-profile', { ppsn: PPSN }, auth);
    expect(saved.status).toBe(200);
    expect(saved.body.ppsn).toBe('•••••67T');
    const profile = await t.request('GET', '/profile', undefined, auth);
    expect(profile.body.ppsn).toBe('•••••67T');
    expect(JSON.stringify(profile.body)).not.toContain('12345');
    const login = await t.request('POST', '/auth/refresh', { refresh_token: 'x'.repeat(43) });
    expect(JSON.stringify(login.body ?? '')).not.toContain(PPSN);
  });

  it('reveals the full PPSN to its owner and records who, when and which request, without the value', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/edit-profile', { ppsn: PPSN }, auth);
    const revealed = await t.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, auth);
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual({ ppsn: PPSN });
    expect(revealed.headers['cache-control']).toBe('no-store');
    const rows = await t.database.db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'ppsn.revealed', requestId: revealed.headers['x-request-id'] });
    expect(rows[0]?.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(rows)).not.toContain(PPSN);
    // The log line names the event, not the value.
    expect(JSON.stringify(t.log.lines)).not.toContain(PPSN);
    expect(t.log.lines.some((line) => line.msg === 'profile.ppsn_revealed')).toBe(true);
  });

  it('answers null before a PPSN is recorded, and 401 without a session (no audit row)', async () => {
    expect((await t.request('POST', '/profile/ppsn-reveal', {})).status).toBe(401);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
    const auth = await signedIn(t);
    expect((await t.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, auth)).body).toEqual({ ppsn: null });
    expect((await t.request('POST', '/profile/ppsn-reveal', { ppsn: 'x' }, auth)).status).toBe(422);
  });

  it('keeps the stored PPSN when its own mask is sent back, and refuses any other mask', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/edit-profile', { ppsn: PPSN }, auth);
    const unchanged = await t.request('POST', '/edit-profile', { ppsn: '•••••67T', first_name: 'Ann' }, auth);
    expect(unchanged.status).toBe(200);
    expect((await t.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, auth)).body.ppsn).toBe(PPSN);
    const wrong = await t.request('POST', '/edit-profile', { ppsn: '•••••99W' }, auth);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ ppsn: [PPSN_INVALID] });
  });

  it('asks for the password: 422 on password when it is missing or wrong, and no audit row', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/edit-profile', { ppsn: PPSN }, auth);
    for (const body of [undefined, {}, { password: '' }, { password: 'not the password' }]) {
      const res = await t.request('POST', '/profile/ppsn-reveal', body, auth);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.password, JSON.stringify(body)).toBeDefined();
      expect(JSON.stringify(res.body)).not.toContain(PPSN);
    }
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });

  it('reveals at most the hourly limit, then 429', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/edit-profile', { ppsn: PPSN }, auth);
    const limit = AUTH_RATE_LIMITS.ppsnRevealPerAccount.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) statuses.push((await t.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, auth)).status);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(limit);
  });
});
