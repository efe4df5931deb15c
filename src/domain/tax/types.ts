/**
 * The refund engine's public types: the profile it reads, what a rule returns, what an estimate
 * looks like and how a calculation fails (as data, never a throw).
 */
import type { Form11Category } from '../catalogue.ts';
import type { MaritalStatus } from '../pension.ts';
import type { AssessmentBasis } from './assessment.ts';
import type { ClaimSummary } from './claim.ts';
import type { References } from './sources.ts';
import type { ParameterName, TaxYear } from './years.ts';

export type { MaritalStatus };

/** The user fields the rules read (spec section 3's User, renamed for the engine). */
export interface TaxProfile {
  readonly maritalStatus: MaritalStatus;
  /** Euro a year; null until the user records it. */
  readonly annualIncome: number | null;
  /** YYYY-MM-DD (API form); null when unknown. Pension limits and the age credit need it. */
  readonly dateOfBirth: string | null;
  /**
   * Used only when annualIncome is null: the rate the client sent with the data (spec
   * section 7). With an income, the engine works the rate out itself.
   */
  readonly marginalRate?: number;
  /** The spouse's or civil partner's income, euro a year; null or absent when not recorded. */
  readonly spouseAnnualIncome?: number | null;
  /** How a married user is assessed; null or absent: joint (Revenue's default for a married couple). */
  readonly assessmentBasis?: AssessmentBasis | null;
  /**
   * Pension contributions of one tax year already relieved outside a claim: through payroll and
   * through MaxOut. A claim for that year shares the year's pension limit with them.
   */
  readonly pensionPaid?: { readonly year: number; readonly payroll: number; readonly maxOut: number };
}

export type MarginalRate = 0.2 | 0.4;

/** How an amount reduces (or adds to) tax; see the reference's "Kinds of relief". */
export type ReliefKind =
  /** A flat euro amount off tax (pro-rated or shared where the rules say). */
  | 'credit'
  /** Qualifying amount × 20%, whatever the taxpayer's top rate. */
  | 'standard-rate-relief'
  /** Comes off taxable income: 40% on the part that leaves the 40% slice, 20% on the rest. */
  | 'marginal-deduction'
  /** Nothing to claim (given already, or the scheme does not apply that year); amount 0. */
  | 'informational'
  /** Income: tax due on it (direction 'taxDue'). */
  | 'income';

/**
 * Which way the money goes. Every `amount` is ≥ 0; an income category's amount is tax due on that
 * income. `signedAmount` turns an estimate into + (tax back) or − (tax due) for totals.
 */
export type RefundDirection = 'taxBack' | 'taxDue';

/**
 * What a rule's category does to the year's computation. The claim applies every item's effect
 * to one household (reference "Conventions": credits off one liability, deductions off one
 * income, one pension limit) and splits the result into lines.
 */
export type ClaimEffect =
  /** Nothing to claim (given already, not due, or the scheme does not apply that year). */
  | { readonly type: 'none' }
  /** A flat amount off tax: a credit, or a 20% relief given as a credit. */
  | { readonly type: 'credit'; readonly amount: number }
  /** Off taxable income at the marginal rates. */
  | { readonly type: 'deduction'; readonly amount: number }
  /**
   * Pension contributions: off income, within the one age-related limit of the year shared with
   * every other pension contribution (null: the limit cannot be worked out without an income).
   */
  | { readonly type: 'pension'; readonly amount: number; readonly limit: number | null }
  /** The Single Person Child Carer Credit: the credit and the single-parent band for the whole claim. */
  | { readonly type: 'single-parent'; readonly amount: number }
  /** The Home Carer Credit: the credit, and no band increase for a second income (the better of the two is used). */
  | { readonly type: 'home-carer'; readonly amount: number }
  /** Income declared: added to income; tax already paid on it is credited (foreign tax up to the Irish tax on it). */
  | { readonly type: 'income'; readonly taxable: number; readonly taxPaid: number; readonly foreign: boolean };

