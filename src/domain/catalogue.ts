/**
 * The product catalogue: the 35 Form 11 pages, the 32 questionnaire questions, the 47
 * "For Advanced Use" options and the 13 income types (the spec's 30 pages, 27 questions and 42
 * options, plus the Home Carer, Age, Widowed Person, Widowed Parent and employing-a-carer credits
 * Revenue gives that the spec's list left out). Pure data, one copy, shared by the router,
 * the questionnaire and flow machines, the screens, the server and the tests.
 * Spec section 2 (form slugs, groups), section 3 (income type ids), section 9 (27 questions, 13
 * income types). Every figure behind these pages lives in src/domain/tax.
 */

import { FORM_SLUGS, INCOME_TYPE_IDS, isFormSlug, isIncomeTypeId, type FormSlug, type IncomeTypeId } from './catalogueIds.ts';

export { FORM_SLUGS, INCOME_TYPE_IDS, isFormSlug, isIncomeTypeId, type FormSlug, type IncomeTypeId };

export interface FormPage {
  readonly title: string;
  /** One plain-English line: what the credit or relief is for. */
  readonly description: string;
}

/** Title and one-line description of every form page. */
export const FORM_PAGES: Readonly<Record<FormSlug, FormPage>> = {
  'assistance-dog-allowance': {
    title: 'Assistance Dog Allowance',
    description: 'Tax relief on the cost of keeping an assistance dog trained by an accredited organisation.',
  },
  'permanent-health-benefit': {
    title: 'Permanent Health Benefit',
    description: 'Tax relief on premiums you pay yourself for an approved income protection policy.',
  },
  'guide-dog-allowance': {
    title: 'Guide Dog Allowance',
    description: "Tax relief on the cost of keeping a trained guide dog, if you get the Blind Person's Tax Credit.",
  },
  'income-continuance': {
    title: 'Income Continuance',
    description: 'Tax relief on income continuance (income protection) premiums paid through an employer or group scheme.',
  },
  'nursing-home-expenses': {
    title: 'Nursing Home Expenses',
    description: 'Tax relief at your highest rate on nursing home fees you paid for yourself or someone else.',
  },
  'blind-person-tax-credit': {
    title: "Blind Person's Tax Credit",
    description: 'A tax credit if you or your spouse are blind or severely visually impaired.',
  },
  'health-expenses': {
    title: 'Health Expenses',
    description: 'Tax back on doctor, consultant, prescription, hospital and non-routine dental bills you paid.',
  },
  'medical-insurance-relief': {
    title: 'Medical Insurance Relief',
    description: 'Tax relief on health insurance premiums your employer paid for you as a benefit.',
  },
  'dependant-relevant-tax-credit': {
    title: 'Dependent Relative Tax Credit',
    description: 'A tax credit if you support a relative who cannot look after themselves.',
  },
  'incapacitated-child-tax-credit': {
    title: 'Incapacitated Child Tax Credit',
    description: 'A tax credit for each child with a permanent disability who cannot support themselves.',
  },
  'maintenance-payment-relief': {
    title: 'Maintenance Payment Relief',
    description: 'Tax relief on legally enforceable maintenance you pay to a former spouse or civil partner.',
  },
  'single-person-child-carer-credit': {
    title: 'Single Person Child Carer Credit',
    description: 'A tax credit and a wider 20% band for a single parent whose child lives with them.',
  },
  'rent-tax-credit': {
    title: 'Rent Tax Credit',
    description: "A tax credit on rent you paid for your home, for work or college, or for your child's college.",
  },
  'tuition-fees': {
    title: 'Tuition Fees',
    description: 'Tax relief on third-level tuition fees and the student contribution you paid.',
  },
  'additional-voluntary-contributions': {
    title: 'Additional Voluntary Contributions (AVCs)',
    description: 'Tax relief on extra contributions you paid into your workplace pension.',
  },
  'flat-rate-expenses': {
    title: 'Flat Rate Expenses',
    description: 'A fixed deduction Revenue allows for the tools, uniforms or fees your job needs.',
  },
  'personal-retirement-savings': {
    title: 'Personal Retirement Savings Account (PRSA)',
    description: 'Tax relief on contributions you paid into a PRSA.',
  },
  'remote-working-relief': {
    title: 'Remote Working Relief',
    description: 'Tax relief on part of your electricity, heating and broadband for days you worked from home.',
  },
  'retirement-annuity-relief': {
    title: 'Retirement Annuity Relief',
    description: 'Tax relief on contributions you paid into a personal pension (retirement annuity contract).',
  },
  'fisher-tax-credit': {
    title: 'Fisher Tax Credit',
    description: 'A tax credit for fishers who spent at least 80 days at sea on an EU or UK registered boat.',
  },
  'seafarer-allowance': {
    title: "Seafarers' Allowance",
    description: 'A deduction from seafaring pay for at least 161 days at sea on international voyages.',
  },
  'naval-service-credit': {
    title: 'Sea-going Naval Personnel Credit',
    description: 'A tax credit for Naval Service members who spent at least 80 days at sea.',
  },
  'owner-occupier-relief': {
    title: 'Living City Initiative (Owner-Occupier)',
    description: 'Tax relief on refurbishing a pre-1915 home you live in within a special regeneration area.',
  },
  'home-renovation-incentive': {
    title: 'Home Renovation Incentive (HRI)',
    description: 'Use up a Home Renovation Incentive credit left over from work finished by 2019.',
  },
  'approved-sports-bodies': {
    title: 'Donations to Approved Sports Bodies',
    description: 'Tax relief on donations of €250 or more to an approved sports body for a capital project.',
  },
  'startup-relief-entrepreneurs': {
    title: 'Start-up Relief for Entrepreneurs (SURE)',
    description: 'A refund of income tax paid in earlier years when you invest in your own new company.',
  },
  'employment-investment-incentive': {
    title: 'Employment Investment Incentive (EII)',
    description: 'Tax relief on money invested in new shares of a qualifying small company.',
  },
  'mortgage-interest-tax-credit': {
    title: 'Mortgage Interest Tax Credit',
    description: 'A tax credit on the increase in mortgage interest on your home since 2022.',
  },
  'employee-tax-credit': {
    title: 'Employee Tax Credit',
    description: 'The credit every PAYE employee gets; your employer already gives it through payroll.',
  },
  'earned-income-tax-credit': {
    title: 'Earned Income Tax Credit',
    description: 'A tax credit on self-employed income or pay as a proprietary director.',
  },
  'home-carer-tax-credit': {
    title: 'Home Carer Tax Credit',
    description: 'A tax credit for a married couple or civil partners where one of you cares at home for a child, an older person or someone incapacitated.',
  },
  'age-tax-credit': {
    title: 'Age Tax Credit',
    description: 'A tax credit if you, or your husband, wife or civil partner, are 65 or over.',
  },
  'widowed-person-tax-credit': {
    title: 'Widowed Person Tax Credit',
    description: 'A higher personal credit in the year your husband, wife or civil partner died, and in the years after if no child lives with you.',
  },
  'widowed-parent-tax-credit': {
    title: 'Widowed Parent Tax Credit',
    description: 'A tax credit in each of the five years after the bereavement, if a child lives with you.',
  },
  'employing-carer-relief': {
    title: 'Employing a Carer',
    description: 'Tax relief at your highest rate on what you pay a carer for someone who is permanently incapacitated.',
  },
};

