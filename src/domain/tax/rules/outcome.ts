/** Small constructors for rule outcomes, one per kind of relief, and the rule signature. */
import type { Form11Category } from '../../catalogue.ts';
import type { Form11Data } from '../../schemas/form11/index.ts';
import type { RuleContext } from '../context.ts';
import type { RuleOutcome } from '../types.ts';

/** A rule: the parsed data of its category and the context → what it is worth. */
export type Rule<C extends Form11Category> = (data: Form11Data<C>, ctx: RuleContext) => RuleOutcome;

/** Rules keyed by category, each typed by its own form's data. */
export type RuleTable<C extends Form11Category> = { readonly [K in C]: Rule<K> };

type Figures = Readonly<Record<string, number>>;

interface Parts {
  readonly rule: string;
  readonly figures: Figures;
  readonly explanation: string;
  readonly caveats?: readonly string[];
  /** Reference rows cited beyond the parameters read ('§4; R31'). */
  readonly cites?: readonly string[];
}

function withCaveats(parts: Parts) {
  return {
    ...(parts.caveats && parts.caveats.length > 0 ? { caveats: parts.caveats } : {}),
    ...(parts.cites ? { cites: parts.cites } : {}),
  };
}

/** A flat credit (or several, summed), capped at the liability by the engine. */
export function credit(amount: number, parts: Parts): RuleOutcome {
  return { kind: 'credit', amount, rule: parts.rule, figures: parts.figures, explanation: parts.explanation, cappedByLiability: true, ...withCaveats(parts) };
}

/** Qualifying amount × 20%. */
export function standardRateRelief(amount: number, parts: Parts): RuleOutcome {
  return {
    kind: 'standard-rate-relief',
    amount,
    rule: parts.rule,
    figures: parts.figures,
    explanation: parts.explanation,
    cappedByLiability: true,
    ...withCaveats(parts),
  };
}

/** A deduction from taxable income, relieved at the marginal rates. */
export function marginalDeduction(amount: number, parts: Parts): RuleOutcome {
  return {
    kind: 'marginal-deduction',
    amount,
    rule: parts.rule,
    figures: parts.figures,
    explanation: parts.explanation,
    cappedByLiability: true,
    ...withCaveats(parts),
  };
}

/** Nothing to claim: amount 0 with the reason. */
export function informational(parts: Parts): RuleOutcome {
  return { kind: 'informational', amount: 0, rule: parts.rule, figures: parts.figures, explanation: parts.explanation, cappedByLiability: false, ...withCaveats(parts) };
}

/** Tax due on an income (a positive amount; the estimate's direction is 'taxDue'). */
export function taxDue(amount: number, parts: Parts): RuleOutcome {
  return { kind: 'income', amount, rule: parts.rule, figures: parts.figures, explanation: parts.explanation, cappedByLiability: false, ...withCaveats(parts) };
}
