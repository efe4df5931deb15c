/**
 * A crash after a round-up batch took its round-ups and before the pension ledger was asked to
 * pay it: the real server in a child process, with FAULT_INJECTION=kill-after-claim, is killed
 * with SIGKILL right after the batch's transaction committed. After a restart, housekeeping finds
 * the batch processing past the payment lease and drives it again with the same ledger key, so
 * exactly one round-up contribution is paid; a retry of POST /roundups/apply with the same
 * Idempotency-Key then replays it. Runs on the database of the project (PGlite in a DATA_DIR, or a
 * PostgreSQL database).
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { avoidSandboxDecline, linkSandbox } from '../support/sandboxBank.ts';
import { type ChildServer, crashSecrets, crashTarget, seedingApp, startChildServer, stopChildServer, untilLogged } from '../support/crashServer.ts';
import { markEmailVerified, queryRows, testDatabaseKind } from '../support/testDatabase.ts';

const SECRETS = crashSecrets();
const EMAIL = 'roundup-crash@example.ie';
const KEY = 'roundup-crash-0001';

const applyRoundups = (server: ChildServer, token: string) =>
  fetch(`${server.url}/roundups/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': KEY } });

/** The ledger's invariant: succeeded round-up contributions = round-ups of applied batches; no round-up outside them. */
const invariant = (database: Database) =>
  queryRows(
    database,
    sql`select
      (select coalesce(sum(amount_cents), 0)::int from contributions where kind = 'round_up' and status = 'succeeded') as ledger,
      (select coalesce(sum(amount_cents), 0)::int from roundup_batches where status = 'applied') as batches,
      (select coalesce(sum(t.roundup_cents), 0)::int from bank_transactions t join roundup_batches b on b.id = t.batch_id where b.status = 'applied') as taken`,
  );

describe(`a crash between taking the round-ups and paying them (${testDatabaseKind()})`, () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('kill -9 after the batch took its round-ups: after restart housekeeping pays it exactly once, and a retry replays it', { timeout: 240_000 }, async () => {
    const where = await crashTarget('roundup-crash');
    cleanUps.push(where.cleanUp);

    // A verified user with a plan ID and the sandbox bank's current account linked (same keys as the servers, the real clock).
    let database = await where.open();
    const seed = await seedingApp(database, SECRETS);
    const registered = await seed.request('POST', '/auth/register', { email: EMAIL, details: { dob: '1985-04-02', maritalStatus: 'single' } });
    expect(registered.status).toBe(201);
    const token = registered.body.access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    await markEmailVerified(database, EMAIL);
    expect((await seed.request('POST', '/pension-info', { annual_income: 50_000, paid_pension: 0, marital_status: 'single', pension_plan_id: 'IL-12345678' }, auth)).status).toBe(200);
    expect((await linkSandbox(seed, auth, { accounts: [0] })).status).toBe(200);
    await avoidSandboxDecline(database);
    const [due] = await queryRows<{ n: number; cents: number }>(database, sql`select count(*)::int as n, sum(roundup_cents)::int as cents from bank_transactions where roundup_cents > 0`);
    expect(due!.n).toBeGreaterThan(0);
    await seed.close();
    await database.close();

    // 1. The server dies (SIGKILL) after the batch's transaction took the round-ups, before the ledger was asked.
    const crashing = await startChildServer(SECRETS, { ...where.env, FAULT_INJECTION: 'kill-after-claim', PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopChildServer(crashing));
    await expect(applyRoundups(crashing, token)).rejects.toThrow();
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

    database = await where.open();
    expect(await queryRows(database, sql`select status, count, amount_cents::int as cents from roundup_batches`)).toEqual([{ status: 'processing', count: due!.n, cents: due!.cents }]);
    expect(await queryRows(database, sql`select count(*)::int as n from contributions`)).toEqual([{ n: 0 }]);
    await database.close();

    // 2. Restarted without the fault: housekeeping (5 s after start) finds the batch past its lease and pays it.
    const restarted = await startChildServer(SECRETS, { ...where.env, PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopChildServer(restarted));
    await untilLogged(restarted, 'housekeeping.roundup_batches_recovered', 60_000);
    expect(restarted.output()).toContain('housekeeping.roundup_batches_recovered');

    // 3. The client's retry with the same key gets that payment; nothing is paid again.
    const retry = await applyRoundups(restarted, token);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { applied: unknown }).applied).toEqual({ count: due!.n, amount: due!.cents / 100 });
    await stopChildServer(restarted);

    database = await where.open();
    expect(await queryRows(database, sql`select status, kind, amount_cents::int as cents from contributions`)).toEqual([{ status: 'succeeded', kind: 'round_up', cents: due!.cents }]);
    expect(await queryRows(database, sql`select status from roundup_batches`)).toEqual([{ status: 'applied' }]);
    expect(await invariant(database)).toEqual([{ ledger: due!.cents, batches: due!.cents, taken: due!.cents }]);
    expect(await queryRows(database, sql`select count(*)::int as n from sandbox_payments`)).toEqual([{ n: 1 }]);
    await database.close();
  });
});