/** The page of a form slug: /form11/{slug}. */
export function formRoute(slug: FormSlug): `/form11/${FormSlug}` {
  return `/form11/${slug}`;
}

/** Where every income type is declared (with the chosen income ids), and where incomes are chosen. */
export const FINAL_FORM_ROUTE = '/form11/final-form';
export const INCOME_SELECTION_ROUTE = '/form11/income-selection';

// ---------------------------------------------------------------------------------------------
// Income types

export interface IncomeType {
  readonly id: IncomeTypeId;
  readonly label: string;
  /** One plain-English line: what counts as this income. */
  readonly description: string;
  /** What its sub-form on /form11/final-form asks (the fields are in schemas/form11/income.ts). */
  readonly asks: string;
}

/** The 13 kinds of additional income declared on /form11/final-form, in the order of INCOME_TYPE_IDS. */
export const INCOME_TYPES = [
  {
    id: 'canadian-dividends',
    label: 'Canadian dividends',
    description: 'Dividends from Canadian companies or funds.',
    asks: 'Who paid them, the gross amount in euro and any Canadian tax withheld.',
  },
  {
    id: 'dividends-distributions',
    label: 'Dividends and distributions',
    description: 'Dividends and distributions from Irish companies.',
    asks: 'Who paid them, the gross amount and the dividend withholding tax deducted.',
  },
  {
    id: 'emp-off-pen',
    label: 'Employment, office or pension',
    description: 'Pay or a pension that is not already on your PAYE record.',
    asks: 'The employer or pension payer, the gross amount and any tax already deducted.',
  },
  {
    id: 'fees-commissions',
    label: 'Fees and commissions',
    description: 'Fees or commissions paid to you outside your payroll.',
    asks: 'Who paid them, the gross amount and the expenses of earning them.',
  },
  {
    id: 'foreign-pensions',
    label: 'Foreign pensions',
    description: 'A pension paid to you from another country.',
    asks: 'The country, the payer, the gross amount in euro and any foreign tax paid.',
  },
  {
    id: 'foreign-salary',
    label: 'Foreign salary',
    description: 'Pay from an employer outside Ireland.',
    asks: 'The country, the employer, the gross amount in euro, any foreign tax paid and the days worked abroad.',
  },
  {
    id: 'maintenance-payments',
    label: 'Maintenance payments received',
    description: 'Maintenance a former spouse or civil partner pays you.',
    asks: 'Who pays it, the amount, the part that is only for children and whether it is legally enforceable.',
  },
  {
    id: 'rental-income',
    label: 'Rental income',
    description: 'Rent you receive from a property you let.',
    asks: 'The property (address, Eircode, LPT ID), the rent received, the expenses, the lease and RTB registration.',
  },
  {
    id: 'trading-profit',
    label: 'Trading profit',
    description: 'Profit from a trade, business or profession you run yourself.',
    asks: 'What the trade is and its profit for the year.',
  },
  {
    id: 'uk-dividends',
    label: 'UK dividends',
    description: 'Dividends from UK companies or funds.',
    asks: 'Who paid them, the gross amount in euro and any UK tax withheld.',
  },
  {
    id: 'us-dividends',
    label: 'US dividends',
    description: 'Dividends from US companies or funds.',
    asks: 'Who paid them, the gross amount in euro and any US tax withheld.',
  },
  {
    id: 'untaxed-state-income',
    label: 'Untaxed state income',
    description: "Taxable social welfare payments not taxed at source, such as Jobseeker's Benefit.",
    asks: 'Which payment and how much you received.',
  },
  {
    id: 'irish-taxed-income',
    label: 'Irish taxed income',
    description: 'Irish income taxed at source, such as deposit interest.',
    asks: 'Where it came from, the gross amount and the tax already deducted.',
  },
] as const satisfies readonly IncomeType[];

