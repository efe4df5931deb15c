/**
 * The refresh grace window (both databases): at most 5 seconds, only for the client that rotated
 * the token (user agent and network), and a reuse that ends a session family is mailed to the user.
 */
import { describe, expect, it } from 'vitest';
import { sessionFamilies } from '../../src/server/db/schema.ts';
import { SESSION_LIMITS } from '../../src/server/services/sessions.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const FIREFOX = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'x-forwarded-for': '198.51.100.7' };

async function session(t: TestApp) {
  const res = await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } }, FIREFOX);
  expect(res.status).toBe(201);
  return res.body as { refresh_token: string };
}

const refresh = (t: TestApp, token: string, headers: Record<string, string> = FIREFOX) => t.request('POST', '/auth/refresh', { refresh_token: token }, headers);

async function reuseMails(t: TestApp) {
  await t.services.mailer.flush();
  return t.mail.messages.filter((message) => /signed out one of your MaxOut sessions/.test(message.subject));
}

describe(`refresh grace window (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('lasts no more than 5 seconds', () => {
    expect(SESSION_LIMITS.graceMs).toBeLessThanOrEqual(5_000);
  });

  it('answers a replay from the same client inside the window with the same successor', async () => {
    const { refresh_token: rt1 } = await session(t);
    const first = await refresh(t, rt1);
    expect(first.status).toBe(200);
    t.clock.advance(SESSION_LIMITS.graceMs - 500);
    const replay = await refresh(t, rt1);
    expect(replay.status).toBe(200);
    expect(replay.body.refresh_token).toBe(first.body.refresh_token);
    expect(await reuseMails(t)).toHaveLength(0);
  });

  it('treats a replay from another client inside the window as theft, ends the family and mails the user', async () => {
    const { refresh_token: rt1 } = await session(t);
    const first = await refresh(t, rt1);
    expect(first.status).toBe(200);
    // Another browser on the same network, one second later.
    const elsewhere = await refresh(t, rt1, { ...FIREFOX, 'user-agent': 'curl/8.5.0' });
    expect(elsewhere.status).toBe(401);
    // Another network with the same user agent.
    expect((await refresh(t, first.body.refresh_token, { ...FIREFOX, 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
    const [family] = await t.database.db.select().from(sessionFamilies);
    expect(family?.revokeReason).toBe('reuse');
    const mails = await reuseMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('ann@example.ie');
    expect(mails[0]?.body).not.toContain(rt1);
    expect(t.log.lines.some((line) => line.msg === 'security.refresh_token_reuse')).toBe(true);
  });

  it('treats a replay from the same client after the window as theft, and mails the user', async () => {
    const { refresh_token: rt1 } = await session(t);
    expect((await refresh(t, rt1)).status).toBe(200);
    t.clock.advance(SESSION_LIMITS.graceMs + 1000);
    expect((await refresh(t, rt1)).status).toBe(401);
    expect(await reuseMails(t)).toHaveLength(1);
  });
});
