/**
 * Per-year parameters of Irish income tax, 2022–2026: bands, rates, credits and the caps and
 * rates each relief needs. Every figure comes from shared/reference/irish-tax-rules.md; each row
 * names the reference section (§) and source keys (R…) it was taken from, and those keys travel
 * with every estimate so a number can always be traced back.
 *
 * "(sec)" marks a row the reference found only on a secondary page; `unconfirmed` lists the years
 * the reference marks UNCONFIRMED. They stay in the engine (the reference says so) and are shown
 * to the user as a caveat.
 */

import type { TaxYear } from './supportedYears.ts';

export { SUPPORTED_TAX_YEARS, isSupportedTaxYear, type TaxYear } from './supportedYears.ts';

export interface YearRow<T = number> {
  readonly values: Readonly<Record<TaxYear, T>>;
  /** Reference section and source keys, e.g. '§3; R14, R15'. */
  readonly source: string;
  /** Years whose value the reference marks UNCONFIRMED. */
  readonly unconfirmed: readonly TaxYear[];
  /** What to tell the user about an unconfirmed value. */
  readonly note?: string;
}

function row<T>(values: Record<TaxYear, T>, source: string, unconfirmed: { years: readonly TaxYear[]; note: string } | null = null): YearRow<T> {
  return unconfirmed ? { values, source, unconfirmed: unconfirmed.years, note: unconfirmed.note } : { values, source, unconfirmed: [] };
}

/** The same value in every supported year. */
function every<T>(value: T): Record<TaxYear, T> {
  return { 2022: value, 2023: value, 2024: value, 2025: value, 2026: value };
}

export function valueFor<T>(r: YearRow<T>, year: TaxYear): T {
  return r.values[year];
}

export function isUnconfirmed(r: YearRow<unknown>, year: TaxYear): boolean {
  return r.unconfirmed.includes(year);
}

