/**
 * Accounts for server tests that go through the real calls: sign up and set the password from the
 * mailed link, sign in, turn two-step sign-in on, make authenticator codes on the test clock.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { passwordService } from '../../src/server/services/passwords.ts';
import type { TestApp } from './testDatabase.ts';

export const PASSWORD = 'correct horse battery staple';
export const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** The owner's usual browser and network (a private address: "Local network"). */
export const HOME = { 'user-agent': CHROME_LINUX, 'x-forwarded-for': '192.168.1.20' };

export type Headers = Record<string, string>;
export const bearer = (token: string, extra: Headers = HOME): Headers => ({ ...extra, authorization: `Bearer ${token}` });

/** The token of the newest set-password or reset link mailed. */
export async function lastLinkToken(t: TestApp): Promise<string> {
  await t.services.mailer.flush();
  const token = t.mail.messages.flatMap((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1] ?? []).at(-1);
  if (!token) throw new Error('no link was mailed');
  return token;
}

/** Registers and sets the password from the mailed link (the address is then verified). */
export async function signUp(t: TestApp, email = 'ann@example.ie', headers: Headers = HOME): Promise<void> {
  const res = await t.request('POST', '/auth/register', { email, details: { dob: '1990-05-01', maritalStatus: 'single' } }, headers);
  expect(res.status).toBe(201);
  const token = await lastLinkToken(t);
  expect((await t.request('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD }, headers)).status).toBe(200);
}

export function login(t: TestApp, headers: Headers = HOME, password = PASSWORD, email = 'ann@example.ie') {
  return t.request('POST', '/auth/login', { email, password }, headers);
}

export async function signedIn(t: TestApp, headers: Headers = HOME, email = 'ann@example.ie'): Promise<{ access: string; refresh: string }> {
  const res = await login(t, headers, PASSWORD, email);
  expect(res.status).toBe(200);
  expect(res.body.access_token).toBeTypeOf('string');
  return { access: res.body.access_token, refresh: res.body.refresh_token };
}

export function codeAt(t: TestApp, secret: string, offsetMs = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() + offsetMs });
}

/** Turns two-step sign-in on from this session (password, then a first code); returns the secret and recovery codes. */
export async function enableTwoFactor(t: TestApp, access: string, headers: Headers = HOME): Promise<{ secret: string; codes: string[] }> {
  const setup = await t.request('POST', '/security/two-factor/setup', { password: PASSWORD }, bearer(access, headers));
  expect(setup.status).toBe(200);
  const confirm = await t.request('POST', '/security/two-factor/confirm', { code: codeAt(t, setup.body.secret) }, bearer(access, headers));
  expect(confirm.status).toBe(200);
  // The code just used cannot be used again: move to the next 30-second step.
  t.clock.advance(30_000);
  return { secret: setup.body.secret, codes: confirm.body.recovery_codes };
}

/** Signs in with the password and then a code: a session that proved the second factor. */
export async function signedInWithCode(t: TestApp, secret: string, headers: Headers = HOME, email = 'ann@example.ie'): Promise<{ access: string; refresh: string }> {
  const first = await login(t, headers, PASSWORD, email);
  expect(first.body.two_factor_required).toBe(true);
  const second = await t.request('POST', '/auth/two-factor', { challenge: first.body.challenge, code: codeAt(t, secret) }, headers);
  expect(second.status).toBe(200);
  t.clock.advance(30_000);
  return { access: second.body.access_token, refresh: second.body.refresh_token };
}

/** Gives an account the test password directly (for tests that register without using the mailed link). */
export async function givePassword(t: TestApp, email = 'ann@example.ie', password = PASSWORD): Promise<void> {
  await t.database.db.update(users).set({ passwordHash: await passwordService.hash(password) }).where(eq(users.email, email));
}
