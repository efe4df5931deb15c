/**
 * Every Form 11 category's form: the 35 credit and relief pages and the 13 income sub-forms.
 * `form11Schema(category, today)` validates entered data (the forms, the server, the refund
 * engine), `FORM11_FORMS[category].fields` is what a screen renders and `.sample` is valid data
 * for "Fill Mock Data".
 */
import type * as v from 'valibot';
import type { Dayjs } from '../../dates.ts';
import type { Form11Category } from '../../catalogue.ts';
import type { DataOf, FieldSpec, Form11Form } from './define.ts';
import {
  assistanceDogAllowanceForm,
  blindPersonTaxCreditForm,
  employingCarerReliefForm,
  guideDogAllowanceForm,
  healthExpensesForm,
  incomeContinuanceForm,
  medicalInsuranceReliefForm,
  nursingHomeExpensesForm,
  permanentHealthBenefitForm,
} from './health.ts';
import {
  ageTaxCreditForm,
  dependentRelativeTaxCreditForm,
  homeCarerTaxCreditForm,
  incapacitatedChildTaxCreditForm,
  maintenancePaymentReliefForm,
  rentTaxCreditForm,
  singlePersonChildCarerCreditForm,
  tuitionFeesForm,
  widowedParentTaxCreditForm,
  widowedPersonTaxCreditForm,
} from './family.ts';
import {
  additionalVoluntaryContributionsForm,
  earnedIncomeTaxCreditForm,
  employeeTaxCreditForm,
  flatRateExpensesForm,
  personalRetirementSavingsForm,
  remoteWorkingReliefForm,
  retirementAnnuityReliefForm,
} from './job.ts';
import {
  approvedSportsBodiesForm,
  employmentInvestmentIncentiveForm,
  fisherTaxCreditForm,
  homeRenovationIncentiveForm,
  mortgageInterestTaxCreditForm,
  navalServiceCreditForm,
  ownerOccupierReliefForm,
  seafarerAllowanceForm,
  startupReliefEntrepreneursForm,
} from './other.ts';
import {
  canadianDividendsForm,
  dividendsDistributionsForm,
  employmentOfficePensionForm,
  feesCommissionsForm,
  foreignPensionsForm,
  foreignSalaryForm,
  irishTaxedIncomeForm,
  maintenancePaymentsForm,
  rentalIncomeForm,
  tradingProfitForm,
  ukDividendsForm,
  untaxedStateIncomeForm,
  usDividendsForm,
} from './income.ts';

export type { ChoiceOption, DataOf, FieldKind, FieldSpec, Form11Form } from './define.ts';
export { BLIND_PERSONS } from './health.ts';
export { CARER_DEPENDANTS, HOME_CARERS, RENT_PURPOSES } from './family.ts';
export { EII_HOLDING_PERIODS } from './other.ts';

export const FORM11_FORMS = {
  'assistance-dog-allowance': assistanceDogAllowanceForm,
  'permanent-health-benefit': permanentHealthBenefitForm,
  'guide-dog-allowance': guideDogAllowanceForm,
  'income-continuance': incomeContinuanceForm,
  'nursing-home-expenses': nursingHomeExpensesForm,
  'blind-person-tax-credit': blindPersonTaxCreditForm,
  'health-expenses': healthExpensesForm,
  'medical-insurance-relief': medicalInsuranceReliefForm,
  'dependant-relevant-tax-credit': dependentRelativeTaxCreditForm,
  'incapacitated-child-tax-credit': incapacitatedChildTaxCreditForm,
  'maintenance-payment-relief': maintenancePaymentReliefForm,
  'single-person-child-carer-credit': singlePersonChildCarerCreditForm,
  'rent-tax-credit': rentTaxCreditForm,
  'tuition-fees': tuitionFeesForm,
  'additional-voluntary-contributions': additionalVoluntaryContributionsForm,
  'flat-rate-expenses': flatRateExpensesForm,
  'personal-retirement-savings': personalRetirementSavingsForm,
  'remote-working-relief': remoteWorkingReliefForm,
  'retirement-annuity-relief': retirementAnnuityReliefForm,
  'fisher-tax-credit': fisherTaxCreditForm,
  'seafarer-allowance': seafarerAllowanceForm,
  'naval-service-credit': navalServiceCreditForm,
  'owner-occupier-relief': ownerOccupierReliefForm,
  'home-renovation-incentive': homeRenovationIncentiveForm,
  'approved-sports-bodies': approvedSportsBodiesForm,
  'startup-relief-entrepreneurs': startupReliefEntrepreneursForm,
  'employment-investment-incentive': employmentInvestmentIncentiveForm,
  'mortgage-interest-tax-credit': mortgageInterestTaxCreditForm,
  'employee-tax-credit': employeeTaxCreditForm,
  'earned-income-tax-credit': earnedIncomeTaxCreditForm,
  'home-carer-tax-credit': homeCarerTaxCreditForm,
  'age-tax-credit': ageTaxCreditForm,
  'widowed-person-tax-credit': widowedPersonTaxCreditForm,
  'widowed-parent-tax-credit': widowedParentTaxCreditForm,
  'employing-carer-relief': employingCarerReliefForm,
  'canadian-dividends': canadianDividendsForm,
  'dividends-distributions': dividendsDistributionsForm,
  'emp-off-pen': employmentOfficePensionForm,
  'fees-commissions': feesCommissionsForm,
  'foreign-pensions': foreignPensionsForm,
  'foreign-salary': foreignSalaryForm,
  'maintenance-payments': maintenancePaymentsForm,
  'rental-income': rentalIncomeForm,
  'trading-profit': tradingProfitForm,
  'uk-dividends': ukDividendsForm,
  'us-dividends': usDividendsForm,
  'untaxed-state-income': untaxedStateIncomeForm,
  'irish-taxed-income': irishTaxedIncomeForm,
} as const satisfies Record<Form11Category, Form11Form>;

export type Form11Forms = typeof FORM11_FORMS;

/** The parsed (valid) data of a category's form. */
export type Form11Data<C extends Form11Category> = DataOf<Form11Forms[C]>;

/** What a category's form accepts as input (a form's values, a request's `data`). */
export type Form11Input<C extends Form11Category> = v.InferInput<ReturnType<Form11Forms[C]['schema']>>;

/** The schema of a category's form, with dates checked against `today`. */
export function form11Schema<C extends Form11Category>(category: C, today: Dayjs): ReturnType<Form11Forms[C]['schema']> {
  return FORM11_FORMS[category].schema(today) as ReturnType<Form11Forms[C]['schema']>;
}

/** The fields a screen renders for a category, in order. */
export function form11Fields(category: Form11Category): readonly FieldSpec[] {
  return FORM11_FORMS[category].fields;
}

/** Valid sample data for a category ("Fill Mock Data"). */
export function form11Sample<C extends Form11Category>(category: C): Form11Input<C> {
  return FORM11_FORMS[category].sample as Form11Input<C>;
}
