/**
 * The ids of the catalogue (src/domain/catalogue.ts) that the router and the search params check
 * on every page: kept apart from the titles, questions and descriptions so that the first page
 * loads only these short lists. The catalogue builds its entries on them.
 */

/** The Form 11 pages reachable at /form11/{form-slug}: the 30 of spec section 2 in its order, then the 5 credits added since. */
export const FORM_SLUGS = [
  'assistance-dog-allowance',
  'permanent-health-benefit',
  'guide-dog-allowance',
  'income-continuance',
  'nursing-home-expenses',
  'blind-person-tax-credit',
  'health-expenses',
  'medical-insurance-relief',
  'dependant-relevant-tax-credit',
  'incapacitated-child-tax-credit',
  'maintenance-payment-relief',
  'single-person-child-carer-credit',
  'rent-tax-credit',
  'tuition-fees',
  'additional-voluntary-contributions',
  'flat-rate-expenses',
  'personal-retirement-savings',
  'remote-working-relief',
  'retirement-annuity-relief',
  'fisher-tax-credit',
  'seafarer-allowance',
  'naval-service-credit',
  'owner-occupier-relief',
  'home-renovation-incentive',
  'approved-sports-bodies',
  'startup-relief-entrepreneurs',
  'employment-investment-incentive',
  'mortgage-interest-tax-credit',
  'employee-tax-credit',
  'earned-income-tax-credit',
  // Added after the spec's 30: the credits Revenue gives that the first list left out.
  'home-carer-tax-credit',
  'age-tax-credit',
  'widowed-person-tax-credit',
  'widowed-parent-tax-credit',
  'employing-carer-relief',
] as const;

export type FormSlug = (typeof FORM_SLUGS)[number];

export function isFormSlug(value: string): value is FormSlug {
  return (FORM_SLUGS as readonly string[]).includes(value);
}

/** The 13 income type ids of spec section 3, in the order the income selection shows them. */
export const INCOME_TYPE_IDS = [
  'canadian-dividends',
  'dividends-distributions',
  'emp-off-pen',
  'fees-commissions',
  'foreign-pensions',
  'foreign-salary',
  'maintenance-payments',
  'rental-income',
  'trading-profit',
  'uk-dividends',
  'us-dividends',
  'untaxed-state-income',
  'irish-taxed-income',
] as const;

export type IncomeTypeId = (typeof INCOME_TYPE_IDS)[number];

export function isIncomeTypeId(value: string): value is IncomeTypeId {
  return (INCOME_TYPE_IDS as readonly string[]).includes(value);
}
