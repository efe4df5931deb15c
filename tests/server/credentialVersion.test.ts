/**
 * A password reset evicts everyone (both databases): credentials carry a version that a set or
 * reset bumps. A sign-in that read the old hash cannot create a session after the reset commits;
 * refresh and access checks refuse a session of an older version; a rehash at login never
 * overwrites a newer hash.
 */
import { hash as argon2Hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { sessionFamilies, users } from '../../src/server/db/schema.ts';
import { passwordService } from '../../src/server/services/passwords.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const OLD = 'correct horse battery staple';
const NEW = 'a completely different phrase';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function lastLinkToken(t: TestApp): Promise<string> {
  await t.services.mailer.flush();
  const token = t.mail.messages.flatMap((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1] ?? []).at(-1);
  if (!token) throw new Error('no link was mailed');
  return token;
}

async function signUp(t: TestApp) {
  expect((await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } })).status).toBe(201);
  const token = await lastLinkToken(t);
  expect((await t.request('POST', '/reset-password', { token, password: OLD, password_confirmation: OLD })).status).toBe(200);
}

/** Mails a reset link and returns its token (not yet used). */
async function resetLink(t: TestApp): Promise<string> {
  expect((await t.request('POST', '/send-password-reminder', { email: 'ann@example.ie' })).status).toBe(200);
  return lastLinkToken(t);
}

async function openFamilies(t: TestApp) {
  const rows = await t.database.db.select().from(sessionFamilies);
  return rows.filter((row) => row.revokedAt === null);
}

/** Runs `during` once, in the middle of the next call of `passwordService[name]`. */
function interleave(name: 'verify' | 'hash', during: () => Promise<unknown>) {
  const original = passwordService[name] as (...args: never[]) => Promise<unknown>;
  let done = false;
  (passwordService as Record<string, unknown>)[name] = async (...args: never[]) => {
    const result = await original(...args);
    if (!done) {
      done = true;
      await during();
    }
    return result;
  };
  return () => {
    (passwordService as Record<string, unknown>)[name] = original;
  };
}

describe(`credential versions (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('bumps the version on every password set and reset', async () => {
    await signUp(t);
    const [afterSet] = await t.database.db.select().from(users);
    expect(afterSet?.credentialVersion).toBe(1);
    const token = await resetLink(t);
    await t.request('POST', '/reset-password', { token, password: NEW, password_confirmation: NEW });
    const [afterReset] = await t.database.db.select().from(users);
    expect(afterReset?.credentialVersion).toBe(2);
  });

  it('refuses a sign-in whose password check read the credentials a reset then replaced', async () => {
    await signUp(t);
    const token = await resetLink(t);
    // The reset commits after the sign-in verified the old password and before it creates its session.
    const restore = interleave('verify', async () => {
      const hashed = await passwordService.hash(NEW);
      expect(await t.services.passwordTokens.consume(token, hashed)).not.toBeNull();
    });
    try {
      const res = await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD });
      expect(res.status).toBe(401);
    } finally {
      restore();
    }
    expect(await openFamilies(t)).toHaveLength(0);
    expect((await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: NEW })).status).toBe(200);
  });

  it('refuses refresh and access for a session older than the current credentials', async () => {
    await signUp(t);
    const session = (await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD })).body;
    expect((await t.request('GET', '/profile', undefined, bearer(session.access_token))).status).toBe(200);
    // A version bump that no revocation accompanied (say, a change committed by another process
    // whose revocation missed this family): the version alone must end the session.
    await t.database.db.update(users).set({ credentialVersion: sql`${users.credentialVersion} + 1` }).where(eq(users.email, 'ann@example.ie'));
    expect((await t.request('GET', '/profile', undefined, bearer(session.access_token))).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(401);
    const [family] = await t.database.db.select().from(sessionFamilies);
    expect(family?.revokeReason).toBe('password_change');
  });

  it('rehashes at login only if the stored hash is still the one that was read', async () => {
    await signUp(t);
    const weak = await argon2Hash(OLD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.database.db.update(users).set({ passwordHash: weak }).where(eq(users.email, 'ann@example.ie'));
    const token = await resetLink(t);
    // The reset lands while the sign-in computes the stronger hash of the old password.
    const newHash = await passwordService.hash(NEW);
    const restore = interleave('hash', () => t.services.passwordTokens.consume(token, newHash));
    try {
      expect((await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD })).status).toBe(401);
    } finally {
      restore();
    }
    const [row] = await t.database.db.select().from(users);
    expect(row?.passwordHash).toBe(newHash);
    expect((await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD })).status).toBe(401);
    expect((await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: NEW })).status).toBe(200);
  });

  it('refuses a sign-in whose password check read the credentials a change of password then replaced', async () => {
    await signUp(t);
    const changer = (await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD })).body;
    // The change commits after the racing sign-in verified the old password and before it creates its session.
    const restore = interleave('verify', async () => {
      const changed = await t.request(
        'POST',
        '/security/change-password',
        { current_password: OLD, password: NEW, password_confirmation: NEW },
        bearer(changer.access_token),
      );
      expect(changed.status).toBe(200);
    });
    try {
      expect((await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD })).status).toBe(401);
    } finally {
      restore();
    }
    // Only the session that changed the password is open, and it still works.
    expect((await openFamilies(t)).map((family) => family.id)).toHaveLength(1);
    expect((await t.request('GET', '/profile', undefined, bearer(changer.access_token))).status).toBe(200);
    const [row] = await t.database.db.select().from(users);
    expect(row?.credentialVersion).toBe(2);
  });

  it('voids a two-step sign-in waiting for its code when the password is changed meanwhile', async () => {
    await signUp(t);
    const first = (await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD })).body;
    const setup = await t.request('POST', '/security/two-factor/setup', { password: OLD }, bearer(first.access_token));
    const secret = setup.body.secret as string;
    const code = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
    expect((await t.request('POST', '/security/two-factor/confirm', { code: code() }, bearer(first.access_token))).status).toBe(200);
    t.clock.advance(30_000);
    // A sign-in with the old password waits for its code ...
    const waiting = (await t.request('POST', '/auth/login', { email: 'ann@example.ie', password: OLD })).body;
    expect(waiting.two_factor_required).toBe(true);
    // ... while the owner changes the password from the session that turned two-step sign-in on.
    const changed = await t.request('POST', '/security/change-password', { current_password: OLD, password: NEW, password_confirmation: NEW }, bearer(first.access_token));
    expect(changed.status).toBe(200);
    const late = await t.request('POST', '/auth/two-factor', { challenge: waiting.challenge, code: code() });
    expect(late.status).toBe(401);
    expect(late.body.errors.challenge).toBeDefined();
  });
});
