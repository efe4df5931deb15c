/**
 * Forgot-password (both databases): the request's own work is the same for known and unknown
 * addresses (issuing and mailing the link happen after the answer), and a new link retires the
 * older ones atomically, even when many are issued at once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordTokens, users } from '../../src/server/db/schema.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

async function register(t: TestApp, email = 'ann@example.ie') {
  expect((await t.request('POST', '/auth/register', { email, details: { dob: '1990-05-01', maritalStatus: 'single' } })).status).toBe(201);
  await t.services.mailer.flush();
}

async function liveTokens(t: TestApp, email = 'ann@example.ie') {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return t.database.db
    .select()
    .from(passwordTokens)
    .where(and(eq(passwordTokens.userId, user!.id), isNull(passwordTokens.usedAt)));
}

describe(`forgot password (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('answers a known address before the link is issued, exactly as an unknown one', async () => {
    await register(t);
    // Hold the issuing of the link: the answer must not wait for it.
    const issue = t.services.passwordTokens.issue;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let issued = false;
    t.services.passwordTokens.issue = async (...args) => {
      await gate;
      issued = true;
      return issue(...args);
    };
    try {
      const known = await t.request('POST', '/send-password-reminder', { email: 'ann@example.ie' });
      const unknown = await t.request('POST', '/send-password-reminder', { email: 'nobody@example.ie' });
      expect(issued).toBe(false);
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    } finally {
      release();
      t.services.passwordTokens.issue = issue;
    }
    await t.services.mailer.flush();
    expect(issued).toBe(true);
    expect(t.mail.messages.filter((message) => /Reset your MaxOut password/.test(message.subject)).map((message) => message.to)).toEqual(['ann@example.ie']);
  });

  it('leaves exactly one live link when many are issued at once, and only the newest works', async () => {
    await register(t);
    const [user] = await t.database.db.select().from(users);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => t.services.passwordTokens.issue(user!.id, 'reset')));
    expect(await liveTokens(t)).toHaveLength(1);
    const usable = await Promise.all(tokens.map((token) => t.services.passwordTokens.isUsable(token)));
    expect(usable.filter(Boolean)).toHaveLength(1);
  });

  it('retires the set-password link when a reset link is requested', async () => {
    await register(t);
    const setLink = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(t.mail.messages.at(-1)?.body ?? '')?.[1];
    expect((await t.request('POST', '/send-password-reminder', { email: 'ann@example.ie' })).status).toBe(200);
    await t.services.mailer.flush();
    expect(await t.services.passwordTokens.isUsable(setLink!)).toBe(false);
    expect(await liveTokens(t)).toHaveLength(1);
  });
});
