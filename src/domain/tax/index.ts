/**
 * The refund engine (issue: the Form 11 credit and relief forms and the refund engine):
 * per-year figures 2022–2026, the marginal rate, one rule per category, and estimates that
 * explain themselves. Pure: the server and the screens call the same functions.
 */
export { calculateRefund, calculateRefunds, estimate, parseItem, profileErrors, signedAmount, RULES, type CalculateOptions } from './engine.ts';
export { computeClaim, pensionLimitOf, CLAIM_ORDER, NO_INCOME_NOTE, type ClaimItem, type ClaimOptions, type ClaimResult, type ClaimSummary } from './claim.ts';
export { basisOf, describeBasis, taxOf, baselineState, type TaxBasis, type TaxState, type TaxComputation } from './household.ts';
export { ASSESSMENT_BASES, ASSESSMENT_BASIS_LABELS, isAssessmentBasis, type AssessmentBasis } from './assessment.ts';
export { CATEGORY_SOURCES, YEAR_ACTS, referencesFor, type References, type SourceLink } from './sources.ts';
export { FLAT_RATE_EXPENSES, FLAT_RATE_EXPENSE_IDS, flatRateExpense, occupationFromText, type FlatRateExpense } from './flatRateExpenses.ts';
export { marginalRateFor, createContext, type RuleContext } from './context.ts';
export { incomeTaxOneIncome, incomeTaxTwoIncomeCouple, homeCarerCredit, universalSocialCharge, employeePrsi, type CoupleTax } from './computation.ts';
export { openClaimYears, claimYearsFor, isInYearClaimAllowed, defaultClaimYear, AFTER_YEAR_END_ONLY, OPEN_PAST_YEARS, type OpenClaimYears } from './claimYears.ts';
export { SUPPORTED_TAX_YEARS, PARAMETERS, figure, isSupportedTaxYear, type TaxYear, type ParameterName, type YearRow } from './years.ts';
export { taxProfileOf } from './profile.ts';
export type {
  BulkItem,
  ClaimEffect,
  LineValue,
  BulkRefundResult,
  MarginalRate,
  RefundDirection,
  RefundErrorCode,
  RefundEstimate,
  RefundFailure,
  RefundResult,
  ReliefKind,
  TaxProfile,
} from './types.ts';
export { savedClaimFigures, upgradeSavedData, needsUpdateNote, type SavedClaimFigures } from './savedClaim.ts';
