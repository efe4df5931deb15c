import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';

/** Income type id → what its sub-form took (the declaration of POST /income-forms). */
export type Declaration = Record<string, Record<string, unknown>>;

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/** Plain JSON. */
export interface IncomeDeclarationContext {
  year: number;
  /** True: /form11/final-form is a page of the guided flow in flight, which the submit completes. */
  inFlow: boolean;
  /** True: /form11/income-selection, where the incomes to declare are chosen first. */
  choosing: boolean;
  /** What GET /income-forms returned for the year (the form's prefill); empty until loaded or when it failed. */
  saved: Declaration;
  /** The declaration being saved. */
  declaration: Declaration | null;
  /** The year's estimated refund (euro, tax due subtracted) once saved on its own. */
  estimate: number | null;
  /** The last failed load or save. */
  error: ApiFailure | null;
}

export interface IncomeDeclarationInput {
  year: number;
  inFlow: boolean;
  /** Start at the income selection (/form11/income-selection) rather than the declaration. */
  choosing?: boolean;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type IncomeDeclarationEvent =
  /** Submit on /form11/income-selection with the income types ticked (none: only the estimate is shown). */
  | { type: 'incomes.choose'; incomeIds: readonly string[] }
  /** "Submit Income Declaration" with the parsed sub-forms. */
  | { type: 'declaration.submit'; declaration: Declaration }
  /** OK on the estimate shown after saving on its own. */
  | { type: 'estimate.dismiss' };

export type IncomeDeclarationTag = 'loading' | 'busy';

// ─── Effects the app provides ────────────────────────────────────────────────────────────────────

/** `completeFlow`: hand the declaration to the guided flow as the final page's answer. */
export interface CompleteFlowParams {
  declaration: Declaration;
}

/** `navigate`: route to an in-app path, with its search parameters when it has any. */
export interface NavigateParams {
  to: string;
  search?: Record<string, unknown>;
}

/** `logFailure`: a failed load or save, logged (spec section 8). */
export interface LogFailureParams {
  operation: 'load' | 'save';
  failure: ApiFailure;
}

export type LoadResult = { ok: true; declaration: Declaration } | { ok: false; error: ApiFailure };
export type SaveResult = { ok: true } | { ok: false; error: ApiFailure };

/** GET /income-forms?year. */
export type LoadIncomeFormsLogic = PromiseActorLogic<LoadResult, { year: number }>;
/** POST /income-forms {year, income-form: {declaration}}. */
export type SaveIncomeFormsLogic = PromiseActorLogic<SaveResult, { year: number; declaration: Declaration }>;
/** The year's refund estimate after saving (euro, 2 decimals; 0 when it cannot be worked out). */
export type EstimateRefundLogic = PromiseActorLogic<number, { year: number }>;
