/**
 * A crash after the payment provider charged and before our commit (security checklist H4): the
 * real server in a child process, with the fault FAULT_INJECTION=kill-after-collect, is killed
 * with SIGKILL between the provider's answer and the recording of it. The attempt was committed
 * as pending before the provider was asked, and the sandbox provider kept its own record, so
 * after a restart the housekeeping reaper asks the provider and books exactly one contribution;
 * a retry with the same Idempotency-Key then replays it instead of paying again. Runs on the
 * database of the project (PGlite in a DATA_DIR, or a PostgreSQL database).
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, crashSecrets, crashTarget, seedingApp, startChildServer, stopChildServer, untilLogged } from '../support/crashServer.ts';
import { markEmailVerified, queryRows, testDatabaseKind } from '../support/testDatabase.ts';

const SECRETS = crashSecrets();
const EMAIL = 'crash@example.ie';
const KEY = 'crash-key-000001';
const ORDER = { amount: 123, tax_year: new Date().getUTCFullYear(), source: 'sandbox-debit-card' };

const contribute = (server: ChildServer, token: string) =>
  fetch(`${server.url}/contribute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': KEY },
    body: JSON.stringify(ORDER),
  });

describe(`a crash between the provider's charge and our commit (${testDatabaseKind()})`, () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('kill -9 after the provider charged: after restart the reaper books exactly one contribution, and a retry replays it', { timeout: 240_000 }, async () => {
    const where = await crashTarget('crash');
    cleanUps.push(where.cleanUp);

    // A verified user and an access token the servers accept (same JWT_SECRET, the real clock).
    let database = await where.open();
    const seed = await seedingApp(database, SECRETS);
    const registered = await seed.request('POST', '/auth/register', { email: EMAIL, details: { dob: '1985-04-02', maritalStatus: 'single' } });
    expect(registered.status).toBe(201);
    const token = registered.body.access_token as string;
    await markEmailVerified(database, EMAIL);
    await seed.close();
    await database.close();

    // 1. The server dies (SIGKILL) after the sandbox provider collected, before the ledger recorded it.
    const crashing = await startChildServer(SECRETS, { ...where.env, FAULT_INJECTION: 'kill-after-collect', PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopChildServer(crashing));
    await expect(contribute(crashing, token)).rejects.toThrow();
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // What the crash left: our attempt pending, the provider's record of the charge.
    database = await where.open();
    expect(await queryRows(database, sql`select status, amount_cents::int as cents from contributions`)).toEqual([{ status: 'pending', cents: 12_300 }]);
    expect(await queryRows(database, sql`select outcome, amount_cents::int as cents from sandbox_payments`)).toEqual([{ outcome: 'succeeded', cents: 12_300 }]);
    await database.close();

    // 2. Restarted without the fault: housekeeping (5 s after start) finds the attempt past its lease and asks the provider.
    const restarted = await startChildServer(SECRETS, { ...where.env, PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopChildServer(restarted));
    const deadline = Date.now() + 60_000;
    let listed: { status: string; amount: number }[] = [];
    while (Date.now() < deadline) {
      const res = await fetch(`${restarted.url}/contributions`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      listed = ((await res.json()) as { contributions: { status: string; amount: number }[] }).contributions;
      // Listed as pending until the recovery has asked the provider.
      if (listed.some((contribution) => contribution.status !== 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(listed).toEqual([expect.objectContaining({ status: 'succeeded', amount: 123 })]);
    // The log line follows the commit that the list above already saw: wait for it to arrive.
    await untilLogged(restarted, 'housekeeping.payments_recovered');
    expect(restarted.output()).toContain('housekeeping.payments_recovered');

    // 3. The client's retry with the same key gets the booked payment, and nothing is paid again.
    const retry = await contribute(restarted, token);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    await stopChildServer(restarted);

    database = await where.open();
    expect(await queryRows(database, sql`select status, amount_cents::int as cents, provider_reference is not null as referenced from contributions`)).toEqual([
      { status: 'succeeded', cents: 12_300, referenced: true },
    ]);
    expect(await queryRows(database, sql`select count(*)::int as n from sandbox_payments`)).toEqual([{ n: 1 }]);
    await database.close();
  });
});
