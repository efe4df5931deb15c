/**
 * Search params of the routes that take them. A search param is user input that anyone can
 * write into a link, so a bad value is dropped (the route falls back to its default), never an
 * error screen: every field is wrapped in `v.fallback`.
 */
import * as v from 'valibot';
import { isIncomeTypeId } from '../catalogueIds.ts';
import { safeInternalPath } from '../navigation.ts';
import { isSupportedTaxYear } from '../tax/supportedYears.ts';

/** A same-site path (see safeInternalPath); anything else (`//evil.example`, `javascript:…`) is dropped. */
const internalPath = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.check((path) => safeInternalPath(path, '') !== ''),
    ),
  ),
  undefined,
);

/** A claim year in a link: one the refund engine has figures for, else dropped (the page's default year). */
const claimYear = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
      v.check((year: number) => isSupportedTaxYear(year)),
    ),
  ),
  undefined,
);

/** /auth/login: where the guard sent the user from, to return there after signing in. */
export const LoginSearchSchema = v.object({ redirect: internalPath });
export type LoginSearch = v.InferOutput<typeof LoginSearchSchema>;

/** /profile, /auth/paye-authorization and /pension-info: where to go back to when done. */
export const ReturnToSearchSchema = v.object({ returnTo: internalPath });
export type ReturnToSearch = v.InferOutput<typeof ReturnToSearchSchema>;

/**
 * /form11/final-form opened on its own: the income type being declared (`incomeId`, spec section
 * 2) or those chosen on /form11/income-selection (`incomeIds`), and the claim year. Unknown ids
 * are dropped.
 */
export const IncomeSearchSchema = v.object({
  incomeId: v.fallback(v.optional(v.pipe(v.string(), v.check(isIncomeTypeId))), undefined),
  incomeIds: v.fallback(
    v.optional(v.pipe(v.array(v.string()), v.transform((ids) => ids.filter(isIncomeTypeId)))),
    undefined,
  ),
  year: claimYear,
});
export type IncomeSearch = v.InferOutput<typeof IncomeSearchSchema>;

/**
 * /form11/{slug} opened on its own (not as a step of the guided flow): the claim year, and where
 * to go once the answer is saved (default /tax-refund-submitted).
 */
export const Form11PageSearchSchema = v.object({ year: claimYear, returnTo: internalPath });
export type Form11PageSearch = v.InferOutput<typeof Form11PageSearchSchema>;

/**
 * /contribute: an amount to start the form with (the refund to reinvest, from the refund options
 * page, or the amount of the draft under review, kept there so a reload keeps it); anything but
 * a positive euro amount is dropped.
 */
export const ContributeSearchSchema = v.object({
  amount: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
        v.check((amount: number) => Number.isFinite(amount) && amount > 0 && amount <= 1_000_000),
      ),
    ),
    undefined,
  ),
});
export type ContributeSearch = v.InferOutput<typeof ContributeSearchSchema>;


/** /form11-questionnaire and /form11/income-selection: the claim year chosen on the Tax Refund page. */
export const YearSearchSchema = v.object({ year: claimYear });
export type YearSearch = v.InferOutput<typeof YearSearchSchema>;
