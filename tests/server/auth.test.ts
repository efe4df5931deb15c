/**
 * Sign-up, sign-in and the session, over HTTP (both databases): POST /auth/register, /auth/login,
 * /auth/refresh, /auth/logout and the access-token check on GET /profile.
 */
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '../../src/domain/schemas/user.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { sessionFamilies, users } from '../../src/server/db/schema.ts';
import { EMAIL_TAKEN, TOO_MANY_ATTEMPTS, UNAUTHENTICATED } from '../../src/server/http/schemas.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { SESSION_LIMITS } from '../../src/server/services/sessions.ts';
import { TEST_PUBLIC_URL, type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PASSWORD = 'correct horse battery staple';
const DETAILS = { dob: '1990-05-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The token of the newest mailed set/reset link. */
async function lastLinkToken(t: TestApp): Promise<string> {
  await t.services.mailer.flush();
  const links = t.mail.messages.map((message) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1]).filter(Boolean);
  const token = links.at(-1);
  if (!token) throw new Error('no link was mailed');
  return token;
}

async function register(t: TestApp, email = 'ann@example.ie', details: Record<string, unknown> = DETAILS) {
  return t.request('POST', '/auth/register', { email, details });
}

/** Registers and sets the password through the mailed link. */
async function signUp(t: TestApp, email = 'ann@example.ie', password = PASSWORD) {
  const res = await register(t, email);
  expect(res.status).toBe(201);
  const token = await lastLinkToken(t);
  const set = await t.request('POST', '/reset-password', { token, password, password_confirmation: password });
  expect(set.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

async function login(t: TestApp, email = 'ann@example.ie', password = PASSWORD, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.request('POST', '/auth/login', { email, password, ...extra }, headers);
}

async function familyRows(t: TestApp) {
  return t.database.db.select().from(sessionFamilies);
}

describe(`POST /auth/register (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('creates the user without a password, signs them in at once and mails a set-password link', async () => {
    const res = await register(t, '  Ann.Murphy@Example.IE ');
    expect(res.status).toBe(201);
    expect(v.safeParse(SessionResponseSchema, res.body).success).toBe(true);
    expect(res.body.user).toEqual({
      first_name: null,
      surname: null,
      ppsn: null,
      date_of_birth: '1990-05-01',
      email: 'ann.murphy@example.ie',
      annual_income: null,
      paid_pension: 0,
      pension: 0,
      marital_status: 'single',
      spouse_annual_income: null,
      assessment_basis: null,
      pension_plan_id: 'IL-12345678',
      taxback: 0,
      form11: [],
      paye_a1_authorized: false,
      opt_out_paye_auth: false,
      email_verified: false,
    });
    expect(res.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await t.database.db.select().from(users);
    expect(row?.passwordHash).toBeNull();
    expect(row?.email).toBe('ann.murphy@example.ie');

    await t.services.mailer.flush();
    expect(t.mail.messages).toHaveLength(1);
    const mail = t.mail.messages[0]!;
    expect(mail.to).toBe('ann.murphy@example.ie');
    expect(mail.body).toMatch(new RegExp(`${TEST_PUBLIC_URL}/reset-password/[A-Za-z0-9_-]{43}\\b`));
    // No password yet: an expired link is replaced through "Forgot password", not by signing in.
    expect(mail.body).toContain(`If the link has expired, ask for a new one under "Forgot password": ${TEST_PUBLIC_URL}/auth/forgot-password`);
    expect(mail.body).not.toMatch(/sign in/i);

    // Signed in: the access token works, the session is a non-remembered family (12 h).
    const profile = await t.request('GET', '/profile', undefined, bearer(res.body.access_token));
    expect(profile.status).toBe(200);
    const [family] = await familyRows(t);
    expect(family?.remember).toBe(false);
    expect(family!.absoluteExpiresAt.getTime() - family!.createdAt.getTime()).toBe(SESSION_LIMITS.absoluteMs);
  });

  it('accepts a registration without a pension plan ID', async () => {
    const res = await register(t, 'bob@example.ie', { dob: '1980-12-31', maritalStatus: 'married' });
    expect(res.status).toBe(201);
    expect(res.body.user.pension_plan_id).toBeNull();
    expect(res.body.user.marital_status).toBe('married');
  });

  it('refuses a second account for the same address, case and spaces ignored (422 on email)', async () => {
    expect((await register(t, 'ann@example.ie')).status).toBe(201);
    const res = await register(t, ' ANN@Example.ie');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: [EMAIL_TAKEN] });
    expect(typeof res.body.message).toBe('string');
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('handles the same address registered concurrently: one account, the others 422', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => register(t, 'race@example.ie')));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('requires an age of at least 16 on the Irish calendar date (clock: 2026-01-15)', async () => {
    const young = await register(t, 'young@example.ie', { ...DETAILS, dob: '2010-01-16' });
    expect(young.status).toBe(422);
    expect(young.body.errors).toEqual({ 'details.dob': [m.MIN_AGE] });
    const sixteenToday = await register(t, 'sixteen@example.ie', { ...DETAILS, dob: '2010-01-15' });
    expect(sixteenToday.status).toBe(201);
  });

  it('refuses future, impossible and unreadable dates of birth', async () => {
    const future = await register(t, 'a@example.ie', { ...DETAILS, dob: '2027-01-01' });
    expect(future.status).toBe(422);
    expect(future.body.errors['details.dob']).toEqual([m.DATE_INVALID]);
    for (const dob of ['1990-02-30', 'not a date', '01.05.1990', '']) {
      const res = await register(t, 'a@example.ie', { ...DETAILS, dob });
      expect(res.status, dob).toBe(422);
      expect(res.body.errors['details.dob']?.[0], dob).toMatch(/Invalid date of birth|This field is required/);
    }
  });

  it('answers hostile and malformed bodies with 4xx, never 500', async () => {
    const cases: [unknown, string][] = [
      [{}, 'email'],
      [{ email: 'a@example.ie' }, 'details'],
      [{ email: 42, details: DETAILS }, 'email'],
      [{ email: 'a@example.ie', details: 'x' }, 'details'],
      [{ email: 'a@example.ie', details: { ...DETAILS, maritalStatus: 'divorced' } }, 'details.maritalStatus'],
      [{ email: "' OR 1=1 --", details: DETAILS }, 'email'],
      [{ email: 'zoë@example.ie', details: DETAILS }, 'email'],
      [{ email: 'a@example.ie', details: DETAILS, password: 'sneaky-password' }, 'password'],
      [{ email: 'a@example.ie', details: { ...DETAILS, admin: true } }, 'details.admin'],
      [{ email: 'a@example.ie', details: { ...DETAILS, pensionPlanId: "x'; DROP TABLE users; --" } }, 'details.pensionPlanId'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/auth/register', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    for (const body of [null, [], 'text', 12]) {
      const res = await t.request('POST', '/auth/register', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it('stores an address with SQL metacharacters literally', async () => {
    const email = "o'brien+test@example.ie";
    expect((await register(t, email)).status).toBe(201);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('refuses the wrong content type (415), malformed JSON (400) and huge bodies (413)', async () => {
    const text = await t.app.request('/api/maxout/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'a@example.ie', details: DETAILS }),
    });
    expect(text.status).toBe(415);
    const broken = await t.app.request('/api/maxout/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@example.ie", ',
    });
    expect(broken.status).toBe(400);
    const huge = await t.request('POST', '/auth/register', { email: 'a@example.ie', details: DETAILS, pad: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
  });
});

describe(`POST /auth/login (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('signs in with the password set from the link; the email is case-insensitive', async () => {
    await signUp(t);
    const res = await login(t, '  ANN@example.IE ');
    expect(res.status).toBe(200);
    expect(v.safeParse(SessionResponseSchema, res.body).success).toBe(true);
    expect(res.body.user.email).toBe('ann@example.ie');
    expect((await t.request('GET', '/profile', undefined, bearer(res.body.access_token))).status).toBe(200);
  });

  it('starts a new session family on every login; remember chooses 30 days, otherwise 12 hours', async () => {
    await signUp(t);
    await t.database.db.delete(sessionFamilies);
    const plain = await login(t);
    const remembered = await login(t, undefined, undefined, { remember: true });
    expect(plain.status).toBe(200);
    expect(remembered.status).toBe(200);
    const families = await familyRows(t);
    expect(families).toHaveLength(2);
    const byRemember = new Map(families.map((f) => [f.remember, f]));
    const span = (f: (typeof families)[number] | undefined) => f!.absoluteExpiresAt.getTime() - f!.createdAt.getTime();
    expect(span(byRemember.get(false))).toBe(12 * HOUR);
    expect(span(byRemember.get(true))).toBe(30 * 24 * HOUR);
  });

  it('answers a wrong password, an unknown email and an account without a password identically (401)', async () => {
    await signUp(t);
    await register(t, 'nopassword@example.ie');
    const wrong = await login(t, 'ann@example.ie', 'not the password');
    const unknown = await login(t, 'nobody@example.ie', PASSWORD);
    const noPassword = await login(t, 'nopassword@example.ie', PASSWORD);
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: m.LOGIN_INVALID_CREDENTIALS });
    }
    expect(wrong.body).toEqual(unknown.body);
  });

  it('takes comparable work for unknown and known emails (a dummy argon2 verification runs)', async () => {
    await signUp(t);
    // CPU time of this process (argon2 runs on libuv's threads, which it includes), not wall
    // time: on a busy machine one wall-clock sample can take several times another.
    const work = async (email: string) => {
      const before = process.cpuUsage();
      await login(t, email, 'wrong password!');
      const used = process.cpuUsage(before);
      return used.user + used.system;
    };
    await work('ann@example.ie');
    await work('ghost@example.ie');
    let known = 0;
    let unknown = 0;
    for (let i = 0; i < 4; i++) {
      known += await work('ann@example.ie');
      unknown += await work('ghost@example.ie');
    }
    // Measured on a quiet machine: an unknown email costs about half a known one's CPU (0.52: a
    // known email's failure is also recorded), and without the dummy verification a tenth (0.10).
    // The line sits between the two: 0.5 failed on a busy machine (0.47) with the dummy in place.
    expect(unknown).toBeGreaterThan(known * 0.25);
  });

  it('treats SQL metacharacters as data', async () => {
    await signUp(t);
    const asEmail = await login(t, "' OR 1=1 --", PASSWORD);
    expect(asEmail.status).toBe(422);
    expect(asEmail.body.errors.email).toEqual([m.EMAIL_INVALID]);
    const asPassword = await login(t, 'ann@example.ie', "' OR '1'='1' --");
    expect(asPassword.status).toBe(401);
    const quoted = await login(t, "ann@example.ie' --", PASSWORD);
    expect([401, 422]).toContain(quoted.status);
  });

  it('validates the body: missing, wrong types, unknown fields, too long', async () => {
    const cases: [unknown, string, string?][] = [
      [{ email: 'ann@example.ie' }, 'password', m.PASSWORD_REQUIRED],
      [{ password: PASSWORD }, 'email', m.EMAIL_REQUIRED],
      [{ email: 'ann@example.ie', password: '' }, 'password', m.PASSWORD_REQUIRED],
      [{ email: 'ann@example.ie', password: 12345678 }, 'password'],
      [{ email: ['ann@example.ie'], password: PASSWORD }, 'email'],
      [{ email: 'ann@example.ie', password: PASSWORD, remember: 'yes' }, 'remember'],
      [{ email: 'ann@example.ie', password: PASSWORD, role: 'admin' }, 'role'],
      [{ email: 'ann@example.ie', password: 'x'.repeat(129) }, 'password', m.PASSWORD_MAX],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.request('POST', '/auth/login', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
      if (message) expect(res.body.errors[field]).toEqual([message]);
    }
  });

  it('limits failed attempts per account from one address: the 11th in 15 minutes gets 429 with Retry-After', async () => {
    await signUp(t);
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccountAddress.limit; i++) {
      expect((await login(t, 'ann@example.ie', `wrong-${i}-password`)).status).toBe(401);
    }
    const blocked = await login(t, 'ann@example.ie', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY_ATTEMPTS });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The limit is per address of the account, not revealing existence: an unknown one counts the same.
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccountAddress.limit; i++) await login(t, 'ghost@example.ie', 'nope-nope');
    expect((await login(t, 'ghost@example.ie', 'nope-nope')).status).toBe(429);

    // Another account is not affected; after the window the real password works again.
    t.clock.advance(retryAfter * 1000);
    expect((await login(t, 'ann@example.ie', PASSWORD)).status).toBe(200);
  });

  it('counts only failures: many successful logins are never limited', async () => {
    await signUp(t);
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAccountAddress.limit + 5; i++) {
      expect((await login(t)).status).toBe(200);
    }
  });

  // 101 password checks one after another: minutes on a busy 2-core machine, not the default 30 s.
  it('limits failed attempts per client address across accounts (100 per 15 minutes)', { timeout: 180_000 }, async () => {
    const behindProxy = { services: t.services, trustProxy: 1 };
    const { createApp } = await import('../../src/server/app.ts');
    const { send } = await import('../support/testDatabase.ts');
    const app = createApp(behindProxy);
    const attempt = (email: string, address: string) =>
      send<{ message: string }>(app, 'POST', '/auth/login', { email, password: 'wrong password' }, { 'x-forwarded-for': address });
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerAddress.limit; i++) {
      // 100 different accounts, each well under its own limit.
      expect((await attempt(`user${i}@example.ie`, '198.51.100.7')).status).toBe(401);
    }
    const blocked = await attempt('another@example.ie', '198.51.100.7');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('another@example.ie', '198.51.100.8')).status).toBe(401);
  });

  it('rehashes a stored hash weaker than the policy at login (m=4096, t=1)', async () => {
    await signUp(t);
    const { hash } = await import('@node-rs/argon2');
    const weak = await hash(PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.database.db.update(users).set({ passwordHash: weak }).where(eq(users.email, 'ann@example.ie'));
    expect((await login(t)).status).toBe(200);
    const [row] = await t.database.db.select().from(users);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(t)).status).toBe(200);
  });

  it('stores argon2id PHC strings with the policy parameters and a distinct 16-byte salt per user', async () => {
    await signUp(t, 'one@example.ie');
    await signUp(t, 'two@example.ie');
    const rows = await t.database.db.select().from(users);
    const salts = rows.map((row) => {
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      return row.passwordHash!.split('$')[4];
    });
    expect(new Set(salts).size).toBe(2);
  });
});

