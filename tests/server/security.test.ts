/**
 * Settings → Security over HTTP (both databases): the security log, devices (session families)
 * and signing them out, changing the password, two-step sign-in (setup, confirm, login with a
 * code or a recovery code, disable), and hostile input on each of these calls (4xx, never 5xx).
 */
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, twoFactorSettings } from '../../src/server/db/schema.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { SECURITY_EVENT_RETENTION_MS } from '../../src/server/services/securityEvents.ts';
import { TWO_FACTOR_CHALLENGE_TTL_MS, TWO_FACTOR_MAX_ATTEMPTS } from '../../src/server/services/twoFactor.ts';
import * as msg from '../../src/server/http/schemas.ts';
import { type TestApp, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a new and longer passphrase';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const HOME = { 'user-agent': CHROME_LINUX, 'x-forwarded-for': '192.168.1.20' };
const PHONE = { 'user-agent': SAFARI_IPHONE, 'x-forwarded-for': '203.0.113.77' };

type Headers = Record<string, string>;
const bearer = (token: string, extra: Headers = HOME): Headers => ({ ...extra, authorization: `Bearer ${token}` });

async function signUp(t: TestApp, email = 'ann@example.ie') {
  const res = await t.request('POST', '/auth/register', { email, details: { dob: '1990-05-01', maritalStatus: 'single' } }, HOME);
  expect(res.status).toBe(201);
  await t.services.mailer.flush();
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(t.mail.messages.at(-1)?.body ?? '')?.[1];
  const set = await t.request('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD }, HOME);
  expect(set.status).toBe(200);
}

async function login(t: TestApp, headers: Headers = HOME, password = PASSWORD, email = 'ann@example.ie') {
  return t.request('POST', '/auth/login', { email, password }, headers);
}

async function signedIn(t: TestApp, headers: Headers = HOME): Promise<{ access: string; refresh: string }> {
  const res = await login(t, headers);
  expect(res.status).toBe(200);
  return { access: res.body.access_token, refresh: res.body.refresh_token };
}

function codeAt(t: TestApp, secret: string, offsetMs = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() + offsetMs });
}

/** Turns two-step sign-in on for the session's user; returns the secret and the recovery codes. */
async function enableTwoFactor(t: TestApp, access: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await t.request('POST', '/security/two-factor/setup', { password: PASSWORD }, bearer(access));
  expect(setup.status).toBe(200);
  const confirm = await t.request('POST', '/security/two-factor/confirm', { code: codeAt(t, setup.body.secret) }, bearer(access));
  expect(confirm.status).toBe(200);
  // The code just used cannot be used again: move to the next 30-second step.
  t.clock.advance(30_000);
  return { secret: setup.body.secret, codes: confirm.body.recovery_codes };
}

const kinds = async (t: TestApp, access: string): Promise<string[]> =>
  ((await t.request('GET', '/security/events', undefined, bearer(access))).body.events as { kind: string }[]).map((e) => e.kind);

describe(`security events (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('records sign-ins, a new device once, failed sign-ins and the password being set; newest first', async () => {
    await signUp(t);
    t.clock.advance(1000);
    expect((await login(t, HOME, 'wrong password entirely')).status).toBe(401);
    t.clock.advance(1000);
    await signedIn(t, HOME);
    t.clock.advance(1000);
    const { access } = await signedIn(t, PHONE);
    const res = await t.request('GET', '/security/events', undefined, bearer(access, PHONE));
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { kind: string }) => e.kind)).toEqual([
      'sign_in',
      'new_device',
      'sign_in',
      'sign_in_failed',
      'password_changed',
      'sign_in',
      'new_device',
    ]);
    const [phone] = res.body.events;
    expect(phone).toMatchObject({ browser: 'Safari on iPhone', place: 'Internet address 203.0.113.x', detail: null });
    expect(res.body.events.at(-2)).toMatchObject({ browser: 'Chrome on Linux', place: 'Local network', detail: 'registered' });
    expect(res.body.events[4]).toMatchObject({ detail: 'set' });
    // Neither the full address nor a secret is stored.
    const rows = await queryRows<{ text: string }>(t.database, sql`select row_to_json(e)::text as text from security_events e`);
    expect(rows.map((r) => r.text).join('\n')).not.toMatch(/203\.0\.113\.77|192\.168\.1\.20|correct horse|wrong password/);
  });

  it('keeps 90 days: older events are neither listed nor kept after housekeeping', async () => {
    await signUp(t);
    t.clock.advance(SECURITY_EVENT_RETENTION_MS + 60_000);
    const { access } = await signedIn(t);
    expect(await kinds(t, access)).toEqual(['sign_in', 'new_device']);
    await t.services.housekeeping();
    const [count] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from security_events`);
    expect(count?.n).toBe(2);
  });

  it('records a refresh-token reuse alarm', async () => {
    await signUp(t);
    const { refresh } = await signedIn(t);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: refresh }, HOME)).status).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: refresh }, PHONE)).status).toBe(401);
    const { access } = await signedIn(t);
    expect(await kinds(t, access)).toContain('refresh_reuse');
  });

  it('shows a user only their own events, and needs a session', async () => {
    await signUp(t, 'ann@example.ie');
    await signUp(t, 'bob@example.ie');
    const res = await t.request('POST', '/auth/login', { email: 'bob@example.ie', password: PASSWORD }, PHONE);
    const events = await t.request('GET', '/security/events', undefined, bearer(res.body.access_token, PHONE));
    // Registration's sign-in and new device, the password set, this sign-in and its new device.
    expect(events.body.events.map((e: { kind: string }) => e.kind)).toEqual(['sign_in', 'new_device', 'password_changed', 'sign_in', 'new_device']);
    expect((await t.request('GET', '/security/events')).status).toBe(401);
  });
});

