/**
 * Hostile input against every API route (both databases), in process and over a real socket with
 * keep-alive (as a pooling client or proxy sends it). The routes are read from the Hono app
 * itself (`app.routes`), so a route added later is fuzzed without touching this file. Each route
 * gets a seeded random mix of wrong types, deep nesting, `__proto__`/`constructor` keys, huge and
 * control-character strings, SQL and HTML metacharacters, invalid JSON, wrong content types,
 * oversized bodies and every kind of credential (none, garbage, a forged JWT, a valid token, a
 * revoked one). Not one answer may be a 5xx, and the server is healthy afterwards.
 *
 * Over HTTP a request fails when it gets a 5xx or no answer at all (the connection it was sent
 * on was closed under it): `FUZZ_HTTP_REQUESTS` requests (1,500 by default in `npm test`;
 * `FUZZ_HTTP_REQUESTS=10000` for the long run), none may fail.
 *
 * A failure prints the seed and the request; `FUZZ_SEED=<n>` replays it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/constants.ts';
import { users } from '../../src/server/db/schema.ts';
import { discoverRoutes } from '../support/apiRoutes.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Requests per route; the seed makes the mix the same on every run. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 60);
/** Requests over the socket, spread over every route. */
const HTTP_REQUESTS = Number(process.env.FUZZ_HTTP_REQUESTS ?? 1500);

const hostileStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u0000\u001b[31m',
    "' OR 1=1 --",
    "x'); DROP TABLE users; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '${jndi:ldap://x}',
    '{{7*7}}',
    '../../../../etc/passwd',
    '%00%0d%0a',
    'ann@example.ie',
    'ANN@EXAMPLE.IE\u0000',
    '1234567T',
    '1990-05-01',
    '2026-02-30',
    'NaN',
    '-1',
    '1e309',
    'Bearer x',
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    'A'.repeat(43),
    'zoë@exämple.ie',
    '👨‍👩‍👧‍👦'.repeat(50),
    '__proto__',
    'constructor',
  ),
  fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const hostileScalars = fc.oneof(
  hostileStrings,
  fc.constantFrom(null, true, false, 0, -0, -1, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 2026, 1990),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys the real bodies use, plus prototype-pollution and junk keys. */
const keys = fc.oneof(
  fc.constantFrom(
    'email',
    'password',
    'password_confirmation',
    'remember',
    'details',
    'dob',
    'maritalStatus',
    'pensionPlanId',
    'refresh_token',
    'token',
    'first_name',
    'surname',
    'ppsn',
    'annual_income',
    'date_of_birth',
    'year',
    'category',
    'data',
    'items',
    'code',
    'current_password',
    'new_password',
    'paid_pension',
    'marital_status',
    'pension_plan_id',
    'amount',
    'tax_year',
    'source',
    'iban',
    'day_of_month',
    'start_date',
    'mandate_accepted',
    '__proto__',
    'constructor',
    'prototype',
  ),
  fc.string({ maxLength: 12 }),
);

const { json: hostileJson } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalars,
    fc.array(tie('json'), { maxLength: 5 }),
    fc.dictionary(keys, tie('json'), { maxKeys: 6 }),
  ),
}));

/** Almost-valid bodies: a plausible object with one or more fields replaced by junk. */
const mutatedBody = fc.record(
  {
    email: fc.oneof(fc.constant('fuzz@example.ie'), hostileScalars),
    password: fc.oneof(fc.constant('correct horse battery staple'), hostileScalars),
    password_confirmation: fc.oneof(fc.constant('correct horse battery staple'), hostileScalars),
    details: fc.oneof(fc.constant({ dob: '1990-05-01', maritalStatus: 'single' }), hostileJson),
    refresh_token: hostileScalars,
    token: hostileScalars,
    year: fc.oneof(fc.constant(2025), hostileScalars),
    category: hostileScalars,
    data: hostileJson,
    items: fc.oneof(fc.array(hostileJson, { maxLength: 4 }), hostileScalars),
    ppsn: hostileScalars,
    first_name: hostileScalars,
    amount: fc.oneof(fc.constant(25), hostileScalars),
    tax_year: fc.oneof(fc.constant(2026), hostileScalars),
    source: fc.oneof(fc.constant('sandbox-debit-card'), hostileScalars),
    iban: fc.oneof(fc.constant('IE29AIBK93115212345678'), hostileScalars),
    day_of_month: fc.oneof(fc.constant(15), hostileScalars),
    start_date: fc.oneof(fc.constant('2026-03-01'), hostileScalars),
    mandate_accepted: fc.oneof(fc.constant(true), hostileScalars),
  },
  { requiredKeys: [] },
);