/** The parameter table. Keys name the figure; comments give what the reference adds. */
export const PARAMETERS = {
  // §1 Income tax rates and standard rate bands ------------------------------------------------
  /** 20% standard rate. §1; R4, R5, R6, R7, R11 */
  standardRate: row(every(0.2), '§1; R4, R5, R6, R7, R11'),
  /** 40% higher rate. §1; R4, R5, R6, R7, R11 */
  higherRate: row(every(0.4), '§1; R4, R5, R6, R7, R11'),
  /** SRB single, widowed or surviving civil partner without a qualifying child. 2026 = 2025 carried forward (sec). §1; R5, R4, R6, R7, R11/R12 */
  standardRateBandSingle: row({ 2022: 36_800, 2023: 40_000, 2024: 42_000, 2025: 44_000, 2026: 44_000 }, '§1; R5, R4, R6, R7, R11, R12'),
  /** SRB of a single person who qualifies for SPCCC (statute figures, not fasttax's). §1; R5, R4, R6, R7/R9, R11 */
  standardRateBandSingleParent: row({ 2022: 40_800, 2023: 44_000, 2024: 46_000, 2025: 48_000, 2026: 48_000 }, '§1; R5, R4, R6, R7, R9, R11'),
  /** SRB married couple or civil partners, one income. §1; R8, R4, R10, R9, R11 */
  standardRateBandMarried: row({ 2022: 45_800, 2023: 49_000, 2024: 51_000, 2025: 53_000, 2026: 53_000 }, '§1; R8, R4, R10, R9, R11'),
  /** Two-income couple: most the band can grow by (lower of this and the lower earner's income). §1; R5, R4/R46, R6, R7/R9, R11 */
  twoIncomeBandIncreaseCap: row({ 2022: 27_800, 2023: 31_000, 2024: 33_000, 2025: 35_000, 2026: 35_000 }, '§1; R5, R4, R46, R6, R7, R9, R11'),

  // §2 Personal tax credits ----------------------------------------------------------------
  /** Personal credit, single. §2; R3, R4, R10, R1/R9, R11 */
  personalCreditSingle: row({ 2022: 1_700, 2023: 1_775, 2024: 1_875, 2025: 2_000, 2026: 2_000 }, '§2; R3, R4, R10, R1, R9, R11'),
  /** Personal credit, married or civil partners jointly assessed (2024 derived 2×; 2025 sec). §2; R3, R4, R10, R9, R11 */
  personalCreditMarried: row({ 2022: 3_400, 2023: 3_550, 2024: 3_750, 2025: 4_000, 2026: 4_000 }, '§2; R3, R4, R10, R9, R11'),
  /** Employee (PAYE) credit, per employed person (its 20%-of-pay cap is UNCONFIRMED and not applied). §2; R3, R4, R10, R1, R11 */
  employeeCredit: row({ 2022: 1_700, 2023: 1_775, 2024: 1_875, 2025: 2_000, 2026: 2_000 }, '§2; R3, R4, R10, R1, R11'),
  /** Earned Income Credit; with the Employee credit, together at most the Employee credit maximum (R52 sec). §2; R3, R4, R10, R1, R52 */
  earnedIncomeCredit: row({ 2022: 1_700, 2023: 1_775, 2024: 1_875, 2025: 2_000, 2026: 2_000 }, '§2; R3, R4, R10, R1, R52'),
  /** Single Person Child Carer Credit, one per claimant (2022 from R58, sec). §2; R58, R10, R2, R44, R11 */
  singlePersonChildCarerCredit: row({ 2022: 1_650, 2023: 1_650, 2024: 1_750, 2025: 1_900, 2026: 1_900 }, '§2; R58, R10, R2, R44, R11'),
  /** Blind Person's credit, one blind person. §2; R48, R2, R11 */
  blindPersonCredit: row({ 2022: 1_650, 2023: 1_650, 2024: 1_650, 2025: 1_950, 2026: 1_950 }, '§2; R48, R2, R11'),
  /** Blind Person's credit, both spouses blind (2025 €3,900 from fasttax, sec, = 2 × €1,950). §2; R48, R2, R11 */
  blindPersonCreditBothSpouses: row({ 2022: 3_300, 2023: 3_300, 2024: 3_300, 2025: 3_900, 2026: 3_900 }, '§2; R48, R2, R11'),
  /** Guide Dog Allowance, relieved at 20% (worth €165); needs the blind credit. §2; R36 */
  guideDogAllowance: row(every(825), '§2; R36'),
  /** Assistance dog allowance (ADEu-accredited dog), relieved at 20% as a health expense. §2; R36 */
  assistanceDogAllowance: row(every(825), '§2; R36'),
  /** Incapacitated Child credit, per child. §2; R10, R1, R11 */
  incapacitatedChildCredit: row({ 2022: 3_300, 2023: 3_300, 2024: 3_500, 2025: 3_800, 2026: 3_800 }, '§2; R10, R1, R11'),
  /** Dependent Relative credit, per relative. §2; R49, R2, R11 */
  dependentRelativeCredit: row({ 2022: 245, 2023: 245, 2024: 245, 2025: 305, 2026: 305 }, '§2; R49, R2, R11'),
  /** The relative's own income above which the credit is lost. 2026 UNCONFIRMED (the reference's "probably €18,548"). §2; R49, R2 */
  dependentRelativeIncomeLimit: row({ 2022: 16_156, 2023: 16_780, 2024: 17_404, 2025: 18_028, 2026: 18_548 }, '§2; R49, R2', {
    years: [2026],
    note: "The 2026 income limit for a dependent relative (€18,548) is not confirmed yet.",
  }),
  /** Age credit (taxpayer aged 65 or over at any time in the year), single or widowed. §2; R47 */
  ageCreditSingle: row(every(245), '§2; R47'),
  /** Age credit of a married couple or civil partners where either is 65 or over in the year. §2; R47 */
  ageCreditCouple: row(every(490), '§2; R47'),
  /** The age from which the age credit is due (reached at any time in the year). §2; R47 */
  ageCreditMinimumAge: row(every(65), '§2; R47'),
  /** Widowed person or surviving civil partner without a qualifying child, from the year after the bereavement: added to the single personal credit (2,000 + 540 = 2,540 in 2025). §2; R8, R48, R51 */
  widowedPersonAddition: row(every(540), '§2; R8, R48, R51'),
  /** Widowed Parent credit in years 1 to 5 after the year of bereavement, with a qualifying child. §2; R51 */
  widowedParentCredit: row(every([3_600, 3_150, 2_700, 2_250, 1_800] as const), '§2; R51'),
  /** Most deductible a year for employing a carer for an incapacitated person (sec; rules beyond the cap UNCONFIRMED). §2; R56 */
  employingCarerMaximum: row(every(75_000), '§2; R56'),
  /**
   * The Employee credit is at most this share of the earner's PAYE pay (it only matters on pay
   * under €10,000 with other income). UNCONFIRMED in every year: kept, and shown as a caveat when it bites. §2; R61
   */
  employeeCreditPayShare: row(every(0.2), '§2; R61', {
    years: [2022, 2023, 2024, 2025, 2026],
    note: 'The limit of the Employee Tax Credit to 20% of PAYE pay (assumed for 2022, 2023, 2024, 2025 and 2026) is not confirmed.',
  }),
  /** Fisher Tax Credit, flat (current Revenue text; not 20% of fishing income). §2; R50 */
  fisherCredit: row(every(1_270), '§2; R50'),
  /** Days at sea fishing the Fisher credit needs. §2; R50 */
  fisherMinimumDaysAtSea: row(every(80), '§2; R50'),
  /** Seafarers' Allowance, a deduction against seafarer income only. §2; R50 */
  seafarerAllowance: row(every(6_350), '§2; R50'),
  /** Days at sea on international voyages the allowance needs. §2; R50 */
  seafarerMinimumDaysAtSea: row(every(161), '§2; R50'),
  /** Sea-going Naval Personnel credit (legislated 2021–2029). §2; R50, R1 */
  navalServiceCredit: row(every(1_500), '§2; R50, R1'),
  /** Days at sea in the previous year the naval credit needs. §2; R50 */
  navalMinimumDaysAtSea: row(every(80), '§2; R50'),

  // §3 Rent and Mortgage Interest credits ------------------------------------------------------
  /** Rent Tax Credit rate on rent paid. §3; R14, R15, R16, R12 */
  rentCreditRate: row(every(0.2), '§3; R14, R15, R16, R12'),
  /** Rent credit cap, single or not jointly assessed (2024 €1,000 after Budget 2025, backdated). §3; R14, R15, R16, R12 */
  rentCreditCapSingle: row({ 2022: 500, 2023: 500, 2024: 1_000, 2025: 1_000, 2026: 1_000 }, '§3; R14, R15, R16, R12'),
  /** Rent credit cap, jointly assessed couple. §3; R14, R15, R12 */
  rentCreditCapCouple: row({ 2022: 1_000, 2023: 1_000, 2024: 2_000, 2025: 2_000, 2026: 2_000 }, '§3; R14, R15, R12'),
  /** A child's course counts for the Rent Tax Credit only if the child was under this age at the start of the course's first year. §3; R16, R17 */
  rentChildCourseAgeLimit: row(every(23), '§3; R16, R17'),
  /** Whether the Mortgage Interest Tax Credit exists for the year (2022 is its base year). §3; R19, R20, R21, R12 */
  mortgageInterestCreditAvailable: row({ 2022: false, 2023: true, 2024: true, 2025: true, 2026: true }, '§3; R19, R20, R21, R12'),
  /** MITC rate on the increase in interest over 2022. §3; R19, R20 */
  mortgageInterestCreditRate: row(every(0.2), '§3; R19, R20'),
  /** Share of the increase that counts (2026: 50%). §3; R19, R20, R12 */
  mortgageInterestIncreaseShare: row({ 2022: 0, 2023: 1, 2024: 1, 2025: 1, 2026: 0.5 }, '§3; R19, R20, R12'),
  /** MITC cap per property. §3; R19, R20, R12 */
  mortgageInterestCreditCapPerProperty: row({ 2022: 0, 2023: 1_250, 2024: 1_250, 2025: 1_250, 2026: 625 }, '§3; R19, R20, R12'),
  /** Balance on 31/12/2022 the MITC needs, lowest and highest. §3; R21 */
  mortgageBalanceMinimum: row(every(80_000), '§3; R21'),
  mortgageBalanceMaximum: row(every(500_000), '§3; R21'),

  // §4 Health, education, work and other reliefs ------------------------------------------------
  /** Health expenses relief rate, on spend net of refunds. §4; R23, R24 */
  healthExpensesRate: row(every(0.2), '§4; R23, R24'),
  /** Medical insurance premiums relief rate. §4; R22 */
  medicalInsuranceRate: row(every(0.2), '§4; R22'),
  /** Premium relieved per adult. §4; R22 */
  medicalInsuranceAdultCap: row(every(1_000), '§4; R22'),
  /** Premium relieved per child (under 21). §4; R22 */
  medicalInsuranceChildCap: row(every(500), '§4; R22'),
  /** Tuition relief rate. §4; R25 */
  tuitionRate: row(every(0.2), '§4; R25'),
  /** Fees relieved per course per student per academic year. §4; R25 */
  tuitionMaximumPerCourse: row(every(7_000), '§4; R25'),
  /** Disregard per claim when any course is full-time. §4; R25 */
  tuitionDisregardFullTime: row(every(3_000), '§4; R25'),
  /** Disregard per claim when every course is part-time. §4; R25 */
  tuitionDisregardPartTime: row(every(1_500), '§4; R25'),
  /** Share of apportioned electricity, heating and broadband that is deductible. §4; R26 */
  remoteWorkingShare: row(every(0.3), '§4; R26'),
  /** Permanent health benefit / income continuance premiums: deductible up to this share of total income. §4; R30 */
  permanentHealthIncomeShare: row(every(0.1), '§4; R30'),
  /** HRI: closed to new work (finished by 31/12/2018, or 31/3/2019 with planning); only carried-forward credit remains. §4; R33 */
  homeRenovationIncentiveOpen: row(every(false), '§4; R33'),
  /** Smallest donation to an approved sports body that qualifies in a year. §4; R32 */
  sportsDonationMinimum: row(every(250), '§4; R32'),
  /** Whether a PAYE donor may claim the sports-body deduction himself (from 1 January 2025). §4; R32 */
  sportsDonorMayClaim: row({ 2022: false, 2023: false, 2024: false, 2025: true, 2026: true }, '§4; R32'),
  /** SURE: most deductible per year (2026 "same" is UNCONFIRMED). §4; R34 */
  sureAnnualCap: row({ 2022: 100_000, 2023: 100_000, 2024: 100_000, 2025: 140_000, 2026: 140_000 }, '§4; R34', {
    years: [2026],
    note: 'The 2026 SURE annual limit is taken as unchanged from 2025; that is not confirmed yet.',
  }),
  /** EII: most relievable per year for a 4-year holding (2024 FA(No.2)2023; 2025 FA2024). §4; R34 */
  eiiAnnualCapFourYear: row({ 2022: 250_000, 2023: 250_000, 2024: 500_000, 2025: 1_000_000, 2026: 1_000_000 }, '§4; R34'),
  /** EII: most relievable per year for a 7-year holding. §4; R34 */
  eiiAnnualCapSevenYear: row({ 2022: 500_000, 2023: 500_000, 2024: 500_000, 2025: 1_000_000, 2026: 1_000_000 }, '§4; R34'),
  /** EII: effective relief on a follow-on investment (corrected to 35% retrospectively), against 40% otherwise. §4; R34 */
  eiiFollowOnEffectiveRate: row(every(0.35), '§4; R34'),
  /** Living City owner-occupier, occupied before 2023: 10% a year for 10 years. §4; R35 */
  livingCityRateBefore2023: row(every(0.1), '§4; R35'),
  livingCityYearsBefore2023: row(every(10), '§4; R35'),
  /** Living City owner-occupier, occupied from 1/1/2023: 15% a year for years 1–6, 10% in year 7. §4; R35 */
  livingCityRateFrom2023Early: row(every(0.15), '§4; R35'),
  livingCityEarlyYearsFrom2023: row(every(6), '§4; R35'),
  livingCityRateFrom2023Final: row(every(0.1), '§4; R35'),

  /** Home Carer Credit, most. Cut-offs 2023/2024 confirmed (R45), others derived (7,200 + 2 × credit). §2; R4, R45, R46, R2, R11 */
  homeCarerCredit: row({ 2022: 1_600, 2023: 1_700, 2024: 1_800, 2025: 1_950, 2026: 1_950 }, '§2; R4, R45, R46, R2, R11'),
  /** Carer's own income up to which the full Home Carer Credit is given; above it, half the excess comes off. §2; R45 */
  homeCarerIncomeThreshold: row(every(7_200), '§2; R45'),

  // §5 Pension contributions ---------------------------------------------------------------
  /** Earnings the age-related % is applied to, at most. §5; R37 */
  pensionEarningsCap: row(every(115_000), '§5; R37'),

  // §6 USC and PRSI headline figures ----------------------------------------------------------
  /** Nobody pays USC on total income at or below this. §6; R38 */
  uscExemptionLimit: row(every(13_000), '§6; R38'),
  /** USC 0.5% band, up to. §6; R38 */
  uscFirstBandTop: row(every(12_012), '§6; R38'),
  uscFirstRate: row(every(0.005), '§6; R38'),
  /** USC 2% band, up to. §6; R38 */
  uscSecondBandTop: row({ 2022: 21_295, 2023: 22_920, 2024: 25_760, 2025: 27_382, 2026: 28_700 }, '§6; R38'),
  uscSecondRate: row(every(0.02), '§6; R38'),
  /** USC middle band, up to, and its rate (FA2024 for 2025, not PracticeNet). §6; R38 */
  uscThirdBandTop: row(every(70_044), '§6; R38'),
  uscThirdRate: row({ 2022: 0.045, 2023: 0.045, 2024: 0.04, 2025: 0.03, 2026: 0.03 }, '§6; R38'),
  /** USC top rate (PAYE income; the 3% non-PAYE surcharge is not modelled). §6; R38 */
  uscTopRate: row(every(0.08), '§6; R38'),
  /** PRSI Class A employee rate to 30 September and from 1 October. §6; R39, R11 */
  prsiRateToSeptember: row({ 2022: 0.04, 2023: 0.04, 2024: 0.04, 2025: 0.041, 2026: 0.042 }, '§6; R39, R11'),
  prsiRateFromOctober: row({ 2022: 0.04, 2023: 0.04, 2024: 0.041, 2025: 0.042, 2026: 0.0435 }, '§6; R39, R11'),
  /** No employee PRSI when weekly pay is at most this. §6; R39 */
  prsiWeeklyExemption: row(every(352), '§6; R39'),
} as const;

export type ParameterName = keyof typeof PARAMETERS;

/** A parameter's value in a year. */
export function figure<K extends ParameterName>(name: K, year: TaxYear): (typeof PARAMETERS)[K]['values'][TaxYear] {
  return PARAMETERS[name].values[year] as (typeof PARAMETERS)[K]['values'][TaxYear];
}

/** Where the age-related pension limits come from (the bands themselves are in ../pension.ts). */
export const PENSION_AGE_BANDS_SOURCE = '§5; R37';
