import { describe, expect, it } from 'vitest';
import { marginalRateFor } from '../../../src/domain/tax/context.ts';
import { PARAMETERS, SUPPORTED_TAX_YEARS, figure, isSupportedTaxYear, type TaxYear } from '../../../src/domain/tax/years.ts';

describe('supported years', () => {
  it('are 2022 to 2026', () => {
    expect(SUPPORTED_TAX_YEARS).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(isSupportedTaxYear(2022)).toBe(true);
    expect(isSupportedTaxYear(2021)).toBe(false);
    expect(isSupportedTaxYear(2027)).toBe(false);
    expect(isSupportedTaxYear('2024')).toBe(false);
  });
});

describe('the parameter table', () => {
  it('every row has a value for every year and cites a section and source keys', () => {
    for (const [name, row] of Object.entries(PARAMETERS)) {
      expect(Object.keys(row.values).map(Number), name).toEqual([...SUPPORTED_TAX_YEARS]);
      expect(row.source, name).toMatch(/^§\d; R\d+(, R\d+)*$/);
      for (const year of row.unconfirmed) expect(row.note, name).toMatch(new RegExp(`${year}`));
    }
  });

  // The reference's tables, row by row (irish-tax-rules.md §1–§3).
  const rows: [name: keyof typeof PARAMETERS, values: readonly (number | boolean)[]][] = [
    ['standardRateBandSingle', [36_800, 40_000, 42_000, 44_000, 44_000]],
    ['standardRateBandSingleParent', [40_800, 44_000, 46_000, 48_000, 48_000]],
    ['standardRateBandMarried', [45_800, 49_000, 51_000, 53_000, 53_000]],
    ['twoIncomeBandIncreaseCap', [27_800, 31_000, 33_000, 35_000, 35_000]],
    ['personalCreditSingle', [1_700, 1_775, 1_875, 2_000, 2_000]],
    ['personalCreditMarried', [3_400, 3_550, 3_750, 4_000, 4_000]],
    ['employeeCredit', [1_700, 1_775, 1_875, 2_000, 2_000]],
    ['earnedIncomeCredit', [1_700, 1_775, 1_875, 2_000, 2_000]],
    ['homeCarerCredit', [1_600, 1_700, 1_800, 1_950, 1_950]],
    ['singlePersonChildCarerCredit', [1_650, 1_650, 1_750, 1_900, 1_900]],
    ['blindPersonCredit', [1_650, 1_650, 1_650, 1_950, 1_950]],
    ['blindPersonCreditBothSpouses', [3_300, 3_300, 3_300, 3_900, 3_900]],
    ['incapacitatedChildCredit', [3_300, 3_300, 3_500, 3_800, 3_800]],
    ['dependentRelativeCredit', [245, 245, 245, 305, 305]],
    ['dependentRelativeIncomeLimit', [16_156, 16_780, 17_404, 18_028, 18_548]],
    ['rentCreditCapSingle', [500, 500, 1_000, 1_000, 1_000]],
    ['rentCreditCapCouple', [1_000, 1_000, 2_000, 2_000, 2_000]],
    ['mortgageInterestCreditAvailable', [false, true, true, true, true]],
    ['mortgageInterestCreditCapPerProperty', [0, 1_250, 1_250, 1_250, 625]],
    ['mortgageInterestIncreaseShare', [0, 1, 1, 1, 0.5]],
    ['sportsDonorMayClaim', [false, false, false, true, true]],
    ['sureAnnualCap', [100_000, 100_000, 100_000, 140_000, 140_000]],
    ['eiiAnnualCapFourYear', [250_000, 250_000, 500_000, 1_000_000, 1_000_000]],
    ['uscSecondBandTop', [21_295, 22_920, 25_760, 27_382, 28_700]],
    ['uscThirdRate', [0.045, 0.045, 0.04, 0.03, 0.03]],
    ['prsiRateFromOctober', [0.04, 0.04, 0.041, 0.042, 0.0435]],
  ];

  it.each(rows)('%s matches the reference', (name, values) => {
    expect(SUPPORTED_TAX_YEARS.map((year) => figure(name, year))).toEqual(values);
  });

  it.each([
    ['guideDogAllowance', 825],
    ['assistanceDogAllowance', 825],
    ['fisherCredit', 1_270],
    ['seafarerAllowance', 6_350],
    ['navalServiceCredit', 1_500],
    ['medicalInsuranceAdultCap', 1_000],
    ['medicalInsuranceChildCap', 500],
    ['tuitionMaximumPerCourse', 7_000],
    ['tuitionDisregardFullTime', 3_000],
    ['tuitionDisregardPartTime', 1_500],
    ['remoteWorkingShare', 0.3],
    ['pensionEarningsCap', 115_000],
  ] as const)('%s is %s in every year', (name, value) => {
    for (const year of SUPPORTED_TAX_YEARS) expect(figure(name, year)).toBe(value);
  });

  it('only the 2026 Dependent Relative limit, the SURE cap and the Employee credit’s 20% limit are flagged unconfirmed', () => {
    const flagged = Object.entries(PARAMETERS).flatMap(([name, row]) => row.unconfirmed.map((year) => `${name} ${year}`));
    expect(flagged.sort()).toEqual([
      'dependentRelativeIncomeLimit 2026',
      ...SUPPORTED_TAX_YEARS.map((year) => `employeeCreditPayShare ${year}`),
      'sureAnnualCap 2026',
    ]);
  });

  it('the added credits: age, widowed, employing a carer (§2; R47, R51, R56)', () => {
    for (const year of SUPPORTED_TAX_YEARS) {
      expect([figure('ageCreditSingle', year), figure('ageCreditCouple', year), figure('ageCreditMinimumAge', year)]).toEqual([245, 490, 65]);
      expect(figure('widowedPersonAddition', year)).toBe(540);
      expect(figure('widowedParentCredit', year)).toEqual([3600, 3150, 2700, 2250, 1800]);
      expect(figure('employingCarerMaximum', year)).toBe(75_000);
    }
    // The widowed person's credit without a qualifying child, as the reference lists it: 2,240 / 2,315 / 2,415 / 2,540 / 2,540.
    expect(SUPPORTED_TAX_YEARS.map((year) => figure('personalCreditSingle', year) + figure('widowedPersonAddition', year))).toEqual([2240, 2315, 2415, 2540, 2540]);
  });
});

