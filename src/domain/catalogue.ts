/**
 * The product catalogue: form pages, income types. Pure data shared by the router, the
 * questionnaire and the server. Spec section 2 (form slugs) and section 3 (income types).
 */

/** The 30 Form 11 pages reachable at /form11/{form-slug}. */
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
] as const;

export type FormSlug = (typeof FORM_SLUGS)[number];

export function isFormSlug(value: string): value is FormSlug {
  return (FORM_SLUGS as readonly string[]).includes(value);
}

/** The 13 kinds of additional income declared on /form11/final-form. */
export const INCOME_TYPES = [
  { id: 'canadian-dividends', label: 'Canadian dividends' },
  { id: 'dividends-distributions', label: 'Dividends and distributions' },
  { id: 'emp-off-pen', label: 'Employment, office or pension' },
  { id: 'fees-commissions', label: 'Fees and commissions' },
  { id: 'foreign-pensions', label: 'Foreign pensions' },
  { id: 'foreign-salary', label: 'Foreign salary' },
  { id: 'maintenance-payments', label: 'Maintenance payments received' },
  { id: 'rental-income', label: 'Rental income' },
  { id: 'trading-profit', label: 'Trading profit' },
  { id: 'uk-dividends', label: 'UK dividends' },
  { id: 'us-dividends', label: 'US dividends' },
  { id: 'untaxed-state-income', label: 'Untaxed state income' },
  { id: 'irish-taxed-income', label: 'Irish taxed income' },
] as const;

export type IncomeTypeId = (typeof INCOME_TYPES)[number]['id'];

export const INCOME_TYPE_IDS = INCOME_TYPES.map((t) => t.id) as readonly IncomeTypeId[];

export function isIncomeTypeId(value: string): value is IncomeTypeId {
  return (INCOME_TYPE_IDS as readonly string[]).includes(value);
}
