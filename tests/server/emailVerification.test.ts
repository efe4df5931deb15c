/**
 * Unverified accounts (both databases): registration signs in before the address is proven;
 * `email_verified` turns true when the mailed link is used; requireVerifiedEmail refuses the
 * routes that act beyond the app with 403 `email_unverified`; a new link can be asked for
 * (rate-limited); accounts never verified are deleted after 48 hours.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { users } from '../../src/server/db/schema.ts';
import { requireAuth } from '../../src/server/http/requireAuth.ts';
import { requireVerifiedEmail } from '../../src/server/http/requireVerifiedEmail.ts';
import { EMAIL_UNVERIFIED } from '../../src/server/http/schemas.ts';
import { UNVERIFIED_ACCOUNT_TTL_MS } from '../../src/server/services/users.ts';
import { type TestApp, send, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PASSWORD = 'correct horse battery staple';
const HOUR = 3_600_000;

async function register(t: TestApp, email = 'ann@example.ie') {
  const res = await t.request('POST', '/auth/register', { email, details: { dob: '1990-05-01', maritalStatus: 'single' } });
  expect(res.status).toBe(201);
  return res.body as { access_token: string; refresh_token: string; user: { email_verified: boolean } };
}

async function linkTokens(t: TestApp, to: string): Promise<string[]> {
  await t.services.mailer.flush();
  return t.mail.messages.filter((message) => message.to === to).flatMap((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1] ?? []);
}

async function setPassword(t: TestApp, token: string) {
  return t.request('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The app with a route guarded the way PAYE, bank and money routes are. */
function appWithGuardedRoute(t: TestApp) {
  const app = createApp({ services: t.services });
  app.post('/api/maxout/__test/paye-authorise', requireAuth(t.services), requireVerifiedEmail(), (c) => c.json({ ok: true }));
  return app;
}

describe(`email verification (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('reports email_verified false after registration and true once the mailed link is used', async () => {
    const session = await register(t);
    expect(session.user.email_verified).toBe(false);
    expect((await t.request('GET', '/profile', undefined, bearer(session.access_token))).body.email_verified).toBe(false);
    const [token] = await linkTokens(t, 'ann@example.ie');
    expect((await setPassword(t, token!)).status).toBe(200);
    const login = await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: PASSWORD });
    expect(login.body.user.email_verified).toBe(true);
    expect((await t.request('GET', '/profile', undefined, bearer(login.body.access_token))).body.email_verified).toBe(true);
  });

  it('refuses a guarded route with 403 email_unverified until the address is proven, then lets it through', async () => {
    const app = appWithGuardedRoute(t);
    const session = await register(t);
    const refused = await send(app, 'POST', '/__test/paye-authorise', {}, bearer(session.access_token));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: EMAIL_UNVERIFIED, error: EMAIL_UNVERIFIED, code: 'email_unverified' });
    // Without a session it is still a 401, not a hint about verification.
    expect((await send(app, 'POST', '/__test/paye-authorise', {})).status).toBe(401);

    const [token] = await linkTokens(t, 'ann@example.ie');
    await setPassword(t, token!);
    const login = await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: PASSWORD });
    const allowed = await send(app, 'POST', '/__test/paye-authorise', {}, bearer(login.body.access_token));
    expect(allowed.status).toBe(200);
  });

  it('guards the real PAYE signature and money-moving routes', async () => {
    const session = await register(t);
    for (const path of ['/paye-authorization', '/contribute', '/direct-debit']) {
      const res = await t.request('POST', path, {}, { ...bearer(session.access_token), 'idempotency-key': 'key-00000001' });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe('email_unverified');
    }
  });

  it('mails a new link on request, retiring the older one, and limits how often', async () => {
    const session = await register(t);
    const [first] = await linkTokens(t, 'ann@example.ie');
    const again = await t.request('POST', '/auth/resend-verification', {}, bearer(session.access_token));
    expect(again.status).toBe(200);
    expect(again.body.email_verified).toBe(false);
    // No body at all is accepted too.
    const bare = await t.app.request('/api/maxout/auth/resend-verification', { method: 'POST', headers: bearer(session.access_token) });
    expect(bare.status).toBe(200);
    const tokens = await linkTokens(t, 'ann@example.ie');
    expect(tokens).toHaveLength(3);
    // The older links no longer work; the newest does.
    expect((await setPassword(t, first!)).status).toBe(422);
    const limited = [];
    for (let i = 0; i < 3; i++) limited.push((await t.request('POST', '/auth/resend-verification', {}, bearer(session.access_token))).status);
    expect(limited).toEqual([200, 429, 429]);
    expect((await setPassword(t, tokens.at(-1)!)).status).toBe(422);
    expect((await setPassword(t, (await linkTokens(t, 'ann@example.ie')).at(-1)!)).status).toBe(200);
  });

  it('answers a verified user without mailing, and refuses without a session or with fields', async () => {
    expect((await t.request('POST', '/auth/resend-verification', {})).status).toBe(401);
    const session = await register(t);
    expect((await t.request('POST', '/auth/resend-verification', { email: 'other@example.ie' }, bearer(session.access_token))).status).toBe(422);
    const [token] = await linkTokens(t, 'ann@example.ie');
    await setPassword(t, token!);
    const login = await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: PASSWORD });
    await t.services.mailer.flush();
    const before = t.mail.messages.length;
    const res = await t.request('POST', '/auth/resend-verification', {}, bearer(login.body.access_token));
    expect(res.status).toBe(200);
    expect(res.body.email_verified).toBe(true);
    await t.services.mailer.flush();
    expect(t.mail.messages.length).toBe(before);
  });

  it('deletes accounts never verified after 48 hours, and keeps verified and younger ones', async () => {
    await register(t, 'never@example.ie');
    await register(t, 'proven@example.ie');
    const [token] = await linkTokens(t, 'proven@example.ie');
    await setPassword(t, token!);
    t.clock.advance(UNVERIFIED_ACCOUNT_TTL_MS - HOUR);
    await register(t, 'young@example.ie');
    await t.services.housekeeping();
    expect((await t.database.db.select({ email: users.email }).from(users)).map((row) => row.email).sort()).toEqual(['never@example.ie', 'proven@example.ie', 'young@example.ie']);

    t.clock.advance(HOUR + 60_000);
    await t.services.housekeeping();
    expect((await t.database.db.select({ email: users.email }).from(users)).map((row) => row.email).sort()).toEqual(['proven@example.ie', 'young@example.ie']);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'never@example.ie'))).toHaveLength(0);
  });

  it('says in the set-password mail that unverified accounts are deleted after 48 hours, and what to do if you did not sign up', async () => {
    await register(t);
    await t.services.mailer.flush();
    const mail = t.mail.messages.find((message) => message.to === 'ann@example.ie');
    expect(mail?.body).toMatch(/48 hours/);
    expect(mail?.body).toMatch(/did not sign up/);
    expect(mail?.body).toMatch(/do not need to do anything/);
  });
});