export function incomeType(id: IncomeTypeId): IncomeType {
  // Every id comes from INCOME_TYPES, so the lookup cannot miss.
  return INCOME_TYPES.find((t) => t.id === id) as IncomeType;
}

// ---------------------------------------------------------------------------------------------
// Categories: what the refund engine, the answers and a Form 11 entry's snapshot are keyed by

/** A form slug or an income type id (the two sets do not overlap). */
export type Form11Category = FormSlug | IncomeTypeId;

export const FORM11_CATEGORIES: readonly Form11Category[] = [...FORM_SLUGS, ...INCOME_TYPE_IDS];

export function isForm11Category(value: string): value is Form11Category {
  return isFormSlug(value) || isIncomeTypeId(value);
}

const CLAIM_LINE_RANK = new Map<string, number>(FORM11_CATEGORIES.map((category, index) => [category, index]));

/**
 * A claim's lines in the one order every screen lists them: Form 11's page order (the guided flow
 * and the questionnaire's), then the incomes in the income selection's order, whatever order the
 * server kept them in. A key this catalogue does not know (an older claim) comes last, in the order given.
 */
export function inClaimLineOrder<T>(lines: readonly T[], categoryOf: (line: T) => string): T[] {
  const rank = (line: T) => CLAIM_LINE_RANK.get(categoryOf(line)) ?? FORM11_CATEGORIES.length;
  // Array.prototype.sort is stable, so unknown keys keep their order.
  return [...lines].sort((a, b) => rank(a) - rank(b));
}

