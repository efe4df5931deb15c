/**
 * The refund engine's public types: the profile it reads, what a rule returns, what an estimate
 * looks like and how a calculation fails (as data, never a throw).
 */
import type { Form11Category } from '../catalogue.ts';
import type { MaritalStatus } from '../pension.ts';
import type { ParameterName, TaxYear } from './years.ts';

export type { MaritalStatus };

/** The user fields the rules read (spec section 3's User, renamed for the engine). */
export interface TaxProfile {
  readonly maritalStatus: MaritalStatus;
  /** Euro a year; null until the user records it. */
  readonly annualIncome: number | null;
  /** YYYY-MM-DD (API form); null when unknown. Pension limits need it. */
  readonly dateOfBirth: string | null;
  /**
   * Used only when annualIncome is null: the rate the client sent with the data (spec
   * section 7). With an income, the engine works the rate out itself.
   */
  readonly marginalRate?: number;
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

/** What one rule works out, before the engine rounds, caps at liability and adds sources. */
export interface RuleOutcome {
  readonly kind: ReliefKind;
  /** Euro, ≥ 0, not yet rounded. */
  readonly amount: number;
  /** The rule applied, in a few words ("20% of rent paid, up to €1,000"). */
  readonly rule: string;
  /** The year's figures used and the intermediate amounts, by name. */
  readonly figures: Readonly<Record<string, number>>;
  /** One plain-English "how we got this" line. */
  readonly explanation: string;
  /** Extra warnings beyond the automatic UNCONFIRMED ones. */
  readonly caveats?: readonly string[];
  /** Whether the income tax liability caps this amount (credits and reliefs: yes). */
  readonly cappedByLiability: boolean;
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
}

export type RefundErrorCode = 'unsupported-year' | 'unknown-category' | 'invalid-data';

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
      /** Tax back less tax due, rounded to cents. */
      readonly netTotal: number;
    }
  | (RefundFailure & {
      /** The first item that failed (absent for an unsupported year). */
      readonly index?: number;
    });