describe(`access tokens on protected routes (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  async function session() {
    await signUp(t);
    const res = await login(t);
    return res.body as { access_token: string; refresh_token: string };
  }

  const profile = (headers: Record<string, string>) => t.request('GET', '/profile', undefined, headers);

  function expectUnauthenticated(res: { status: number; body: unknown }) {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: UNAUTHENTICATED });
  }

  function b64(value: unknown) {
    return Buffer.from(JSON.stringify(value)).toString('base64url');
  }

  function claimsOf(jwt: string) {
    return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  }

  it('carries sub, sid, typ access, iss/aud maxout and a 15-minute expiry', async () => {
    const { access_token } = await session();
    const [header] = access_token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = claimsOf(access_token);
    expect(claims).toMatchObject({ typ: 'access', iss: 'maxout', aud: 'maxout' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
  });

  it('refuses a missing, malformed or non-Bearer Authorization header', async () => {
    await session();
    expectUnauthenticated(await profile({}));
    expectUnauthenticated(await profile({ authorization: 'Bearer' }));
    expectUnauthenticated(await profile({ authorization: 'Basic YW5uOnB3' }));
    expectUnauthenticated(await profile({ authorization: 'Bearer not.a.jwt' }));
    expectUnauthenticated(await profile({ authorization: `Bearer ${'a'.repeat(5000)}` }));
  });

  it('refuses alg none, another secret, another HMAC algorithm and a tampered payload', async () => {
    const { access_token } = await session();
    const claims = claimsOf(access_token);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expectUnauthenticated(await profile(bearer(none)));

    const otherSecret = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    expectUnauthenticated(await profile(bearer(otherSecret)));

    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(t.deps.jwtSecret);
    expectUnauthenticated(await profile(bearer(hs512)));

    const [header, , signature] = access_token.split('.');
    const tampered = `${header}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`;
    expectUnauthenticated(await profile(bearer(tampered)));

    // The genuine one still works.
    expect((await profile(bearer(access_token))).status).toBe(200);
  });

  it('refuses a correctly signed token with the wrong audience, issuer, typ or missing claims', async () => {
    const { access_token } = await session();
    const claims = claimsOf(access_token);
    const sign = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(t.deps.jwtSecret);
    expect((await profile(bearer(await sign(claims)))).status).toBe(200);
    expectUnauthenticated(await profile(bearer(await sign({ ...claims, aud: 'other' }))));
    expectUnauthenticated(await profile(bearer(await sign({ ...claims, iss: 'other' }))));
    expectUnauthenticated(await profile(bearer(await sign({ ...claims, typ: 'refresh' }))));
    const { sid: _sid, ...withoutSid } = claims;
    expectUnauthenticated(await profile(bearer(await sign(withoutSid))));
    const { exp: _exp, ...withoutExp } = claims;
    expectUnauthenticated(await profile(bearer(await sign(withoutExp))));
    expectUnauthenticated(await profile(bearer(await sign({ ...claims, sid: '00000000-0000-4000-8000-000000000000' }))));
  });

  it('refuses a token of another user’s session (sub and sid must match)', async () => {
    const { access_token } = await session();
    await signUp(t, 'eve@example.ie');
    const eve = await login(t, 'eve@example.ie');
    const claims = claimsOf(access_token);
    const mixed = await new SignJWT({ ...claims, sid: claimsOf(eve.body.access_token).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(t.deps.jwtSecret);
    expectUnauthenticated(await profile(bearer(mixed)));
  });

  it('expires after 15 minutes (judged with the injected clock)', async () => {
    const { access_token } = await session();
    t.clock.advance(15 * MINUTE - 1000);
    expect((await profile(bearer(access_token))).status).toBe(200);
    t.clock.advance(2000);
    expectUnauthenticated(await profile(bearer(access_token)));
  });

  it('judges a token it has already accepted against the clock at every use (not before, expiry)', async () => {
    const { access_token } = await session();
    expect((await profile(bearer(access_token))).status).toBe(200);
    // The clock goes back before the token's issue: not valid yet, though it verified a moment ago.
    t.clock.advance(-2000);
    expectUnauthenticated(await profile(bearer(access_token)));
    t.clock.advance(2000 + 15 * MINUTE);
    expectUnauthenticated(await profile(bearer(access_token)));
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refresh_token } = await session();
    expectUnauthenticated(await profile(bearer(refresh_token)));
  });

  it('stops working at once when its session is logged out', async () => {
    const { access_token, refresh_token } = await session();
    expect((await t.request('POST', '/auth/logout', { refresh_token })).status).toBe(200);
    expectUnauthenticated(await profile(bearer(access_token)));
  });
});

describe(`POST /auth/refresh (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  async function session(extra: Record<string, unknown> = {}) {
    await signUp(t);
    await t.database.db.delete(sessionFamilies);
    const res = await login(t, undefined, undefined, extra);
    expect(res.status).toBe(200);
    return res.body as { access_token: string; refresh_token: string };
  }

  const refresh = (refresh_token: unknown) => t.request('POST', '/auth/refresh', { refresh_token });

  async function onlyFamily() {
    const families = await familyRows(t);
    expect(families).toHaveLength(1);
    return families[0]!;
  }

  it('rotates: a new pair and the user; the new access token works', async () => {
    const first = await session();
    t.clock.advance(MINUTE);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(v.safeParse(SessionResponseSchema, res.body).success).toBe(true);
    expect(res.body.refresh_token).not.toBe(first.refresh_token);
    expect(res.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user.email).toBe('ann@example.ie');
    expect((await t.request('GET', '/profile', undefined, bearer(res.body.access_token))).status).toBe(200);
    expect((await refresh(res.body.refresh_token)).status).toBe(200);
  });

  it('answers the previous token inside the grace window with the same successor, without revoking', async () => {
    const first = await session();
    const a = await refresh(first.refresh_token);
    t.clock.advance(SESSION_LIMITS.graceMs - 1000);
    const b = await refresh(first.refresh_token);
    expect(b.status).toBe(200);
    expect(b.body.refresh_token).toBe(a.body.refresh_token);
    expect((await onlyFamily()).revokedAt).toBeNull();
    expect((await refresh(a.body.refresh_token)).status).toBe(200);
  });

  it('gives 5 concurrent refreshes with one token the same successor and keeps the family', async () => {
    const first = await session();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(results.map((r) => r.body.refresh_token));
    expect(successors.size).toBe(1);
    expect((await onlyFamily()).revokedAt).toBeNull();
    for (const r of results) expect((await t.request('GET', '/profile', undefined, bearer(r.body.access_token))).status).toBe(200);
    const [successor] = [...successors];
    expect((await refresh(successor)).status).toBe(200);
  });

  it('treats reuse after the grace window as theft: 401, the whole family revoked, a security event logged', async () => {
    const first = await session();
    const second = await refresh(first.refresh_token);
    t.clock.advance(SESSION_LIMITS.graceMs + 1000);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: UNAUTHENTICATED });
    const family = await onlyFamily();
    expect(family.revokedAt).not.toBeNull();
    expect(family.revokeReason).toBe('reuse');
    // The legitimate holder's newer tokens die with it.
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    expect((await t.request('GET', '/profile', undefined, bearer(second.body.access_token))).status).toBe(401);
    const event = t.log.lines.find((line) => line.msg === 'security.refresh_token_reuse');
    expect(event).toMatchObject({ level: 'warn', familyId: family.id, userId: family.userId });
  });

  it('accepts only the immediately previous token in the grace window', async () => {
    const rt0 = (await session()).refresh_token;
    const rt1 = (await refresh(rt0)).body.refresh_token;
    const rt2 = (await refresh(rt1)).body.refresh_token;
    expect(rt2).not.toBe(rt1);
    // Still within 30 s of every rotation, but rt0's successor has itself been rotated.
    const res = await refresh(rt0);
    expect(res.status).toBe(401);
    expect((await onlyFamily()).revokeReason).toBe('reuse');
  });

  it('ends the session after 1 hour without a refresh (idle limit) and revokes it', async () => {
    const first = await session();
    t.clock.advance(SESSION_LIMITS.idleMs + 1000);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(401);
    const family = await onlyFamily();
    expect(family.revokeReason).toBe('idle');
    expect(family.revokedAt).not.toBeNull();
  });

  it('ends an unattended remember-me session at the idle limit: its 30 days and API calls with the access token do not extend it', async () => {
    const first = await session({ remember: true });
    // A call with the access token is not a refresh: only refreshing keeps the session alive, and an
    // idle tab no longer refreshes (the auth machine refreshes only after user activity).
    t.clock.advance(10 * MINUTE);
    expect((await t.request('GET', '/profile', undefined, bearer(first.access_token))).status).toBe(200);
    t.clock.advance(SESSION_LIMITS.idleMs - 10 * MINUTE + 1000);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(401);
    const family = await onlyFamily();
    expect(family.remember).toBe(true);
    expect(family.revokeReason).toBe('idle');
    expect(family.absoluteExpiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // Ended for good: a later try is refused too.
    expect((await refresh(first.refresh_token)).status).toBe(401);
  });

  it('accepts a refresh one second inside the idle limit', async () => {
    const first = await session({ remember: true });
    t.clock.advance(SESSION_LIMITS.idleMs - 1000);
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('keeps an active session alive past an hour, then ends it at the 12-hour absolute limit', async () => {
    let token = (await session()).refresh_token;
    let elapsed = 0;
    const step = 50 * MINUTE;
    while (elapsed + step < SESSION_LIMITS.absoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      const res = await refresh(token);
      expect(res.status, `after ${elapsed / MINUTE} min`).toBe(200);
      token = res.body.refresh_token;
    }
    t.clock.advance(SESSION_LIMITS.absoluteMs - elapsed + 1000);
    const res = await refresh(token);
    expect(res.status).toBe(401);
    expect((await onlyFamily()).revokeReason).toBe('expired');
  });

  it('sets the absolute limit to 30 days with remember me', async () => {
    const first = await session({ remember: true });
    const family = await onlyFamily();
    expect(family.remember).toBe(true);
    expect(family.absoluteExpiresAt.getTime()).toBe(t.clock.now().getTime() + 30 * 24 * HOUR);
    // Past 12 hours a remembered session still refreshes (kept active by the idle rule).
    let token = first.refresh_token;
    for (let i = 0; i < 16; i++) {
      t.clock.advance(50 * MINUTE);
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = res.body.refresh_token;
    }
    // …and stops at the 30-day mark: jump the clock past it while keeping last use recent.
    t.clock.set(new Date(family.absoluteExpiresAt.getTime() + 1000));
    await t.database.db.update(sessionFamilies).set({ lastUsedAt: t.clock.now() });
    expect((await refresh(token)).status).toBe(401);
    expect((await onlyFamily()).revokeReason).toBe('expired');
  });

  it('refuses unknown, forged and malformed refresh tokens', async () => {
    await session();
    for (const token of ['A'.repeat(43), 'not-a-token', "' OR 1=1 --", 'x'.repeat(4000)]) {
      const res = await refresh(token);
      expect(res.status, token.slice(0, 20)).toBe(401);
    }
    expect((await refresh('')).status).toBe(422);
    expect((await refresh(12345)).status).toBe(422);
    expect((await t.request('POST', '/auth/refresh', {})).status).toBe(422);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: 'x', extra: 1 })).status).toBe(422);
    expect((await onlyFamily()).revokedAt).toBeNull();
  });

  it('refuses an access token presented as a refresh token', async () => {
    const first = await session();
    expect((await refresh(first.access_token)).status).toBe(401);
  });
});

