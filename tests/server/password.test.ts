/**
 * Forgot password and set/reset password (both databases): POST /send-password-reminder,
 * GET /reset-password/{token} (does the link still work) and POST /reset-password.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/domain/schemas/messages.ts';
import { mailOutbox, passwordTokens, sessionFamilies, users } from '../../src/server/db/schema.ts';
import { PASSWORD_TOO_COMMON, RESET_LINK_INVALID, RESET_LINK_SENT, TOO_MANY_ATTEMPTS } from '../../src/server/http/schemas.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { sha256Hex } from '../../src/server/services/crypto.ts';
import { PASSWORD_TOKEN_TTL_MS } from '../../src/server/services/passwordTokens.ts';
import { HOME, enableTwoFactor, signedIn } from '../support/accounts.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';
const DETAILS = { dob: '1990-05-01', maritalStatus: 'single' } as const;
const MINUTE = 60_000;

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function linkTokens(t: TestApp): Promise<string[]> {
  await t.services.mailer.flush();
  return t.mail.messages.map((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1]).filter((x): x is string => !!x);
}

async function lastLinkToken(t: TestApp): Promise<string> {
  const token = (await linkTokens(t)).at(-1);
  if (!token) throw new Error('no link was mailed');
  return token;
}

function reset(t: TestApp, token: string, password = NEW_PASSWORD, confirmation = password, headers: Record<string, string> = {}) {
  return t.request('POST', '/reset-password', { token, password, password_confirmation: confirmation }, headers);
}

async function signUp(t: TestApp, email = 'ann@example.ie', password = PASSWORD) {
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  expect((await reset(t, await lastLinkToken(t), password)).status).toBe(200);
}

function login(t: TestApp, email = 'ann@example.ie', password = PASSWORD) {
  return t.request('POST', '/auth/login', { email, password });
}

function forgot(t: TestApp, email = 'ann@example.ie') {
  return t.request('POST', '/send-password-reminder', { email });
}

describe(`POST /send-password-reminder (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('answers the same 200 for known and unknown addresses, and mails a link only to a known one', async () => {
    await signUp(t);
    t.mail.messages.length = 0;
    const known = await forgot(t, 'ANN@example.ie');
    const unknown = await forgot(t, 'nobody@example.ie');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_LINK_SENT });
    expect(unknown.body).toEqual(known.body);
    await t.services.mailer.flush();
    expect(t.mail.messages).toHaveLength(1);
    expect(t.mail.messages[0]?.to).toBe('ann@example.ie');
    expect(t.mail.messages[0]?.body).toMatch(/http:\/\/maxout\.test\/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it('retires older unused links when a new one is issued', async () => {
    await signUp(t);
    await forgot(t);
    const first = await lastLinkToken(t);
    await forgot(t);
    const second = await lastLinkToken(t);
    expect(second).not.toBe(first);
    const old = await reset(t, first);
    expect(old.status).toBe(422);
    expect((await reset(t, second)).status).toBe(200);
  });

  it('validates the body (missing, wrong type, unknown field, SQL text)', async () => {
    expect((await t.request('POST', '/send-password-reminder', {})).body.errors.email).toEqual([m.EMAIL_REQUIRED]);
    expect((await t.request('POST', '/send-password-reminder', { email: 7 })).status).toBe(422);
    expect((await t.request('POST', '/send-password-reminder', { email: 'a@example.ie', admin: 1 })).status).toBe(422);
    const injected = await t.request('POST', '/send-password-reminder', { email: "' OR 1=1 --" });
    expect(injected.status).toBe(422);
    expect(injected.body.errors.email).toEqual([m.EMAIL_INVALID]);
  });

  it('limits requests per address of the account (5 per 15 minutes) whether or not it exists', async () => {
    await signUp(t);
    for (const email of ['ann@example.ie', 'ghost@example.ie']) {
      for (let i = 0; i < AUTH_RATE_LIMITS.forgotPerAccount.limit; i++) expect((await forgot(t, email)).status).toBe(200);
      const blocked = await forgot(t, email);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: TOO_MANY_ATTEMPTS });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    t.clock.advance(15 * MINUTE);
    expect((await forgot(t)).status).toBe(200);
  });
});

describe(`POST /reset-password (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('sets the password from the registration link, ends every session and does not sign in', async () => {
    const registered = await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: DETAILS });
    const token = await lastLinkToken(t);
    const res = await reset(t, token, PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['message']);
    // The registration session ended with the first password (someone else may have registered the address).
    expect((await t.request('GET', '/profile', undefined, bearer(registered.body.access_token))).status).toBe(401);
    expect((await login(t)).status).toBe(200);
    await t.services.mailer.flush();
    expect(t.mail.messages.at(-1)?.subject).toMatch(/password was set/);
  });

  it('changes the password, revokes every refresh family and mails a notice without secrets', async () => {
    await signUp(t);
    const a = (await login(t)).body;
    const b = (await login(t)).body;
    await forgot(t);
    const token = await lastLinkToken(t);
    const res = await reset(t, token);
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeUndefined();

    for (const session of [a, b]) {
      expect((await t.request('POST', '/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(401);
      expect((await t.request('GET', '/profile', undefined, bearer(session.access_token))).status).toBe(401);
    }
    const open = await t.database.db.select().from(sessionFamilies).where(sql`${sessionFamilies.revokedAt} is null`);
    expect(open).toHaveLength(0);

    expect((await login(t, 'ann@example.ie', PASSWORD)).status).toBe(401);
    expect((await login(t, 'ann@example.ie', NEW_PASSWORD)).status).toBe(200);

    await t.services.mailer.flush();
    const notice = t.mail.messages.at(-1)!;
    expect(notice.to).toBe('ann@example.ie');
    expect(notice.subject).toMatch(/password was changed/);
    expect(notice.body).not.toContain(token);
    expect(notice.body).not.toContain(NEW_PASSWORD);
    expect(notice.body).not.toMatch(/reset-password\//);
  });

  it('works once: a second submission gets the generic invalid-link error', async () => {
    await signUp(t);
    await forgot(t);
    const token = await lastLinkToken(t);
    expect((await reset(t, token)).status).toBe(200);
    const again = await reset(t, token, 'yet another passphrase');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: RESET_LINK_INVALID, errors: { token: [RESET_LINK_INVALID] } });
    expect((await login(t, 'ann@example.ie', NEW_PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of 20 concurrent submissions of one link succeed', async () => {
    await signUp(t);
    await forgot(t);
    const token = await lastLinkToken(t);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(t, token, `concurrent passphrase ${i}`)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toEqual({ message: RESET_LINK_INVALID, errors: { token: [RESET_LINK_INVALID] } });
    // The winner's password is the one stored.
    const winner = results.findIndex((r) => r.status === 200);
    expect((await login(t, 'ann@example.ie', `concurrent passphrase ${winner}`)).status).toBe(200);
  });

  it('expires a reset link after 30 minutes', async () => {
    await signUp(t);
    await forgot(t);
    const token = await lastLinkToken(t);
    t.clock.advance(PASSWORD_TOKEN_TTL_MS.reset + 1000);
    expect((await reset(t, token)).status).toBe(422);

    t.clock.advance(MINUTE);
    await forgot(t);
    const fresh = await lastLinkToken(t);
    t.clock.advance(PASSWORD_TOKEN_TTL_MS.reset - 1000);
    expect((await reset(t, fresh)).status).toBe(200);
  });

  it('keeps the set-password link of a registration for 24 hours', async () => {
    await t.request('POST', '/auth/register', { email: 'late@example.ie', details: DETAILS });
    const late = await lastLinkToken(t);
    await t.request('POST', '/auth/register', { email: 'ontime@example.ie', details: DETAILS });
    const onTime = await lastLinkToken(t);
    t.clock.advance(PASSWORD_TOKEN_TTL_MS.set - 1000);
    expect((await reset(t, onTime)).status).toBe(200);
    t.clock.advance(2000);
    expect((await reset(t, late)).status).toBe(422);
  });

  it('applies the password rules without using up the link', async () => {
    await signUp(t);
    await forgot(t);
    const token = await lastLinkToken(t);
    const short = await reset(t, token, 'short12');
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual([m.PASSWORD_MIN]);
    const long = await reset(t, token, 'x'.repeat(129));
    expect(long.body.errors.password).toEqual([m.PASSWORD_MAX]);
    const mismatch = await reset(t, token, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_confirmation: [m.PASSWORDS_DO_NOT_MATCH] });
    for (const common of ['password123', 'Password1', '12345678', 'qwertyuiop']) {
      const res = await reset(t, token, common);
      expect(res.status, common).toBe(422);
      expect(res.body.errors).toEqual({ password: [PASSWORD_TOO_COMMON] });
    }
    const missing = await t.request('POST', '/reset-password', { token });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['password', 'password_confirmation']);
    const extra = await t.request('POST', '/reset-password', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, email: 'x@y.ie' });
    expect(extra.status).toBe(422);
    // Still usable after all those refusals.
    expect((await reset(t, token)).status).toBe(200);
  });

  it('accepts any password of 8–128 code points, unicode and spaces included, and logs in with exactly it', async () => {
    const passwords = ['пароль-секрет', '  spaces around  ', '😀'.repeat(128), "' OR '1'='1' --"];
    for (const [i, password] of passwords.entries()) {
      const email = `user${i}@example.ie`;
      await t.request('POST', '/auth/register', { email, details: DETAILS });
      expect((await reset(t, await lastLinkToken(t), password)).status, password.slice(0, 10)).toBe(200);
      expect((await login(t, email, password)).status).toBe(200);
      // Not trimmed, not truncated: a near miss is refused.
      const nearMiss = password.trim() === password ? [...password].slice(0, -1).join('') : password.trim();
      expect((await login(t, email, nearMiss)).status).toBe(401);
    }
  });

  it('refuses forged, malformed and SQL-shaped tokens with the same error', async () => {
    await signUp(t);
    for (const token of ['A'.repeat(43), 'abc', "' OR 1=1 --", '../../etc/passwd', 'x'.repeat(4096)]) {
      const res = await reset(t, token);
      expect(res.status, token.slice(0, 12)).toBe(422);
      expect(res.body).toEqual({ message: RESET_LINK_INVALID, errors: { token: [RESET_LINK_INVALID] } });
    }
    expect((await t.request('POST', '/reset-password', { token: 5, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(422);
  });

  it('stores only a SHA-256 hash of the token; the outbox copy of the mail has it redacted', async () => {
    await signUp(t);
    await forgot(t);
    const token = await lastLinkToken(t);
    const rows = await t.database.db.select().from(passwordTokens);
    expect(rows.map((r) => r.tokenHash)).toContain(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const outbox = await t.database.db.select().from(mailOutbox);
    expect(JSON.stringify(outbox)).not.toContain(token);
    expect(outbox.some((row) => row.body.includes('/reset-password/[redacted]'))).toBe(true);
    expect(outbox.every((row) => row.sentAt !== null && row.error === null)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
  });

  it('limits failed submissions per client address (30 per 15 minutes)', async () => {
    await signUp(t);
    for (let i = 0; i < AUTH_RATE_LIMITS.resetPerAddress.limit; i++) {
      expect((await reset(t, 'C'.repeat(43))).status).toBe(422);
    }
    const blocked = await reset(t, 'C'.repeat(43));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lifts a login lock-out of the account once the mailbox owner resets the password', async () => {
    await signUp(t);
    for (let i = 0; i <= AUTH_RATE_LIMITS.loginPerAccountAddress.limit; i++) await login(t, 'ann@example.ie', 'attacker guess');
    expect((await login(t)).status).toBe(429);
    await forgot(t);
    expect((await reset(t, await lastLinkToken(t))).status).toBe(200);
    expect((await login(t, 'ann@example.ie', NEW_PASSWORD)).status).toBe(200);
  });

  it('stores the new password as argon2id with the policy parameters', async () => {
    await signUp(t);
    const [row] = await t.database.db.select().from(users);
    expect(row?.passwordHash?.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });
});

describe(`GET /reset-password/{token} (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  const check = (token: string) => t.request('GET', `/reset-password/${encodeURIComponent(token)}`);
  const invalid = { message: RESET_LINK_INVALID, errors: { token: [RESET_LINK_INVALID] } };

  it('says a live link works, changes nothing, and refuses it once used, with the error POST gives', async () => {
    await t.request('POST', '/auth/register', { email: 'new@example.ie', details: DETAILS });
    const token = await lastLinkToken(t);
    // A new account: no two-step sign-in to offer turning off.
    expect(await check(token)).toMatchObject({ status: 200, body: { two_factor: false } });
    expect(await check(token)).toMatchObject({ status: 200, body: { two_factor: false } });
    expect((await reset(t, token)).status).toBe(200);
    const spent = await check(token);
    expect(spent.status).toBe(422);
    expect(spent.body).toMatchObject(invalid);
  });

  it('refuses an expired, a retired, a forged and a malformed token alike', async () => {
    await signUp(t);
    await forgot(t);
    const retired = await lastLinkToken(t);
    await forgot(t);
    const expiring = await lastLinkToken(t);
    expect((await check(retired)).status).toBe(422);
    expect((await check(expiring)).status).toBe(200);
    t.clock.advance(PASSWORD_TOKEN_TTL_MS.reset + 1000);
    for (const token of [expiring, 'A'.repeat(43), 'short', "x' OR 1=1 --"]) {
      const res = await check(token);
      expect(res.status, token).toBe(422);
      expect(res.body).toMatchObject(invalid);
    }
  });

  it('tells whether the account has two-step sign-in, which the link may turn off', async () => {
    await signUp(t);
    const { access } = await signedIn(t, HOME);
    await enableTwoFactor(t, access);
    await forgot(t);
    expect(await check(await lastLinkToken(t))).toMatchObject({ status: 200, body: { two_factor: true } });
  });
});
