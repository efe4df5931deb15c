import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Contribution } from '../../domain/schemas/pension.ts';
import type { Db } from '../db/index.ts';
import { contributions } from '../db/schema.ts';
import { sha256Hex } from './crypto.ts';
import type { MoneyRefusal } from './moneyMovement.ts';
import type { CollectResult, PaymentProvider } from './paymentProvider.ts';
import { centsToEuro } from '../../domain/money.ts';

export type ContributionRow = typeof contributions.$inferSelect;
export type ContributionKind = ContributionRow['kind'];

/** One payment to make, in cents, already validated (amount > 0, an assignable tax year). */
export interface PaymentOrder {
  amountCents: number;
  taxYear: number;
  kind: ContributionKind;
  /** The provider's id of the account or card (or `mandate:<id>` for a direct debit). */
  sourceId: string;
  /** What the user sees as the source. */
  sourceLabel: string;
  mandateId?: string | undefined;
}

export type PaymentOutcome =
  /** `replayed`: the key was used before with the same request; this is that request's result. */
  | { kind: 'succeeded' | 'declined'; row: ContributionRow; replayed: boolean }
  /** The key was used before for a different request: nothing is paid. */
  | { kind: 'keyReused' }
  /** Another request with this key is still waiting for the provider: nothing more is paid. */
  | { kind: 'inProgress' }
  /** A new payment the caller's `admit` check refused (a velocity ceiling): nothing is paid. */
  | { kind: 'refused'; refusal: MoneyRefusal };

/** Options of {@link PensionLedgerService.pay}. */
export interface PayOptions {
  /**
   * Judges a new payment inside the transaction that writes its pending row (replays of a key are
   * not judged again): answers a refusal, or null to go ahead. Money limits use it, with the user
   * row locked, so concurrent payments cannot all pass the same remaining room.
   */
  admit?: (tx: Db) => Promise<MoneyRefusal | null>;
}

/** What one run of {@link PensionLedgerService.recoverStale} decided. */
export interface RecoveryReport {
  /** Found collected at the provider and booked (succeeded). */
  booked: number;
  declined: number;
  /** Not received by the provider: failed, nothing was paid. */
  failed: number;
}

/**
 * How long a process may hold a pending payment (from recording the attempt to recording the
 * provider's answer) before another one takes it over by asking the provider. Well above any
 * provider call: a payment still in flight is never taken over.
 */
export const PAYMENT_LEASE_MS = 120_000;
/** How long a duplicate request waits for the first one's answer before answering "in progress". */
const DUPLICATE_WAIT_MS = 10_000;
const DUPLICATE_POLL_MS = 25;
/** How long an attempt found `failed` is asked about again, in case a stalled process's collection still reached the provider. */
const FAILED_RECHECK_MS = 24 * 3_600_000;

