/**
 * Pension tax relief (spec section 9, "Pension tax relief"): the age-related limit on relievable
 * contributions, the remaining room in a tax year, and the tax back a contribution earns. Each
 * tax year's own figures apply (the reference's year tables, src/domain/tax/years.ts): its
 * standard rate bands and earnings cap, and the age band of the highest age reached in that year
 * (the age on 31 December), so a contribution backdated to last year is relieved under last
 * year's rules. Couples: a jointly assessed couple's band grows with the second income.
 * All amounts are euro.
 */
import type { Dayjs } from 'dayjs';
import { ageOn, dayjs, parseApiDate } from './dates.ts';
import { roundToCents } from './money.ts';
import type { AssessmentBasis } from './tax/assessment.ts';
import { bandOf, basisOf } from './tax/household.ts';
import { SUPPORTED_TAX_YEARS, figure, isSupportedTaxYear, type TaxYear } from './tax/years.ts';

export type MaritalStatus = 'single' | 'married';

/** The user fields the pension rules read (a subset of spec section 3's User). */
export interface PensionUser {
  /** YYYY-MM-DD */
  date_of_birth: string;
  annual_income: number | null;
  paid_pension: number | null;
  pension: number | null;
  marital_status: MaritalStatus;
  /** Married users: the spouse's income (a jointly assessed couple's band grows with it). */
  spouse_annual_income?: number | null | undefined;
  assessment_basis?: AssessmentBasis | null | undefined;
}

/** Relievable contributions are a percentage of earnings up to this cap (spec section 9). */
export const PENSION_EARNINGS_CAP = 115_000;

/** The spec caps the maximum tax back at the same figure. */
export const MAX_TAXBACK_CAP = 115_000;

/**
 * Standard rate band by marital status: the 2025 and 2026 figures of
 * shared/reference/irish-tax-rules.md section 1 ("SRB: single … €44,000"; "SRB: married couple
 * or civil partners, one income … €53,000"), which are also the spec's values. The relief of a
 * given tax year uses that year's bands (taxbackFor's `year`); these serve the spec's marginal
 * rate.
 */
export const STANDARD_RATE_BAND: Readonly<Record<MaritalStatus, number>> = {
  single: 44_000,
  married: 53_000,
};

export const STANDARD_RATE = 0.2;
export const HIGHER_RATE = 0.4;

/** Age bands, youngest first: the band applies up to and including `maxAge`. */
export const AGE_PERCENTAGE_BANDS: readonly { readonly maxAge: number; readonly percentage: number }[] = [
  { maxAge: 29, percentage: 15 },
  { maxAge: 39, percentage: 20 },
  { maxAge: 49, percentage: 25 },
  { maxAge: 54, percentage: 30 },
  { maxAge: 59, percentage: 35 },
  { maxAge: Number.POSITIVE_INFINITY, percentage: 40 },
];

/** The age-related percentage of earnings, as a whole percent (29 → 15, 60 → 40). */
export function agePercentage(age: number): number {
  if (Number.isNaN(age)) return 0; // no age, no relief band
  const band = AGE_PERCENTAGE_BANDS.find((b) => age <= b.maxAge);
  return band?.percentage ?? 0;
}