describe('marginal rate by year and marital status', () => {
  const bands: [TaxYear, single: number, married: number][] = [
    [2022, 36_800, 45_800],
    [2023, 40_000, 49_000],
    [2024, 42_000, 51_000],
    [2025, 44_000, 53_000],
    [2026, 44_000, 53_000],
  ];

  it.each(bands)('%i: 20%% up to and at the band, 40%% above it', (year, single, married) => {
    expect(marginalRateFor(year, 'single', single)).toBe(0.2);
    expect(marginalRateFor(year, 'single', single + 0.01)).toBe(0.4);
    expect(marginalRateFor(year, 'married', married)).toBe(0.2);
    expect(marginalRateFor(year, 'married', married + 0.01)).toBe(0.4);
    // Between the two bands, a single person pays 40% and a married one 20%.
    expect(marginalRateFor(year, 'single', (single + married) / 2)).toBe(0.4);
    expect(marginalRateFor(year, 'married', (single + married) / 2)).toBe(0.2);
  });

  it('no income, or a nonsense one, is at 20%', () => {
    expect(marginalRateFor(2024, 'single', 0)).toBe(0.2);
    expect(marginalRateFor(2024, 'single', Number.NaN)).toBe(0.2);
    expect(marginalRateFor(2024, 'single', -50_000)).toBe(0.2);
  });

  it('the same income changes rate between years as the band grows', () => {
    expect(marginalRateFor(2022, 'single', 40_000)).toBe(0.4);
    expect(marginalRateFor(2023, 'single', 40_000)).toBe(0.2);
  });
});