describe(`POST /auth/logout (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('revokes the family: refresh and access tokens stop at once; other sessions continue', async () => {
    await signUp(t);
    await t.database.db.delete(sessionFamilies);
    const mine = (await login(t)).body;
    const other = (await login(t)).body;
    const res = await t.request('POST', '/auth/logout', { refresh_token: mine.refresh_token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await t.request('POST', '/auth/refresh', { refresh_token: mine.refresh_token })).status).toBe(401);
    expect((await t.request('GET', '/profile', undefined, bearer(mine.access_token))).status).toBe(401);
    expect((await t.request('GET', '/profile', undefined, bearer(other.access_token))).status).toBe(200);
    const reasons = (await familyRows(t)).map((f) => f.revokeReason).sort();
    expect(reasons).toEqual(['logout', null]);
  });

  it('answers 200 {} for unknown tokens and repeated logouts, revealing nothing', async () => {
    await signUp(t);
    const session = (await login(t)).body;
    for (const refresh_token of ['B'.repeat(43), 'garbage', session.refresh_token, session.refresh_token]) {
      const res = await t.request('POST', '/auth/logout', { refresh_token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
  });

  it('ends the access token’s session when no refresh token is sent', async () => {
    await signUp(t);
    const session = (await login(t)).body;
    const res = await t.request('POST', '/auth/logout', {}, bearer(session.access_token));
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/profile', undefined, bearer(session.access_token))).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it('validates the body', async () => {
    expect((await t.request('POST', '/auth/logout', { refresh_token: 5 })).status).toBe(422);
    expect((await t.request('POST', '/auth/logout', { refresh_token: 'x', user: 'all' })).status).toBe(422);
    const wrongType = await t.app.request('/api/maxout/auth/logout', { method: 'POST', body: 'refresh_token=x' });
    expect(wrongType.status).toBe(415);
  });

  it('does not touch the database rows of other users (SQL text in the token is only data)', async () => {
    await signUp(t);
    await login(t);
    await t.request('POST', '/auth/logout', { refresh_token: "x' OR '1'='1" });
    const open = (await t.database.db.execute(sql`select count(*)::int as n from session_families where revoked_at is null`)) as unknown as {
      rows: { n: number }[];
    };
    expect(open.rows[0]?.n).toBeGreaterThan(0);
  });
});
