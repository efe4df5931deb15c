import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { dayjs } from '../../domain/dates.ts';
import { euroToCents } from '../../domain/money.ts';
import { STALE_DATA_DAYS, addDays, weekStart } from '../../domain/roundups.ts';
import type { RoundupSettings, RoundupSettingsRequest } from '../../domain/schemas/roundups.ts';
import type { Db } from '../db/index.ts';
import { bankAccounts, bankTransactions, contributions, roundupBatches, roundupSettings, users } from '../db/schema.ts';
import type { BankAccountService } from './bankAccounts.ts';
import type { Clock } from './clock.ts';
import type { Logger } from './logger.ts';
import type { MoneyMovementService, MoneyRefusal } from './moneyMovement.ts';
import { type ContributionRow, PAYMENT_LEASE_MS, type PaymentOutcome, type PensionLedgerService } from './pensionLedger.ts';
import { irishToday } from './users.ts';

export type RoundupBatchRow = typeof roundupBatches.$inferSelect;

/** How long a duplicate request waits for the first one's answer before answering "in progress". */
const DUPLICATE_WAIT_MS = 10_000;
const DUPLICATE_POLL_MS = 25;
const DAY_MS = 86_400_000;

/** What POST /roundups/apply comes to. */
export type ApplyOutcome =
  /** No pension plan ID on the profile: nothing is taken (checked first). */
  | { kind: 'planRequired' }
  /** Round-ups are pending but no euro account is chosen to collect from. */
  | { kind: 'noFundingAccount' }
  /** Collecting would take the funding account below the user's minimum balance, or its balance could not be read. */
  | { kind: 'balanceFloor'; known: boolean }
  /** Another request with this key is still paying. */
  | { kind: 'inProgress' }
  /** Paying it would pass the user's daily or tax-year money limit: nothing is taken, the round-ups stay pending. */
  | { kind: 'refused'; refusal: MoneyRefusal }
  /** Nothing was pending (or the weekly cap is used up): an empty batch, nothing paid. */
  | { kind: 'empty'; batch: RoundupBatchRow; replayed: boolean }
  /** Paid, or declined by the payment provider (the round-ups are pending again). */
  | { kind: 'applied' | 'declined'; batch: RoundupBatchRow; contribution: ContributionRow; replayed: boolean };

/** What one housekeeping run of {@link RoundupService.recoverStale} did. */
export interface BatchRecoveryReport {
  applied: number;
  declined: number;
  /** Still processing (the provider's answer is not known yet): the next run tries again. */
  waiting: number;
  /** Over a money limit now: removed, its round-ups pending again. */
  refused: number;
}

/** Ends the batch's transaction without a batch (rolled back): nothing is taken, the key stays free. */
class Refused extends Error {
  constructor(readonly outcome: Extract<ApplyOutcome, { kind: 'balanceFloor' | 'noFundingAccount' }>) {
    super(outcome.kind);
  }
}

/**
 * Round-ups into the pension, exactly once, through the pension ledger's payment protocol (this
 * service never writes `contributions`):
 *
 * 1. One transaction locks the user's row, inserts the batch for the request's Idempotency-Key
 *    (a key seen before replays its batch instead) and moves the pending round-ups of accounts
 *    with round-ups on into it (oldest first, within the weekly cap).
 * 2. `pensionLedger.pay(user, 'roundups-<batch id>', { kind: 'round_up', sourceId:
 *    'bank-account:<funding account>', … })`: the ledger pays once per key.
 * 3. The batch follows its contribution: succeeded → `applied`; declined → `declined`, its
 *    round-ups released (pending again).
 *
 * A crash after 1 leaves the batch `processing`; once its lock is older than the payment lease,
 * housekeeping ({@link recoverStale}) drives it again with the same ledger key, and a retry of the
 * request takes it over the same way, so the ledger pays it at most once. Invariant: the succeeded
 * round-up contributions of a user add up to the round-ups of their applied batches, and a
 * round-up is in at most one batch.
 */