/** What a line of a claim came to, for a rule's "how we got this" line. */
export interface LineValue {
  /** Tax back (tax due for an income), euro, after the claim's limits. */
  readonly amount: number;
  /** Deductions and income: the part at 40% and at 20%. */
  readonly atHigherRate: number;
  readonly atStandardRate: number;
  /** Income: Irish tax on it before what was already paid, and what of that was credited. */
  readonly tax: number;
  readonly credited: number;
  /** Pensions: what of the contribution is relieved this year and what is carried forward. */
  readonly relievable: number;
  readonly carriedForward: number;
  /** Pensions: the year's limit and what payroll and MaxOut contributions already used of it. */
  readonly limit: number | null;
  readonly alreadyCounted: number;
}

/** What one rule works out for its category, before the claim applies it. */
export interface RuleOutcome {
  readonly kind: ReliefKind;
  readonly effect: ClaimEffect;
  /** The rule applied, in a few words ("20% of rent paid, up to €1,000"). */
  readonly rule: string;
  /** The year's figures used and the intermediate amounts, by name. */
  readonly figures: Readonly<Record<string, number>>;
  /** The "how we got this" line; deductions and incomes word it from what the claim made of them. */
  readonly explanation: string | ((value: LineValue) => string);
  /** Extra warnings beyond the automatic UNCONFIRMED ones. */
  readonly caveats?: readonly string[];
  /** Reference rows the rule rests on beyond the parameters it read, as '§4; R31'. */
  readonly cites?: readonly string[];
}

/** An engine estimate: "how we got this" in full. */
export interface RefundEstimate {
  readonly category: Form11Category;
  readonly year: TaxYear;
  readonly direction: RefundDirection;
  readonly kind: ReliefKind;
  /** Euro, rounded to cents, ≥ 0. */
  readonly amount: number;
  readonly rule: string;
  readonly figures: Readonly<Record<string, number>>;
  /** Reference source keys, e.g. 'R14, R15, R16, R12'. */
  readonly source: string;
  /** Reference sections the figures come from, e.g. ['§1', '§3']. */
  readonly sections: readonly string[];
  readonly explanation: string;
  /** Figures the reference marks UNCONFIRMED, and other limits of the estimate. */
  readonly caveats: readonly string[];
  /** The parameter rows read (for audits and tests). */
  readonly parameters: readonly ParameterName[];
  /** Revenue's pages on it (links) and the Act sections it applies, for the year used. */
  readonly references: References;
  /** Married users: which basis of assessment the estimate used, in words; null for a single person. */
  readonly basis: string | null;
  /** What the line would be worth on its own, before the claim's limits (euro, ≥ amount for tax back). */
  readonly standalone: number;
  /** Credit the line could not use: more than the tax left for it (never refunded). */
  readonly unused: number;
  /** Why the line is less than it would be on its own, in euro; null when nothing was cut. */
  readonly cut: string | null;
}

export type RefundErrorCode = 'unsupported-year' | 'unknown-category' | 'invalid-data' | 'duplicate-category';

/** A calculation that cannot be made; the server answers 422 with `message` and `errors`. */
export interface RefundFailure {
  readonly ok: false;
  readonly error: RefundErrorCode;
  readonly message: string;
  /** Field errors by dotted path ('insurances.0.amountOfGrossPremium'), as the server's JSON error. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

export type RefundResult = ({ readonly ok: true } & RefundEstimate) | RefundFailure;

export interface BulkItem {
  readonly category: string;
  readonly data: unknown;
}

export type BulkRefundResult =
  | {
      readonly ok: true;
      readonly year: TaxYear;
      /** One estimate per item, in the order given. */
      readonly results: readonly RefundEstimate[];
      /** Their amounts, in the same order (each ≥ 0; see `results[i].direction`). */
      readonly amounts: readonly number[];
      /** Tax back less tax due, rounded to cents: the lines add up to it exactly. */
      readonly netTotal: number;
      /** The claim as a whole: tax before and after, what was unused, the basis used. */
      readonly claim: ClaimSummary;
    }
  | (RefundFailure & {
      /** The first item that failed (absent for an unsupported year). */
      readonly index?: number;
    });
