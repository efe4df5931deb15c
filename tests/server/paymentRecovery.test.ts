/**
 * Payment attempts are durable (both databases): an attempt is committed as pending before the
 * provider is asked; housekeeping settles attempts cut short once their lock is older than the
 * lease, by asking the provider (the sandbox keeps its records in the database): collected →
 * booked, never received → failed, in flight → left alone; a retry of a cut-short or failed
 * attempt collects with the same reference, so nothing is paid twice or lost.
 * The crash itself, with a real server killed by SIGKILL: paymentCrash.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contributions } from '../../src/server/db/schema.ts';
import { createServices } from '../../src/server/services/index.ts';
import type { PaymentProvider } from '../../src/server/services/paymentProvider.ts';
import { type PaymentOrder, createPensionLedgerService } from '../../src/server/services/pensionLedger.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { type TestApp, markEmailVerified, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const LEASE_MS = 60_000;
const ORDER: PaymentOrder = { amountCents: 5000, taxYear: 2026, kind: 'one_off', sourceId: 'sandbox-debit-card', sourceLabel: 'Sandbox debit card' };

async function userId(t: TestApp) {
  const res = await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } });
  expect(res.status).toBe(201);
  return (await t.services.users.findByEmail('ann@example.ie'))!.id;
}

/** An attempt as a crash leaves it: committed pending, locked at `lockedAt`. */
async function cutShort(t: TestApp, user: string, key: string, lockedAt: Date | null) {
  await t.database.db.insert(contributions).values({
    userId: user,
    amountCents: ORDER.amountCents,
    taxYear: ORDER.taxYear,
    kind: ORDER.kind,
    sourceLabel: ORDER.sourceLabel,
    status: 'pending',
    lockedAt,
    idempotencyKey: key,
    requestHash: 'x',
    createdAt: t.clock.now(),
  });
}

const rows = (t: TestApp) =>
  queryRows<{ idempotency_key: string; status: string; referenced: boolean }>(
    t.database,
    sql`select idempotency_key, status, provider_reference is not null as referenced from contributions order by idempotency_key`,
  );
