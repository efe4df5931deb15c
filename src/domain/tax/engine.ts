/**
 * The refund engine's calls: one category (a claim of one item) or several of a year (one claim),
 * each item validated with its category's form schema first, then worked out as one computation
 * (claim.ts) and explained (rule, figures, sources, "how we got this", what the claim's limits
 * cut). Expected failures are values, never throws, so the server can answer 422 with field
 * errors.
 */
import * as v from 'valibot';
import { isForm11Category, type Form11Category } from '../catalogue.ts';
import { dayjs, type Dayjs } from '../dates.ts';
import { fieldErrors } from '../schemas/issues.ts';
import * as m from '../schemas/messages.ts';
import { form11Schema, type Form11Data } from '../schemas/form11/index.ts';
import { computeClaim, type ClaimItem, type ClaimOptions } from './claim.ts';
import { RULES } from './rules/index.ts';
import type { BulkItem, BulkRefundResult, RefundEstimate, RefundFailure, RefundResult, TaxProfile } from './types.ts';
import { isSupportedTaxYear, type TaxYear } from './years.ts';

export { RULES };

export interface CalculateOptions extends ClaimOptions {
  /**
   * The day the dates entered are checked against ("not in the future"). Without it, the last
   * day of the tax year is used.
   */
  readonly today?: Dayjs;
}

function failure(error: RefundFailure['error'], message: string, errors: Record<string, string[]>): RefundFailure {
  return { ok: false, error, message, errors };
}

/**
 * What the form schema cannot see: entered data that contradicts the profile, by field. A
 * blind person's credit "for my spouse" (or for both) needs a married profile.
 */
export function profileErrors(category: Form11Category, data: unknown, profile: Pick<TaxProfile, 'maritalStatus'>): Record<string, string[]> {
  if (category === 'blind-person-tax-credit' && profile.maritalStatus !== 'married') {
    const who = (data as { whoIsBlind?: unknown } | null)?.whoIsBlind;
    if (who === 'spouse' || who === 'both') return { whoIsBlind: [m.BLIND_SPOUSE_NEEDS_MARRIED] };
  }
  return {};
}

type Parsed = { ok: true; item: ClaimItem } | { ok: false; error: RefundFailure['error']; errors: Record<string, string[]> };

/** One category's data checked by its form schema (on `today`) and against the profile. */
export function parseItem(category: unknown, data: unknown, profile: TaxProfile, today: Dayjs): Parsed {
  if (typeof category !== 'string' || !isForm11Category(category)) return { ok: false, error: 'unknown-category', errors: { category: [m.CATEGORY_UNKNOWN] } };
  const parsed = v.safeParse(form11Schema(category, today), data);
  if (!parsed.success) return { ok: false, error: 'invalid-data', errors: fieldErrors(parsed.issues) };
  const refused = profileErrors(category, parsed.output, profile);
  if (Object.keys(refused).length > 0) return { ok: false, error: 'invalid-data', errors: refused };
  return { ok: true, item: { category, data: parsed.output as Form11Data<typeof category> } };
}

function dayOf(year: TaxYear, options: CalculateOptions): Dayjs {
  return options.today ?? dayjs(new Date(year, 11, 31));
}

/**
 * The estimate for one category: a claim of that one item. `{ ok: true, amount, rule, figures,
 * source, explanation, … }`, or `{ ok: false, error, message, errors }` for an unsupported year,
 * an unknown category, or data its form schema (or the profile) refuses.
 */
export function calculateRefund(year: unknown, category: unknown, data: unknown, profile: TaxProfile, options: CalculateOptions = {}): RefundResult {
  if (!isSupportedTaxYear(year)) return failure('unsupported-year', m.TAX_YEAR_UNSUPPORTED, { year: [m.TAX_YEAR_UNSUPPORTED] });
  const parsed = parseItem(category, data, profile, dayOf(year, options));
  if (!parsed.ok) return failure(parsed.error, parsed.error === 'unknown-category' ? m.CATEGORY_UNKNOWN : m.REFUND_DATA_INVALID, parsed.errors);
  return { ok: true, ...estimate(year, parsed.item.category, parsed.item.data, profile, options) };
}

/** A claim of one item whose data is already validated by its schema. */
export function estimate<C extends Form11Category>(year: TaxYear, category: C, data: Form11Data<C>, profile: TaxProfile, options: ClaimOptions = {}): RefundEstimate {
  const [line] = computeClaim(year, profile, [{ category, data } as ClaimItem], options).lines;
  return line as RefundEstimate;
}

/** + for tax back, − for tax due: what an estimate adds to a refund total. */
export function signedAmount(estimate: Pick<RefundEstimate, 'amount' | 'direction'>): number {
  return estimate.direction === 'taxDue' ? -estimate.amount : estimate.amount;
}

/** Prefixes each field error path, so item 2's 'rentPaid' becomes 'items.2.data.rentPaid'. */
function prefixed(errors: Readonly<Record<string, readonly string[]>>, prefix: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) out[`${prefix}.${key}`] = [...messages];
  return out;
}

/**
 * Bulk: `{ year, items: [{ category, data }] }` → one claim: the estimates in the order given,
 * their amounts, and the claim's total (the lines add up to it). A category may appear once. The
 * first failing item fails the whole call (the client then falls back to single calls), with its
 * errors under `items.<i>.…`.
 */
export function calculateRefunds(
  request: { readonly year: unknown; readonly items: readonly BulkItem[] },
  profile: TaxProfile,
  options: CalculateOptions = {},
): BulkRefundResult {
  const { year, items } = request;
  if (!isSupportedTaxYear(year)) return failure('unsupported-year', m.TAX_YEAR_UNSUPPORTED, { year: [m.TAX_YEAR_UNSUPPORTED] });
  const today = dayOf(year, options);
  const claimItems: ClaimItem[] = [];
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const parsed = parseItem(item.category, item.data, profile, today);
    if (!parsed.ok) {
      const errors =
        parsed.error === 'unknown-category' ? { [`items.${index}.category`]: [m.CATEGORY_UNKNOWN] } : prefixed(parsed.errors, `items.${index}.data`);
      return { ...failure(parsed.error, parsed.error === 'unknown-category' ? m.CATEGORY_UNKNOWN : m.REFUND_DATA_INVALID, errors), index };
    }
    if (seen.has(parsed.item.category)) {
      return { ...failure('duplicate-category', m.CATEGORY_TWICE, { [`items.${index}.category`]: [m.CATEGORY_TWICE] }), index };
    }
    seen.add(parsed.item.category);
    claimItems.push(parsed.item);
  }
  const claim = computeClaim(year, profile, claimItems, options);
  return { ok: true, year, results: claim.lines, amounts: claim.lines.map((r) => r.amount), netTotal: claim.summary.total, claim: claim.summary };
}