/** The categories of a claim's snapshot (or any keyed record), in claim line order. */
export function claimCategoriesOf(record: Readonly<Record<string, unknown>>): string[] {
  return inClaimLineOrder(Object.keys(record), (category) => category);
}

/** What a category is called on screen (a form title or an income label). */
export function categoryTitle(category: Form11Category): string {
  return isFormSlug(category) ? FORM_PAGES[category].title : incomeType(category).label;
}

// ---------------------------------------------------------------------------------------------
// The questionnaire (spec section 4: 27 yes/no questions, each mapping to one form11 page)

export interface Question {
  /** The form page a Yes adds to the selection. */
  readonly slug: FormSlug;
  readonly text: string;
}

/**
 * The questions (the spec's 27 and one per added credit), in the order they are asked: health,
 * family and home, job and pension, property, the sea, investments. Each maps to a different slug.
 *
 * Three slugs have no question, on purpose: they are reachable from "For Advanced Use" only.
 * - employee-tax-credit: every PAYE employee already gets it through payroll, so asking would
 *   only suggest money that is not there.
 * - earned-income-tax-credit: for self-employed income or proprietary directors, not for the
 *   PAYE workers the questionnaire is written for.
 * - home-renovation-incentive: the scheme closed for work finished after 2018 (March 2019 with
 *   planning permission); only an old carried-forward credit can still be used.
 */
