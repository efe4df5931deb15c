/**
 * Two-step sign-in that cannot be planted, and that puts code-proved sessions in charge (both
 * databases): setting it up takes the password and a verified address; the mailed reset link can
 * turn it off, so the owner can always get back in; turning it on ends the other sessions; once
 * on, the sensitive calls need a session that gave a code.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { PASSWORD_WRONG } from '../../src/server/http/schemas.ts';
import { HOME, PASSWORD, bearer, codeAt, enableTwoFactor, lastLinkToken, login, signUp, signedIn, signedInWithCode } from '../support/accounts.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const NEW_PASSWORD = 'a new and longer passphrase';

async function eventKinds(t: TestApp, access: string): Promise<{ kind: string; detail: string | null }[]> {
  return (await t.request('GET', '/security/events', undefined, bearer(access))).body.events;
}

describe(`two-step sign-in cannot be planted (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('needs the password to start the setup: 422 on password when it is missing or wrong', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const missing = await t.request('POST', '/security/two-factor/setup', undefined, bearer(access));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.password).toBeDefined();
    const empty = await t.request('POST', '/security/two-factor/setup', {}, bearer(access));
    expect(empty.status).toBe(422);
    expect(empty.body.errors.password).toBeDefined();
    const wrong = await t.request('POST', '/security/two-factor/setup', { password: 'not the password at all' }, bearer(access));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual([PASSWORD_WRONG]);
    const right = await t.request('POST', '/security/two-factor/setup', { password: PASSWORD }, bearer(access));
    expect(right.status).toBe(200);
    expect(right.body.secret).toMatch(/^[A-Z2-7]+=*$/);
  });

  it('refuses the setup before the address is verified: whoever registered it first cannot plant it', async () => {
    // Someone registers the owner's address: signed in, but the mailed link never reached them.
    const reg = await t.request('POST', '/auth/register', { email: 'victim@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } }, HOME);
    expect(reg.status).toBe(201);
    const res = await t.request('POST', '/security/two-factor/setup', { password: 'anything they like' }, bearer(reg.body.access_token));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('email_unverified');
    expect(await t.services.twoFactor.isEnabled(reg.body.user ? (await t.services.users.findByEmail('victim@example.ie'))!.id : '')).toBe(false);
  });

  it('lets the owner turn it off with the mailed reset link: mailed and recorded, then the password alone signs in', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    await enableTwoFactor(t, access);
    // The authenticator app is lost. Forgot password → the link → a new password, and two-step off.
    expect((await t.request('POST', '/send-password-reminder', { email: 'ann@example.ie' }, HOME)).status).toBe(200);
    const token = await lastLinkToken(t);
    t.mail.messages.length = 0;
    const reset = await t.request(
      'POST',
      '/reset-password',
      { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, turn_off_two_factor: true },
      HOME,
    );
    expect(reset.status).toBe(200);
    const signIn = await login(t, HOME, NEW_PASSWORD);
    expect(signIn.status).toBe(200);
    expect(signIn.body.access_token).toBeTypeOf('string');
    await t.services.mailer.flush();
    expect(t.mail.messages.map((m) => m.subject)).toContain('Two-step sign-in was turned off for your MaxOut account');
    const events = await eventKinds(t, signIn.body.access_token);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'two_factor_disabled', detail: 'reset' }));
  });

  it('keeps two-step sign-in on after a reset that did not ask to turn it off', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    await enableTwoFactor(t, access);
    expect((await t.request('POST', '/send-password-reminder', { email: 'ann@example.ie' }, HOME)).status).toBe(200);
    const token = await lastLinkToken(t);
    expect((await t.request('POST', '/reset-password', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, HOME)).status).toBe(200);
    const signIn = await login(t, HOME, NEW_PASSWORD);
    expect(signIn.body.two_factor_required).toBe(true);
  });
});

describe(`turning two-step sign-in on puts code-proved sessions in charge (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('ends every other session when it is turned on', async () => {
    await signUp(t);
    const older = await signedIn(t);
    const current = await signedIn(t);
    await enableTwoFactor(t, current.access);
    expect((await t.request('GET', '/profile', undefined, bearer(older.access))).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: older.refresh }, HOME)).status).toBe(401);
    expect((await t.request('GET', '/profile', undefined, bearer(current.access))).status).toBe(200);
  });

  it('refuses the sensitive calls from a password-only session once two-step sign-in is on (403 two_factor_required)', async () => {
    await signUp(t);
    const user = (await t.services.users.findByEmail('ann@example.ie'))!;
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const passwordOnly = await signedIn(t);
    // Two-step sign-in turned on elsewhere (another process, say) without ending this session.
    const setup = await t.services.twoFactor.beginSetup(user.id, 'ann@example.ie');
    const confirmed = await t.services.twoFactor.confirm(user.id, codeAt(t, setup!.secret));
    expect(confirmed.ok).toBe(true);
    t.clock.advance(30_000);
    const calls: [string, string, unknown, Record<string, string>?][] = [
      ['POST', '/profile/ppsn-reveal', { password: PASSWORD }],
      ['GET', '/export', undefined],
      ['POST', '/account/close', { password: PASSWORD }],
      ['POST', '/security/change-password', { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }],
      ['POST', '/security/sign-out-everywhere', undefined],
      ['POST', `/security/devices/00000000-0000-4000-8000-000000000000/sign-out`, undefined],
      ['POST', '/contribute', { amount: 50, tax_year: 2026, source: 'sandbox-debit-card' }, { 'idempotency-key': 'step-up-test-0001' }],
      ['POST', '/direct-debit', { iban: 'IE29AIBK93115212345678', amount: 100, day_of_month: 15, start_date: '2026-03-01', mandate_accepted: true }],
      // Resuming a paused direct debit starts collections again (pausing stops them and needs no code).
      ['POST', '/direct-debit/resume', undefined],
    ];
    for (const [method, path, body, extra] of calls) {
      const res = await t.request(method, path, body, { ...bearer(passwordOnly.access), ...extra });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code, `${method} ${path}`).toBe('two_factor_required');
    }
    // The same calls work from a session that gave a code.
    const proved = await signedInWithCode(t, setup!.secret);
    expect((await t.request('GET', '/export', undefined, bearer(proved.access))).status).toBe(200);
    expect((await t.request('POST', '/security/sign-out-everywhere', undefined, bearer(proved.access))).status).toBe(200);
  });
});
