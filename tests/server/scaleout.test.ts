/**
 * Scale-out: two API instances on one database behave as one (DESIGN.md "Scale-out"). Sessions,
 * refresh-token families, reset links and rate-limit counters live in the database, so:
 * a refresh token rotated on one instance is refused (as reuse) on the other after the grace
 * window, and a login rate limit counts attempts made on both.
 *
 * On PostgreSQL each instance has its own connection pool (as two processes would). PGlite is
 * an embedded, single-connection database that one process owns, so there both instances share
 * the one PGlite client: the test still shows that no state lives in an app instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/index.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { sessionFamilies } from '../../src/server/db/schema.ts';
import { AUTH_RATE_LIMITS } from '../../src/server/services/authLimits.ts';
import { type Services, createServices } from '../../src/server/services/index.ts';
import { memoryTransport } from '../../src/server/services/mailer.ts';
import { SESSION_LIMITS } from '../../src/server/services/sessions.ts';
import { send, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PASSWORD = 'scale out passphrase';
const kind = testDatabaseKind();
const how = kind === 'postgres' ? 'two connection pools on one PostgreSQL database' : 'one shared PGlite instance (single-connection, embedded)';

describe(`two API instances on one database (${kind}: ${how})`, () => {
  const t = useTestApp();
  let secondDatabase: Database | undefined;
  let b: ReturnType<typeof createApp>;
  let servicesB: Services;
  const mailB = memoryTransport();

  beforeAll(async () => {
    let database = t.database;
    if (kind === 'postgres') {
      const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      secondDatabase = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
      database = secondDatabase;
    }
    // Same secrets (as every process must share them), its own database connection and services.
    servicesB = createServices({ ...t.deps, database, mailTransport: mailB });
    b = createApp({ services: servicesB });
  });

  afterAll(async () => {
    await secondDatabase?.close();
  });

  const onA = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => t.request(method, path, body, headers);
  const onB = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    send<any>(b, method, path, body, headers);

  async function userWithPassword(email = 'scale@example.ie') {
    expect((await onA('POST', '/auth/register', { email, details: { dob: '1990-01-01', maritalStatus: 'single' } })).status).toBe(201);
    await t.services.mailer.flush();
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(t.mail.messages.at(-1)!.body)![1]!;
    // The link mailed by A is used on B.
    expect((await onB('POST', '/reset-password', { token, password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  }

  it('a session started on A works on B, and a logout on B ends it on A', async () => {
    await userWithPassword();
    const session = (await onA('POST', '/auth/login', { email: 'scale@example.ie', password: PASSWORD })).body;
    const auth = { authorization: `Bearer ${session.access_token as string}` };
    expect((await onB('GET', '/profile', undefined, auth)).status).toBe(200);
    expect((await onB('POST', '/auth/logout', { refresh_token: session.refresh_token })).status).toBe(200);
    expect((await onA('GET', '/profile', undefined, auth)).status).toBe(401);
  });

  it('a refresh token rotated on A is refused on B after the grace window, and the family is revoked', async () => {
    await userWithPassword();
    await t.database.db.delete(sessionFamilies);
    const rt0 = (await onA('POST', '/auth/login', { email: 'scale@example.ie', password: PASSWORD })).body.refresh_token;
    const rotated = await onA('POST', '/auth/refresh', { refresh_token: rt0 });
    expect(rotated.status).toBe(200);

    // Inside the grace window B answers with the same successor (two tabs on two instances).
    const inGrace = await onB('POST', '/auth/refresh', { refresh_token: rt0 });
    expect(inGrace.status).toBe(200);
    expect(inGrace.body.refresh_token).toBe(rotated.body.refresh_token);

    t.clock.advance(SESSION_LIMITS.graceMs + 1000);
    const reuse = await onB('POST', '/auth/refresh', { refresh_token: rt0 });
    expect(reuse.status).toBe(401);
    const [family] = await t.database.db.select().from(sessionFamilies);
    expect(family?.revokeReason).toBe('reuse');
    expect((await onA('POST', '/auth/refresh', { refresh_token: rotated.body.refresh_token })).status).toBe(401);
  });

  it('concurrent refreshes of one token spread over both instances all get the same successor', async () => {
    await userWithPassword();
    const rt0 = (await onA('POST', '/auth/login', { email: 'scale@example.ie', password: PASSWORD })).body.refresh_token;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? onA : onB)('POST', '/auth/refresh', { refresh_token: rt0 })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
  });

  it('a login rate limit counts attempts on both instances', async () => {
    await userWithPassword();
    const limit = AUTH_RATE_LIMITS.loginPerAccountAddress.limit;
    for (let i = 0; i < limit; i++) {
      const res = await (i % 2 === 0 ? onA : onB)('POST', '/auth/login', { email: 'scale@example.ie', password: `wrong ${i}` });
      expect(res.status).toBe(401);
    }
    // Each instance saw only half the limit, yet both now refuse.
    const fromA = await onA('POST', '/auth/login', { email: 'scale@example.ie', password: PASSWORD });
    const fromB = await onB('POST', '/auth/login', { email: 'scale@example.ie', password: PASSWORD });
    expect(fromA.status).toBe(429);
    expect(fromB.status).toBe(429);
    expect(Number(fromB.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a reset link works once across both instances under concurrency', async () => {
    await userWithPassword();
    expect((await onB('POST', '/send-password-reminder', { email: 'scale@example.ie' })).status).toBe(200);
    await servicesB.mailer.flush();
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mailB.messages.at(-1)?.body ?? '')?.[1];
    expect(token).toBeDefined();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? onA : onB)('POST', '/reset-password', { token, password: `new passphrase ${i}`, password_confirmation: `new passphrase ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(9);
  });
});
