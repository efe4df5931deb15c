import { and, desc, eq, sql } from 'drizzle-orm';
import { type ClaimStatus, type Form11Entry, claimStatusOf } from '../../domain/schemas/form11Entry.ts';
import type { Db } from '../db/index.ts';
import { form11Entries } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { centsToEuro, euroToCents } from '../../domain/money.ts';
import type { SavedClaimFigures } from '../../domain/tax/index.ts';
import { type ClaimOwner, claimFiguresOf, figuresKey } from './claimFigures.ts';

export type Form11EntryRow = typeof form11Entries.$inferSelect;

/** What one category of a claim carries when it is (re-)submitted. */
export interface CategorySubmission {
  /** What the user entered, as the category's schema parsed it. */
  data: unknown;
  /** The engine's estimate in cents: positive tax back, negative tax due. */
  refundCents: number;
}

/**
 * The row as the profile's `form11` list shows it (spec section 3), money in euro. The figures
 * are worked out now from what was entered, for the owner as they now stand (claimFigures.ts): a
 * claim is one computation, so every category's refund is its share of the whole, and a claim
 * stored before the engine changed reads under today's rules. A category the engine cannot read
 * (a year it has no figures for) keeps the figure stored when it was submitted.
 */
export function toApiForm11Entry(row: Form11EntryRow, owner: ClaimOwner, memo?: Map<string, SavedClaimFigures>): Form11Entry {
  const figures = remembered(memo, row, owner);
  const categories = Object.keys(row.snapshot);
  const categoryStatuses: Record<string, ClaimStatus> = {};
  const categoryRefunds: Record<string, number> = {};
  let approvedCents = 0;
  let totalCents = 0;
  for (const category of categories) {
    const status = row.categoryStatus[category] ?? 'pending';
    const refund = figures.refunds[category];
    const cents = refund === undefined ? (row.categoryRefundCents[category] ?? 0) : euroToCents(refund);
    categoryStatuses[category] = status;
    categoryRefunds[category] = centsToEuro(cents);
    totalCents += cents;
    if (status === 'approved') approvedCents += cents;
  }
  return {
    id: row.id,
    year: row.year,
    snapshot: row.snapshot,
    created_at: row.createdAt.toISOString(),
    status: claimStatusOf(categories.map((category) => categoryStatuses[category] ?? 'pending')),
    categoryStatuses,
    categoryRefunds,
    totalApprovedRefund: centsToEuro(approvedCents),
    categoryNotes: { ...figures.notes },
    estimatedRefund: centsToEuro(totalCents),
    assessment: figures.summary?.basis ?? null,
    unusedCredit: figures.summary?.unused ?? 0,
  };
}

/** Entries per memo; a full memo starts again empty (bounded memory, no eviction bookkeeping). */
const MEMO_SIZE = 5_000;

function remembered(memo: Map<string, SavedClaimFigures> | undefined, row: Form11EntryRow, owner: ClaimOwner): SavedClaimFigures {
  if (!memo) return claimFiguresOf(row, owner);
  const key = figuresKey(row, owner);
  const known = memo.get(key);
  if (known) return known;
  const figures = claimFiguresOf(row, owner);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, figures);
  return figures;
}

/**
 * Form 11 claims, one per user and tax year. Submitting categories merges them into the year's
 * claim (created on first use): a category submitted again replaces its data and estimate and
 * goes back to pending, so the same answers sent twice never make a second claim.
 */
