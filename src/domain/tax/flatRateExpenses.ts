/**
 * Flat rate expenses (reference §4; R27–R29): Revenue agrees a yearly deduction per occupation
 * with the occupation's representative body, and an employee in that occupation claims that
 * amount, not what was spent. So a claim picks an occupation from this list; no amount is typed.
 *
 * The amounts have not changed from 2020 to 2025 (Revenue's FRE page: "All other FRE allowances
 * remain unchanged", apart from eight health and veterinary categories raised from 2023: cardiac
 * technicians, occupational therapists, phlebotomists, physiotherapists, radiographers and
 * radiation therapists, respiratory and pulmonary function technicians, speech and language
 * therapists and veterinary nurses). The changes planned by Revenue's 2018–2019 review were
 * deferred year by year and never made, so an amount quoted from the list's 2017 or 2018 column
 * is the amount for 2020 to 2025; 2026 is taken as 2025. Of the eight raised categories only
 * phlebotomists are listed, at the pre-2023 amount (see its note); the others wait until their
 * new amounts are sourced.
 *
 * Revenue's own list (a document linked from its FRE page) was not retrievable when this table
 * was made: every amount below is from a secondary page that quotes it, named per entry, and the
 * estimate says so. No amount is from memory. 54 occupations, short of the 60 most common: the
 * rest wait for Revenue's list or another page that quotes it.
 */
import type { TaxYear } from './supportedYears.ts';

export interface FlatRateExpense {
  readonly id: string;
  /** The occupation as the form offers it. */
  readonly title: string;
  /** Euro a year, by tax year. */
  readonly amounts: Readonly<Record<TaxYear, number>>;
  /** The page that quotes the amount (not Revenue's list itself). */
  readonly quotedBy: string;
  /** Other ways the occupation was typed before the list existed (claims saved with a typed job). */
  readonly aliases: readonly string[];
  /** What the user must know about this entry's amount, shown with the estimate. */
  readonly note?: string;
}

/** The same amount in every supported year (the list has been frozen since 2020). */
function unchanged(amount: number): Readonly<Record<TaxYear, number>> {
  return { 2022: amount, 2023: amount, 2024: amount, 2025: amount, 2026: amount };
}

const INMO = 'INMO, "How much is the Uniform Allowance?" (inmo.ie)';
const INDEPENDENT = 'Irish Independent, flat-rate expenses articles 2016–2018';
const MYTAXREBATE = 'MyTaxRebate.ie, "Who qualifies for flat rate expenses" (2025 figures)';
const BROADSHEET = 'Broadsheet.ie, the list\'s waiter and waitress amounts 2013–2017';
const PAYCHECK_PLUS = 'Paycheck Plus, "Flat Rate Expenses" (the list\'s 2013–2017 columns)';
const CONSUMER_GUIDE = 'Good Consumer Guide, "From €21 for a kitchen porter to €2,476 for an RTÉ musician"';
const DO_MY_BOOKS = 'Do My Books, "Flat rate expenses for PAYE workers" (the list\'s 2017 and 2018 columns)';
const INTO = 'INTO, "Tax credits: Teachers\' Flat Rate Expenses" (into.ie)';
const IRISH_TIMES = 'Irish Times, "Minister delays flat-rate expense changes until 2020" (2018)';
const PDFORRA = 'PDFORRA, Information Circular 12/2016 (pdforra.ie)';