export const QUESTIONS = [
  {
    slug: 'health-expenses',
    text: 'Did you pay for doctor or consultant visits, prescriptions, hospital care or dental work such as crowns or braces that was not fully refunded to you?',
  },
  {
    slug: 'medical-insurance-relief',
    text: 'Did your employer pay for your health insurance (it shows as a benefit on your payslip)?',
  },
  { slug: 'nursing-home-expenses', text: 'Did you pay nursing home fees for yourself or for someone else?' },
  {
    slug: 'permanent-health-benefit',
    text: 'Did you pay yourself for income protection insurance that pays you if you are too ill to work?',
  },
  {
    slug: 'income-continuance',
    text: 'Did you pay into an income continuance plan arranged through your employer, union or professional body?',
  },
  { slug: 'blind-person-tax-credit', text: 'Are you, or your husband, wife or civil partner, blind or severely visually impaired?' },
  { slug: 'guide-dog-allowance', text: 'Do you keep a trained guide dog?' },
  {
    slug: 'assistance-dog-allowance',
    text: 'Do you keep an assistance dog from an accredited organisation, for example for autism, epilepsy or a physical disability?',
  },
  {
    slug: 'employing-carer-relief',
    text: 'Did you pay a carer to look after someone who is permanently incapacitated, such as a parent, a child or yourself?',
  },
  {
    slug: 'rent-tax-credit',
    text: "Did you pay rent for your home, for a place you stay in for work or college, or for your child's college accommodation?",
  },
  {
    slug: 'tuition-fees',
    text: 'Did you pay third-level college fees (tuition or the student contribution) for yourself or someone else?',
  },
  {
    slug: 'single-person-child-carer-credit',
    text: 'Are you a single parent, not living with a partner, with a child who lives with you for most of the year?',
  },
  {
    slug: 'incapacitated-child-tax-credit',
    text: 'Do you have a child with a lasting physical or mental disability who cannot support themselves?',
  },
  {
    slug: 'dependant-relevant-tax-credit',
    text: 'Do you support a relative who cannot look after themselves because of age or illness, or a widowed parent?',
  },
  {
    slug: 'maintenance-payment-relief',
    text: 'Do you pay maintenance to a former husband, wife or civil partner under a court order or legal agreement?',
  },
  {
    slug: 'home-carer-tax-credit',
    text: 'Are you married or in a civil partnership, and does one of you stay at home to care for a child, someone aged 65 or over, or someone who is incapacitated?',
  },
  { slug: 'age-tax-credit', text: 'Did you, or your husband, wife or civil partner, reach the age of 65 by the end of the year?' },
  {
    slug: 'widowed-person-tax-credit',
    text: 'Did your husband, wife or civil partner die, and have you not married again or lived with a partner since?',
  },
  {
    slug: 'widowed-parent-tax-credit',
    text: 'Did your husband, wife or civil partner die in one of the last five years, and does a child live with you?',
  },
  {
    slug: 'flat-rate-expenses',
    text: 'Do you work in a job that has a flat rate expense for tools, uniforms or fees (for example nurse, teacher, electrician or shop worker)?',
  },
  { slug: 'remote-working-relief', text: 'Did you work from home for your employer on some days?' },
  {
    slug: 'additional-voluntary-contributions',
    text: 'Did you pay additional voluntary contributions (AVCs) into your workplace pension?',
  },
  { slug: 'personal-retirement-savings', text: 'Did you pay into a PRSA (Personal Retirement Savings Account)?' },
  { slug: 'retirement-annuity-relief', text: 'Did you pay into a personal pension (a retirement annuity contract)?' },
  {
    slug: 'mortgage-interest-tax-credit',
    text: 'Did you have a mortgage of €80,000 to €500,000 on your home at the end of 2022, and has your interest gone up since?',
  },
  {
    slug: 'owner-occupier-relief',
    text: 'Did you refurbish a pre-1915 home you live in, in a Living City area of Dublin, Cork, Galway, Kilkenny, Limerick or Waterford?',
  },
  { slug: 'fisher-tax-credit', text: 'Did you spend at least 80 days at sea fishing on an EU or UK registered boat?' },
  { slug: 'seafarer-allowance', text: 'Did you work at sea for at least 161 days on voyages to or from foreign ports?' },
  { slug: 'naval-service-credit', text: 'Are you in the Naval Service and spent at least 80 days at sea last year?' },
  {
    slug: 'approved-sports-bodies',
    text: 'Did you give €250 or more to an approved sports club for a building or equipment project?',
  },
  {
    slug: 'startup-relief-entrepreneurs',
    text: 'Did you leave a job to start your own company and put your own money into its shares?',
  },
  {
    slug: 'employment-investment-incentive',
    text: 'Did you buy new shares in a small Irish company under the Employment Investment Incentive (EII)?',
  },
] as const satisfies readonly Question[];

/** The form slugs no question leads to (see QUESTIONS). */
export const SLUGS_WITHOUT_QUESTION = ['employee-tax-credit', 'earned-income-tax-credit', 'home-renovation-incentive'] as const satisfies readonly FormSlug[];

// ---------------------------------------------------------------------------------------------
// "For Advanced Use" (Tax Refund page): 42 options in the spec's 5 groups

