/**
 * Round-ups into the pension over HTTP (both databases): exactly once through the pension
 * ledger (50 concurrent applies with distinct keys, then with one key; replays; a batch cut
 * short driven again by housekeeping), the plan-ID rule checked first, a declined payment leaving
 * them pending, Decline, the weekly cap, the minimum balance, the pause, and the graph. After
 * every test the ledger's invariant holds: succeeded round-up contributions = the round-ups of
 * applied batches, and a round-up is in at most one batch.
 */
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import * as m from '../../src/domain/schemas/messages.ts';
import { type Account, ApplyAnswerSchema, GraphAnswerSchema, RoundupSettingsSchema } from '../../src/domain/schemas/roundups.ts';
import { VALIDATION_MESSAGE } from '../../src/server/http/errors.ts';
import { authFor, avoidSandboxDecline, linkSandbox } from '../support/sandboxBank.ts';
import { type TestApp, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const DETAILS = { dob: '1990-05-01', maritalStatus: 'single' } as const;
const INFO = { annual_income: 60_000, paid_pension: 0, marital_status: 'single', pension_plan_id: 'IL-12345678' };
const DAY = 86_400_000;

/** A verified user with a plan ID (unless `plan` is false) and the sandbox bank's three accounts linked. */
async function setUp(t: TestApp, options: { email?: string; plan?: boolean } = {}) {
  const email = options.email ?? 'ann@example.ie';
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  await t.database.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  expect((await t.request('POST', '/pension-info', { ...INFO, pension_plan_id: options.plan === false ? null : INFO.pension_plan_id }, auth)).status).toBe(200);
  const linked = await linkSandbox(t, auth);
  expect(linked.status).toBe(200);
  await avoidSandboxDecline(t.database);
  return { auth, accounts: await accountsOf(t, auth) };
}

const apply = (t: TestApp, auth: Record<string, string>, key: string | null = 'apply-key-0001') =>
  t.request('POST', '/roundups/apply', undefined, key === null ? auth : { ...auth, 'idempotency-key': key });

const accountsOf = async (t: TestApp, auth: Record<string, string>) => (await t.request('GET', '/accounts', undefined, auth)).body as Account[];

/** The pending round-ups the prompt would offer (accounts with round-ups on, not applied or declined). */
const pending = (accounts: Account[]) => {
  const txs = accounts.filter((a) => a.roundups).flatMap((a) => a.transactions.filter((tx) => tx.roundupApplied === null && tx.roundup > 0));
  return { count: txs.length, cents: txs.reduce((sum, tx) => sum + tx.roundup, 0) };
};

/** Succeeded round-up contributions = round-ups of applied batches = round-ups marked applied; each round-up in one batch at most (a column). */
async function expectInvariant(t: TestApp) {
  const [row] = await queryRows<{ ledger: number; batches: number; rows: number; empty_with_rows: number; processing: number }>(
    t.database,
    sql`select
      (select coalesce(sum(amount_cents), 0)::int from contributions where kind = 'round_up' and status = 'succeeded') as ledger,
      (select coalesce(sum(amount_cents), 0)::int from roundup_batches where status = 'applied') as batches,
      (select coalesce(sum(t.roundup_cents), 0)::int from bank_transactions t join roundup_batches b on b.id = t.batch_id where b.status = 'applied') as rows,
      (select count(*)::int from bank_transactions t join roundup_batches b on b.id = t.batch_id where b.status <> 'applied') as empty_with_rows,
      (select count(*)::int from roundup_batches where status = 'processing') as processing`,
  );
  expect(row).toEqual({ ledger: row!.batches, batches: row!.rows, rows: row!.rows, empty_with_rows: 0, processing: 0 });
}

describe(`POST /roundups/apply (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { paymentLeaseMs: 60_000 } });
  afterEach(async () => expectInvariant(t));

  it('without a plan ID (checked first): 409 pension_plan_required with the alert’s text, nothing taken; any stored ID counts', async () => {
    const { auth, accounts } = await setUp(t, { plan: false });
    const before = pending(accounts);
    const refused = await apply(t, auth);
    expect(refused).toMatchObject({ status: 409, body: { code: 'pension_plan_required', message: m.PENSION_PLAN_REQUIRED_TEXT } });
    expect(pending(await accountsOf(t, auth))).toEqual(before);
    expect(await queryRows(t.database, sql`select count(*)::int as n from roundup_batches`)).toEqual([{ n: 0 }]);
    // A plan ID stored in an older format still counts.
    await t.database.db.execute(sql`update users set pension_plan_id = 'PLAN-0042'`);
    expect((await apply(t, auth)).status).toBe(201);
  });

  it('pays the pending round-ups once into the ledger: 201 with the count, the contribution, the user and the relief; a replay answers the same', async () => {
    const { auth, accounts } = await setUp(t);
    const before = pending(accounts);
    expect(before.cents).toBeGreaterThan(0);
    const paid = await apply(t, auth);
    expect(paid.status).toBe(201);
    const answer = v.parse(ApplyAnswerSchema, paid.body);
    expect(answer.applied).toEqual({ count: before.count, amount: before.cents / 100 });
    expect(answer.contribution).toMatchObject({ amount: before.cents / 100, kind: 'round_up', status: 'succeeded', tax_year: 2026 });
    expect(answer.contribution!.source).toMatch(/^Round-ups from Sandbox Bank IE\d{2} •••• \d{4}$/);
    expect(answer.user.pension).toBe(before.cents / 100);
    // Income above the €44,000 band: 40% relief.
    expect(answer.relief).toBe(Math.round(before.cents * 0.4) / 100);
    const after = await accountsOf(t, auth);
    expect(pending(after)).toEqual({ count: 0, cents: 0 });
    expect(after.every((a) => a.balance === 0)).toBe(true);
    expect(after.flatMap((a) => a.transactions).filter((tx) => tx.roundupApplied === true)).toHaveLength(before.count);

    const replay = await apply(t, auth);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.contribution).toEqual(paid.body.contribution);
    expect(replay.body.relief).toBeUndefined();
    // Another key: nothing is pending any more.
    const nothing = await apply(t, auth, 'apply-key-0002');
    expect(nothing).toMatchObject({ status: 200, body: { applied: { count: 0, amount: 0 }, contribution: null } });
    expect(await queryRows(t.database, sql`select count(*)::int as n from contributions`)).toEqual([{ n: 1 }]);

    const graph = await t.request('GET', '/graph', undefined, auth);
    expect(v.parse(GraphAnswerSchema, graph.body)).toEqual(graph.body);
    expect(graph.body.labels).toEqual(['2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01']);
    expect(graph.body.datasets).toEqual([{ label: 'Round-ups', data: [...Array(11).fill(0), before.cents / 100] }]);
  });

  it('needs an Idempotency-Key, a verified address and a session; refuses a body with fields', async () => {
    const { auth } = await setUp(t);
    expect(await apply(t, auth, null)).toMatchObject({ status: 422, body: { errors: { 'Idempotency-Key': [m.IDEMPOTENCY_KEY_INVALID] } } });
    expect(await t.request('POST', '/roundups/apply', { amount: 5 }, { ...auth, 'idempotency-key': 'apply-key-0003' })).toMatchObject({
      status: 422,
      body: { message: VALIDATION_MESSAGE, errors: { amount: [m.UNKNOWN_FIELD] } },
    });
    expect((await t.request('POST', '/roundups/apply', {}, { ...auth, 'idempotency-key': 'apply-key-0004' })).status).toBe(201);
    await t.database.db.execute(sql`update users set email_verified_at = null`);
    expect(await apply(t, auth, 'apply-key-0005')).toMatchObject({ status: 403, body: { code: 'email_unverified' } });
    expect((await t.request('POST', '/roundups/apply', undefined, { 'idempotency-key': 'apply-key-0006' })).status).toBe(401);
  });

  it('a declined payment (the sandbox declines .13) is a 402: nothing taken, the round-ups stay pending; Decline then clears them', async () => {
    const { auth, accounts } = await setUp(t);
    // Make the pending total end in .13 (the sandbox provider declines those).
    const total = pending(accounts).cents;
    const first = accounts[0]!.transactions.find((tx) => tx.roundup > 0 && tx.roundupApplied === null)!;
    const adjust = (((13 - (total % 100)) % 100) + 100) % 100;
    const moved = (first.roundup + adjust) % 100 || 100;
    await t.database.db.execute(sql`update bank_transactions set roundup_cents = ${moved === 100 ? first.roundup : moved} where id = ${first.id}`);
    const before = pending(await accountsOf(t, auth));
    if (before.cents % 100 !== 13) return expect.fail(`could not make a .13 total from ${before.cents}`);
    const declined = await apply(t, auth);
    expect(declined).toMatchObject({ status: 402, body: { message: m.ROUNDUPS_DECLINED } });
    expect(pending(await accountsOf(t, auth))).toEqual(before);
    expect((await apply(t, auth)).headers['idempotent-replayed']).toBe('true');
    expect(await queryRows(t.database, sql`select status, count from roundup_batches`)).toEqual([{ status: 'declined', count: before.count }]);

    const cleared = await t.request('POST', '/roundups/clear', undefined, auth);
    expect(cleared).toMatchObject({ status: 200, body: { declined: { count: before.count, amount: before.cents / 100 } } });
    const after = await accountsOf(t, auth);
    expect(pending(after)).toEqual({ count: 0, cents: 0 });
    expect(after.flatMap((a) => a.transactions).filter((tx) => tx.roundupApplied === false)).toHaveLength(before.count);
    expect((await apply(t, auth, 'apply-key-0007')).body.applied).toEqual({ count: 0, amount: 0 });
    expect(await t.request('POST', '/roundups/clear', { all: true }, auth)).toMatchObject({ status: 422, body: { errors: { all: [m.UNKNOWN_FIELD] } } });
  });

  it('50 concurrent applies with distinct keys pay once; then 50 with one key all answer that one payment', async () => {
    const { auth, accounts } = await setUp(t);
    const before = pending(accounts);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => apply(t, auth, `concurrent-${String(i).padStart(4, '0')}`)));
    const paid = answers.filter((a) => a.status === 201);
    expect(paid).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200 && a.body.applied.count === 0)).toHaveLength(49);
    expect(paid[0]!.body.applied).toEqual({ count: before.count, amount: before.cents / 100 });

    // New purchases booked two days later, then 50 requests with one key.
    t.clock.advance(2 * DAY + 2 * 3_600_000);
    const later = await authFor(t, 'ann@example.ie');
    await t.services.bankAccounts.sync(accounts[0]!.id, 'attended');
    await avoidSandboxDecline(t.database);
    const next = pending(await accountsOf(t, later));
    expect(next.cents).toBeGreaterThan(0);
    const same = await Promise.all(Array.from({ length: 50 }, () => apply(t, later, 'one-key-for-fifty')));
    expect(new Set(same.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(same.map((a) => a.body.contribution.id)).size).toBe(1);
    expect(same.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(same[0]!.body.applied).toEqual({ count: next.count, amount: next.cents / 100 });
    const [ledger] = await queryRows<{ n: number; cents: number }>(t.database, sql`select count(*)::int as n, sum(amount_cents)::int as cents from contributions where kind = 'round_up'`);
    expect(ledger).toEqual({ n: 2, cents: before.cents + next.cents });
    expect((await apply(t, later, 'one-key-for-fifty')).headers['idempotent-replayed']).toBe('true');
  });

  it('a batch cut short after taking its round-ups is paid once by housekeeping past the lease; the retry replays it', async () => {
    const { auth, accounts } = await setUp(t);
    const before = pending(accounts);
    // The fault: the process dies between taking the round-ups and asking the ledger.
    const crashing = (await import('../../src/server/services/roundups.ts')).createRoundupService({
      db: t.database.db,
      clock: t.clock,
      log: t.log,
      ledger: t.services.pensionLedger,
      bankAccounts: t.services.bankAccounts,
      moneyMovement: t.services.moneyMovement,
      leaseMs: 60_000,
      afterClaim: () => {
        throw new Error('killed after claim');
      },
    });
    const user = (await t.services.users.findByEmail('ann@example.ie'))!;
    await expect(crashing.apply(user, 'crash-key-0001')).rejects.toThrow('killed after claim');
    expect(await queryRows(t.database, sql`select status, count, amount_cents::int as cents from roundup_batches`)).toEqual([{ status: 'processing', count: before.count, cents: before.cents }]);
    // Still shown as not applied (roundupApplied null) while being paid, but no other batch can take them.
    expect(pending(await accountsOf(t, auth))).toEqual(before);
    expect((await apply(t, auth, 'other-key-0001')).body.applied).toEqual({ count: 0, amount: 0 });
    // Within the lease nobody takes it over: a retry answers "in progress" (after waiting), housekeeping leaves it.
    expect(await t.services.roundups.recoverStale()).toEqual({ applied: 0, declined: 0, waiting: 0, refused: 0 });
    t.clock.advance(61_000);
    await t.services.housekeeping();
    expect(await queryRows(t.database, sql`select status from roundup_batches where idempotency_key = 'crash-key-0001'`)).toEqual([{ status: 'applied' }]);
    const retry = await apply(t, await authFor(t, 'ann@example.ie'), 'crash-key-0001');
    expect(retry).toMatchObject({ status: 201, headers: { 'idempotent-replayed': 'true' }, body: { applied: { count: before.count, amount: before.cents / 100 } } });
    expect(await queryRows(t.database, sql`select count(*)::int as n, sum(amount_cents)::int as cents from contributions`)).toEqual([{ n: 1, cents: before.cents }]);
  });
});

describe(`limits the user sets (${testDatabaseKind()})`, () => {
  const t = useTestApp();
  afterEach(async () => expectInvariant(t));

  it('GET/PATCH /roundups/settings: all off by default; 422 for out-of-range values and unknown fields', async () => {
    const { auth } = await setUp(t);
    const res = await t.request('GET', '/roundups/settings', undefined, auth);
    expect(v.parse(RoundupSettingsSchema, res.body)).toEqual({ weekly_cap: null, balance_floor: null, paused_until: null, collected_this_week: 0 });
    for (const [body, errors] of [
      [{ weekly_cap: 0 }, { weekly_cap: [m.ROUNDUP_CAP_RANGE] }],
      [{ weekly_cap: 1001 }, { weekly_cap: [m.ROUNDUP_CAP_RANGE] }],
      [{ weekly_cap: 5.555 }, { weekly_cap: [m.CENTS_ONLY] }],
      [{ balance_floor: -1 }, { balance_floor: [m.BALANCE_FLOOR_RANGE] }],
      [{ paused_until: '2026-04-16' }, { paused_until: [m.PAUSE_RANGE] }],
      [{ paused_until: '2026-01-14' }, { paused_until: [m.PAUSE_RANGE] }],
      [{ paused_until: 'soon' }, { paused_until: [m.PAUSE_RANGE] }],
      [{ multiplier: 2 }, { multiplier: [m.UNKNOWN_FIELD] }],
    ] as const) {
      expect(await t.request('PATCH', '/roundups/settings', body, auth)).toMatchObject({ status: 422, body: { errors } });
    }
    const saved = await t.request('PATCH', '/roundups/settings', { weekly_cap: 10, balance_floor: 250.5, paused_until: '2026-04-15' }, auth);
    expect(saved.body).toEqual({ weekly_cap: 10, balance_floor: 250.5, paused_until: '2026-04-15', collected_this_week: 0 });
    const cleared = await t.request('PATCH', '/roundups/settings', { weekly_cap: null }, auth);
    expect(cleared.body).toMatchObject({ weekly_cap: null, balance_floor: 250.5 });
  });

  it('a weekly cap takes the oldest round-ups up to it; the rest waits for next week', async () => {
    const { auth } = await setUp(t);
    expect((await t.request('PATCH', '/roundups/settings', { weekly_cap: 1 }, auth)).status).toBe(200);
    await avoidSandboxDecline(t.database, 100);
    const before = pending(await accountsOf(t, auth));
    const capped = await apply(t, auth);
    expect(capped.status).toBe(201);
    expect(capped.body.applied.amount).toBeLessThanOrEqual(1);
    expect(capped.body.applied.count).toBeGreaterThan(0);
    const waiting = pending(await accountsOf(t, auth));
    expect(waiting.cents).toBe(before.cents - Math.round(capped.body.applied.amount * 100));
    expect((await t.request('GET', '/roundups/settings', undefined, auth)).body.collected_this_week).toBe(capped.body.applied.amount);
    // The same week: the cap is used up (or what is left of it fits no round-up).
    const again = await apply(t, auth, 'apply-key-0002');
    expect(again.body.applied.amount + capped.body.applied.amount).toBeLessThanOrEqual(1);
    // Monday 19 January: a new week.
    t.clock.set('2026-01-19T09:00:00Z');
    const later = await authFor(t, 'ann@example.ie');
    expect((await t.request('GET', '/roundups/settings', undefined, later)).body.collected_this_week).toBe(0);
    await avoidSandboxDecline(t.database, 100);
    expect((await apply(t, later, 'apply-key-0003')).body.applied.count).toBeGreaterThan(0);
  });

  it('a minimum balance above what the account holds refuses with 409 balance_floor; nothing is taken and the key can be used again', async () => {
    const { auth, accounts } = await setUp(t);
    const before = pending(accounts);
    expect((await t.request('PATCH', '/roundups/settings', { balance_floor: 100_000 }, auth)).status).toBe(200);
    expect(await apply(t, auth)).toMatchObject({ status: 409, body: { code: 'balance_floor', message: m.BALANCE_FLOOR_REACHED } });
    expect(pending(await accountsOf(t, auth))).toEqual(before);
    expect(await queryRows(t.database, sql`select count(*)::int as n from roundup_batches`)).toEqual([{ n: 0 }]);
    expect((await t.request('PATCH', '/roundups/settings', { balance_floor: 10 }, auth)).status).toBe(200);
    expect((await apply(t, auth)).status).toBe(201);
  });

  it('a pause: purchases booked in it do not round up (reason "paused"); ending it keeps the days already paused', async () => {
    const { auth } = await setUp(t);
    expect((await t.request('PATCH', '/roundups/settings', { paused_until: '2026-02-10' }, auth)).status).toBe(200);
    const today = (await accountsOf(t, auth))[0]!.transactions.filter((tx) => tx.status === 'booked' && tx.booking_date === '2026-01-15' && tx.amount < 0 && tx.currency === 'EUR');
    // Card purchases booked today are paused (transfers keep their own reason).
    expect(today.filter((tx) => tx.roundup_reason === 'paused').length + today.filter((tx) => tx.roundup_reason !== null && tx.roundup_reason !== 'paused').length).toBe(today.length);
    expect(today.every((tx) => tx.roundup === 0)).toBe(true);
    t.clock.set('2026-01-17T10:00:00Z');
    const later = await authFor(t, 'ann@example.ie');
    await t.services.bankAccounts.sync((await accountsOf(t, later))[0]!.id, 'attended');
    expect((await t.request('PATCH', '/roundups/settings', { paused_until: null }, later)).body.paused_until).toBeNull();
    const [range] = await queryRows<{ paused_from: string; paused_until: string }>(t.database, sql`select paused_from::text, paused_until::text from roundup_settings`);
    expect(range).toEqual({ paused_from: '2026-01-15', paused_until: '2026-01-16' });
    const accounts = await accountsOf(t, later);
    for (const tx of accounts[0]!.transactions.filter((tx) => tx.status === 'booked' && tx.roundup_reason === 'paused')) {
      expect(tx.booking_date! >= '2026-01-15' && tx.booking_date! <= '2026-01-16').toBe(true);
    }
  });
});

describe(`the money limits apply to round-ups (${testDatabaseKind()})`, () => {
  // A daily ceiling of €1: below what the sandbox's 90 days of purchases round up to.
  const t = useTestApp({ deps: { moneyLimits: { dailyCents: 100 } } });
  afterEach(async () => expectInvariant(t));

  it('over the daily ceiling: 422 on amount, nothing taken or paid, the round-ups still pending and the key free', async () => {
    const { auth, accounts } = await setUp(t);
    const before = pending(accounts);
    expect(before.cents).toBeGreaterThan(100);
    const refused = await apply(t, auth);
    expect(refused.status).toBe(422);
    // The limit is a rule (whole euro); what is left is the user's money, with its cents.
    expect(refused.body.errors.amount[0]).toBe('This would take your payments in the last 24 hours over the limit of €1. You can still pay €1.00 today.');
    expect(pending(await accountsOf(t, auth))).toEqual(before);
    expect(await queryRows(t.database, sql`select (select count(*)::int from roundup_batches) as batches, (select count(*)::int from contributions) as paid`)).toEqual([{ batches: 0, paid: 0 }]);
    // The same key again is judged again (nothing was recorded under it).
    expect((await apply(t, auth)).status).toBe(422);
  });
});
