/**
 * What every rule works with: the year's figures (each read recorded, so an estimate can cite
 * exactly the rows it used), the household's basis of assessment and the marginal rate, and a few
 * helpers for the words of an explanation (reference, "Conventions").
 */
import { ageOn, dayjs, parseApiDate } from '../dates.ts';
import { formatMoney } from '../money.ts';
import { agePercentage } from '../pension.ts';
import { basisOf, type TaxBasis } from './household.ts';
import type { MarginalRate, TaxProfile } from './types.ts';
import type { PARAMETERS } from './years.ts';
import { figure, type ParameterName, type TaxYear } from './years.ts';

type FigureValue<K extends ParameterName> = (typeof PARAMETERS)[K]['values'][TaxYear];

/** A rule's view of one calculation. */
export interface RuleContext {
  readonly year: TaxYear;
  readonly profile: TaxProfile;
  /** How the claimant is assessed: single, or a married person's basis. */
  readonly basis: TaxBasis;
  /** Used only without an income (the rate the client sent). */
  readonly marginalRate: MarginalRate;
  /** The year's value of a parameter; the read is recorded as a source of the estimate. */
  get<K extends ParameterName>(name: K): FigureValue<K>;
  /** The parameters read so far. */
  readonly used: ReadonlySet<ParameterName>;
}

export function createContext(year: TaxYear, profile: TaxProfile): RuleContext {
  const used = new Set<ParameterName>();
  const get = <K extends ParameterName>(name: K): FigureValue<K> => {
    used.add(name);
    return figure(name, year);
  };
  const marginalRate = marginalRateOf(year, profile);
  return { year, profile, basis: basisOf(profile), marginalRate, get, used };
}

/** Non-negative finite number, else 0 (entered amounts may be undefined when optional). */
export function money(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Euro as text for explanations, with cents like every amount on screen: 1234.5 → "€1,234.50", 500 → "€500.00". */
export const euro = (value: number): string => formatMoney(value);

/** A rate as text: 0.2 → "20%", 0.075 → "7.5%". */
export function pct(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

/** Without an income: the rate the client sent (0.4 or 0.2); with one, the rate of the income's top slice. */
function marginalRateOf(year: TaxYear, profile: TaxProfile): MarginalRate {
  if (profile.annualIncome === null) return profile.marginalRate === 0.4 ? 0.4 : 0.2;
  return marginalRateFor(year, profile.maritalStatus, profile.annualIncome);
}

/**
 * Marginal rate for a year (spec section 9): 0.4 when annual income exceeds the standard rate band
 * for the marital status in that year, else 0.2. §1; R4–R7, R11.
 */
export function marginalRateFor(year: TaxYear, maritalStatus: TaxProfile['maritalStatus'], annualIncome: number): MarginalRate {
  const band = maritalStatus === 'married' ? figure('standardRateBandMarried', year) : figure('standardRateBandSingle', year);
  return money(annualIncome) > band ? 0.4 : 0.2;
}

/** The split of a deduction (or an income) over the two rates, in words: "€6,000 at 40% and €1,000 at 20%". */
export function rateWords(split: { readonly atHigherRate: number; readonly atStandardRate: number }): string {
  if (split.atHigherRate > 0 && split.atStandardRate > 0) return `${euro(split.atHigherRate)} at 40% and ${euro(split.atStandardRate)} at 20%`;
  if (split.atHigherRate > 0) return `${euro(split.atHigherRate)} at 40%`;
  return `${euro(split.atStandardRate)} at 20%`;
}

/**
 * The taxpayer's age for pension limits and the age credit: the age reached by 31 December of the
 * tax year (the highest age at any time in that year). Null without a readable date of birth.
 */
export function ageInYear(ctx: Pick<RuleContext, 'year' | 'profile'>): number | null {
  const dob = parseApiDate(ctx.profile.dateOfBirth);
  if (!dob) return null;
  return ageOn(dob, dayjs(new Date(ctx.year, 11, 31)));
}

/** The age-related share of earnings relievable as pension contributions (§5; R37). */
export function pensionAgeShare(age: number): number {
  return agePercentage(age) / 100;
}
