/**
 * Sources a user can open: for every category, Revenue's page on it (a link) and the section of
 * the Taxes Consolidation Act 1997 (TCA) it applies; for every year, the Act that set that year's
 * bands and credits. The reference keys (R…) of years.ts stay for audits; these are what the
 * estimate panel shows ("Revenue: Rent Tax Credit", never an internal key).
 *
 * Pages are the reference's sources (shared/reference/irish-tax-rules.md, "Sources") where it has
 * one; the few it lacks are Revenue's own pages for that credit. A page that is not Revenue's says
 * whose it is in its label.
 */
import type { Form11Category } from '../catalogue.ts';
import type { TaxYear } from './supportedYears.ts';

export interface SourceLink {
  /** What the link says: "Revenue: Rent Tax Credit". */
  readonly label: string;
  readonly url: string;
}

export interface CategorySources {
  /** Revenue's page (or pages) on the credit, relief or income. */
  readonly pages: readonly SourceLink[];
  /** The section of the Act the rule applies. */
  readonly act: string;
}

const REVENUE = 'https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions';
const revenue = (title: string, url: string): SourceLink => ({ label: `Revenue: ${title}`, url });
const tca = (section: string) => `Taxes Consolidation Act 1997, ${section}`;

/** Rates, bands and credits of each year (the year tables of years.ts). */
export const RATES_AND_BANDS = revenue('Tax rates, bands and reliefs', `${REVENUE}/tax-relief-charts/index.aspx`);
/** The band increase for a couple's second income (R46). */
export const INCREASED_RATE_BAND = revenue('Increased rate band', 'https://revenue.ie/en/jobs-and-pensions/calculating-your-income-tax/increased-rate-band.aspx');
/** Credits are not refunded and not carried to another year (R60). */
export const CREDITS_NOT_REFUNDED = revenue(
  'Tax credits',
  'https://revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/differences-between-tax-credits-reliefs-and-exemptions/tax-credits.aspx',
);
/** The section that charges income at 20% and 40% over the standard rate band. */
export const RATES_ACT = tca('s15 (rate bands)');

/**
 * The Act that set each year's bands and credits (reference §1–§2 sources R3–R7, R11). 2026's
 * figures are Budget 2026's, carried forward from 2025; the Finance Act 2025 text was not retrieved.
 */
export const YEAR_ACTS: Readonly<Record<TaxYear, string>> = {
  2022: 'Finance Act 2021, s6',
  2023: 'Finance Act 2022, s10',
  2024: 'Finance (No. 2) Act 2023, s9',
  2025: 'Finance Act 2024, ss2–3',
  2026: 'Budget 2026 (Finance Act 2025 text not retrieved; figures carried forward from 2025)',
};

const PENSIONS = revenue('Tax relief for pension contributions', 'https://www.revenue.ie/en/jobs-and-pensions/pensions/tax-relief-for-pension-contributions.aspx');
const PENSION_LIMITS = revenue('Pension tax relief limits', 'https://www.revenue.ie/en/jobs-and-pensions/pension/relief/tax-relief-limits.aspx');
const HEALTH = revenue('Health expenses', `${REVENUE}/health-and-age/health-expenses/index.aspx`);
const PHB = revenue('Permanent Health Benefit', `${REVENUE}/health-and-age/permanent-health-benefit-contributions/index.aspx`);
const SEAFARERS = revenue('Seafarers’ Allowance', `https://revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/income-and-employment/seafarers-allowance-fisher-tax-credit/seafarers-allowance.aspx`);
const RETURNS = revenue('Do employees need to submit tax returns?', 'https://revenue.ie/en/jobs-and-pensions/do-employees-need-to-submit-tax-returns/index.aspx');
const WIDOWED = revenue(
  'How you are taxed after a bereavement',
  'https://revenue.ie/en/life-events-and-personal-circumstances/death-and-bereavement/widowed-person-or-surviving-civil-partner/how-taxed-after-bereavement.aspx',
);
const MAINTENANCE = revenue('Legally enforceable maintenance payments', 'https://revenue.ie/en/additional-incomes/maintenance-payments/legally-enforceable-maintenance-payments.aspx');

const income = (act: string): CategorySources => ({ pages: [RETURNS], act: tca(act) });