/** Non-negative finite number or 0: the profile may hold null for amounts not yet entered. */
function amount(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** The user's age today, or null when the stored date of birth is unreadable. */
export function pensionAge(user: PensionUser, today: Dayjs): number | null {
  const dob = parseApiDate(user.date_of_birth);
  return dob ? ageOn(dob, today) : null;
}

/**
 * The tax year whose figures apply on a day: the day's year, or the nearest year the tables
 * have (the last one for a later year, the first for an earlier one).
 */
export function taxYearFor(day: Dayjs): TaxYear {
  const year = day.year();
  if (isSupportedTaxYear(year)) return year;
  const first = SUPPORTED_TAX_YEARS[0];
  const last = SUPPORTED_TAX_YEARS[SUPPORTED_TAX_YEARS.length - 1] ?? first;
  return year < first ? first : last;
}

/**
 * The age whose band a tax year's limit uses: the highest age reached in the year of `day`, that
 * is the age on 31 December (Revenue: "at any time in the year"). Null for an unreadable date.
 */
export function pensionAgeInYear(user: PensionUser, day: Dayjs): number | null {
  const dob = parseApiDate(user.date_of_birth);
  return dob ? ageOn(dob, dayjs(new Date(day.year(), 11, 31))) : null;
}

export function standardRateBand(maritalStatus: MaritalStatus): number {
  return STANDARD_RATE_BAND[maritalStatus];
}

/**
 * The marginal rate sent with refund calculations (spec section 9): 0.4 when annual income
 * exceeds the standard rate band for the marital status, else 0.2.
 */
export function marginalRate(user: Pick<PensionUser, 'annual_income' | 'marital_status'> | null): number {
  if (!user) return STANDARD_RATE;
  return amount(user.annual_income) > standardRateBand(user.marital_status) ? HIGHER_RATE : STANDARD_RATE;
}

/**
 * Room left in the tax year of `today`: floor(min(income, that year's cap) × percentage for the
 * age reached in the year) − paid_pension, not below zero. An unreadable date of birth gives 0
 * rather than guessing an age band.
 */
export function maxPensionContribution(user: PensionUser | null, today: Dayjs): number {
  if (!user) return 0;
  const age = pensionAgeInYear(user, today);
  if (age === null) return 0;
  const limit = ageRelatedPensionLimit(amount(user.annual_income), age, taxYearFor(today));
  return Math.max(0, limit - amount(user.paid_pension));
}

/**
 * The year's age-related limit on relievable pension contributions (spec section 9): the floor of
 * earnings up to the year's cap times the age's percentage. The one rule for the Overview, the
 * claim engine and /pension-refund, so no two screens give the same year two limits.
 */
export function ageRelatedPensionLimit(income: number, age: number, year: TaxYear): number {
  const cappedIncome = Math.min(Math.max(0, income), figure('pensionEarningsCap', year));
  // × percentage / 100 rather than × 0.15: integer products keep the floor exact.
  return Math.floor((cappedIncome * agePercentage(age)) / 100);
}

/**
 * Income tax at the rates alone (no credits) on the user's income less `deduction`, with the
 * household's band in `year`: a single person's, or a jointly assessed couple's (the married band
 * plus the lower income up to the cap), or the user's own when a married couple is assessed
 * separately.
 */
function grossTaxAfter(user: PensionUser, deduction: number, year: TaxYear): number {
  const basis = basisOf({ maritalStatus: user.marital_status, annualIncome: user.annual_income, assessmentBasis: user.assessment_basis ?? null });
  const spouse = basis === 'joint' ? amount(user.spouse_annual_income) : 0;
  const own = Math.max(0, amount(user.annual_income) - deduction);
  const band = bandOf(year, { basis, singleParentBand: false, homeCarer: false, spouseIncome: spouse }, own);
  const taxable = own + spouse;
  return Math.min(taxable, band) * figure('standardRate', year) + Math.max(0, taxable - band) * figure('higherRate', year);
}

/**
 * Tax back on a contribution: 40% on the part of it that fits in the income above the standard
 * rate band, 20% on the rest (all of it at 20% when income is within the band), with the bands
 * of `year` (the 2025 and 2026 figures when none is given). Rounded to cents and capped at
 * MAX_TAXBACK_CAP. A null user, or a contribution ≤ 0, gives 0.
 * The income read is the actual annual income (not the 115,000 earnings cap): relief at 40% is
 * limited by how much income is taxed at 40%.
 */
export function taxbackFor(contribution: number, user: PensionUser | null, year: TaxYear = 2025): number {
  if (!user) return 0;
  const paid = amount(contribution);
  if (paid === 0) return 0;
  const relief = grossTaxAfter(user, 0, year) - grossTaxAfter(user, paid, year);
  // A contribution beyond the income itself is relieved at 20% (as if the income were within the band).
  const beyondIncome = Math.max(0, paid - amount(user.annual_income)) * figure('standardRate', year);
  return Math.min(roundToCents(relief + beyondIncome), MAX_TAXBACK_CAP);
}

export interface PensionSummary {
  /** The age whose band applies: reached by 31 December of the year; 0 without a user or a readable date of birth. */
  age: number;
  /** Whole percent of capped income (15…40); 0 without a user or readable date of birth. */
  percentage: number;
  maxContribution: number;
  maxTaxback: number;
  currentPension: number;
  currentTaxback: number;
}

const EMPTY_SUMMARY: PensionSummary = {
  age: 0,
  percentage: 0,
  maxContribution: 0,
  maxTaxback: 0,
  currentPension: 0,
  currentTaxback: 0,
};

/** Everything the Overview gauge and the pension screens show; all zeros without a user. */
export function pensionSummary(user: PensionUser | null, today: Dayjs): PensionSummary {
  if (!user) return { ...EMPTY_SUMMARY };
  const age = pensionAgeInYear(user, today);
  const year = taxYearFor(today);
  const maxContribution = maxPensionContribution(user, today);
  const currentPension = amount(user.pension);
  return {
    age: age ?? 0,
    percentage: age === null ? 0 : agePercentage(age),
    maxContribution,
    maxTaxback: taxbackFor(maxContribution, user, year),
    currentPension,
    currentTaxback: taxbackFor(currentPension, user, year),
  };
}

// ─── The tax year's progress: ledger-derived pension against the relief limit ─────────────────

/**
 * The age-related relief limit before anything is paid: floor(min(income, cap) × percentage).
 * `maxPensionContribution` is this minus paid_pension; the Overview compares the whole year's
 * pension (MaxOut contributions plus paid_pension) with this limit, so paid_pension is counted once.
 */
export function pensionReliefLimit(user: PensionUser | null, today: Dayjs): number {
  if (!user) return 0;
  return maxPensionContribution({ ...user, paid_pension: 0 }, today);
}

export interface PensionProgress {
  /** The relief limit of the year (euro, whole). */
  limit: number;
  /** Pension paid this year: contributions in the ledger plus paid_pension (the server derives it). */
  current: number;
  /** Room left for relief: limit − current, not below zero. */
  headroom: number;
  /** Tax back earned by the current pension (only up to the limit earns relief). */
  taxback: number;
  /** Tax back the whole limit would earn. */
  maxTaxback: number;
}

/** The Overview's figures: gauge (current over limit) and "My Tax Refund so far" (taxback over max). */
export function pensionProgress(user: PensionUser | null, today: Dayjs): PensionProgress {
  if (!user) return { limit: 0, current: 0, headroom: 0, taxback: 0, maxTaxback: 0 };
  const limit = pensionReliefLimit(user, today);
  const current = amount(user.pension);
  const year = taxYearFor(today);
  return {
    limit,
    current,
    headroom: Math.max(0, roundToCents(limit - current)),
    taxback: taxbackFor(Math.min(current, limit), user, year),
    maxTaxback: taxbackFor(limit, user, year),
  };
}

/**
 * The relief a new contribution earns on top of what is already paid: the tax back of the year's
 * pension after it, minus that before it, both counted only up to the limit. So the part of a
 * contribution above the limit earns nothing, and the 40% band is not counted twice.
 */
export function contributionRelief(user: PensionUser | null, contribution: number, today: Dayjs): number {
  if (!user) return 0;
  const { limit, current } = pensionProgress(user, today);
  const before = Math.min(current, limit);
  const after = Math.min(current + amount(contribution), limit);
  const year = taxYearFor(today);
  return roundToCents(taxbackFor(after, user, year) - taxbackFor(before, user, year));
}

/**
 * The user as the pension rules see a given tax year: this year as the profile has it (pension =
 * ledger + paid_pension); an earlier year with only what MaxOut recorded for it (paid_pension is
 * this year's figure).
 */
export function pensionUserForYear(user: PensionUser, year: number, contributedThatYear: number, today: Dayjs): PensionUser {
  if (year >= today.year()) return user;
  return { ...user, paid_pension: 0, pension: amount(contributedThatYear) };
}

/** The age band a relief percentage applies to, in words: "up to 29", "30 to 39", …, "60 and over". */
export function ageBandLabel(age: number): string {
  const index = AGE_PERCENTAGE_BANDS.findIndex((band) => age <= band.maxAge);
  const band = AGE_PERCENTAGE_BANDS[index];
  if (!band || Number.isNaN(age)) return '';
  if (index === 0) return `up to ${band.maxAge}`;
  const from = (AGE_PERCENTAGE_BANDS[index - 1]?.maxAge ?? 0) + 1;
  return Number.isFinite(band.maxAge) ? `${from} to ${band.maxAge}` : `${from} and over`;
}
