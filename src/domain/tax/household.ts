/**
 * The household a year's tax is worked out for, and that tax: bands, rates and the standard
 * credits of a single person, a jointly assessed couple (one or two incomes) or a married person
 * assessed on their own (reference §1, §2; R4–R7, R46, R60). Every claim is a change to this
 * computation: income added, deductions taken off, credits set against the one liability.
 * All euro; nothing is rounded here (the claim rounds its running totals to cents).
 */
import { formatEuro } from '../money.ts';
import type { MaritalStatus } from '../pension.ts';
import { ASSESSMENT_BASES, type AssessmentBasis } from './assessment.ts';
import { figure, type ParameterName, type TaxYear } from './years.ts';

export { ASSESSMENT_BASES, type AssessmentBasis };

/** How a claim's tax is worked out: a single person, or a married person on one of the three bases. */
export type TaxBasis = 'single' | AssessmentBasis;

/** The fields of a profile the household needs (TaxProfile has them all). */
export interface HouseholdProfile {
  readonly maritalStatus: MaritalStatus;
  readonly annualIncome: number | null;
  readonly spouseAnnualIncome?: number | null;
  readonly assessmentBasis?: AssessmentBasis | null;
}

function positive(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Single people are taxed as single; a married profile without a basis is jointly assessed (Revenue's default). */
export function basisOf(profile: HouseholdProfile): TaxBasis {
  if (profile.maritalStatus !== 'married') return 'single';
  return profile.assessmentBasis ?? 'joint';
}

/** Whether the couple is jointly assessed (the couple limits and the band increase apply). */
export function isJoint(profile: HouseholdProfile): boolean {
  return basisOf(profile) === 'joint';
}

/** Everything a year's income tax depends on, as a claim changes it. */
export interface TaxState {
  readonly basis: TaxBasis;
  /** The claimant's PAYE pay (the profile's annual income). */
  readonly pay: number;
  /** The spouse's income (joint assessment only; taken as PAYE pay). */
  readonly spouseIncome: number;
  /** Other income the claim declares (not PAYE: no Employee credit on it). */
  readonly addedIncome: number;
  /** Deductions from the claimant's income (pension contributions, reliefs at the marginal rate). */
  readonly deductions: number;
  /** Credits claimed on top of the personal and Employee credits. */
  readonly credits: number;
  /** The single-parent band applies (the Single Person Child Carer Credit is claimed). */
  readonly singleParentBand: boolean;
  /** The Home Carer Credit is claimed: no increase of the band for a second income. */
  readonly homeCarer: boolean;
}

export interface TaxComputation {
  /** The claimant's income after deductions (never below nil). */
  readonly ownIncome: number;
  /** Income taxed: the claimant's, plus the spouse's under joint assessment. */
  readonly taxable: number;
  /** The 20% band used. */
  readonly band: number;
  readonly atStandardRate: number;
  readonly atHigherRate: number;
  readonly gross: number;
  /** Personal and Employee credits plus the credits claimed. */
  readonly credits: number;
  /** Income tax after credits, not below nil (credits are not refunded, R60). */
  readonly net: number;
  /** Credits left over: more than the tax they could come off. */
  readonly unusedCredits: number;
  /** The Employee credit(s) as limited to 20% of pay (the UNCONFIRMED rule bit). */
  readonly employeeCreditLimited: boolean;
}

/** The Employee credit of one earner: the year's credit, at most 20% of the pay (UNCONFIRMED, §2). */
function employeeCreditOf(year: TaxYear, pay: number): number {
  if (pay <= 0) return 0;
  return Math.min(figure('employeeCredit', year), pay * figure('employeeCreditPayShare', year));
}

/** The standard rate band of a state (reference §1). */
export function bandOf(year: TaxYear, state: Pick<TaxState, 'basis' | 'singleParentBand' | 'homeCarer' | 'spouseIncome'>, ownIncome: number): number {
  if (state.basis === 'joint') {
    const lower = Math.min(ownIncome, positive(state.spouseIncome));
    // The increase is the lower income up to the cap, cannot be moved between spouses, and is
    // not given with the Home Carer Credit (R46).
    const increase = state.homeCarer ? 0 : Math.min(lower, figure('twoIncomeBandIncreaseCap', year));
    return figure('standardRateBandMarried', year) + increase;
  }
  if (state.basis === 'single' && state.singleParentBand) return figure('standardRateBandSingleParent', year);
  return figure('standardRateBandSingle', year);
}

/** The personal and Employee credits of the household before anything is claimed. */
export function standardCredits(year: TaxYear, state: Pick<TaxState, 'basis' | 'pay' | 'spouseIncome'>): number {
  const personal = state.basis === 'joint' ? figure('personalCreditMarried', year) : figure('personalCreditSingle', year);
  const spouse = state.basis === 'joint' ? employeeCreditOf(year, positive(state.spouseIncome)) : 0;
  return personal + employeeCreditOf(year, positive(state.pay)) + spouse;
}

/** The year's income tax of a state: 20% up to the band, 40% above, less every credit, not below nil. */
export function taxOf(year: TaxYear, state: TaxState): TaxComputation {
  const ownIncome = Math.max(0, positive(state.pay) + positive(state.addedIncome) - positive(state.deductions));
  const taxable = ownIncome + (state.basis === 'joint' ? positive(state.spouseIncome) : 0);
  const band = bandOf(year, state, ownIncome);
  const atStandardRate = Math.min(taxable, band);
  const atHigherRate = Math.max(0, taxable - band);
  const gross = atStandardRate * figure('standardRate', year) + atHigherRate * figure('higherRate', year);
  const credits = standardCredits(year, state) + positive(state.credits);
  const fullEmployee = figure('employeeCredit', year);
  const employeeCreditLimited =
    (positive(state.pay) > 0 && employeeCreditOf(year, positive(state.pay)) < fullEmployee) ||
    (state.basis === 'joint' && positive(state.spouseIncome) > 0 && employeeCreditOf(year, positive(state.spouseIncome)) < fullEmployee);
  return {
    ownIncome,
    taxable,
    band,
    atStandardRate,
    atHigherRate,
    gross,
    credits,
    net: Math.max(0, gross - credits),
    unusedCredits: Math.max(0, credits - gross),
    employeeCreditLimited,
  };
}

/** The household before the claim: the profile's pay (and the spouse's, when jointly assessed). */
export function baselineState(profile: HouseholdProfile): TaxState {
  const basis = basisOf(profile);
  return {
    basis,
    pay: positive(profile.annualIncome),
    spouseIncome: basis === 'joint' ? positive(profile.spouseAnnualIncome) : 0,
    addedIncome: 0,
    deductions: 0,
    credits: 0,
    singleParentBand: false,
    homeCarer: false,
  };
}

/** The rows of the year table the household computation reads (cited by an estimate it shapes). */
export function householdRows(state: Pick<TaxState, 'basis' | 'singleParentBand' | 'spouseIncome'>): ParameterName[] {
  const rows: ParameterName[] = ['standardRate', 'higherRate', 'employeeCredit'];
  if (state.basis === 'joint') {
    rows.push('standardRateBandMarried', 'personalCreditMarried');
    if (positive(state.spouseIncome) > 0) rows.push('twoIncomeBandIncreaseCap');
  } else {
    rows.push(state.basis === 'single' && state.singleParentBand ? 'standardRateBandSingleParent' : 'standardRateBandSingle', 'personalCreditSingle');
  }
  return rows;
}

const euro = (value: number) => formatEuro(value);

/**
 * Which basis an estimate for a married user used, in one sentence (null for a single person).
 * Issue requirement: every estimate for a married user says so.
 */
export function describeBasis(year: TaxYear, profile: HouseholdProfile): string | null {
  const basis = basisOf(profile);
  if (basis === 'single') return null;
  if (basis === 'joint') {
    const married = figure('standardRateBandMarried', year);
    const spouse = profile.spouseAnnualIncome;
    if (spouse === null || spouse === undefined) {
      return `Joint assessment (${year}): your spouse's income is not recorded, so it is taken as none: the married band of ${euro(married)} and the married personal credit.`;
    }
    const own = positive(profile.annualIncome);
    const increase = Math.min(own, positive(spouse), figure('twoIncomeBandIncreaseCap', year));
    return increase > 0
      ? `Joint assessment (${year}): you and your spouse are taxed together, with the married band of ${euro(married)} raised by ${euro(increase)} for the second income, the married personal credit and an Employee credit for each earner.`
      : `Joint assessment (${year}): you and your spouse are taxed together on one income, with the married band of ${euro(married)} and the married personal credit.`;
  }
  const single = figure('standardRateBandSingle', year);
  return basis === 'separate'
    ? `Separate assessment (${year}): you are taxed on your own income, with your own band of ${euro(single)} and your own credits.`
    : `Separate treatment (${year}): you are taxed as a single person, with the band of ${euro(single)} and a single person's credits.`;
}
