/**
 * Pension refund (/pension-refund): tax relief on pension contributions paid outside payroll
 * (PRSA, retirement annuity contract, AVC) for each tax year still open under the four-year
 * rule. Per year: the age-related limit (the share for the age reached in that year × earnings
 * up to that year's cap), what of the payment is relievable, and the relief at the marginal
 * rate, worked out by the refund engine's own rule, so what the screen shows is what the claim
 * records (shared reference §5, R37; §1 bands per year).
 */
import type { Dayjs } from './dates.ts';
import { ageOn, dayjs, parseApiDate } from './dates.ts';
import { agePercentage, ageRelatedPensionLimit } from './pension.ts';
import { estimate, figure, marginalRateFor, openClaimYears, type MarginalRate, type TaxProfile, type TaxYear } from './tax/index.ts';

/** The three kinds of contract whose relief is claimed on the return, by their Form 11 page. */
export const PENSION_CONTRACTS = [
  { category: 'personal-retirement-savings', label: 'PRSA (personal retirement savings account)' },
  { category: 'retirement-annuity-relief', label: 'Retirement annuity contract (RAC)' },
  { category: 'additional-voluntary-contributions', label: 'Additional voluntary contributions (AVC) paid directly' },
] as const;
export type PensionContractCategory = (typeof PENSION_CONTRACTS)[number]['category'];

export function isPensionContractCategory(value: unknown): value is PensionContractCategory {
  return PENSION_CONTRACTS.some((contract) => contract.category === value);
}

/** The tax years a pension refund can be claimed for today: the four before this one. */
export function pensionRefundYears(today: Dayjs): readonly TaxYear[] {
  return openClaimYears(today).pastYears;
}

export interface PensionReliefYear {
  year: TaxYear;
  /** Age reached by 31 December of the year; null without a readable date of birth. */
  ageInYear: number | null;
  /** Whole percent of earnings (15 … 40); 0 without an age. */
  agePercentage: number;
  /** That year's cap on the earnings the percentage applies to. */
  earningsCap: number;
  /** The most whose contributions are relieved that year: percentage × min(earnings, cap); null without earnings. */
  limit: number | null;
  paid: number;
  /** What of `paid` is relieved that year (all of it when the limit is unknown). */
  relievable: number;
  /** The rest, carried forward to the next year. */
  carriedForward: number;
  /** The rate the top of the user's income is taxed at that year. */
  marginalRate: MarginalRate;
  /** The relief due, euro: 40% on the part that comes out of the higher band, 20% on the rest, at most the tax charged. */
  relief: number;
  /** The engine's "how we got this". */
  explanation: string;
}

function positive(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The relief on `paid` euro of contributions for `year`, for a profile (income, marital status,
 * date of birth), with that year's income when given (else the profile's). Pure: the same inputs give the same figures on the server and in the browser.
 */
export function pensionReliefForYear(profileOfUser: TaxProfile, year: TaxYear, paid: number, incomeInYear?: number | null): PensionReliefYear {
  // That year's earnings, when known, rather than today's income: the limit and the rate are the year's.
  const profile = typeof incomeInYear === 'number' && Number.isFinite(incomeInYear) && incomeInYear >= 0 ? { ...profileOfUser, annualIncome: incomeInYear } : profileOfUser;
  const amount = positive(paid);
  const dob = parseApiDate(profile.dateOfBirth);
  const ageInYear = dob ? ageOn(dob, dayjs(new Date(year, 11, 31))) : null;
  const percentage = ageInYear === null ? 0 : agePercentage(ageInYear);
  const earningsCap = figure('pensionEarningsCap', year);
  const income = profile.annualIncome;
  const limit = income === null || ageInYear === null ? null : ageRelatedPensionLimit(positive(income), ageInYear, year);
  const relievable = ageInYear === null ? 0 : limit === null ? amount : Math.min(amount, limit);
  const result = estimate(year, 'personal-retirement-savings', { providerName: 'Pension provider', policyNumber: '-', contributionsPaid: amount }, profile);
  return {
    year,
    ageInYear,
    agePercentage: percentage,
    earningsCap,
    limit,
    paid: amount,
    relievable,
    carriedForward: amount - relievable,
    marginalRate: income === null ? (profile.marginalRate === 0.4 ? 0.4 : 0.2) : marginalRateFor(year, profile.maritalStatus, income),
    relief: result.amount,
    explanation: result.explanation,
  };
}
