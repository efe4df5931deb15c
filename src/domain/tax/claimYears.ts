/**
 * Which tax years a claim can be made for. Four-year rule (§7; R41, R63): during a calendar
 * year, the four years before it are open (in 2026: 2022–2025), and the current year is claimed
 * in-year, for the categories that can be claimed before the year ends.
 *
 * The reference does not list which credits can be claimed in-year; the table below is our rule:
 * in-year where the claim rests on payments already made or on a status that holds during the
 * year, not where it needs the finished year's figures or is declared on the return after it.
 */
import { FORM11_CATEGORIES, INCOME_TYPE_IDS, type Form11Category, type FormSlug } from '../catalogue.ts';
import type { Dayjs } from '../dates.ts';
import { SUPPORTED_TAX_YEARS, isSupportedTaxYear, type TaxYear } from './years.ts';

/** How many past years are open under the four-year rule. */
export const OPEN_PAST_YEARS = 4;

/** Form pages that wait for the year to end, and why. Every other form can be claimed in-year. */
export const AFTER_YEAR_END_ONLY: Readonly<Partial<Record<FormSlug, string>>> = {
  'mortgage-interest-tax-credit': "It compares the whole year's interest with 2022's, from the lender's year-end figure.",
  'fisher-tax-credit': 'It needs the days at sea of the whole year.',
  'seafarer-allowance': 'It needs the days at sea of the whole year.',
  'owner-occupier-relief': 'It is claimed on the tax return for the year.',
  'home-renovation-incentive': 'A carried-forward credit is used on the tax return for the year.',
  'approved-sports-bodies': 'It is claimed on the tax return for the year of the donation.',
  'startup-relief-entrepreneurs': 'It refunds tax paid in finished years.',
  'employment-investment-incentive': 'It is claimed on the tax return for the year the shares were issued.',
  'earned-income-tax-credit': 'Self-employed income is declared on the tax return after the year ends.',
};

/** Whether a category can be claimed during the year itself. Income is always declared after it ends. */
export function isInYearClaimAllowed(category: Form11Category): boolean {
  if ((INCOME_TYPE_IDS as readonly string[]).includes(category)) return false;
  return !(category in AFTER_YEAR_END_ONLY);
}

export interface OpenClaimYears {
  /** The calendar year of `today`. */
  readonly currentYear: number;
  /** The four years before it that the engine supports, oldest first (in 2026: 2022–2025). */
  readonly pastYears: readonly TaxYear[];
  /** Whether the current year is one the engine has figures for (in-year claims need it). */
  readonly currentYearSupported: boolean;
  /** The categories that can be claimed in-year (empty when the current year is not supported). */
  readonly inYearCategories: readonly Form11Category[];
}

export function openClaimYears(today: Dayjs, categories: readonly Form11Category[] = FORM11_CATEGORIES): OpenClaimYears {
  const currentYear = today.year();
  const pastYears = SUPPORTED_TAX_YEARS.filter((y) => y < currentYear && y >= currentYear - OPEN_PAST_YEARS);
  const currentYearSupported = isSupportedTaxYear(currentYear);
  return {
    currentYear,
    pastYears,
    currentYearSupported,
    inYearCategories: currentYearSupported ? categories.filter(isInYearClaimAllowed) : [],
  };
}

/** The years a category can be claimed for on `today`: the open past years, plus this year where allowed. */
export function claimYearsFor(category: Form11Category, today: Dayjs): readonly TaxYear[] {
  const currentYear = today.year();
  const open = openClaimYears(today, [category]);
  return isSupportedTaxYear(currentYear) && open.inYearCategories.includes(category) ? [...open.pastYears, currentYear] : open.pastYears;
}

/** The year the Tax Refund page offers first: last year (spec: "default: last year"). */
export function defaultClaimYear(today: Dayjs): number {
  return today.year() - 1;
}
