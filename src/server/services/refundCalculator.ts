import { parseApiDate } from '../../domain/dates.ts';
import type { BulkRefundRequest, SingleRefundRequest } from '../../domain/schemas/refundCalculation.ts';
import * as v from 'valibot';
import type { Form11Category } from '../../domain/catalogue.ts';
import { form11Schema } from '../../domain/schemas/form11/index.ts';
import { fieldErrors } from '../../domain/schemas/issues.ts';
import {
  calculateRefund,
  calculateRefunds,
  estimate,
  taxProfileOf,
  type BulkRefundResult,
  type RefundEstimate,
  type RefundResult,
  type TaxProfile,
  type TaxYear,
} from '../../domain/tax/index.ts';
import type { Dayjs } from '../../domain/dates.ts';
import type { Clock } from './clock.ts';
import { centsToEuro } from '../../domain/money.ts';
import { irishToday, type UserRow } from './users.ts';

/** The engine's profile of a stored user: marital status, income in euro, date of birth. */
export function taxProfileOfRow(user: Pick<UserRow, 'maritalStatus' | 'annualIncomeCents' | 'dateOfBirth'>): TaxProfile {
  return taxProfileOf({
    marital_status: user.maritalStatus,
    annual_income: user.annualIncomeCents === null ? null : centsToEuro(user.annualIncomeCents),
    date_of_birth: user.dateOfBirth,
  });
}

/**
 * The refund engine (src/domain/tax) for a signed-in user: the profile is the user's own, and
 * dates entered are judged against today's Irish date. The `marginalRate` a client sends in
 * `data` is not used: the user's recorded income decides the rate (0.2 without one, which is
 * what the client works out too).
 */
export function createRefundCalculator(deps: { clock: Clock }) {
  const { clock } = deps;
  const today = (): Dayjs => {
    const date = parseApiDate(irishToday(clock.now()));
    if (!date) throw new Error('could not compute today');
    return date;
  };

  return {
    /** One category: the explained estimate, or the engine's failure (unsupported year, unknown category, invalid data). */
    one(user: UserRow, request: SingleRefundRequest): RefundResult {
      return calculateRefund(request.year, request.category, request.data, taxProfileOfRow(user), { today: today() });
    },

    /**
     * What a claim stores for one category: the data as its form schema parsed it (trimmed,
     * normalised) and the engine's estimate of it, or the form's field errors.
     */
    assess(user: UserRow, year: TaxYear, category: Form11Category, data: unknown): Assessment {
      const parsed = v.safeParse(form11Schema(category, today()), data);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) };
      return { ok: true, data: parsed.output, estimate: estimate(year, category, parsed.output as never, taxProfileOfRow(user)) };
    },

    /** Today's Irish date, as the engine judges entered dates and claim years. */
    today,

    /** Several categories of one year, in order; the first failing item fails the call, its errors under `items.<i>.…`. */
    many(user: UserRow, request: BulkRefundRequest): BulkRefundResult {
      return calculateRefunds(request, taxProfileOfRow(user), { today: today() });
    },
  };
}

export type Assessment = { ok: true; data: unknown; estimate: RefundEstimate } | { ok: false; errors: Record<string, string[]> };

export type RefundCalculator = ReturnType<typeof createRefundCalculator>;
