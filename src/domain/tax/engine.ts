/**
 * The refund engine: one rule per category (30 form slugs, 13 income types), input validated with
 * the category's form schema first, and every estimate explained (rule, figures, source keys,
 * a "how we got this" line). Expected failures are values, never throws, so the server can
 * answer 422 with field errors.
 */
import * as v from 'valibot';
import { isForm11Category, type Form11Category } from '../catalogue.ts';
import { dayjs, type Dayjs } from '../dates.ts';
import { roundToCents } from '../money.ts';
import { fieldErrors } from '../schemas/issues.ts';
import * as m from '../schemas/messages.ts';
import { form11Schema, type Form11Data } from '../schemas/form11/index.ts';
import { createContext, euro, incomeTaxLiability } from './context.ts';
import { FAMILY_RULES } from './rules/family.ts';
import { HEALTH_RULES } from './rules/health.ts';
import { INCOME_RULES } from './rules/income.ts';
import { INVESTMENT_RULES } from './rules/investment.ts';
import { JOB_RULES } from './rules/job.ts';
import type { Rule, RuleTable } from './rules/outcome.ts';
import { PROPERTY_RULES } from './rules/property.ts';
import { SEA_RULES } from './rules/sea.ts';
import type { BulkItem, BulkRefundResult, RefundEstimate, RefundFailure, RefundResult, RuleOutcome, TaxProfile } from './types.ts';
import { PARAMETERS, isSupportedTaxYear, isUnconfirmed, type ParameterName, type TaxYear } from './years.ts';

/** Every category's rule. */
export const RULES: RuleTable<Form11Category> = {
  ...HEALTH_RULES,
  ...FAMILY_RULES,
  ...JOB_RULES,
  ...PROPERTY_RULES,
  ...SEA_RULES,
  ...INVESTMENT_RULES,
  ...INCOME_RULES,
};

export interface CalculateOptions {
  /**
   * The day the dates entered are checked against ("not in the future"). Without it, the last
   * day of the tax year is used.
   */
  readonly today?: Dayjs;
}

function failure(error: RefundFailure['error'], message: string, errors: Record<string, string[]>): RefundFailure {
  return { ok: false, error, message, errors };
}

/** 'R14, R15' and ['§3'] from the rows cited ('§3; R14, R15', or bare keys), in order, without repeats. */
function sourcesOf(cited: Iterable<string>): { source: string; sections: string[] } {
  const keys: string[] = [];
  const sections: string[] = [];
  for (const row of cited) {
    const [section = '', list = ''] = row.includes(';') ? row.split(';') : ['', row];
    if (section && !sections.includes(section.trim())) sections.push(section.trim());
    for (const key of list.split(',').map((k) => k.trim())) if (key && !keys.includes(key)) keys.push(key);
  }
  return { source: keys.join(', '), sections };
}

function roundedFigures(figures: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(figures)) out[name] = roundToCents(value);
  return out;
}

/**
 * Credits are non-refundable and reliefs cannot exceed the tax charged (R60): a tax-back amount is
 * capped at the income tax on the profile's income. The liability's rows are cited only when the
 * cap changes the amount.
 */
function capAtLiability(outcome: RuleOutcome, year: TaxYear, profile: TaxProfile): { outcome: RuleOutcome; used: ParameterName[] } {
  if (!outcome.cappedByLiability || outcome.amount <= 0) return { outcome, used: [] };
  const liabilityContext = createContext(year, profile);
  const liability = incomeTaxLiability(liabilityContext);
  if (liability === null || roundToCents(outcome.amount) <= roundToCents(liability)) return { outcome, used: [] };
  return {
    outcome: {
      ...outcome,
      amount: liability,
      figures: { ...outcome.figures, uncappedAmount: outcome.amount, incomeTaxLiability: liability },
      // Conventions: credits cannot push income tax below nil and are not refunded.
      cites: [...(outcome.cites ?? []), 'R60'],
      explanation: `${outcome.explanation} Your estimated income tax for ${year} after personal and employee credits is ${euro(liability)}, so you can get back at most that.`,
    },
    used: [...liabilityContext.used],
  };
}

