import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { formatEuroWhole, formatMoney } from '../../domain/money.ts';
import type { Db } from '../db/index.ts';
import { contributions, sessionFamilies, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/**
 * Limits on moving money, per user (checklist H-section; a stolen session must not be able to
 * drain an account in one sitting). Amounts in cents.
 */
export interface MoneyLimits {
  /** Most paid in (pending or succeeded) in any 24 hours, over every kind of payment made from a session. */
  dailyCents: number;
  /** Most paid in for one tax year, over every kind of payment. */
  taxYearCents: number;
  /** A payment or mandate above this asks for the password (or a code) again first. */
  stepUpAboveCents: number;
  /** How long a step-up counts for the session that made it. */
  stepUpWindowMs: number;
}

/** Defaults (MONEY_DAILY_LIMIT, MONEY_TAX_YEAR_LIMIT and MONEY_STEP_UP_ABOVE override the first three). */
export const MONEY_LIMITS: MoneyLimits = {
  dailyCents: 20_000_00,
  taxYearCents: 115_000_00,
  stepUpAboveCents: 1_000_00,
  stepUpWindowMs: 5 * 60_000,
};

/** Why a payment needs the user to prove themselves again. */
export type StepUpReason = 'large_amount' | 'new_account';

/** A payment the limits refuse: a 422 on `field` with `message`. */
export interface MoneyRefusal {
  field: 'amount';
  message: string;
  /** `mandate`: a direct-debit collection whose mandate was paused or cancelled while the run was on its way to it. */
  limit: 'daily' | 'tax_year' | 'mandate';
}

/** One payment to judge: its amount, and the tax year it counts for. */
export interface PaymentIntent {
  amountCents: number;
  taxYear: number;
}

/**
 * The checks every money-moving call shares, whatever moves the money (a contribution, a mandate,
 * a round-up): a recent step-up for large amounts and new payees, and the velocity ceilings.
 * The ceilings are judged inside the payment's own transaction with the user row locked
 * (`admit`), so concurrent payments of one user cannot all pass the same remaining room.
 */
export function createMoneyMovementService(deps: { db: Db; clock: Clock; limits?: Partial<MoneyLimits> | undefined }) {
  const { db, clock } = deps;
  const limits: MoneyLimits = { ...MONEY_LIMITS, ...deps.limits };

  return {
    limits,

    /** Whether this payment needs a step-up, and why (null when it does not). */
    stepUpReason(intent: { amountCents: number; newPayee?: boolean }): StepUpReason | null {
      if (intent.newPayee) return 'new_account';
      return intent.amountCents > limits.stepUpAboveCents ? 'large_amount' : null;
    },

    /** Records that the session proved the user again (POST /security/step-up). */
    async stepUp(familyId: string, userId: string): Promise<Date> {
      const until = new Date(clock.now().getTime() + limits.stepUpWindowMs);
      await db
        .update(sessionFamilies)
        .set({ steppedUpAt: clock.now() })
        .where(and(eq(sessionFamilies.id, familyId), eq(sessionFamilies.userId, userId)));
      return until;
    },

    /** Whether the session stepped up within the window. */
    async hasSteppedUp(familyId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ at: sessionFamilies.steppedUpAt })
        .from(sessionFamilies)
        .where(and(eq(sessionFamilies.id, familyId), eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
      return Boolean(row?.at && clock.now().getTime() - row.at.getTime() <= limits.stepUpWindowMs);
    },

    /** A monthly direct debit may not collect more than one day may move; null when it is within. */
    checkMandate(amountCents: number): MoneyRefusal | null {
      if (amountCents <= limits.dailyCents) return null;
      return { field: 'amount', limit: 'daily', message: `A monthly direct debit can be at most ${formatEuroWhole(limits.dailyCents, { cents: true })}.` };
    },

    /**
     * Inside the payment's transaction, before its row is written: locks the user row (so one
     * user's payments are judged one at a time) and answers a refusal when the payment would pass
     * a ceiling. Attempts that failed or were declined do not count.
     */
    async admit(tx: Db, userId: string, intent: PaymentIntent): Promise<MoneyRefusal | null> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const since = new Date(clock.now().getTime() - 86_400_000);
      const [sums] = await tx
        .select({
          day: sql<string>`coalesce(sum(${contributions.amountCents}) filter (where ${contributions.createdAt} > ${since.toISOString()}::timestamptz), 0)`,
          year: sql<string>`coalesce(sum(${contributions.amountCents}) filter (where ${contributions.taxYear} = ${intent.taxYear}), 0)`,
        })
        .from(contributions)
        .where(and(eq(contributions.userId, userId), inArray(contributions.status, ['pending', 'succeeded']), gt(contributions.amountCents, 0)));
      const day = Number(sums?.day ?? 0);
      const year = Number(sums?.year ?? 0);
      if (day + intent.amountCents > limits.dailyCents) {
        return {
          field: 'amount',
          limit: 'daily',
          message: `This would take your payments in the last 24 hours over the limit of ${formatEuroWhole(limits.dailyCents, { cents: true })}. You can still pay ${formatMoney(Math.max(0, limits.dailyCents - day), { cents: true })} today.`,
        };
      }
      if (year + intent.amountCents > limits.taxYearCents) {
        return {
          field: 'amount',
          limit: 'tax_year',
          message: `This would take your payments for ${intent.taxYear} over the limit of ${formatEuroWhole(limits.taxYearCents, { cents: true })} a tax year. You can still pay ${formatMoney(Math.max(0, limits.taxYearCents - year), { cents: true })} for ${intent.taxYear}.`,
        };
      }
      return null;
    },
  };
}

export type MoneyMovementService = ReturnType<typeof createMoneyMovementService>;
