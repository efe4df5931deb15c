/**
 * The refund engine (issue: the Form 11 credit and relief forms and the refund engine):
 * per-year figures 2022–2026, the marginal rate, one rule per category, and estimates that
 * explain themselves. Pure: the server and the screens call the same functions.
 */
export { calculateRefund, calculateRefunds, estimate, signedAmount, RULES, type CalculateOptions } from './engine.ts';
export { marginalRateFor, incomeTaxLiability, createContext, type RuleContext } from './context.ts';
export { incomeTaxOneIncome, incomeTaxTwoIncomeCouple, homeCarerCredit, universalSocialCharge, employeePrsi, type CoupleTax } from './computation.ts';
export { openClaimYears, claimYearsFor, isInYearClaimAllowed, defaultClaimYear, AFTER_YEAR_END_ONLY, OPEN_PAST_YEARS, type OpenClaimYears } from './claimYears.ts';
export { SUPPORTED_TAX_YEARS, PARAMETERS, figure, isSupportedTaxYear, type TaxYear, type ParameterName, type YearRow } from './years.ts';
export { taxProfileOf } from './profile.ts';
export type {
  BulkItem,
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
