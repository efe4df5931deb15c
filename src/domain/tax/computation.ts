/**
 * Whole-year computations of the reference's worked examples 11–13 (§9): income tax for one
 * income or a two-income couple, the Home Carer Credit taper, USC and employee PRSI. They show a
 * user the tax a refund comes out of; the per-category rules do not depend on them.
 * All euro; results rounded to cents.
 */
import { roundToCents } from '../money.ts';
import type { MaritalStatus } from '../pension.ts';
import { figure, type TaxYear } from './years.ts';

function positive(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Tax at 20% up to `band` and 40% above. */
function taxOverBand(income: number, band: number, year: TaxYear): number {
  return Math.min(income, band) * figure('standardRate', year) + Math.max(0, income - band) * figure('higherRate', year);
}

/**
 * Income tax of one PAYE employee (single) or a one-income married couple, after the personal
 * and Employee credits, not below nil (§1, §2; worked example 13).
 */
export function incomeTaxOneIncome(year: TaxYear, maritalStatus: MaritalStatus, income: number): number {
  const married = maritalStatus === 'married';
  const band = married ? figure('standardRateBandMarried', year) : figure('standardRateBandSingle', year);
  const personal = married ? figure('personalCreditMarried', year) : figure('personalCreditSingle', year);
  const gross = taxOverBand(positive(income), band, year);
  return roundToCents(Math.max(0, gross - personal - figure('employeeCredit', year)));
}

export interface CoupleTax {
  readonly grossTax: number;
  readonly credits: number;
  readonly netTax: number;
  /** The band each spouse uses: the higher earner at most the one-income band, the other at most the increase cap. */
  readonly bands: readonly [number, number];
}

/**
 * A jointly assessed couple, both employed (§1 "Two-income couple"; worked example 12): the band
 * grows by the lower of the cap and the lower income, the increase cannot be moved between
 * spouses, and each gets the Employee credit. Not for a couple claiming the Home Carer Credit.
 */
export function incomeTaxTwoIncomeCouple(year: TaxYear, incomeA: number, incomeB: number): CoupleTax {
  const higher = Math.max(positive(incomeA), positive(incomeB));
  const lower = Math.min(positive(incomeA), positive(incomeB));
  const higherBand = figure('standardRateBandMarried', year);
  const lowerBand = Math.min(lower, figure('twoIncomeBandIncreaseCap', year));
  const grossTax = taxOverBand(higher, higherBand, year) + taxOverBand(lower, lowerBand, year);
  const employed = lower > 0 ? 2 : 1;
  const credits = figure('personalCreditMarried', year) + employed * figure('employeeCredit', year);
  return {
    grossTax: roundToCents(grossTax),
    credits,
    netTax: roundToCents(Math.max(0, grossTax - credits)),
    bands: [higherBand, lowerBand],
  };
}

/**
 * Home Carer Credit for a carer's own income (§2; worked example 11): full up to €7,200, then
 * reduced by half the excess, nil at the cut-off.
 */
export function homeCarerCredit(year: TaxYear, carerIncome: number): number {
  const full = figure('homeCarerCredit', year);
  const excess = Math.max(0, positive(carerIncome) - figure('homeCarerIncomeThreshold', year));
  return roundToCents(Math.max(0, full - excess / 2));
}

/**
 * USC on PAYE income (§6; R38; worked example 13): exempt at or below €13,000 total income;
 * otherwise 0.5%, 2%, the middle rate and 8% across the year's bands. Reduced rates for medical
 * card holders and people aged 70+ are not applied.
 */
export function universalSocialCharge(year: TaxYear, income: number): number {
  const total = positive(income);
  if (total <= figure('uscExemptionLimit', year)) return 0;
  const bands: readonly [number, number][] = [
    [figure('uscFirstBandTop', year), figure('uscFirstRate', year)],
    [figure('uscSecondBandTop', year), figure('uscSecondRate', year)],
    [figure('uscThirdBandTop', year), figure('uscThirdRate', year)],
    [Number.POSITIVE_INFINITY, figure('uscTopRate', year)],
  ];
  let charged = 0;
  let from = 0;
  for (const [top, rate] of bands) {
    charged += Math.max(0, Math.min(total, top) - from) * rate;
    from = top;
  }
  return roundToCents(charged);
}

/**
 * Class A employee PRSI on pay earned evenly over the year (§6; R39; worked example 13): the
 * January–September rate on 9/12 of it and the October–December rate on the rest; nil when
 * weekly pay is at most €352. The tapered PRSI credit above that is UNCONFIRMED and not applied.
 */
export function employeePrsi(year: TaxYear, income: number): number {
  const pay = positive(income);
  if (pay / 52 <= figure('prsiWeeklyExemption', year)) return 0;
  return roundToCents(pay * (9 / 12) * figure('prsiRateToSeptember', year) + pay * (3 / 12) * figure('prsiRateFromOctober', year));
}