describe(`devices (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('lists open sessions with browser, place and last seen, marking the current one', async () => {
    await signUp(t);
    const home = await signedIn(t, HOME);
    t.clock.advance(60_000);
    const phone = await signedIn(t, PHONE);
    const res = await t.request('GET', '/security/devices', undefined, bearer(phone.access, PHONE));
    expect(res.status).toBe(200);
    // Registration's session ended when the password was set: two devices are open.
    expect(res.body.devices).toHaveLength(2);
    expect(res.body.devices[0]).toMatchObject({ browser: 'Safari on iPhone', place: 'Internet address 203.0.113.x', current: true, remember: false });
    expect(res.body.devices[1]).toMatchObject({ browser: 'Chrome on Linux', place: 'Local network', current: false });
    expect(res.body.devices[0].signed_in_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: home.refresh }, HOME)).status).toBe(200);
    const after = await t.request('GET', '/security/devices', undefined, bearer(phone.access, PHONE));
    expect(after.body.devices[0]).toMatchObject({ browser: 'Chrome on Linux', last_seen_at: t.clock.now().toISOString() });
  });

  it('signs out one other device: its refresh and access tokens stop working at once', async () => {
    await signUp(t);
    const home = await signedIn(t, HOME);
    const phone = await signedIn(t, PHONE);
    const list = await t.request('GET', '/security/devices', undefined, bearer(home.access));
    const other = list.body.devices.find((d: { current: boolean }) => !d.current);
    const res = await t.request('POST', `/security/devices/${other.id}/sign-out`, undefined, bearer(home.access));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ current: false });
    expect((await t.request('GET', '/profile', undefined, bearer(phone.access, PHONE))).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: phone.refresh }, PHONE)).status).toBe(401);
    expect((await t.request('GET', '/profile', undefined, bearer(home.access))).status).toBe(200);
    expect(await kinds(t, home.access)).toContain('device_signed_out');
    // Signing it out again, or a device that is not the user's: 404.
    expect((await t.request('POST', `/security/devices/${other.id}/sign-out`, undefined, bearer(home.access))).status).toBe(404);
  });

  it("cannot sign out another user's device", async () => {
    await signUp(t, 'ann@example.ie');
    await signUp(t, 'bob@example.ie');
    const ann = await signedIn(t);
    const bob = (await t.request('POST', '/auth/login', { email: 'bob@example.ie', password: PASSWORD }, PHONE)).body;
    const bobs = await t.request('GET', '/security/devices', undefined, bearer(bob.access_token, PHONE));
    const res = await t.request('POST', `/security/devices/${bobs.body.devices[0].id}/sign-out`, undefined, bearer(ann.access));
    expect(res.status).toBe(404);
    expect((await t.request('GET', '/profile', undefined, bearer(bob.access_token, PHONE))).status).toBe(200);
  });

  it('signs out everywhere else: every other session ends, this one stays', async () => {
    await signUp(t);
    const a = await signedIn(t, HOME);
    const b = await signedIn(t, PHONE);
    const c = await signedIn(t, PHONE);
    const res = await t.request('POST', '/security/sign-out-everywhere', undefined, bearer(a.access));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signed_out: 2 });
    expect((await t.request('GET', '/profile', undefined, bearer(b.access, PHONE))).status).toBe(401);
    expect((await t.request('GET', '/profile', undefined, bearer(c.access, PHONE))).status).toBe(401);
    const devices = await t.request('GET', '/security/devices', undefined, bearer(a.access));
    expect(devices.body.devices).toHaveLength(1);
    expect(await kinds(t, a.access)).toContain('signed_out_everywhere');
  });

  it('refuses a malformed device id with 422 and hostile paths without a 5xx', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    for (const id of ['not-a-uuid', "1' OR '1'='1", '%00', 'x'.repeat(500), '__proto__']) {
      const res = await t.request('POST', `/security/devices/${encodeURIComponent(id)}/sign-out`, undefined, bearer(access));
      expect(res.status, id).toBe(422);
      expect(res.body.errors.id).toBeDefined();
    }
    expect((await t.request('POST', '/security/devices/00000000-0000-0000-0000-000000000000/sign-out', undefined, bearer(access))).status).toBe(404);
    expect((await t.request('GET', '/security/devices')).status).toBe(401);
    expect((await t.request('POST', '/security/sign-out-everywhere')).status).toBe(401);
  });
});

describe(`POST /security/change-password (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });
  const change = (access: string, body: unknown) => t.request('POST', '/security/change-password', body, bearer(access));

  it('changes the password, keeps this session, ends the others, mails the user and records it', async () => {
    await signUp(t);
    const here = await signedIn(t, HOME);
    const there = await signedIn(t, PHONE);
    const res = await change(here.access, { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: msg.PASSWORD_CHANGED_HERE, signed_out: 1 });
    expect((await t.request('GET', '/profile', undefined, bearer(here.access))).status).toBe(200);
    expect((await t.request('GET', '/profile', undefined, bearer(there.access, PHONE))).status).toBe(401);
    expect((await login(t, HOME, PASSWORD)).status).toBe(401);
    expect((await login(t, HOME, NEW_PASSWORD)).status).toBe(200);
    await t.services.mailer.flush();
    expect(t.mail.messages.at(-1)).toMatchObject({ to: 'ann@example.ie', subject: 'Your MaxOut password was changed' });
    const events = (await t.request('GET', '/security/events', undefined, bearer(here.access))).body.events;
    expect(events.find((e: { kind: string; detail: string }) => e.kind === 'password_changed' && e.detail === 'change')).toBeDefined();
  });

  it('refuses a wrong current password (422 on current_password, counted per account)', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const body = { current_password: 'not my password', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const res = await change(access, body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ current_password: [msg.CURRENT_PASSWORD_WRONG] });
    for (let i = 1; i < AUTH_RATE_LIMITS.passwordCheckPerAccount.limit; i++) expect((await change(access, body)).status).toBe(422);
    const limited = await change(access, { ...body, current_password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('applies the reset rules: length, common passwords, confirmation, not the same password', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ current_password: PASSWORD, password: 'short', password_confirmation: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ current_password: PASSWORD, password: 'password123', password_confirmation: 'password123' }, 'password', msg.PASSWORD_TOO_COMMON],
      [{ current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: 'something else' }, 'password_confirmation', 'Passwords do not match'],
      [{ current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD }, 'password', msg.PASSWORD_SAME],
      [{ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, 'current_password', 'Password is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await change(access, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(body)).toContain(message);
    }
    expect((await login(t, HOME, PASSWORD)).status).toBe(200);
  });

  it('answers hostile bodies with 4xx, never 500', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const bodies: unknown[] = [
      null,
      [],
      'text',
      12,
      {},
      { current_password: 42, password: {}, password_confirmation: [] },
      { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, admin: true },
      JSON.parse('{"__proto__": {"admin": true}, "current_password": "x"}'),
      { current_password: 'x'.repeat(100_000), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { current_password: "' OR 1=1 --", password: '<script>alert(1)</script>', password_confirmation: '<script>alert(1)</script>' },
      { current_password: '\u0000\u0001', password: '\u0000'.repeat(9), password_confirmation: '\u0000'.repeat(9) },
    ];
    for (const body of bodies) {
      const res = await change(access, body);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBeLessThan(500);
    }
    expect((await t.request('POST', '/security/change-password', { current_password: PASSWORD })).status).toBe(401);
  });
});