/** The raw body bytes and its content type. */
const bodies = fc.oneof(
  hostileJson.map((value) => ({ text: JSON.stringify(value) ?? 'null', type: 'application/json' })),
  mutatedBody.map((value) => ({ text: JSON.stringify(value), type: 'application/json' })),
  // Objects whose own keys are __proto__ / constructor (JSON.parse makes them own properties).
  fc.constantFrom(
    '{"__proto__":{"admin":true},"email":"a@example.ie"}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"details":{"__proto__":{"dob":"1990-05-01"}}}',
    '{"refresh_token":{"__proto__":null}}',
  ).map((text) => ({ text, type: 'application/json' })),
  // Not JSON at all, or cut short.
  fc.constantFrom('{', '{"email":', '[1,2', 'nul', '\u0000', '{"a":1}{"b":2}', '\ufeff{}', '{"a":"\\ud800"}', '').map((text) => ({ text, type: 'application/json' })),
  fc.string().map((text) => ({ text, type: 'application/json' })),
  // Deep nesting.
  fc.integer({ min: 100, max: 5000 }).map((depth) => ({ text: `${'['.repeat(depth)}${']'.repeat(depth)}`, type: 'application/json' })),
  fc.integer({ min: 100, max: 5000 }).map((depth) => ({ text: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, type: 'application/json' })),
  // Oversized.
  fc.constant({ text: JSON.stringify({ email: 'a@example.ie', pad: 'x'.repeat(400 * 1024) }), type: 'application/json' }),
  // Wrong or odd content types.
  fc
    .tuple(
      hostileJson,
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/jsonx', ''),
    )
    .map(([value, type]) => ({ text: JSON.stringify(value) ?? '', type })),
  fc.constant(undefined),
);

type AuthKind = 'none' | 'garbage' | 'forged' | 'valid' | 'revoked' | 'basic';
const authKinds = fc.constantFrom<AuthKind>('none', 'garbage', 'forged', 'valid', 'revoked', 'basic');
const queries = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?a=1', '?__proto__[x]=1', "?q=' OR 1=1", '?x=%00', '?year=abc&year=2025', `?p=${'y'.repeat(5000)}`),
);
/** Idempotency-Key headers (money routes): none, a valid one, and malformed ones. */
const idempotencyKeys = fc.constantFrom(undefined, 'fuzz-key-00000001', 'short', 'x'.repeat(101), "' OR 1=1 --", '', '__proto__');
const pathParams = fc.oneof(fc.uuid(), fc.constantFrom('1', '0', '-1', 'x', "'", '%00', 'null', '..', 'a'.repeat(300)), fc.string({ minLength: 1, maxLength: 20 }));

function fillPath(path: string, param: string): string {
  return path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, encodeURIComponent(param));
}

