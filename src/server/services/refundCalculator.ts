import type { BulkRefundRequest, SingleRefundRequest } from '../../domain/schemas/refundCalculation.ts';
import * as v from 'valibot';
import type { Form11Category } from '../../domain/catalogue.ts';
import { form11Schema } from '../../domain/schemas/form11/index.ts';
import { fieldErrors } from '../../domain/schemas/issues.ts';
import {
  SUPPORTED_TAX_YEARS,
  calculateRefund,
  calculateRefunds,
  profileErrors,
  type BulkRefundResult,
  type RefundResult,
  type TaxYear,
} from '../../domain/tax/index.ts';
import type { Dayjs } from '../../domain/dates.ts';
import { type ClaimOwner, claimOptionsFor, claimOwnerOf, parseToday, taxProfileOfRow } from './claimFigures.ts';
import type { Clock } from './clock.ts';
import type { PensionLedgerService } from './pensionLedger.ts';
import { irishToday, type UserRow } from './users.ts';

export { taxProfileOfRow };

/**
 * The refund engine (src/domain/tax) for a signed-in user: the profile is the user's own, dates
 * entered are judged against today's Irish date, and the pension the user already paid in the
 * year asked about (payroll this tax year, MaxOut contributions of that year) shares the year's
 * pension limit with what is claimed. The `marginalRate` a client sends in `data` is not used:
 * the user's recorded income decides the rate (0.2 without one, which is what the client works
 * out too).
 */
export function createRefundCalculator(deps: { clock: Clock; pensionLedger: Pick<PensionLedgerService, 'contributedByYear'> }) {
  const { clock, pensionLedger } = deps;
  const todayText = () => irishToday(clock.now());
  const today = (): Dayjs => parseToday(todayText());

  /** The user as their claims' figures need them: profile, pension paid by year, today. */
  async function ownerOf(user: UserRow): Promise<ClaimOwner> {
    const contributed = await pensionLedger.contributedByYear(user.id, [...SUPPORTED_TAX_YEARS]);
    return claimOwnerOf(user, contributed, todayText());
  }

  return {
    ownerOf,

    /** One category (a claim of one item): the explained estimate, or the engine's failure (unsupported year, unknown category, invalid data). */
    async one(user: UserRow, request: SingleRefundRequest): Promise<RefundResult> {
      const owner = await ownerOf(user);
      return calculateRefund(request.year, request.category, request.data, owner.profile, { today: owner.today, ...claimOptionsFor(owner, request.year) });
    },

    /**
     * What a claim stores for one category: the data as its form schema parsed it (trimmed,
     * normalised), or the field errors of the form or of the profile (a blind person's credit for
     * a spouse on a single profile). The figures are the whole claim's, worked out once merged.
     */
    assess(user: UserRow, _year: TaxYear, category: Form11Category, data: unknown): Assessment {
      const parsed = v.safeParse(form11Schema(category, today()), data);
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) };
      const refused = profileErrors(category, parsed.output, taxProfileOfRow(user));
      if (Object.keys(refused).length > 0) return { ok: false, errors: refused };
      return { ok: true, data: parsed.output };
    },

    /** Today's Irish date, as the engine judges entered dates and claim years. */
    today,

    /** Several categories of one year as one claim, in order; the first failing item fails the call, its errors under `items.<i>.…`. */
    async many(user: UserRow, request: BulkRefundRequest): Promise<BulkRefundResult> {
      const owner = await ownerOf(user);
      return calculateRefunds(request, owner.profile, { today: owner.today, ...claimOptionsFor(owner, request.year) });
    },
  };
}

export type Assessment = { ok: true; data: unknown } | { ok: false; errors: Record<string, string[]> };

export type RefundCalculator = ReturnType<typeof createRefundCalculator>;