const sandboxCount = async (t: TestApp) => (await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from sandbox_payments`))[0]!.n;

describe(`payment recovery (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { paymentLeaseMs: LEASE_MS } });

  it('the reaper books what the provider collected, fails what it never received, and leaves attempts in flight alone', async () => {
    const user = await userId(t);
    const past = new Date(t.clock.now().getTime() - LEASE_MS - 1000);
    await cutShort(t, user, 'collected-key', past);
    await cutShort(t, user, 'never-sent-key', past);
    await cutShort(t, user, 'in-flight-key', new Date(t.clock.now().getTime() - 1000));
    // The provider got the first one before the crash.
    await t.services.payments.collect({ reference: `${user}/collected-key`, userId: user, amountCents: ORDER.amountCents, source: ORDER.sourceId });

    expect(await t.services.pensionLedger.recoverStale()).toEqual({ booked: 1, declined: 0, failed: 1 });
    expect(await rows(t)).toEqual([
      { idempotency_key: 'collected-key', status: 'succeeded', referenced: true },
      { idempotency_key: 'in-flight-key', status: 'pending', referenced: false },
      { idempotency_key: 'never-sent-key', status: 'failed', referenced: false },
    ]);
    expect(await t.services.pensionLedger.contributedCents(user, 2026)).toBe(5000);
    // Run again (or in another process): nothing more happens.
    expect(await t.services.pensionLedger.recoverStale()).toEqual({ booked: 0, declined: 0, failed: 0 });
    const other = createServices({ ...t.deps });
    expect(await other.pensionLedger.recoverStale()).toEqual({ booked: 0, declined: 0, failed: 0 });
    expect(await sandboxCount(t)).toBe(1);
  });

  it('attempts cut short come before failed ones asked about again: a backlog of re-checks never holds back a collected payment', async () => {
    const user = await userId(t);
    const older = new Date(t.clock.now().getTime() - 2 * LEASE_MS - 1000);
    // Three failed attempts due for their re-check, with older locks than the cut-short one.
    for (const key of ['failed-a', 'failed-b', 'failed-c']) {
      await cutShort(t, user, key, older);
      await t.database.db.execute(sql`update contributions set status = 'failed' where idempotency_key = ${key}`);
    }
    await cutShort(t, user, 'collected-key', new Date(t.clock.now().getTime() - LEASE_MS - 1000));
    await t.services.payments.collect({ reference: `${user}/collected-key`, userId: user, amountCents: ORDER.amountCents, source: ORDER.sourceId });
    // Room for one row per run: the collected payment is booked first.
    expect(await t.services.pensionLedger.recoverStale(1)).toEqual({ booked: 1, declined: 0, failed: 0 });
    expect(await t.services.pensionLedger.contributedCents(user, 2026)).toBe(5000);
  });

  it('a failed attempt whose collection reached the provider after all is booked when asked again', async () => {
    const user = await userId(t);
    await cutShort(t, user, 'late-key', new Date(t.clock.now().getTime() - LEASE_MS - 1000));
    expect((await t.services.pensionLedger.recoverStale()).failed).toBe(1);
    // A stalled process's call arrives at the provider later.
    await t.services.payments.collect({ reference: `${user}/late-key`, userId: user, amountCents: ORDER.amountCents, source: ORDER.sourceId });
    expect(await t.services.pensionLedger.recoverStale()).toEqual({ booked: 0, declined: 0, failed: 0 });
    t.clock.advance(LEASE_MS + 1000);
    expect(await t.services.pensionLedger.recoverStale()).toEqual({ booked: 1, declined: 0, failed: 0 });
    expect((await rows(t))[0]).toMatchObject({ status: 'succeeded', referenced: true });
  });

  it('a retry of a cut-short or failed attempt collects with the same reference: paid once', async () => {
    const user = await userId(t);
    const first = await t.services.pensionLedger.pay(user, 'retry-key-1', ORDER);
    expect(first.kind).toBe('succeeded');
    // Our record lost (as if the crash came before the commit), the provider's kept.
    await t.database.db.execute(sql`update contributions set status = 'pending', provider_reference = null, locked_at = null`);
    const again = await t.services.pensionLedger.pay(user, 'retry-key-1', ORDER);
    expect(again).toMatchObject({ kind: 'succeeded', replayed: false });
    // Failed (the provider never had it): the retry collects now.
    await t.database.db.execute(sql`update contributions set status = 'failed', provider_reference = null`);
    await t.database.db.execute(sql`delete from sandbox_payments`);
    expect((await t.services.pensionLedger.pay(user, 'retry-key-1', ORDER)).kind).toBe('succeeded');
    expect(await t.services.pensionLedger.pay(user, 'retry-key-1', ORDER)).toMatchObject({ kind: 'succeeded', replayed: true });
    expect(await rows(t)).toEqual([{ idempotency_key: 'retry-key-1', status: 'succeeded', referenced: true }]);
    expect(await sandboxCount(t)).toBe(1);
  });

  it('a duplicate while the first request waits for the provider: waits, then answers in progress (409) and pays nothing', async () => {
    const user = await userId(t);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const inCollect = new Promise<void>((resolve) => (entered = resolve));
    const sandbox = t.services.payments;
    const slow: PaymentProvider = {
      name: 'slow',
      sources: (id) => sandbox.sources(id),
      collect: async (request) => {
        entered();
        await held;
        return sandbox.collect(request);
      },
      lookup: (reference) => sandbox.lookup(reference),
    };
    const ledger = createPensionLedgerService({ db: t.database.db, payments: slow, now: () => t.clock.now(), leaseMs: LEASE_MS, duplicateWaitMs: 200 });
    const first = ledger.pay(user, 'slow-key-1', ORDER);
    // The duplicate is sent once the first holds the attempt; sent earlier, on a pool either could win the
    // insert, and a duplicate that won would wait on the provider forever.
    await inCollect;
    expect(await ledger.pay(user, 'slow-key-1', ORDER)).toEqual({ kind: 'inProgress' });
    // Nor does the reaper touch it while its lock is fresh.
    expect(await ledger.recoverStale()).toEqual({ booked: 0, declined: 0, failed: 0 });
    release();
    expect((await first).kind).toBe('succeeded');
    expect(await ledger.pay(user, 'slow-key-1', ORDER)).toMatchObject({ kind: 'succeeded', replayed: true });
    expect(await sandboxCount(t)).toBe(1);
  });

  it('POST /contribute answers 409 with Retry-After while the key is in flight', async () => {
    const res = await t.request('POST', '/auth/register', { email: 'bob@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } });
    await markEmailVerified(t.database, 'bob@example.ie');
    const auth = { authorization: `Bearer ${res.body.access_token as string}` };
    const user = (await t.services.users.findByEmail('bob@example.ie'))!.id;
    // Another process holds the attempt (fresh lock) with this very request.
    const body = { amount: 50, tax_year: 2026, source: 'sandbox-debit-card' };
    const first = await t.request('POST', '/contribute', body, { ...auth, 'idempotency-key': 'held-key-01' });
    expect(first.status).toBe(201);
    await t.database.db.execute(sql`update contributions set status = 'pending', locked_at = ${t.clock.now().toISOString()} where user_id = ${user}`);
    const started = Date.now();
    const dup = await t.request('POST', '/contribute', body, { ...auth, 'idempotency-key': 'held-key-01' });
    expect(dup).toMatchObject({ status: 409, body: { message: m.PAYMENT_IN_PROGRESS } });
    expect(dup.headers['retry-after']).toBe('2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(await sandboxCount(t)).toBe(1);
  }, 30_000);

  it('the sandbox collects once per reference and says later what it did', async () => {
    const provider: PaymentProvider = t.services.payments;
    const request = { reference: 'u/k-1', userId: 'u', amountCents: 1000, source: 'sandbox-debit-card' };
    expect(await provider.lookup('u/k-1')).toBeNull();
    const paid = await provider.collect(request);
    expect(await provider.collect({ ...request, amountCents: 2013 })).toEqual(paid);
    expect(await provider.lookup('u/k-1')).toEqual(paid);
    expect(await provider.collect({ ...request, reference: 'u/k-2', amountCents: 2013 })).toEqual({ ok: false, reason: 'declined' });
    expect(await provider.lookup('u/k-2')).toEqual({ ok: false, reason: 'declined' });
  });
});