describe(`two-step sign-in (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('sets up with a QR code, confirms with a code, then login asks for a code and issues tokens only after it', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    expect((await t.request('GET', '/security/two-factor', undefined, bearer(access))).body).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    const setup = await t.request('POST', '/security/two-factor/setup', { password: PASSWORD }, bearer(access));
    expect(setup.status).toBe(200);
    expect(setup.body.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/MaxOut:ann%40example\.ie\?/);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    // Not on until confirmed: login still gives tokens.
    expect((await login(t)).body.access_token).toBeDefined();
    // The secret is stored encrypted.
    const [row] = await t.database.db.select().from(twoFactorSettings);
    expect(row?.secretEncrypted).toMatch(/^v2\.k1\./);
    expect(row?.secretEncrypted).not.toContain(setup.body.secret);

    const wrong = await t.request('POST', '/security/two-factor/confirm', { code: '000000' === codeAt(t, setup.body.secret) ? '111111' : '000000' }, bearer(access));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [msg.TWO_FACTOR_WRONG_CODE] });
    const confirm = await t.request('POST', '/security/two-factor/confirm', { code: codeAt(t, setup.body.secret) }, bearer(access));
    expect(confirm.status).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirm.body.recovery_codes).size).toBe(10);
    for (const code of confirm.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.database.db.select().from(recoveryCodes);
    expect(stored.map((r) => r.codeHash).join()).not.toContain(confirm.body.recovery_codes[0]);
    const status = (await t.request('GET', '/security/two-factor', undefined, bearer(access))).body;
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    t.clock.advance(30_000);

    const first = await login(t, PHONE);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const done = await t.request('POST', '/auth/two-factor', { challenge: first.body.challenge, code: codeAt(t, setup.body.secret) }, PHONE);
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe('ann@example.ie');
    expect((await t.request('GET', '/profile', undefined, bearer(done.body.access_token, PHONE))).status).toBe(200);
    // The challenge is spent.
    const again = await t.request('POST', '/auth/two-factor', { challenge: first.body.challenge, code: codeAt(t, setup.body.secret) }, PHONE);
    expect(again.status).toBe(401);
    expect(again.body.errors).toEqual({ challenge: [msg.TWO_FACTOR_EXPIRED] });
    expect(await kinds(t, access)).toEqual(expect.arrayContaining(['two_factor_enabled', 'sign_in']));
  });

  it('refuses a code used before, a wrong code, and a challenge after 5 attempts or 5 minutes', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const { secret } = await enableTwoFactor(t, access);
    const challenge = async () => (await login(t)).body.challenge as string;
    const used = codeAt(t, secret);
    const c1 = await challenge();
    expect((await t.request('POST', '/auth/two-factor', { challenge: c1, code: used }, HOME)).status).toBe(200);
    // Replay of the same code, even on a new challenge.
    const c2 = await challenge();
    const replay = await t.request('POST', '/auth/two-factor', { challenge: c2, code: used }, HOME);
    expect(replay.status).toBe(401);
    expect(replay.body.errors).toEqual({ code: [msg.TWO_FACTOR_WRONG_CODE] });
    for (let i = 1; i < TWO_FACTOR_MAX_ATTEMPTS; i++) {
      expect((await t.request('POST', '/auth/two-factor', { challenge: c2, code: '123456' === codeAt(t, secret) ? '654321' : '123456' }, HOME)).status).toBe(401);
    }
    t.clock.advance(30_000);
    const spent = await t.request('POST', '/auth/two-factor', { challenge: c2, code: codeAt(t, secret) }, HOME);
    expect(spent.body.errors).toEqual({ challenge: [msg.TWO_FACTOR_EXPIRED] });
    const c3 = await challenge();
    t.clock.advance(TWO_FACTOR_CHALLENGE_TTL_MS + 1);
    const late = await t.request('POST', '/auth/two-factor', { challenge: c3, code: codeAt(t, secret) }, HOME);
    expect(late.status).toBe(401);
    expect(late.body.errors).toEqual({ challenge: [msg.TWO_FACTOR_EXPIRED] });
    // A code from the previous or next 30-second step still works (clock drift).
    const c4 = await challenge();
    expect((await t.request('POST', '/auth/two-factor', { challenge: c4, code: codeAt(t, secret, 30_000) }, HOME)).status).toBe(200);
  });

  it('accepts each recovery code once, in any case and spacing, and records its use', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const { codes } = await enableTwoFactor(t, access);
    const first = codes[0] ?? '';
    const c1 = (await login(t)).body.challenge;
    const res = await t.request('POST', '/auth/two-factor', { challenge: c1, code: ` ${first.toUpperCase()} ` }, HOME);
    expect(res.status).toBe(200);
    const c2 = (await login(t)).body.challenge;
    expect((await t.request('POST', '/auth/two-factor', { challenge: c2, code: first }, HOME)).status).toBe(401);
    expect((await t.request('POST', '/auth/two-factor', { challenge: c2, code: (codes[1] ?? '').replace('-', '') }, HOME)).status).toBe(200);
    const status = (await t.request('GET', '/security/two-factor', undefined, bearer(access))).body;
    expect(status.recovery_codes_left).toBe(8);
    expect(await kinds(t, access)).toContain('recovery_code_used');
  });

  it('limits failed codes per address', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const { secret } = await enableTwoFactor(t, access);
    const wrong = codeAt(t, secret) === '000000' ? '111111' : '000000';
    let status = 0;
    for (let i = 0; i <= AUTH_RATE_LIMITS.twoFactorPerAddress.limit; i++) {
      const challenge = (await login(t)).body.challenge;
      status = (await t.request('POST', '/auth/two-factor', { challenge, code: wrong }, HOME)).status;
    }
    expect(status).toBe(429);
  });

  it('needs the password to turn off; then login gives tokens again', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    await enableTwoFactor(t, access);
    const refused = await t.request('POST', '/security/two-factor/disable', { password: 'not the password' }, bearer(access));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ password: [msg.PASSWORD_WRONG] });
    expect((await login(t)).body.two_factor_required).toBe(true);
    const off = await t.request('POST', '/security/two-factor/disable', { password: PASSWORD }, bearer(access));
    expect(off.status).toBe(200);
    expect((await login(t)).body.access_token).toBeDefined();
    expect(await t.database.db.select().from(recoveryCodes)).toHaveLength(0);
    expect(await kinds(t, access)).toContain('two_factor_disabled');
    await t.services.mailer.flush();
    expect(t.mail.messages.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Two-step sign-in is on for your MaxOut account', 'Two-step sign-in was turned off for your MaxOut account']),
    );
  });

  it('refuses a second setup while on (409) and a confirm before a setup (422)', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const early = await t.request('POST', '/security/two-factor/confirm', { code: '123456' }, bearer(access));
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ code: [msg.TWO_FACTOR_NOT_STARTED] });
    await enableTwoFactor(t, access);
    expect((await t.request('POST', '/security/two-factor/setup', { password: PASSWORD }, bearer(access))).status).toBe(409);
    expect((await t.request('POST', '/security/two-factor/confirm', { code: '123456' }, bearer(access))).status).toBe(409);
  });

  it('answers hostile input on every two-step call with 4xx, never 500', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    await enableTwoFactor(t, access);
    const challenge = (await login(t)).body.challenge;
    const hostile: unknown[] = [
      null,
      [],
      'text',
      {},
      { challenge, code: 123456 },
      { challenge: 42, code: '123456' },
      { challenge, code: '12345' },
      { challenge, code: "' OR 1=1 --" },
      { challenge, code: '<img src=x onerror=alert(1)>' },
      { challenge: 'x'.repeat(5000), code: '123456' },
      { challenge, code: '123456', remember: true },
      JSON.parse('{"__proto__": {"x": 1}, "challenge": "a", "code": "123456"}'),
      { challenge, code: '\u0000\u0000\u0000\u0000\u0000\u0000' },
      { challenge: { $ne: null }, code: { $gt: '' } },
    ];
    for (const body of hostile) {
      for (const path of ['/auth/two-factor', '/security/two-factor/confirm', '/security/two-factor/disable']) {
        const res = await t.request('POST', path, body, path.startsWith('/auth') ? HOME : bearer(access));
        expect(res.status, `${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBeLessThan(500);
      }
    }
    const shape = await t.request('POST', '/auth/two-factor', { challenge, code: 'nope' }, HOME);
    expect(shape.status).toBe(422);
    expect(Object.keys(shape.body.errors)).toEqual(['code']);
    // The challenge still works after all that (hostile bodies never reached it, or failed as wrong codes within the limit).
    for (const path of ['/security/two-factor', '/security/two-factor/setup', '/security/two-factor/confirm', '/security/two-factor/disable']) {
      const get = path.endsWith('two-factor');
      expect((await t.request(get ? 'GET' : 'POST', path, get ? undefined : {})).status, path).toBe(401);
    }
  });
});