/** The occupations offered, most common first. */
export const FLAT_RATE_EXPENSES: readonly FlatRateExpense[] = [
  { id: 'nurse-supply-and-launder', title: 'Nurse or midwife: I buy and launder my own uniforms', amounts: unchanged(733), quotedBy: INMO, aliases: ['nurse', 'midwife', 'staff nurse'] },
  { id: 'nurse-supply', title: 'Nurse or midwife: I buy my uniforms; they are laundered for me', amounts: unchanged(638), quotedBy: INMO, aliases: [] },
  { id: 'nurse-launder', title: 'Nurse or midwife: uniforms are supplied; I launder them', amounts: unchanged(353), quotedBy: INMO, aliases: [] },
  { id: 'nurse-supplied-and-laundered', title: 'Nurse or midwife: uniforms are supplied and laundered for me', amounts: unchanged(258), quotedBy: INMO, aliases: [] },
  { id: 'teacher', title: 'Teacher, primary or secondary (not a principal)', amounts: unchanged(518), quotedBy: `${INDEPENDENT}; ${MYTAXREBATE}; ${INTO}`, aliases: ['teacher', 'teachers', 'primary teacher', 'secondary teacher'] },
  { id: 'carpenter-joiner', title: 'Carpenter or joiner', amounts: unchanged(220), quotedBy: `${INDEPENDENT}; ${MYTAXREBATE}`, aliases: ['carpenter', 'joiner', 'carpenters and joiners', 'cabinet maker'] },
  { id: 'plumber', title: 'Plumber', amounts: unchanged(177), quotedBy: MYTAXREBATE, aliases: ['plumbers'] },
  { id: 'electrician', title: 'Electrician', amounts: unchanged(153), quotedBy: 'Irish Tax Hub and MyTaxRebate.ie (reference R29)', aliases: ['electricians'] },
  { id: 'shop-assistant', title: 'Shop assistant', amounts: unchanged(121), quotedBy: MYTAXREBATE, aliases: ['shop assistants', 'retail assistant'] },
  // Waiters had €97 and waitresses €64 until 2016; the amounts were made equal, €80, from 2017.
  { id: 'waiter-waitress', title: 'Waiter or waitress', amounts: unchanged(80), quotedBy: BROADSHEET, aliases: ['waiter', 'waiters', 'waitress', 'waitresses'] },
  { id: 'kitchen-porter', title: 'Kitchen porter', amounts: unchanged(21), quotedBy: CONSUMER_GUIDE, aliases: ['kitchen porters'] },
  { id: 'fitter-mechanic', title: 'Fitter or mechanic (own tools and overalls)', amounts: unchanged(85), quotedBy: CONSUMER_GUIDE, aliases: ['fitter', 'mechanic', 'motor mechanic'] },
  { id: 'panel-beater', title: 'Panel beater', amounts: unchanged(78), quotedBy: CONSUMER_GUIDE, aliases: ['panel beaters'] },
  { id: 'hospital-doctor', title: 'Hospital doctor or consultant', amounts: unchanged(695), quotedBy: CONSUMER_GUIDE, aliases: ['doctor', 'consultant', 'hospital consultant'] },
  { id: 'parks-superintendent', title: 'Parks superintendent', amounts: unchanged(40), quotedBy: CONSUMER_GUIDE, aliases: [] },
  { id: 'rte-orchestra-musician', title: 'Musician in an RTÉ orchestra', amounts: unchanged(2_476), quotedBy: `${CONSUMER_GUIDE}; ${INDEPENDENT}`, aliases: ['musician'] },
  { id: 'miner', title: 'Miner', amounts: unchanged(1_312), quotedBy: 'Irish Independent, "Dole queue eating into work allowance claims" (2011)', aliases: ['miners'] },
  { id: 'bricklayer', title: 'Bricklayer', amounts: unchanged(175), quotedBy: PAYCHECK_PLUS, aliases: ['bricklayers'] },
  { id: 'building-fitter-plasterer', title: 'Building industry: fitter mechanic or plasterer', amounts: unchanged(103), quotedBy: PAYCHECK_PLUS, aliases: ['plasterer', 'plasterers'] },
  { id: 'building-mason-roofer-tiler', title: 'Mason, roofer, slater, tiler, floor layer or stone cutter', amounts: unchanged(120), quotedBy: PAYCHECK_PLUS, aliases: ['mason', 'roofer', 'slater', 'tiler', 'floor layer', 'stone cutter'] },
  { id: 'building-driver-scaffolder', title: 'Building industry: driver, scaffolder, sheeter or steel erector', amounts: unchanged(52), quotedBy: PAYCHECK_PLUS, aliases: ['scaffolder', 'steel erector', 'sheeter'] },
  { id: 'building-professional', title: 'Building industry: engineer, surveyor or other professional', amounts: unchanged(33), quotedBy: PAYCHECK_PLUS, aliases: ['engineer', 'surveyor'] },
  { id: 'bar-trade', title: 'Bar worker', amounts: unchanged(93), quotedBy: PAYCHECK_PLUS, aliases: ['barman', 'barmaid', 'bartender', 'bar staff'] },
  { id: 'agricultural-adviser-teagasc', title: 'Agricultural adviser employed by Teagasc', amounts: unchanged(671), quotedBy: PAYCHECK_PLUS, aliases: ['agricultural adviser'] },
  { id: 'architect-civil-service', title: 'Architect in the Civil Service', amounts: unchanged(127), quotedBy: PAYCHECK_PLUS, aliases: [] },
  { id: 'architect-local-authority', title: 'Architect employed by a local authority', amounts: unchanged(127), quotedBy: PAYCHECK_PLUS, aliases: [] },
  { id: 'archaeologist-civil-service', title: 'Archaeologist in the Civil Service', amounts: unchanged(127), quotedBy: PAYCHECK_PLUS, aliases: [] },
  {
    id: 'phlebotomist',
    title: 'Phlebotomist',
    amounts: unchanged(50),
    quotedBy: CONSUMER_GUIDE,
    aliases: ['phlebotomists'],
    // One of the eight categories Revenue raised from 2023; the new amount is not in any page found.
    note: 'Revenue raised the amount for phlebotomists from 2023: from 2023 you may be able to claim more than €50, so check Revenue’s list.',
  },
  { id: 'airline-cabin-crew', title: 'Airline cabin crew', amounts: unchanged(64), quotedBy: 'Learn Payroll, "Flat Rate (employment) Expenses" (2009)', aliases: ['cabin crew', 'flight attendant'] },
  { id: 'principal-teacher', title: 'Principal teacher (primary or secondary)', amounts: unchanged(608), quotedBy: INTO, aliases: ['school principal'] },
  // INTO lists the PE allowance "in addition" to the €518 of other teachers, so the entry is the sum.
  { id: 'teacher-part-time-pe', title: 'Teacher of general subjects who also teaches PE part-time (qualified PE teacher)', amounts: unchanged(518 + 126), quotedBy: INTO, aliases: [] },
  // INMO: each nursing amount "may be increased by €80" on short engagements through a nursing agency.
  { id: 'agency-nurse-supply-and-launder', title: 'Agency nurse or midwife on short engagements: I buy and launder my own uniforms', amounts: unchanged(733 + 80), quotedBy: INMO, aliases: ['agency nurse'] },
  { id: 'agency-nurse-supply', title: 'Agency nurse or midwife on short engagements: I buy my uniforms; they are laundered for me', amounts: unchanged(638 + 80), quotedBy: INMO, aliases: [] },
  { id: 'agency-nurse-launder', title: 'Agency nurse or midwife on short engagements: uniforms are supplied; I launder them', amounts: unchanged(353 + 80), quotedBy: INMO, aliases: [] },
  { id: 'agency-nurse-supplied-and-laundered', title: 'Agency nurse or midwife on short engagements: uniforms are supplied and laundered for me', amounts: unchanged(258 + 80), quotedBy: INMO, aliases: [] },
  { id: 'building-general-operative', title: 'Building industry: general operative or labourer (including the public sector)', amounts: unchanged(97), quotedBy: `${DO_MY_BOOKS}; ${MYTAXREBATE}`, aliases: ['general operative', 'builder\'s labourer'] },
  { id: 'carpentry-finishing-trades', title: 'Painter, polisher, upholsterer or wood cutting machinist (carpentry and joinery trades)', amounts: unchanged(140), quotedBy: `${DO_MY_BOOKS}; ${MYTAXREBATE}`, aliases: ['painter', 'polisher', 'upholsterer', 'wood cutting machinist'] },
  { id: 'bus-rail-operative', title: 'Bus, rail or road operative with Dublin Bus, Bus Éireann or Iarnród Éireann', amounts: unchanged(160), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'dentist-employed', title: 'Dentist in employment', amounts: unchanged(376), quotedBy: DO_MY_BOOKS, aliases: ['dentist'] },
  { id: 'defence-forces-enlisted', title: 'Defence Forces: enlisted member not paid the Uniform Replenishment Allowance', amounts: unchanged(150), quotedBy: `${DO_MY_BOOKS}; ${PDFORRA}`, aliases: [] },
  { id: 'driving-instructor', title: 'Driving instructor', amounts: unchanged(125), quotedBy: DO_MY_BOOKS, aliases: ['driving instructors'] },
  { id: 'cosmetologist', title: 'Cosmetologist who must supply and launder white uniforms', amounts: unchanged(160), quotedBy: DO_MY_BOOKS, aliases: ['cosmetologist', 'cosmetologists'] },
  { id: 'docker', title: 'Docker', amounts: unchanged(73), quotedBy: DO_MY_BOOKS, aliases: ['dockers'] },
  { id: 'clergy-church-of-ireland', title: 'Church of Ireland clergy', amounts: unchanged(127), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'engineer-civil-service', title: 'Engineer in the Civil Service', amounts: unchanged(166), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'engineer-local-authority', title: 'Engineer employed by a local authority', amounts: unchanged(127), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'engineer-eircom-coillte-opw', title: 'Engineer employed by Eircom, Coillte or the OPW', amounts: unchanged(166), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'draughtsperson-local-authority', title: 'Draughtsperson employed by a local authority', amounts: unchanged(133), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'architectural-technologist-civil-service', title: 'Architectural technologist or assistant in the Civil Service', amounts: unchanged(166), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'clerk-of-works-civil-service', title: 'Clerk of works in the Civil Service (including senior and district inspectors)', amounts: unchanged(142), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'engineering-technician-civil-service', title: 'Engineering technician in the Civil Service (for archaeologists, architects, engineers or surveyors)', amounts: unchanged(166), quotedBy: DO_MY_BOOKS, aliases: [] },
  { id: 'opw-park-ranger', title: 'Park ranger or constable with the Office of Public Works', amounts: unchanged(77), quotedBy: DO_MY_BOOKS, aliases: [] },
  // Revenue meant to end these two from 2019; the change was deferred and never made (see above).
  // The Irish Times gives journalists' relief as "up to €152.40", 40% of €381.
  { id: 'journalist', title: 'Journalist employed as a journalist', amounts: unchanged(381), quotedBy: IRISH_TIMES, aliases: ['journalist', 'journalists', 'reporter'] },
  { id: 'actor-freelance-in-employment', title: 'Freelance actor in employment', amounts: unchanged(750), quotedBy: IRISH_TIMES, aliases: ['actor', 'actress'] },
];

export const FLAT_RATE_EXPENSE_IDS = FLAT_RATE_EXPENSES.map((entry) => entry.id) as [string, ...string[]];

export function flatRateExpense(id: string): FlatRateExpense | undefined {
  return FLAT_RATE_EXPENSES.find((entry) => entry.id === id);
}

const normalised = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** The list entry a typed occupation names (claims saved before the list), or undefined when none does exactly. */
export function occupationFromText(text: string): FlatRateExpense | undefined {
  const typed = normalised(text);
  if (typed === '') return undefined;
  return FLAT_RATE_EXPENSES.find((entry) => normalised(entry.title) === typed || entry.aliases.some((alias) => normalised(alias) === typed));
}
