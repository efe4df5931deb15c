/**
 * What every rule works with: the year's figures (each read recorded, so an estimate can cite
 * exactly the rows it used), the marginal rate, the income tax liability, and the arithmetic of
 * the three kinds of relief (reference, "Conventions").
 */
import { ageOn, dayjs, parseApiDate } from '../dates.ts';
import { formatEuro } from '../money.ts';
import { agePercentage } from '../pension.ts';
import { incomeTaxOneIncome } from './computation.ts';
import type { MarginalRate, TaxProfile } from './types.ts';
import type { PARAMETERS} from './years.ts';
import { figure, type ParameterName, type TaxYear } from './years.ts';

type FigureValue<K extends ParameterName> = (typeof PARAMETERS)[K]['values'][TaxYear];

/** A rule's view of one calculation. */
export interface RuleContext {
  readonly year: TaxYear;
  readonly profile: TaxProfile;
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
  return { year, profile, marginalRate, get, used };
}

/** Non-negative finite number, else 0 (entered amounts may be undefined when optional). */
export function money(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Euro as text for explanations: 1234.5 → "€1,234.50", 500 → "€500". */
export const euro = (value: number): string => formatEuro(value);

/** A rate as text: 0.2 → "20%", 0.075 → "7.5%". */
export function pct(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

type Getter = <K extends ParameterName>(name: K) => FigureValue<K>;

function bandWith(get: Getter, profile: TaxProfile): number {
  return profile.maritalStatus === 'married' ? get('standardRateBandMarried') : get('standardRateBandSingle');
}

/** Not recorded as a source: a credit does not depend on it; a deduction reads the band itself. */
function marginalRateOf(year: TaxYear, profile: TaxProfile): MarginalRate {
  if (profile.annualIncome === null) return profile.marginalRate === 0.4 ? 0.4 : 0.2;
  return marginalRateFor(year, profile.maritalStatus, profile.annualIncome);
}

/**
 * The standard rate band a profile's income is measured against: the single band, or the
 * married one-income band (spec section 9: the threshold depends on married or single).
 */
export function standardRateBand(ctx: RuleContext): number {
  return bandWith(ctx.get, ctx.profile);
}

/**
 * Marginal rate for a year (spec section 9): 0.4 when annual income exceeds the standard rate band
 * for the marital status in that year, else 0.2. §1; R4–R7, R11.
 */
export function marginalRateFor(year: TaxYear, maritalStatus: TaxProfile['maritalStatus'], annualIncome: number): MarginalRate {
  const band = maritalStatus === 'married' ? figure('standardRateBandMarried', year) : figure('standardRateBandSingle', year);
  return money(annualIncome) > band ? 0.4 : 0.2;
}

/**
 * Income tax on the profile's income for the year, less the personal and employee credits: what
 * credits and reliefs can reduce, at most (credits cannot push tax below nil and are not
 * refunded, R60). Null without an income. The product's users are PAYE employees, so the
 * Employee credit is counted once; a married profile is taken as one income, jointly assessed.
 */
export function incomeTaxLiability(ctx: RuleContext): number | null {
  const income = ctx.profile.annualIncome;
  if (income === null) return null;
  // Read through ctx so the estimate cites the band, rates and credits the figure rests on.
  standardRateBand(ctx);
  ctx.get('standardRate');
  ctx.get('higherRate');
  ctx.get(ctx.profile.maritalStatus === 'married' ? 'personalCreditMarried' : 'personalCreditSingle');
  ctx.get('employeeCredit');
  return incomeTaxOneIncome(ctx.year, ctx.profile.maritalStatus, money(income));
}

export interface DeductionRelief {
  readonly relief: number;
  /** Part of the deduction relieved at 40% and at 20%. */
  readonly atHigherRate: number;
  readonly atStandardRate: number;
}

/**
 * Tax saved by a deduction from taxable income: the part that removes income from the 40% slice
 * saves 40%, the rest saves 20%, and none of it goes beyond the income itself (reference,
 * "marginal-rate deduction"; worked example 5). Without an income, the whole deduction is
 * relieved at the marginal rate the client sent.
 */
export function deductionRelief(deduction: number, ctx: RuleContext): DeductionRelief {
  const amount = money(deduction);
  const standardRate = ctx.get('standardRate');
  const higherRate = ctx.get('higherRate');
  const income = ctx.profile.annualIncome;
  if (income === null) {
    return ctx.marginalRate === 0.4
      ? { relief: amount * higherRate, atHigherRate: amount, atStandardRate: 0 }
      : { relief: amount * standardRate, atHigherRate: 0, atStandardRate: amount };
  }
  const band = standardRateBand(ctx);
  const atHigherRate = Math.min(amount, Math.max(0, money(income) - band));
  const atStandardRate = Math.min(amount - atHigherRate, Math.min(money(income), band));
  return { relief: atHigherRate * higherRate + atStandardRate * standardRate, atHigherRate, atStandardRate };
}

/** The figures and words of a deduction, shared by every marginal-rate rule. */
export function deductionFigures(d: DeductionRelief): Record<string, number> {
  return { deductionAtHigherRate: d.atHigherRate, deductionAtStandardRate: d.atStandardRate };
}

export function deductionWords(d: DeductionRelief): string {
  if (d.atHigherRate > 0 && d.atStandardRate > 0) return `${euro(d.atHigherRate)} at 40% and ${euro(d.atStandardRate)} at 20%`;
  if (d.atHigherRate > 0) return `${euro(d.atHigherRate)} at 40%`;
  return `${euro(d.atStandardRate)} at 20%`;
}

/**
 * Income tax on extra income on top of the profile's income: 20% while it fits in what is left
 * of the standard rate band, 40% above. Without an income, all of it at the marginal rate sent.
 */
export function taxOnAddedIncome(added: number, ctx: RuleContext): DeductionRelief {
  const amount = money(added);
  const standardRate = ctx.get('standardRate');
  const higherRate = ctx.get('higherRate');
  const income = ctx.profile.annualIncome;
  if (income === null) {
    return ctx.marginalRate === 0.4
      ? { relief: amount * higherRate, atHigherRate: amount, atStandardRate: 0 }
      : { relief: amount * standardRate, atHigherRate: 0, atStandardRate: amount };
  }
  const bandLeft = Math.max(0, standardRateBand(ctx) - money(income));
  const atStandardRate = Math.min(amount, bandLeft);
  const atHigherRate = amount - atStandardRate;
  return { relief: atStandardRate * standardRate + atHigherRate * higherRate, atHigherRate, atStandardRate };
}

/**
 * The taxpayer's age for pension limits: the age reached by 31 December of the tax year (the
 * highest age at any time in that year). Null without a readable date of birth.
 */
export function ageInYear(ctx: RuleContext): number | null {
  const dob = parseApiDate(ctx.profile.dateOfBirth);
  if (!dob) return null;
  return ageOn(dob, dayjs(new Date(ctx.year, 11, 31)));
}

/** The age-related share of earnings relievable as pension contributions (§5; R37). */
export function pensionAgeShare(age: number): number {
  return agePercentage(age) / 100;
}