/** Every category's Revenue page and Act section. */
export const CATEGORY_SOURCES: Readonly<Record<Form11Category, CategorySources>> = {
  'assistance-dog-allowance': { pages: [revenue('Assistance dogs', `${REVENUE}/health-and-age/assistance-dogs/index.aspx`)], act: tca('s469 (health expenses)') },
  'permanent-health-benefit': { pages: [PHB], act: tca('s471') },
  'guide-dog-allowance': { pages: [revenue('Guide Dog Allowance', `${REVENUE}/health-and-age/guide-dog-allowance/index.aspx`)], act: tca('s468 (with the Blind Person’s Tax Credit)') },
  'income-continuance': { pages: [PHB], act: tca('s471') },
  'nursing-home-expenses': { pages: [HEALTH], act: tca('s469') },
  'blind-person-tax-credit': { pages: [revenue("Blind Person's Tax Credit", `${REVENUE}/health-and-age/blind-tax-credit/index.aspx`)], act: tca('s468') },
  'health-expenses': {
    pages: [HEALTH, revenue('Dental expenses', `${REVENUE}/health-and-age/health-expenses/dental-expenses.aspx`)],
    act: tca('s469'),
  },
  'medical-insurance-relief': { pages: [revenue('Medical insurance premiums', `${REVENUE}/health-and-age/medical-insurance-premiums/index.aspx`)], act: tca('s470') },
  'employing-carer-relief': { pages: [revenue('Tax credits, reliefs and exemptions', `${REVENUE}/index.aspx`)], act: tca('s467') },
  'dependant-relevant-tax-credit': { pages: [revenue('Dependent Relative Tax Credit', `${REVENUE}/health-and-age/dependant-relative-tax-credit/index.aspx`)], act: tca('s466') },
  'incapacitated-child-tax-credit': { pages: [revenue('Incapacitated Child Tax Credit', `${REVENUE}/children/incapacitated-child-credit/index.aspx`)], act: tca('s465') },
  'maintenance-payment-relief': { pages: [MAINTENANCE], act: tca('s1025') },
  'single-person-child-carer-credit': {
    pages: [revenue('Single Person Child Carer Credit', `${REVENUE}/children/single-person-child-carer-credit/how-do-you-qualify-for-the-spccc.aspx`)],
    act: tca('s462B'),
  },
  'rent-tax-credit': { pages: [revenue('Rent Tax Credit', `${REVENUE}/land-and-property/rent-credit/how-much-claim.aspx`)], act: tca('s473B') },
  'tuition-fees': {
    pages: [revenue('Tuition fees', 'https://revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/education/tuition-fees-paid-for-third-level-education/how-do-you-calculate-the-relief.aspx')],
    act: tca('s473A'),
  },
  'home-carer-tax-credit': { pages: [revenue('Home Carer Tax Credit', `${REVENUE}/health-and-age/home-carer-credit/home-carer-tax-credit-rates.aspx`)], act: tca('s466A') },
  'age-tax-credit': { pages: [revenue('Age Tax Credit', `${REVENUE}/health-and-age/age-tax-credit/index.aspx`)], act: tca('s464') },
  'widowed-person-tax-credit': { pages: [WIDOWED], act: tca('s461') },
  'widowed-parent-tax-credit': { pages: [revenue('Widowed Parent Tax Credit', 'https://revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/children/widowed-parent-tax-credit/index.aspx'), WIDOWED], act: tca('s463') },
  'additional-voluntary-contributions': { pages: [PENSIONS, PENSION_LIMITS], act: tca('s774 (occupational pension schemes)') },
  'flat-rate-expenses': {
    pages: [
      revenue('Flat Rate Expenses', `${REVENUE}/income-and-employment/flat-rate-expenses/index.aspx`),
      revenue('How to claim a Flat Rate Expense', 'https://revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/income-and-employment/flat-rate-expenses/how-to-claim-an-fre-allowance.aspx'),
    ],
    act: tca('s114'),
  },
  'personal-retirement-savings': { pages: [PENSIONS, PENSION_LIMITS], act: tca('s787C') },
  'remote-working-relief': { pages: [revenue('Remote working relief', 'https://www.revenue.ie/en/jobs-and-pensions/eworking/calculate-allowable-remote-working-costs.aspx')], act: tca('s114') },
  'retirement-annuity-relief': { pages: [PENSIONS, PENSION_LIMITS], act: tca('s787') },
  'fisher-tax-credit': {
    pages: [revenue('Fisher Tax Credit', 'https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/income-and-employment/seafarers-allowance-fisher-tax-credit/fisher-tax-credit.aspx')],
    act: tca('s472BA'),
  },
  'seafarer-allowance': { pages: [SEAFARERS], act: tca('s472B') },
  'naval-service-credit': {
    pages: [revenue('Sea-going Naval Personnel Tax Credit', `${REVENUE}/income-and-employment/seafarers-allowance-fisher-tax-credit/sea-going-naval-personnel-tax-credit.aspx`)],
    act: tca('s472BB'),
  },
  'owner-occupier-relief': { pages: [revenue('Living City Initiative', 'https://revenue.ie/en/property/living-city-initiative/after-work-residential-property.aspx')], act: tca('s372AAA') },
  'home-renovation-incentive': {
    pages: [{ label: 'Citizens Information: Home Renovation Incentive', url: 'https://citizensinformation.ie/ga/housing/housing-grants-and-schemes/grants-for-home-renovations-and-improvements/home-renovation-incentive' }],
    act: tca('s477B'),
  },
  'approved-sports-bodies': {
    pages: [revenue('Donations to approved sports bodies', 'https://www.revenue.ie/en/companies-and-charities/charities-and-sports-bodies/tax-relief-donations-certain-sporting-bodies/index.aspx')],
    act: tca('s847A'),
  },
  'startup-relief-entrepreneurs': {
    pages: [revenue('Relief for investment in corporate trades', 'https://revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/investment/relief-investment-corporate-trades/employment-investment-incentive.aspx')],
    act: tca('Part 16'),
  },
  'employment-investment-incentive': {
    pages: [revenue('Employment Investment Incentive', 'https://revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/investment/relief-investment-corporate-trades/employment-investment-incentive.aspx')],
    act: tca('Part 16'),
  },
  'mortgage-interest-tax-credit': {
    pages: [
      revenue('Mortgage Interest Tax Credit', `${REVENUE}/land-and-property/mortgage/index.aspx`),
      revenue('Mortgage interest paid for less than a full year', `${REVENUE}/mortgage/interest-paid.aspx`),
    ],
    act: tca('s473C'),
  },
  'employee-tax-credit': { pages: [revenue('Employee Tax Credit', `${REVENUE}/income-and-employment/employee-tax-credit/index.aspx`)], act: tca('s472') },
  'earned-income-tax-credit': { pages: [revenue('Earned Income Tax Credit', `${REVENUE}/income-and-employment/earned-income-credit/index.aspx`)], act: tca('s472AB') },
  'canadian-dividends': income('s18 (Schedule D, Case III)'),
  'dividends-distributions': income('s20 (Schedule F)'),
  'emp-off-pen': income('s19 (Schedule E)'),
  'fees-commissions': income('s18 (Schedule D, Case IV)'),
  'foreign-pensions': income('s18 (Schedule D, Case III)'),
  'foreign-salary': income('s18 (Schedule D, Case III)'),
  'maintenance-payments': { pages: [MAINTENANCE], act: tca('s1025') },
  'rental-income': income('s75 (Schedule D, Case V)'),
  'trading-profit': income('s18 (Schedule D, Cases I and II)'),
  'uk-dividends': income('s18 (Schedule D, Case III)'),
  'us-dividends': income('s18 (Schedule D, Case III)'),
  'untaxed-state-income': income('s126 (social welfare benefits)'),
  'irish-taxed-income': income('s256 (deposit interest retention tax)'),
};

/** What an estimate cites: the pages to open and the legislation, for the year used. */
export interface References {
  readonly pages: readonly SourceLink[];
  readonly legislation: readonly string[];
}

/**
 * The references of one line: the category's own page and section, and, when the line rests on
 * the year's bands and credits (a deduction, an income, a credit cut by the liability), the rates
 * page and the Act that set that year's figures.
 */
export function referencesFor(category: Form11Category, year: TaxYear, extra: { rates: boolean; bandIncrease?: boolean; cut?: boolean }): References {
  const own = CATEGORY_SOURCES[category];
  const pages = [...own.pages];
  const legislation = [own.act];
  if (extra.rates) {
    pages.push(RATES_AND_BANDS);
    legislation.push(RATES_ACT, YEAR_ACTS[year]);
  }
  if (extra.bandIncrease) pages.push(INCREASED_RATE_BAND);
  if (extra.cut) pages.push(CREDITS_NOT_REFUNDED);
  return { pages: unique(pages), legislation: [...new Set(legislation)] };
}

function unique(links: readonly SourceLink[]): SourceLink[] {
  const seen = new Set<string>();
  return links.filter((link) => (seen.has(link.url) ? false : (seen.add(link.url), true)));
}
