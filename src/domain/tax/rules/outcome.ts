/**
 * Small constructors for rule outcomes, one per kind of relief, and the rule signature. A rule
 * says what its category does to the year (a credit, a deduction, income added); the claim
 * (../claim.ts) works out what that is worth next to everything else claimed.
 */
import type { Form11Category } from '../../catalogue.ts';
import type { Form11Data } from '../../schemas/form11/index.ts';
import type { RuleContext } from '../context.ts';
import type { ClaimEffect, LineValue, RuleOutcome } from '../types.ts';

/** A rule: the parsed data of its category and the context → what it does to the year. */
export type Rule<C extends Form11Category> = (data: Form11Data<C>, ctx: RuleContext) => RuleOutcome;

/** Rules keyed by category, each typed by its own form's data. */
export type RuleTable<C extends Form11Category> = { readonly [K in C]: Rule<K> };

type Figures = Readonly<Record<string, number>>;

interface Parts {
  readonly rule: string;
  readonly figures: Figures;
  /** Plain words, or words made from what the claim made of the line (deductions, incomes). */
  readonly explanation: string | ((value: LineValue) => string);
  readonly caveats?: readonly string[];
  /** Reference rows cited beyond the parameters read ('§4; R31'). */
  readonly cites?: readonly string[];
}

function outcome(kind: RuleOutcome['kind'], effect: ClaimEffect, parts: Parts): RuleOutcome {
  return {
    kind,
    effect,
    rule: parts.rule,
    figures: parts.figures,
    explanation: parts.explanation,
    ...(parts.caveats && parts.caveats.length > 0 ? { caveats: parts.caveats } : {}),
    ...(parts.cites ? { cites: parts.cites } : {}),
  };
}

const nonNegative = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** A flat credit (or several, summed), set against the year's one liability. */
export function credit(amount: number, parts: Parts): RuleOutcome {
  return outcome('credit', { type: 'credit', amount: nonNegative(amount) }, parts);
}

/** Qualifying amount × 20%, given as a credit. */
export function standardRateRelief(amount: number, parts: Parts): RuleOutcome {
  return outcome('standard-rate-relief', { type: 'credit', amount: nonNegative(amount) }, parts);
}

/** A deduction from taxable income, relieved at the marginal rates. */
export function marginalDeduction(deductible: number, parts: Parts): RuleOutcome {
  return outcome('marginal-deduction', { type: 'deduction', amount: nonNegative(deductible) }, parts);
}

/** Pension contributions: a deduction within the year's one age-related limit. */
export function pensionDeduction(paid: number, limit: number | null, parts: Parts): RuleOutcome {
  return outcome('marginal-deduction', { type: 'pension', amount: nonNegative(paid), limit: limit === null ? null : nonNegative(limit) }, parts);
}

/** The Single Person Child Carer Credit: the credit, and the single-parent band for the whole claim. */
export function singleParentCredit(amount: number, parts: Parts): RuleOutcome {
  return outcome('credit', amount > 0 ? { type: 'single-parent', amount } : { type: 'none' }, parts);
}

/** The Home Carer Credit: the credit, without the band increase for a second income. */
export function homeCarerCredit(amount: number, parts: Parts): RuleOutcome {
  return outcome('credit', amount > 0 ? { type: 'home-carer', amount } : { type: 'none' }, parts);
}

/** Nothing to claim: amount 0 with the reason. */
export function informational(parts: Parts): RuleOutcome {
  return outcome('informational', { type: 'none' }, parts);
}

/** Income declared: tax due on it (the estimate's direction is 'taxDue'). */
export function taxDue(taxable: number, taxPaid: { amount: number; foreign: boolean } | null, parts: Parts): RuleOutcome {
  return outcome(
    'income',
    { type: 'income', taxable: nonNegative(taxable), taxPaid: nonNegative(taxPaid?.amount ?? 0), foreign: taxPaid?.foreign ?? false },
    parts,
  );
}