/**
 * The estimate for one category: `{ ok: true, amount, rule, figures, source, explanation, … }`,
 * or `{ ok: false, error, message, errors }` for an unsupported year, an unknown category or data
 * its form schema refuses.
 */
export function calculateRefund(year: unknown, category: unknown, data: unknown, profile: TaxProfile, options: CalculateOptions = {}): RefundResult {
  if (!isSupportedTaxYear(year)) return failure('unsupported-year', m.TAX_YEAR_UNSUPPORTED, { year: [m.TAX_YEAR_UNSUPPORTED] });
  if (typeof category !== 'string' || !isForm11Category(category)) {
    return failure('unknown-category', m.CATEGORY_UNKNOWN, { category: [m.CATEGORY_UNKNOWN] });
  }
  const today = options.today ?? dayjs(new Date(year, 11, 31));
  const parsed = v.safeParse(form11Schema(category, today), data);
  if (!parsed.success) return failure('invalid-data', m.REFUND_DATA_INVALID, fieldErrors(parsed.issues));
  return { ok: true, ...estimate(year, category, parsed.output as Form11Data<typeof category>, profile) };
}

/** Runs a category's rule on data already validated by its schema. */
export function estimate<C extends Form11Category>(year: TaxYear, category: C, data: Form11Data<C>, profile: TaxProfile): RefundEstimate {
  const ctx = createContext(year, profile);
  const rule = RULES[category] as Rule<C>;
  const { outcome, used: liabilityRows } = capAtLiability(rule(data, ctx), year, profile);
  const used = [...new Set([...ctx.used, ...liabilityRows])];
  const { source, sections } = sourcesOf([...used.map((name) => PARAMETERS[name].source), ...(outcome.cites ?? [])]);
  const unconfirmed = used
    .filter((name) => isUnconfirmed(PARAMETERS[name], year))
    .map((name) => PARAMETERS[name].note ?? `A ${year} figure used here is not confirmed yet.`);
  return {
    category,
    year,
    direction: outcome.kind === 'income' ? 'taxDue' : 'taxBack',
    kind: outcome.kind,
    amount: Math.max(0, roundToCents(outcome.amount)),
    rule: outcome.rule,
    figures: roundedFigures(outcome.figures),
    source,
    sections,
    explanation: outcome.explanation,
    caveats: [...unconfirmed, ...(outcome.caveats ?? [])],
    parameters: used,
  };
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
 * Bulk: `{ year, items: [{ category, data }] }` → the estimates and their amounts in the same order,
 * each exactly what `calculateRefund` gives for that item alone. The first failing item fails the
 * whole call (the client then falls back to single calls), with its errors under `items.<i>.…`.
 */
export function calculateRefunds(
  request: { readonly year: unknown; readonly items: readonly BulkItem[] },
  profile: TaxProfile,
  options: CalculateOptions = {},
): BulkRefundResult {
  const { year, items } = request;
  if (!isSupportedTaxYear(year)) return failure('unsupported-year', m.TAX_YEAR_UNSUPPORTED, { year: [m.TAX_YEAR_UNSUPPORTED] });
  const results: RefundEstimate[] = [];
  for (const [index, item] of items.entries()) {
    const result = calculateRefund(year, item.category, item.data, profile, options);
    if (!result.ok) {
      const errors =
        result.error === 'unknown-category'
          ? { [`items.${index}.category`]: [...(result.errors.category ?? [])] }
          : prefixed(result.errors, `items.${index}.data`);
      return { ...result, errors, index };
    }
    const { ok: _ok, ...estimate } = result;
    results.push(estimate);
  }
  return {
    ok: true,
    year,
    results,
    amounts: results.map((r) => r.amount),
    netTotal: roundToCents(results.reduce((sum, r) => sum + signedAmount(r), 0)),
  };
}