export const ADVANCED_GROUP_IDS = ['health', 'family', 'job', 'other', 'income'] as const;
export type AdvancedGroupId = (typeof ADVANCED_GROUP_IDS)[number];

export type AdvancedTarget =
  | { readonly kind: 'form'; readonly slug: FormSlug }
  /** Income options all go to /form11/final-form, carrying the income id. */
  | { readonly kind: 'income'; readonly incomeTypeId: IncomeTypeId };

export interface AdvancedOption {
  /** The form slug or income type id it targets (unique across all options). */
  readonly id: Form11Category;
  readonly label: string;
  readonly target: AdvancedTarget;
}

export interface AdvancedGroup {
  readonly id: AdvancedGroupId;
  readonly title: string;
  readonly options: readonly AdvancedOption[];
}

function formOption(slug: FormSlug, label: string = FORM_PAGES[slug].title): AdvancedOption {
  return { id: slug, label, target: { kind: 'form', slug } };
}

/**
 * The five groups with 8, 10, 5, 11 and 13 options (spec section 2's 7, 6, 5, 11 and 13, plus the
 * added credits). The four form groups hold 34 of the 35 slugs: "income-continuance" is the same relief as "permanent-health-benefit"
 * (Revenue treats both as one, R30), so Health offers one option for the two and the
 * questionnaire still asks about each.
 */
export const ADVANCED_OPTION_GROUPS: readonly AdvancedGroup[] = [
  {
    id: 'health',
    title: 'Health',
    options: [
      formOption('health-expenses'),
      formOption('medical-insurance-relief'),
      formOption('nursing-home-expenses'),
      formOption('permanent-health-benefit', 'Permanent Health Benefit / Income Continuance'),
      formOption('blind-person-tax-credit'),
      formOption('guide-dog-allowance'),
      formOption('assistance-dog-allowance'),
      formOption('employing-carer-relief'),
    ],
  },
  {
    id: 'family',
    title: 'You & Your Family',
    options: [
      formOption('rent-tax-credit'),
      formOption('tuition-fees'),
      formOption('single-person-child-carer-credit'),
      formOption('incapacitated-child-tax-credit'),
      formOption('dependant-relevant-tax-credit'),
      formOption('maintenance-payment-relief'),
      formOption('home-carer-tax-credit'),
      formOption('age-tax-credit'),
      formOption('widowed-person-tax-credit'),
      formOption('widowed-parent-tax-credit'),
    ],
  },
  {
    id: 'job',
    title: 'Your Job',
    options: [
      formOption('flat-rate-expenses'),
      formOption('remote-working-relief'),
      formOption('additional-voluntary-contributions'),
      formOption('personal-retirement-savings'),
      formOption('retirement-annuity-relief'),
    ],
  },
  {
    id: 'other',
    title: 'Other',
    options: [
      formOption('mortgage-interest-tax-credit'),
      formOption('owner-occupier-relief'),
      formOption('home-renovation-incentive'),
      formOption('fisher-tax-credit'),
      formOption('seafarer-allowance'),
      formOption('naval-service-credit'),
      formOption('approved-sports-bodies'),
      formOption('startup-relief-entrepreneurs'),
      formOption('employment-investment-incentive'),
      formOption('employee-tax-credit'),
      formOption('earned-income-tax-credit'),
    ],
  },
  {
    id: 'income',
    title: 'Other Income',
    options: INCOME_TYPES.map((t) => ({ id: t.id, label: t.label, target: { kind: 'income', incomeTypeId: t.id } })),
  },
];

/** All 47 options, group by group. */
export const ADVANCED_OPTIONS: readonly AdvancedOption[] = ADVANCED_OPTION_GROUPS.flatMap((g) => g.options);

/** Where an option leads: its form page, or the final form for an income type. */
export function targetRoute(target: AdvancedTarget): string {
  return target.kind === 'form' ? formRoute(target.slug) : FINAL_FORM_ROUTE;
}
