import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Contribution } from '../../domain/schemas/pension.ts';
import type { Db } from '../db/index.ts';
import { contributions } from '../db/schema.ts';
import { sha256Hex } from './crypto.ts';
import type { PaymentProvider } from './paymentProvider.ts';

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
  | { kind: 'keyReused' };

/** A ledger row as the API shows it (euro). */
export function toApiContribution(row: ContributionRow): Contribution {
  return {
    id: row.id,
    amount: row.amountCents / 100,
    tax_year: row.taxYear,
    kind: row.kind,
    source: row.sourceLabel,
    status: row.status === 'succeeded' ? 'succeeded' : 'declined',
    created_at: row.createdAt.toISOString(),
  };
}

/** What makes two requests "the same" for an idempotency key: everything that decides the payment. */
function requestHash(order: PaymentOrder): string {
  return sha256Hex(JSON.stringify([order.amountCents, order.taxYear, order.kind, order.sourceId, order.mandateId ?? null]));
}

/**
 * The contributions ledger. A payment is made exactly once per (user, idempotency key): the row
 * is inserted first, in the same transaction as the provider call and the outcome, so a
 * concurrent duplicate waits on the unique index and then reads the first one's committed result
 * (PGlite runs transactions one at a time, which gives the same). If the provider call throws
 * (an outage), the transaction rolls back and a retry with the same key calls the provider again
 * with the same reference, which a provider must collect only once.
 */
export function createPensionLedgerService(deps: { db: Db; payments: PaymentProvider; now: () => Date }) {
  const { db, payments, now } = deps;

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

  return {
    /** Cents paid through MaxOut that count for `year` (succeeded payments only). */
    async contributedCents(userId: string, year: number): Promise<number> {
      return (await sumForYears(userId, [year]))[String(year)] ?? 0;
    },

    /** Cents paid per tax year, for each year asked (0 when none). */
    contributedByYear: sumForYears,

    /** The user's payments, newest first. */
    async list(userId: string, limit = 50): Promise<ContributionRow[]> {
      return db.select().from(contributions).where(eq(contributions.userId, userId)).orderBy(desc(contributions.createdAt)).limit(limit);
    },

    /** Pays `order` once for this key (see the service comment). */
    async pay(userId: string, idempotencyKey: string, order: PaymentOrder): Promise<PaymentOutcome> {
      const hash = requestHash(order);
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(contributions)
          .values({
            userId,
            amountCents: order.amountCents,
            taxYear: order.taxYear,
            kind: order.kind,
            sourceLabel: order.sourceLabel,
            status: 'pending',
            idempotencyKey,
            requestHash: hash,
            mandateId: order.mandateId ?? null,
            createdAt: now(),
          })
          .onConflictDoNothing({ target: [contributions.userId, contributions.idempotencyKey] })
          .returning();
        if (!inserted) {
          const [existing] = await tx
            .select()
            .from(contributions)
            .where(and(eq(contributions.userId, userId), eq(contributions.idempotencyKey, idempotencyKey)));
          if (!existing) throw new Error('contribution conflict without a row');
          if (existing.requestHash !== hash) return { kind: 'keyReused' };
          return { kind: existing.status === 'succeeded' ? 'succeeded' : 'declined', row: existing, replayed: true };
        }
        const result = await payments.collect({ reference: `${userId}/${idempotencyKey}`, userId, amountCents: order.amountCents, source: order.sourceId });
        const [row] = await tx
          .update(contributions)
          .set(result.ok ? { status: 'succeeded', providerReference: result.providerReference } : { status: 'declined' })
          .where(eq(contributions.id, inserted.id))
          .returning();
        if (!row) throw new Error('contribution row vanished');
        return { kind: result.ok ? 'succeeded' : 'declined', row, replayed: false };
      });
    },
  };
}

export type PensionLedgerService = ReturnType<typeof createPensionLedgerService>;