describe(`hostile input on every API route (${testDatabaseKind()})`, () => {
  const t = useTestApp({
    // Higher limits, so the fuzz reaches the handlers instead of stopping at 429 after a few requests.
    deps: {
      rateLimits: {
        loginPerAccount: { name: 'login:account', limit: 100_000, windowMs: 60_000 },
        loginPerAccountAddress: { name: 'login:account-address', limit: 100_000, windowMs: 60_000 },
        loginPerAddress: { name: 'login:address', limit: 100_000, windowMs: 60_000 },
        registerPerAddress: { name: 'register:address', limit: 100_000, windowMs: 60_000 },
      },
    },
  });

  it('discovers the routes from the app, including every known one', () => {
    const found = discoverRoutes(t.app).map((route) => `${route.method} ${route.path.slice(API_PREFIX.length)}`);
    expect(found).toEqual(expect.arrayContaining(['GET /health', 'POST /auth/register', 'POST /auth/login', 'POST /auth/refresh', 'POST /auth/logout', 'GET /profile']));
  });

  it('never answers a 5xx, and the server stays healthy', async () => {
    const routes = discoverRoutes(t.app);
    // Credentials: a live session, and one that was signed out.
    const signUp = async (email: string) => {
      const res = await t.request('POST', '/auth/register', { email, details: { dob: '1990-05-01', maritalStatus: 'single' } });
      expect(res.status).toBe(201);
      // Verified, so routes behind requireVerifiedEmail (money, PAYE, banks) are fuzzed past that check.
      await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
      return res.body as { access_token: string; refresh_token: string };
    };
    let live = await signUp('fuzz-live@example.ie');
    let liveCount = 0;
    // A route may end the live session (logout, sign out everywhere, account deletion): a new one
    // is made whenever it no longer works, so later requests still carry a valid token.
    const liveToken = async (): Promise<string> => {
      const claims = await t.services.accessTokens.verify(live.access_token);
      if (claims && (await t.services.sessions.authenticate(claims.familyId, claims.userId))) return live.access_token;
      live = await signUp(`fuzz-live-${++liveCount}@example.ie`);
      return live.access_token;
    };
    const revoked = await signUp('fuzz-revoked@example.ie');
    expect((await t.request('POST', '/auth/logout', { refresh_token: revoked.refresh_token })).status).toBe(200);
    const forged = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","sid":"y","typ":"access","aud":"maxout","iss":"maxout"}').toString('base64url')}.`;
    const authHeader = async (kind: AuthKind): Promise<Record<string, string>> => {
      switch (kind) {
        case 'none':
          return {};
        case 'garbage':
          return { authorization: 'Bearer ' + 'x'.repeat(5000) };
        case 'forged':
          return { authorization: `Bearer ${forged}` };
        case 'valid':
          return { authorization: `Bearer ${await liveToken()}` };
        case 'revoked':
          return { authorization: `Bearer ${revoked.access_token}` };
        case 'basic':
          return { authorization: 'Basic YTpi' };
      }
    };

    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const property = fc.asyncProperty(bodies, authKinds, queries, pathParams, idempotencyKeys, async (body, auth, query, param, key) => {
        const url = fillPath(route.path, param) + query;
        const headers: Record<string, string> = { accept: 'application/json', ...(await authHeader(auth)) };
        if (key !== undefined) headers['idempotency-key'] = key;
        if (body?.type) headers['content-type'] = body.type;
        const init: RequestInit = { method: route.method, headers };
        if (body && route.method !== 'GET') init.body = body.text;
        const response = await t.app.request(url, init);
        await response.arrayBuffer();
        if (response.status >= 500) {
          const shown = body ? body.text.slice(0, 300) : '(no body)';
          throw new Error(`${route.method} ${url.slice(0, 200)} auth=${auth} type=${body?.type ?? '-'} → ${response.status}; body: ${shown}`);
        }
      });
      const result = await fc.check(property, { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true });
      if (result.failed) failures.push(`${String(result.errorInstance ?? 'failed')} (seed ${SEED + index}, path ${result.counterexamplePath ?? '?'})`);
    }
    expect(failures).toEqual([]);

    const health = await t.request('GET', '/health');
    expect(health.status).toBe(200);
    // Signing up and reading the profile still work after all of it.
    expect((await t.request('GET', '/profile', undefined, { authorization: `Bearer ${await liveToken()}` })).status).toBe(200);
  }, 600_000);

  it(`over a real socket with keep-alive: ${HTTP_REQUESTS} hostile requests, none failed`, async () => {
    const register = await t.request('POST', '/auth/register', { email: 'fuzz-http@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, 'fuzz-http@example.ie'));
    const token = register.body.access_token as string;
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    // A pooling client: few sockets, each reused for request after request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const routes = discoverRoutes(t.app);
    const send = (method: string, path: string, headers: Record<string, string>, body: string | undefined) =>
      new Promise<{ status: number } | { error: string }>((resolve) => {
        const request = http.request({ host: '127.0.0.1', port, method, path, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
          response.on('error', (error) => resolve({ error: error.message }));
        });
        request.on('error', (error) => resolve({ error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` }));
        if (body !== undefined) request.write(body);
        request.end();
      });
    const requests = fc.sample(
      fc.tuple(fc.nat({ max: routes.length - 1 }), bodies, fc.constantFrom<AuthKind>('none', 'garbage', 'valid'), queries, pathParams, idempotencyKeys),
      { seed: SEED, numRuns: HTTP_REQUESTS },
    );
    const failed: string[] = [];
    try {
      // Four at a time, as the pool's sockets allow.
      for (let i = 0; i < requests.length; i += 4) {
        await Promise.all(
          requests.slice(i, i + 4).map(async ([routeIndex, body, auth, query, param, key]) => {
            const route = routes[routeIndex]!;
            // On the wire a path carries no spaces or control characters: they go percent-encoded.
            const path = (fillPath(route.path, param) + query).replace(/[^\x21-\x7e]/g, (ch) => encodeURIComponent(ch));
            const headers: Record<string, string> = { accept: 'application/json' };
            if (auth === 'valid') headers.authorization = `Bearer ${token}`;
            if (auth === 'garbage') headers.authorization = 'Bearer ' + 'x'.repeat(5000);
            if (key !== undefined) headers['idempotency-key'] = key;
            if (body?.type) headers['content-type'] = body.type;
            const answer = await send(route.method, path, headers, body && route.method !== 'GET' ? body.text : undefined);
            if ('error' in answer || answer.status >= 500) failed.push(`${route.method} ${path.slice(0, 120)} body=${(body?.text.length ?? 0)} bytes → ${'error' in answer ? answer.error : answer.status}`);
          }),
        );
      }
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(failed.slice(0, 20), `${failed.length} of ${requests.length} failed`).toEqual([]);
  }, 600_000);
});