export function createRoundupService(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  ledger: PensionLedgerService;
  bankAccounts: BankAccountService;
  /** The daily and tax-year money limits, judged in the ledger's own transaction as for every payment. */
  moneyMovement: Pick<MoneyMovementService, 'admit'>;
  /** The payment lease (PAYMENT_LEASE_SECONDS); PAYMENT_LEASE_MS when absent. */
  leaseMs?: number | undefined;
  /** How long a duplicate waits for the first request's answer; DUPLICATE_WAIT_MS unless set (tests). */
  duplicateWaitMs?: number | undefined;
  /** Runs after a batch has taken its round-ups and before it is paid: the crash test's fault (FAULT_INJECTION=kill-after-claim). */
  afterClaim?: ((batchId: string) => void) | undefined;
}) {
  const { db, clock, log, ledger, bankAccounts: accounts } = deps;
  const leaseMs = deps.leaseMs ?? PAYMENT_LEASE_MS;

  const settingsOf = async (userId: string, tx: Db = db) => (await tx.select().from(roundupSettings).where(eq(roundupSettings.userId, userId)))[0];

  /** Cents collected, or being collected, in the Irish week of `now` (Monday to Sunday). */
  const collectedThisWeek = async (userId: string, tx: Db = db): Promise<number> => {
    const monday = weekStart(irishToday(clock.now()));
    // The week starts at Irish midnight; a day's margin either side is settled by the date of each batch.
    const rows = await tx
      .select({ amount: roundupBatches.amountCents, createdAt: roundupBatches.createdAt })
      .from(roundupBatches)
      .where(
        and(
          eq(roundupBatches.userId, userId),
          inArray(roundupBatches.status, ['processing', 'applied']),
          gte(roundupBatches.createdAt, new Date(Date.parse(`${monday}T00:00:00Z`) - DAY_MS)),
        ),
      );
    return rows.filter((row) => irishToday(row.createdAt) >= monday).reduce((sum, row) => sum + row.amount, 0);
  };

  /**
   * The round-ups waiting to be collected (booked, unpaid, not declined, on accounts with
   * round-ups on), oldest first, with the running total that the weekly cap is judged on: the
   * longest run from the oldest that stays within `remaining` (all of them when null), as
   * takeWithinCap decides it.
   */
  const waiting = (userId: string, remaining: number | null) => sql`
    select id, roundup_cents from (
      select t.id, t.roundup_cents, sum(t.roundup_cents) over (order by t.booking_date, t.occurred_at, t.id) as running
      from bank_transactions t join bank_accounts a on a.id = t.account_id
      where t.user_id = ${userId} and t.batch_id is null and t.declined_at is null and t.withdrawn_at is null and t.roundup_cents > 0 and a.roundups
    ) w
    where ${remaining}::bigint is null or w.running <= ${remaining}::bigint`;

  const totals = async (tx: Db, query: ReturnType<typeof sql>) => {
    const result = (await tx.execute(query)) as { rows?: { count: number | string; cents: number | string }[] };
    const row = result.rows?.[0];
    return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
  };

  /** Moves them into the batch, in one statement (its row locks decide against a concurrent clear or read); answers what it took. */
  const take = (tx: Db, userId: string, remaining: number | null, batchId: string) =>
    totals(
      tx,
      sql`with taken as (
        update bank_transactions t set batch_id = ${batchId}
        from (${waiting(userId, remaining)}) w
        where t.id = w.id and t.batch_id is null and t.declined_at is null
        returning t.roundup_cents)
      select count(*) as count, coalesce(sum(roundup_cents), 0) as cents from taken`,
    );

  const batchByKey = async (userId: string, key: string) =>
    (await db.select().from(roundupBatches).where(and(eq(roundupBatches.userId, userId), eq(roundupBatches.idempotencyKey, key))))[0];

  const contributionById = async (id: string) => (await db.select().from(contributions).where(eq(contributions.id, id)))[0];

  /** The tax year a batch counts for: the Irish year it was made in (fixed, so every drive of it asks the ledger the same). */
  const taxYearOf = (batch: RoundupBatchRow) => Number(irishToday(batch.createdAt).slice(0, 4));

  /** Takes charge of a batch nobody holds (its lock older than the lease): one atomic update, so one process wins. */
  const claim = async (batchId: string): Promise<RoundupBatchRow | undefined> => {
    const at = clock.now();
    const [row] = await db
      .update(roundupBatches)
      .set({ lockedAt: at, updatedAt: at })
      .where(
        and(
          eq(roundupBatches.id, batchId),
          eq(roundupBatches.status, 'processing'),
          or(isNull(roundupBatches.lockedAt), lt(roundupBatches.lockedAt, new Date(at.getTime() - leaseMs))),
        ),
      )
      .returning();
    return row;
  };

  /** Steps 2 and 3 for a batch this process holds. */
  const drive = async (batch: RoundupBatchRow): Promise<ApplyOutcome> => {
    const [funding] = batch.fundingAccountId ? await db.select().from(bankAccounts).where(eq(bankAccounts.id, batch.fundingAccountId)) : [];
    const intent = { amountCents: batch.amountCents, taxYear: taxYearOf(batch) };
    let outcome: PaymentOutcome;
    try {
      outcome = await ledger.pay(
        batch.userId,
        `roundups-${batch.id}`,
        {
          ...intent,
          kind: 'round_up',
          sourceId: `bank-account:${batch.fundingAccountId ?? 'none'}`,
          sourceLabel: funding ? `Round-ups from ${funding.displayName} ${funding.ibanMasked}` : 'Round-ups',
        },
        // Judged with the ledger's own lock, like every payment; a replay of the key is not judged again.
        { admit: (tx) => deps.moneyMovement.admit(tx, batch.userId, intent) },
      );
    } catch (error) {
      // Whether it was paid is unknown: let go, so a retry or housekeeping asks the ledger again at once.
      await db.update(roundupBatches).set({ lockedAt: null }).where(and(eq(roundupBatches.id, batch.id), eq(roundupBatches.status, 'processing')));
      throw error;
    }
    if (outcome.kind === 'inProgress') return { kind: 'inProgress' };
    if (outcome.kind === 'keyReused') throw new Error('round-up batch key reused with another amount');
    if (outcome.kind === 'refused') {
      // Nothing was paid: the round-ups are pending again and the batch goes, so the key is free as after any refusal.
      await db.transaction(async (tx) => {
        await tx.update(bankTransactions).set({ batchId: null }).where(eq(bankTransactions.batchId, batch.id));
        await tx.delete(roundupBatches).where(and(eq(roundupBatches.id, batch.id), eq(roundupBatches.status, 'processing')));
      });
      log.info({ userId: batch.userId, batchId: batch.id, limit: outcome.refusal.limit }, 'roundups.batch_refused');
      return { kind: 'refused', refusal: outcome.refusal };
    }
    const contribution = outcome.row;
    const settled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(roundupBatches)
        .set({ status: outcome.kind === 'succeeded' ? 'applied' : 'declined', contributionId: contribution.id, lockedAt: null, updatedAt: clock.now() })
        .where(and(eq(roundupBatches.id, batch.id), eq(roundupBatches.status, 'processing')))
        .returning();
      // Declined: nothing was taken, so its round-ups are pending again.
      if (row && outcome.kind === 'declined') await tx.update(bankTransactions).set({ batchId: null }).where(eq(bankTransactions.batchId, batch.id));
      return row ?? (await tx.select().from(roundupBatches).where(eq(roundupBatches.id, batch.id)))[0]!;
    });
    log.info({ userId: batch.userId, batchId: batch.id, contributionId: contribution.id, status: settled.status, count: batch.count }, 'roundups.batch_settled');
    return { kind: settled.status === 'applied' ? 'applied' : 'declined', batch: settled, contribution, replayed: false };
  };

  /** A key seen before: its batch's result, or (cut short) this request takes it over, or waits for the one on it. */
  const replay = async (user: { id: string; pensionPlanId: string | null }, key: string): Promise<ApplyOutcome> => {
    const userId = user.id;
    const deadline = Date.now() + (deps.duplicateWaitMs ?? DUPLICATE_WAIT_MS);
    for (;;) {
      const batch = await batchByKey(userId, key);
      // The first request's batch was refused by a money limit and removed: this one starts afresh.
      if (!batch) return apply(user, key);
      if (batch.status === 'empty') return { kind: 'empty', batch, replayed: true };
      if (batch.status === 'applied' || batch.status === 'declined') {
        const contribution = batch.contributionId ? await contributionById(batch.contributionId) : undefined;
        if (!contribution) throw new Error('settled round-up batch without its contribution');
        return { kind: batch.status, batch, contribution, replayed: true };
      }
      const claimed = await claim(batch.id);
      if (claimed) return drive(claimed);
      if (Date.now() >= deadline) return { kind: 'inProgress' };
      await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
    }
  };

  /** The minimum-balance check: the funding account's balance read now (the user is here), else a recent one. */
  const fundingBalance = async (userId: string): Promise<number | null> => {
    const funding = await accounts.fundingAccount(userId);
    if (!funding) return null;
    const live = await accounts.readBalance(funding, funding.consent).catch(() => null);
    if (live !== null) return live;
    const fresh = funding.balanceAt && clock.now().getTime() - funding.balanceAt.getTime() <= STALE_DATA_DAYS * DAY_MS;
    return fresh ? funding.balanceCents : null;
  };

  /** POST /roundups/apply for `user` with the request's Idempotency-Key (see the service comment). */
  const apply = async (user: { id: string; pensionPlanId: string | null }, key: string): Promise<ApplyOutcome> => {
      // Any stored plan ID counts, in whatever format it was stored.
      if (!user.pensionPlanId?.trim()) return { kind: 'planRequired' };
      if (await batchByKey(user.id, key)) return replay(user, key);
      const settings = await settingsOf(user.id);
      const floor = settings?.balanceFloorCents ?? null;
      const balance = floor === null ? null : await fundingBalance(user.id);
      let batch: RoundupBatchRow | null;
      try {
        batch = await db.transaction(async (tx) => {
          // One batch at a time per user: concurrent applies queue here, and each sees what the previous one took.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
          const now = clock.now();
          const [inserted] = await tx
            .insert(roundupBatches)
            .values({ userId: user.id, idempotencyKey: key, status: 'processing', lockedAt: now, createdAt: now, updatedAt: now })
            .onConflictDoNothing({ target: [roundupBatches.userId, roundupBatches.idempotencyKey] })
            .returning();
          if (!inserted) return null;
          const cap = settings?.weeklyCapCents ?? null;
          const remaining = cap === null ? null : Math.max(0, cap - (await collectedThisWeek(user.id, tx)));
          const taken = await take(tx, user.id, remaining, inserted.id);
          if (taken.count === 0) {
            const [empty] = await tx.update(roundupBatches).set({ status: 'empty', lockedAt: null }).where(eq(roundupBatches.id, inserted.id)).returning();
            return empty!;
          }
          // Refusals throw: the transaction rolls back what was taken, and the batch with it.
          const funding = await accounts.fundingAccount(user.id, tx);
          if (!funding) throw new Refused({ kind: 'noFundingAccount' });
          if (floor !== null && (balance === null || balance - taken.cents < floor)) throw new Refused({ kind: 'balanceFloor', known: balance !== null });
          const amount = taken.cents;
          const [claimed] = await tx
            .update(roundupBatches)
            .set({ count: taken.count, amountCents: amount, fundingAccountId: funding.id })
            .where(eq(roundupBatches.id, inserted.id))
            .returning();
          return claimed!;
        });
      } catch (error) {
        if (error instanceof Refused) return error.outcome;
        throw error;
      }
      // A concurrent request inserted this key first.
      if (batch === null) return replay(user, key);
      if (batch.status === 'empty') return { kind: 'empty', batch, replayed: false };
      deps.afterClaim?.(batch.id);
      return drive(batch);
  };

  return {
    apply,

    /** POST /roundups/clear: the pending round-ups (of accounts with round-ups on) are declined; they are never collected. */
    async clear(userId: string): Promise<{ count: number; cents: number }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        return totals(
          tx,
          sql`with declined as (
            update bank_transactions t set declined_at = ${clock.now().toISOString()}::timestamptz
            from (${waiting(userId, null)}) w
            where t.id = w.id and t.batch_id is null and t.declined_at is null
            returning t.roundup_cents)
          select count(*) as count, coalesce(sum(roundup_cents), 0) as cents from declined`,
        );
      });
    },

    /** GET /roundups/settings (euro). */
    async settings(userId: string): Promise<RoundupSettings> {
      const row = await settingsOf(userId);
      const today = irishToday(clock.now());
      return {
        weekly_cap: row?.weeklyCapCents == null ? null : row.weeklyCapCents / 100,
        balance_floor: row?.balanceFloorCents == null ? null : row.balanceFloorCents / 100,
        paused_until: row?.pausedUntil && row.pausedUntil >= today ? row.pausedUntil : null,
        collected_this_week: (await collectedThisWeek(userId)) / 100,
      };
    },

    /**
     * PATCH /roundups/settings: fields left out stay. A pause starts today (or keeps its start
     * while one runs); ending it early keeps the days already paused. Round-ups not yet taken are
     * recomputed for the new pause.
     */
    async updateSettings(userId: string, request: RoundupSettingsRequest): Promise<RoundupSettings> {
      const today = irishToday(clock.now());
      const current = await settingsOf(userId);
      const running = current?.pausedFrom && current.pausedUntil && current.pausedUntil >= today ? { from: current.pausedFrom, until: current.pausedUntil } : null;
      let paused: { pausedFrom: string | null; pausedUntil: string | null } | undefined;
      if (request.paused_until !== undefined) {
        if (request.paused_until === null) {
          // Ending a pause: the days already paused stay paused (their purchases were not rounded up).
          paused = running && running.from < today ? { pausedFrom: running.from, pausedUntil: addDays(today, -1) } : { pausedFrom: null, pausedUntil: null };
        } else {
          paused = { pausedFrom: running?.from ?? today, pausedUntil: request.paused_until };
        }
      }
      const values = {
        ...(request.weekly_cap !== undefined ? { weeklyCapCents: request.weekly_cap === null ? null : euroToCents(request.weekly_cap) } : {}),
        ...(request.balance_floor !== undefined ? { balanceFloorCents: request.balance_floor === null ? null : euroToCents(request.balance_floor) } : {}),
        ...(paused ?? {}),
        updatedAt: clock.now(),
      };
      await db.insert(roundupSettings).values({ userId, ...values }).onConflictDoUpdate({ target: roundupSettings.userId, set: values });
      if (paused) await accounts.recomputeRoundups(userId);
      return this.settings(userId);
    },

    /** GET /graph: round-ups paid per month (Irish time) for the 12 months to this one, euro. */
    async graph(userId: string): Promise<{ labels: string[]; datasets: { label: string; data: number[] }[] }> {
      const thisMonth = dayjs(irishToday(clock.now()), 'YYYY-MM-DD', true).startOf('month');
      const labels = Array.from({ length: 12 }, (_, i) => thisMonth.subtract(11 - i, 'month').format('YYYY-MM'));
      const since = new Date(Date.parse(`${labels[0]}-01T00:00:00Z`) - DAY_MS);
      const cents = new Map(labels.map((label) => [label, 0]));
      for (const row of await ledger.succeededSince(userId, 'round_up', since)) {
        const month = irishToday(row.createdAt).slice(0, 7);
        if (cents.has(month)) cents.set(month, cents.get(month)! + row.amountCents);
      }
      return { labels, datasets: [{ label: 'Round-ups', data: labels.map((label) => cents.get(label)! / 100) }] };
    },

    /** Housekeeping: batches left processing past the lease (a crash, an outage) are driven again with the same ledger key. */
    async recoverStale(limit = 100): Promise<BatchRecoveryReport> {
      const at = clock.now();
      const stale = await db
        .select({ id: roundupBatches.id })
        .from(roundupBatches)
        .where(and(eq(roundupBatches.status, 'processing'), or(isNull(roundupBatches.lockedAt), lt(roundupBatches.lockedAt, new Date(at.getTime() - leaseMs)))))
        .orderBy(asc(roundupBatches.lockedAt))
        .limit(limit);
      const report: BatchRecoveryReport = { applied: 0, declined: 0, waiting: 0, refused: 0 };
      for (const { id } of stale) {
        const batch = await claim(id);
        if (!batch) continue;
        try {
          const outcome = await drive(batch);
          if (outcome.kind === 'applied') report.applied += 1;
          else if (outcome.kind === 'declined') report.declined += 1;
          else if (outcome.kind === 'refused') report.refused += 1;
          else report.waiting += 1;
        } catch (error) {
          report.waiting += 1;
          log.warn({ err: error, batchId: id }, 'roundups.recovery_failed');
        }
      }
      return report;
    },
  };
}

export type RoundupService = ReturnType<typeof createRoundupService>;