export function createForm11EntryService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** Merges the given categories into the user's claim for `year`; returns the claim. */
    async submitCategories(userId: string, year: number, categories: Record<string, CategorySubmission>, tx: Db = db): Promise<Form11EntryRow> {
      const now = clock.now();
      const snapshot: Record<string, unknown> = {};
      const status: Record<string, ClaimStatus> = {};
      const refunds: Record<string, number> = {};
      for (const [category, submission] of Object.entries(categories)) {
        snapshot[category] = submission.data;
        status[category] = 'pending';
        refunds[category] = Math.round(submission.refundCents);
      }
      // One statement, so concurrent submissions for the same year merge instead of racing.
      const [row] = await tx
        .insert(form11Entries)
        .values({ userId, year, snapshot, categoryStatus: status, categoryRefundCents: refunds, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [form11Entries.userId, form11Entries.year],
          set: {
            snapshot: sql`${form11Entries.snapshot} || excluded.snapshot`,
            categoryStatus: sql`${form11Entries.categoryStatus} || excluded.category_status`,
            categoryRefundCents: sql`${form11Entries.categoryRefundCents} || excluded.category_refund_cents`,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('form11 entry upsert returned no row');
      return row;
    },

    /**
     * Takes categories out of the user's claim for `year` while they are still pending (an income
     * no longer declared); decided categories stay, as the decision was made on them. A claim left
     * with no category is deleted. Returns the claim as it now stands, or undefined when there is none.
     */
    async withdrawPending(userId: string, year: number, categories: readonly string[], tx: Db = db): Promise<Form11EntryRow | undefined> {
      const [row] = await tx
        .select()
        .from(form11Entries)
        .where(and(eq(form11Entries.userId, userId), eq(form11Entries.year, year)))
        .for('update');
      if (!row) return undefined;
      const drop = new Set(categories.filter((c) => Object.hasOwn(row.snapshot, c) && (row.categoryStatus[c] ?? 'pending') === 'pending'));
      if (drop.size === 0) return row;
      const keep = <T>(map: Record<string, T>) => Object.fromEntries(Object.entries(map).filter(([key]) => !drop.has(key)));
      const snapshot = keep(row.snapshot);
      if (Object.keys(snapshot).length === 0) {
        await tx.delete(form11Entries).where(eq(form11Entries.id, row.id));
        return undefined;
      }
      const [updated] = await tx
        .update(form11Entries)
        .set({ snapshot, categoryStatus: keep(row.categoryStatus), categoryRefundCents: keep(row.categoryRefundCents), updatedAt: clock.now() })
        .where(eq(form11Entries.id, row.id))
        .returning();
      return updated;
    },

    /**
     * Writes the claim's figures as worked out now into `category_refund_cents`, so the stored
     * figures are those of the last change (the ones shown are always worked out afresh).
     */
    async recordFigures(row: Form11EntryRow, owner: ClaimOwner, tx: Db = db): Promise<Form11EntryRow> {
      const figures = claimFiguresOf(row, owner);
      const cents: Record<string, number> = {};
      for (const category of Object.keys(row.snapshot)) {
        const refund = figures.refunds[category];
        cents[category] = refund === undefined ? (row.categoryRefundCents[category] ?? 0) : euroToCents(refund);
      }
      const [updated] = await tx.update(form11Entries).set({ categoryRefundCents: cents }).where(eq(form11Entries.id, row.id)).returning();
      return updated ?? row;
    },

    /** The user's claims, newest tax year first (spec section 4, Form11 status). */
    async listForUser(userId: string): Promise<Form11EntryRow[]> {
      return db.select().from(form11Entries).where(eq(form11Entries.userId, userId)).orderBy(desc(form11Entries.year));
    },

    async findForYear(userId: string, year: number, tx: Db = db): Promise<Form11EntryRow | undefined> {
      const [row] = await tx
        .select()
        .from(form11Entries)
        .where(and(eq(form11Entries.userId, userId), eq(form11Entries.year, year)));
      return row;
    },

    async findById(id: string): Promise<Form11EntryRow | undefined> {
      const [row] = await db.select().from(form11Entries).where(eq(form11Entries.id, id));
      return row;
    },

    /**
     * Sets the decision on a claim: every category, or only `category`. Returns the updated row,
     * or undefined when the claim (or that category in it) does not exist.
     */
    async decide(id: string, decision: Exclude<ClaimStatus, 'pending'> | 'pending', category?: string): Promise<Form11EntryRow | undefined> {
      const row = await this.findById(id);
      if (!row) return undefined;
      const categories = category === undefined ? Object.keys(row.snapshot) : [category];
      if (categories.some((c) => !(c in row.snapshot))) return undefined;
      const next = { ...row.categoryStatus };
      for (const c of categories) next[c] = decision;
      const [updated] = await db
        .update(form11Entries)
        .set({ categoryStatus: next, updatedAt: clock.now() })
        .where(eq(form11Entries.id, id))
        .returning();
      return updated;
    },
  };
}

export type Form11EntryService = ReturnType<typeof createForm11EntryService>;