/** A ledger row as the API shows it (euro). */
export function toApiContribution(row: ContributionRow): Contribution {
  return {
    id: row.id,
    amount: centsToEuro(row.amountCents),
    tax_year: row.taxYear,
    kind: row.kind,
    source: row.sourceLabel,
    // A failed attempt (the provider never received it) is not listed; were it shown, nothing was paid.
    status: row.status === 'failed' ? 'declined' : row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/** What makes two requests "the same" for an idempotency key: everything that decides the payment. */
function requestHash(order: PaymentOrder): string {
  return sha256Hex(JSON.stringify([order.amountCents, order.taxYear, order.kind, order.sourceId, order.mandateId ?? null]));
}

/**
 * The contributions ledger. A payment is made at most once per (user, idempotency key), and a
 * payment the provider made is never lost:
 *
 * 1. the attempt is committed first, `pending` with `locked_at` (this process holds it);
 * 2. the provider is asked to collect, with our reference `<user id>/<key>` (a provider collects
 *    once per reference and answers the same again);
 * 3. its answer is recorded (`succeeded` or `declined`).
 *
 * A crash between 2 and 3 leaves the row pending. Once its lock is older than the lease,
 * housekeeping ({@link recoverStale}) asks the provider what became of the reference and books
 * it, or fails it when the provider never received it; a retry of the same request takes it
 * over and collects with the same reference instead. A duplicate arriving while the first is in
 * flight waits for its answer. If the provider call throws (an outage) the row stays pending,
 * unlocked, so a retry or the reaper settles it at once.
 */
export function createPensionLedgerService(deps: {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
  /** {@link PAYMENT_LEASE_MS} unless set (PAYMENT_LEASE_SECONDS). */
  leaseMs?: number | undefined;
  /** How long a duplicate waits for the first request's answer; DUPLICATE_WAIT_MS unless set (tests). */
  duplicateWaitMs?: number | undefined;
  /** Called after the provider answered, before the answer is recorded: a fault-injection point for the crash test. */
  afterCollect?: ((reference: string) => void) | undefined;
}) {
  const { db, payments, now } = deps;
  const leaseMs = deps.leaseMs ?? PAYMENT_LEASE_MS;
  const referenceOf = (row: Pick<ContributionRow, 'userId' | 'idempotencyKey'>) => `${row.userId}/${row.idempotencyKey}`;

  const sumForYears = async (userId: string, years: readonly number[]): Promise<Record<string, number>> => {
    const sums: Record<string, number> = Object.fromEntries(years.map((year) => [String(year), 0]));
    if (years.length === 0) return sums;
    const rows = await db
      .select({ year: contributions.taxYear, cents: sql<string>`coalesce(sum(${contributions.amountCents}), 0)` })
      .from(contributions)
      .where(and(eq(contributions.userId, userId), eq(contributions.status, 'succeeded'), inArray(contributions.taxYear, [...years])))
      .groupBy(contributions.taxYear);
    for (const row of rows) sums[String(row.year)] = Number(row.cents);
    return sums;
  };

  const byId = async (id: string) => (await db.select().from(contributions).where(eq(contributions.id, id)))[0];

  /** Pending rows nobody holds: unlocked, or locked longer ago than the lease. */
  const unheld = (at: Date) => and(eq(contributions.status, 'pending'), or(isNull(contributions.lockedAt), lt(contributions.lockedAt, new Date(at.getTime() - leaseMs))));

  /**
   * Takes charge of an attempt nobody holds (one atomic update: of several processes one wins).
   * `failed` rows too when a retry of the request takes one over to collect.
   */
  const claim = async (id: string, orFailed: boolean): Promise<ContributionRow | undefined> => {
    const at = now();
    const [row] = await db
      .update(contributions)
      .set({ status: 'pending', lockedAt: at })
      .where(and(eq(contributions.id, id), orFailed ? or(unheld(at), eq(contributions.status, 'failed')) : unheld(at)))
      .returning();
    return row;
  };

  /** Records the provider's answer; it wins over a `failed` written meanwhile (the provider knows). */
  const record = async (id: string, result: CollectResult): Promise<ContributionRow> => {
    const [row] = await db
      .update(contributions)
      .set(result.ok ? { status: 'succeeded', providerReference: result.providerReference, lockedAt: null } : { status: 'declined', lockedAt: null })
      .where(and(eq(contributions.id, id), inArray(contributions.status, ['pending', 'failed'])))
      .returning();
    const settled = row ?? (await byId(id));
    if (!settled) throw new Error('contribution row vanished');
    return settled;
  };

  /** Steps 2 and 3 for an attempt this process holds. */
  const collect = async (row: ContributionRow, order: PaymentOrder): Promise<PaymentOutcome> => {
    const reference = referenceOf(row);
    let result: CollectResult;
    try {
      result = await payments.collect({ reference, userId: row.userId, amountCents: row.amountCents, source: order.sourceId });
    } catch (error) {
      // Whether it was collected is unknown: let go, so a retry or the reaper asks at once.
      await db
        .update(contributions)
        .set({ lockedAt: null })
        .where(and(eq(contributions.id, row.id), eq(contributions.status, 'pending')));
      throw error;
    }
    deps.afterCollect?.(reference);
    const settled = await record(row.id, result);
    return { kind: settled.status === 'succeeded' ? 'succeeded' : 'declined', row: settled, replayed: false };
  };

  return {
    /** Cents paid through MaxOut that count for `year` (succeeded payments only). */
    async contributedCents(userId: string, year: number): Promise<number> {
      return (await sumForYears(userId, [year]))[String(year)] ?? 0;
    },

    /** Cents paid per tax year, for each year asked (0 when none). */
    contributedByYear: sumForYears,

    /** The user's succeeded payments of one kind made since `since` (the round-ups graph). */
    async succeededSince(userId: string, kind: ContributionKind, since: Date): Promise<Pick<ContributionRow, 'amountCents' | 'createdAt'>[]> {
      return db
        .select({ amountCents: contributions.amountCents, createdAt: contributions.createdAt })
        .from(contributions)
        .where(and(eq(contributions.userId, userId), eq(contributions.kind, kind), eq(contributions.status, 'succeeded'), gt(contributions.createdAt, since)))
        .orderBy(asc(contributions.createdAt));
    },

    /**
     * The user's payments, newest first: decided ones (succeeded or declined) and those still
     * pending, so a payment being confirmed is shown rather than paid again. Failed attempts
     * (the provider never received them) are left out: nothing was paid.
     */
    async list(userId: string, limit = 50): Promise<ContributionRow[]> {
      return db
        .select()
        .from(contributions)
        .where(and(eq(contributions.userId, userId), inArray(contributions.status, ['pending', 'succeeded', 'declined'])))
        .orderBy(desc(contributions.createdAt))
        .limit(limit);
    },

    /** Pays `order` once for this key (see the service comment). */
    async pay(userId: string, idempotencyKey: string, order: PaymentOrder, options: PayOptions = {}): Promise<PaymentOutcome> {
      const hash = requestHash(order);
      const insert = (q: Db) =>
        q
          .insert(contributions)
          .values({
            userId,
            amountCents: order.amountCents,
            taxYear: order.taxYear,
            kind: order.kind,
            sourceLabel: order.sourceLabel,
            status: 'pending',
            lockedAt: now(),
            idempotencyKey,
            requestHash: hash,
            mandateId: order.mandateId ?? null,
            createdAt: now(),
          })
          .onConflictDoNothing({ target: [contributions.userId, contributions.idempotencyKey] })
          .returning();
      const { admit } = options;
      let inserted: ContributionRow | undefined;
      if (admit) {
        const admitted = await db.transaction(async (tx) => {
          const refusal = await admit(tx);
          if (refusal) {
            // A retry of a request already recorded is its replay, never judged again.
            const [known] = await tx
              .select({ id: contributions.id })
              .from(contributions)
              .where(and(eq(contributions.userId, userId), eq(contributions.idempotencyKey, idempotencyKey)));
            return known ? { row: undefined, refusal: null } : { row: undefined, refusal };
          }
          return { row: (await insert(tx))[0], refusal: null };
        });
        if (admitted.refusal) return { kind: 'refused', refusal: admitted.refusal };
        inserted = admitted.row;
      } else {
        [inserted] = await insert(db);
      }
      if (inserted) return collect(inserted, order);

      const deadline = Date.now() + (deps.duplicateWaitMs ?? DUPLICATE_WAIT_MS);
      for (;;) {
        const [existing] = await db
          .select()
          .from(contributions)
          .where(and(eq(contributions.userId, userId), eq(contributions.idempotencyKey, idempotencyKey)));
        if (!existing) throw new Error('contribution conflict without a row');
        if (existing.requestHash !== hash) return { kind: 'keyReused' };
        if (existing.status === 'succeeded' || existing.status === 'declined') return { kind: existing.status, row: existing, replayed: true };
        // Cut short (pending, nobody on it) or never received (failed): this retry collects, with
        // the same reference, so the provider still collects once.
        const claimed = await claim(existing.id, true);
        if (claimed) return collect(claimed, order);
        if (Date.now() >= deadline) return { kind: 'inProgress' };
        await new Promise((resolve) => setTimeout(resolve, DUPLICATE_POLL_MS));
      }
    },

    /**
     * Housekeeping: settles attempts cut short (pending past the lease) by asking the provider
     * what became of each reference: collected → booked as it went; never received → failed,
     * nothing paid. Attempts failed within the last day are asked about again, in case a stalled
     * process's collection reached the provider after all. A provider outage leaves them for the
     * next run.
     */
    async recoverStale(limit = 100): Promise<RecoveryReport> {
      const report: RecoveryReport = { booked: 0, declined: 0, failed: 0 };
      const at = now();
      const stale = await db
        .select()
        .from(contributions)
        .where(
          or(
            unheld(at),
            and(
              eq(contributions.status, 'failed'),
              gt(contributions.createdAt, new Date(at.getTime() - FAILED_RECHECK_MS)),
              lt(contributions.lockedAt, new Date(at.getTime() - leaseMs)),
            ),
          ),
        )
        // Attempts cut short first, oldest lease first: a backlog of failed re-checks never keeps
        // a collected payment from being booked.
        .orderBy(sql`${contributions.status} = 'failed'`, asc(contributions.lockedAt))
        .limit(limit);
      for (const row of stale) {
        const wasFailed = row.status === 'failed';
        let result: CollectResult | null;
        if (wasFailed) {
          // Checked again: mark the time first, so other processes leave it for a lease.
          const touched = await db
            .update(contributions)
            .set({ lockedAt: at })
            .where(and(eq(contributions.id, row.id), eq(contributions.status, 'failed'), lt(contributions.lockedAt, new Date(at.getTime() - leaseMs))))
            .returning({ id: contributions.id });
          if (touched.length === 0) continue;
        } else if (!(await claim(row.id, false))) {
          continue;
        }
        try {
          result = await payments.lookup(referenceOf(row));
        } catch {
          continue;
        }
        if (result === null) {
          if (wasFailed) continue;
          // The lock time stays: it is when it was found failed (the re-check above counts from it).
          const failed = await db
            .update(contributions)
            .set({ status: 'failed' })
            .where(and(eq(contributions.id, row.id), eq(contributions.status, 'pending')))
            .returning({ id: contributions.id });
          report.failed += failed.length;
          continue;
        }
        const settled = await record(row.id, result);
        if (settled.status === 'succeeded') report.booked += 1;
        else if (settled.status === 'declined') report.declined += 1;
      }
      return report;
    },
  };
}

export type PensionLedgerService = ReturnType<typeof createPensionLedgerService>;
