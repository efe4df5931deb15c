/**
 * What the auth flows write to the log (checklist F6): every auth event is there, no password,
 * token, PPSN or date of birth is. The development mail transport is the one deliberate
 * exception: it prints the message (with its link) as `{"msg":"mail",…}`.
 */
import { describe, expect, it } from 'vitest';
import { ppsnCheckCharacter } from '../../src/domain/schemas/fields.ts';
import { createLogger, createMailPrinter, memoryDestination } from '../../src/server/services/logger.ts';
import { logTransport } from '../../src/server/services/mailer.ts';
import { TEST_PUBLIC_URL, type TestApp, createTestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PASSWORD = 'Secret passphrase for logs';
const NEW_PASSWORD = 'Another secret passphrase';
const WRONG_PASSWORD = 'wrong guess in the logs';
const DOB = '1987-03-14';
const PPSN = `8765432${ppsnCheckCharacter('8765432')}`;
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/;
// Upper case as stored; lower-case hex in UUIDs ("…-1234567e-…") must not count as a PPSN.
const PPSN_SHAPE = /(?<![\w-])\d{7}[A-W][A-IW]?(?![\w-])/;

async function linkToken(t: TestApp): Promise<string> {
  await t.services.mailer.flush();
  const token = t.mail.messages.map((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1]).filter(Boolean).at(-1);
  if (!token) throw new Error('no link mailed');
  return token;
}

/** Runs every auth flow once and returns every secret it handled. */
async function everyFlow(t: TestApp) {
  const secrets: string[] = [PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, DOB, PPSN, 'logs@example.ie', 'ghost@example.ie'];
  const registered = await t.request('POST', '/auth/register', { email: 'logs@example.ie', details: { dob: DOB, maritalStatus: 'single' } });
  expect(registered.status).toBe(201);
  secrets.push(registered.body.access_token, registered.body.refresh_token);
  // A second link on request (the first is retired).
  expect((await t.request('POST', '/auth/resend-verification', {}, { authorization: `Bearer ${registered.body.access_token as string}` })).status).toBe(200);
  secrets.push(await linkToken(t));
  const setToken = await linkToken(t);
  secrets.push(setToken);
  expect((await t.request('POST', '/reset-password', { token: setToken, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);

  expect((await t.request('POST', '/auth/login', { email: 'logs@example.ie', password: WRONG_PASSWORD })).status).toBe(401);
  expect((await t.request('POST', '/auth/login', { email: 'ghost@example.ie', password: WRONG_PASSWORD })).status).toBe(401);
  const session = await t.request('POST', '/auth/login', { email: 'logs@example.ie', password: PASSWORD });
  secrets.push(session.body.access_token, session.body.refresh_token);
  const auth = { authorization: `Bearer ${session.body.access_token as string}` };

  expect((await t.request('POST', '/edit-profile', { ppsn: PPSN, first_name: 'Lógs', date_of_birth: DOB }, auth)).status).toBe(200);
  expect((await t.request('POST', '/edit-profile', { ppsn: `${PPSN.slice(0, 7)}Z` }, auth)).status).toBe(422);
  expect((await t.request('GET', '/profile', undefined, auth)).status).toBe(200);
  expect((await t.request('POST', '/profile/ppsn-reveal', { password: PASSWORD }, auth)).body.ppsn).toBe(PPSN);

  const refreshed = await t.request('POST', '/auth/refresh', { refresh_token: session.body.refresh_token });
  secrets.push(refreshed.body.access_token, refreshed.body.refresh_token);
  t.clock.advance(60_000);
  expect((await t.request('POST', '/auth/refresh', { refresh_token: session.body.refresh_token })).status).toBe(401); // reuse

  const again = await t.request('POST', '/auth/login', { email: 'logs@example.ie', password: PASSWORD });
  secrets.push(again.body.access_token, again.body.refresh_token);
  expect((await t.request('POST', '/auth/logout', { refresh_token: again.body.refresh_token })).status).toBe(200);

  expect((await t.request('POST', '/send-password-reminder', { email: 'logs@example.ie' })).status).toBe(200);
  const resetToken = await linkToken(t);
  secrets.push(resetToken);
  expect((await t.request('POST', '/reset-password', { token: resetToken, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(200);
  expect((await t.request('POST', '/reset-password', { token: resetToken, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(422);
  // The SPA page of the link: its path must not reach the log either.
  await t.app.request(`/reset-password/${resetToken}`);
  return secrets;
}

function expectClean(lines: Record<string, unknown>[], secrets: string[]) {
  for (const line of lines) {
    const text = JSON.stringify(line);
    for (const secret of secrets) expect(text.includes(secret), `${String(line.msg)} leaks a secret`).toBe(false);
    expect(text, String(line.msg)).not.toMatch(JWT_SHAPE);
    expect(text, String(line.msg)).not.toMatch(PPSN_SHAPE);
    expect(text.toLowerCase(), String(line.msg)).not.toMatch(/"password"|passwordhash|password_hash/);
    expect(text, String(line.msg)).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}/i);
  }
}

describe(`auth logging (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('logs every auth event and no password, token, PPSN or date of birth', async () => {
    const secrets = await everyFlow(t);
    expect(t.log.lines.length).toBeGreaterThan(20);
    expectClean(t.log.lines, secrets);
    const events = new Set(t.log.lines.map((line) => line.msg));
    for (const event of [
      'auth.register',
      'auth.login',
      'auth.login.failed',
      'auth.refresh',
      'security.refresh_token_reuse',
      'auth.logout',
      'auth.password_reset.requested',
      'auth.password_changed',
      'auth.password_reset.invalid_token',
      'profile.updated',
      'profile.ppsn_revealed',
      'auth.verification.resent',
    ]) {
      expect(events, event).toContain(event);
    }
    const requestLine = t.log.lines.find((line) => line.msg === 'request' && String(line.path).startsWith('/reset-password/'));
    expect(requestLine?.path).toBe('/reset-password/[redacted]');
  });

  it('prints mail as one JSON line {msg:"mail",to,subject,body} with the development transport, and nothing else carries the link', async () => {
    // As main.ts wires it: the logger and the mail printer share one destination.
    const destination = memoryDestination();
    const log = createLogger({ level: 'debug', destination });
    const app = await createTestApp({ database: t.database, deps: { log, mailTransport: logTransport(createMailPrinter(destination)) } });
    const lines = destination.lines;

    const res = await app.request('POST', '/auth/register', { email: 'dev@example.ie', details: { dob: DOB, maritalStatus: 'married' } });
    expect(res.status).toBe(201);
    await app.services.mailer.flush();
    const mail = lines.filter((line) => line.msg === 'mail');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ level: 'info', to: 'dev@example.ie', subject: expect.any(String) });
    const link = new RegExp(`${TEST_PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})`).exec(String(mail[0]!.body));
    expect(link).not.toBeNull();
    const others = lines.filter((line) => line.msg !== 'mail');
    expectClean(others, [link![1]!, res.body.access_token, res.body.refresh_token, DOB]);
  });
});
