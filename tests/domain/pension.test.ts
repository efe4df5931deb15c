import { describe, it, expect } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import {
  AGE_PERCENTAGE_BANDS,
  MAX_TAXBACK_CAP,
  PENSION_EARNINGS_CAP,
  STANDARD_RATE_BAND,
  agePercentage,
  contributionRelief,
  marginalRate,
  maxPensionContribution,
  pensionAge,
  pensionAgeInYear,
  pensionProgress,
  pensionSummary,
  pensionUserForYear,
  standardRateBand,
  taxbackFor,
} from '../../src/domain/pension.ts';
import type { PensionUser } from '../../src/domain/pension.ts';
import { reliefDayFor } from '../../src/domain/taxYear.ts';
import type { User } from '../../src/domain/schemas/index.ts';

const TODAY = dayjs(new Date(2025, 5, 15)); // 15 June 2025

/** Date of birth that makes the user exactly `age` today (their birthday is today). */
function bornYearsAgo(age: number): string {
  return `${2025 - age}-06-15`;
}

function user(overrides: Partial<PensionUser> = {}): PensionUser {
  return {
    date_of_birth: bornYearsAgo(35),
    annual_income: 60_000,
    paid_pension: 0,
    pension: 0,
    marital_status: 'single',
    ...overrides,
  };
}

describe('constants (spec section 9; irish-tax-rules.md section 1, 2025/2026)', () => {
  it('are the spec values', () => {
    expect(PENSION_EARNINGS_CAP).toBe(115_000);
    expect(MAX_TAXBACK_CAP).toBe(115_000);
    expect(STANDARD_RATE_BAND).toEqual({ single: 44_000, married: 53_000 });
    expect(standardRateBand('single')).toBe(44_000);
    expect(standardRateBand('married')).toBe(53_000);
    expect(AGE_PERCENTAGE_BANDS.map((b) => b.percentage)).toEqual([15, 20, 25, 30, 35, 40]);
  });
});

describe('agePercentage', () => {
  it.each([
    [0, 15],
    [16, 15],
    [29, 15],
    [30, 20],
    [39, 20],
    [40, 25],
    [49, 25],
    [50, 30],
    [54, 30],
    [55, 35],
    [59, 35],
    [60, 40],
    [75, 40],
    [120, 40],
  ])('age %d → %d%%', (age, percentage) => {
    expect(agePercentage(age)).toBe(percentage);
  });

  it('no age, no band', () => {
    expect(agePercentage(Number.NaN)).toBe(0);
  });
});

describe('pensionAge', () => {
  it('whole years today, birthday counts', () => {
    expect(pensionAge(user({ date_of_birth: '1995-06-15' }), TODAY)).toBe(30);
    expect(pensionAge(user({ date_of_birth: '1995-06-16' }), TODAY)).toBe(29);
  });

  it('null for an unreadable date of birth', () => {
    expect(pensionAge(user({ date_of_birth: '15.06.1995' }), TODAY)).toBeNull();
    expect(pensionAge(user({ date_of_birth: '' }), TODAY)).toBeNull();
  });
});

describe('maxPensionContribution', () => {
  // Income 100,000 (under the cap) makes each band visible: 100,000 × percentage. The band is the
  // one of the highest age reached in the tax year (the age on 31 December), whatever today's age:
  // a 30th birthday later in 2025 already gives 2025 the 20% band.
  it.each([
    ['1996-01-01', 29, 29, 15_000], // 30 only in 2026
    ['1995-06-16', 29, 30, 20_000], // 30th birthday is tomorrow: 30 in 2025
    ['1995-06-15', 30, 30, 20_000], // 30th birthday is today
    ['1985-12-31', 39, 40, 25_000],
    ['1986-01-01', 39, 39, 20_000],
    ['1975-06-16', 49, 50, 30_000],
    ['1976-01-01', 49, 49, 25_000],
    ['1970-06-16', 54, 55, 35_000],
    ['1971-01-01', 54, 54, 30_000],
    ['1965-06-16', 59, 60, 40_000],
    ['1966-01-01', 59, 59, 35_000],
    ['1940-01-01', 85, 85, 40_000],
  ])('born %s (age %d today, %d in the year), income 100,000 → %d', (dob, age, ageInYear, expected) => {
    const u = user({ date_of_birth: dob, annual_income: 100_000 });
    expect(pensionAge(u, TODAY)).toBe(age);
    expect(pensionAgeInYear(u, TODAY)).toBe(ageInYear);
    expect(maxPensionContribution(u, TODAY)).toBe(expected);
  });

  it.each([
    // age 60 → 40%
    [114_999, 45_999], // floor(45,999.6)
    [115_000, 46_000], // at the cap
    [115_001, 46_000], // above the cap: capped income 115,000
    [250_000, 46_000],
  ])('age 60, income %d → %d (income cap 115,000)', (income, expected) => {
    expect(maxPensionContribution(user({ date_of_birth: bornYearsAgo(60), annual_income: income }), TODAY)).toBe(expected);
  });

  it('age 25 at and above the cap: floor(115,000 × 15%) = 17,250', () => {
    expect(maxPensionContribution(user({ date_of_birth: bornYearsAgo(25), annual_income: 115_000 }), TODAY)).toBe(17_250);
    expect(maxPensionContribution(user({ date_of_birth: bornYearsAgo(25), annual_income: 115_001 }), TODAY)).toBe(17_250);
  });

  it('floors the limit: 33,333 × 15% = 4,999.95 → 4,999', () => {
    expect(maxPensionContribution(user({ date_of_birth: bornYearsAgo(25), annual_income: 33_333 }), TODAY)).toBe(4_999);
  });

  it('floors exactly where × 0.35 in floating point would not', () => {
    // In binary 700 × 0.35 is 244.99999999999997, whose floor would be 244.
    expect(maxPensionContribution(user({ date_of_birth: bornYearsAgo(57), annual_income: 700 }), TODAY)).toBe(245);
    expect(maxPensionContribution(user({ date_of_birth: bornYearsAgo(57), annual_income: 1_300 }), TODAY)).toBe(455);
    // A realistic salary: 41,000 × 0.35 is 14,349.999999999998 in binary; the limit is 14,350.
    expect(maxPensionContribution(user({ date_of_birth: bornYearsAgo(57), annual_income: 41_000 }), TODAY)).toBe(14_350);
  });

  it.each([
    [0, 12_000],
    [5_000, 7_000], // age 35, income 60,000: limit 12,000 − 5,000
    [11_999.5, 0.5],
    [12_000, 0], // exactly used up
    [20_000, 0], // paid above the maximum → 0, never negative
  ])('subtracts paid_pension %d → %d', (paid, expected) => {
    expect(maxPensionContribution(user({ paid_pension: paid }), TODAY)).toBe(expected);
  });

  it('treats null amounts as 0', () => {
    expect(maxPensionContribution(user({ paid_pension: null }), TODAY)).toBe(12_000);
    expect(maxPensionContribution(user({ annual_income: null }), TODAY)).toBe(0);
    expect(maxPensionContribution(user({ annual_income: -5_000 }), TODAY)).toBe(0);
    expect(maxPensionContribution(user({ annual_income: Number.NaN }), TODAY)).toBe(0);
  });

  it('is 0 without a user or with an unreadable date of birth', () => {
    expect(maxPensionContribution(null, TODAY)).toBe(0);
    expect(maxPensionContribution(user({ date_of_birth: 'not a date' }), TODAY)).toBe(0);
  });
});

describe('taxbackFor', () => {
  it('income above the band, contribution fits in the 40% slice', () => {
    // single, income 60,000: 16,000 above the 44,000 band. 12,000 ≤ 16,000 → 12,000 × 40% = 4,800.
    expect(taxbackFor(12_000, user({ annual_income: 60_000 }))).toBe(4_800);
  });

  it('income above the band, contribution larger than the 40% slice', () => {
    // single, income 50,000: 6,000 above the band. 10,000 = 6,000 × 40% + 4,000 × 20% = 2,400 + 800 = 3,200.
    expect(taxbackFor(10_000, user({ annual_income: 50_000 }))).toBe(3_200);
  });

  it('married: the band is 53,000', () => {
    // married, income 50,000: within the 53,000 band → 10,000 × 20% = 2,000.
    expect(taxbackFor(10_000, user({ annual_income: 50_000, marital_status: 'married' }))).toBe(2_000);
    // married, income 60,000: 7,000 above. 15,000 = 7,000 × 40% + 8,000 × 20% = 2,800 + 1,600 = 4,400.
    expect(taxbackFor(15_000, user({ annual_income: 60_000, marital_status: 'married' }))).toBe(4_400);
  });

  it.each([
    // single: band 44,000. Contribution 6,600.
    [43_999, 1_320], // within the band: 6,600 × 20% = 1,320
    [44_000, 1_320], // at the band: nothing above it, 20% on all
    [44_001, 1_320.2], // 1 above: 1 × 40% + 6,599 × 20% = 0.40 + 1,319.80
    [45_000, 1_520], // 1,000 × 40% + 5,600 × 20% = 400 + 1,120
  ])('single, income %d, contribution 6,600 → %d', (income, expected) => {
    expect(taxbackFor(6_600, user({ annual_income: income }))).toBe(expected);
  });

  it.each([
    // married: band 53,000. Contribution 8,000.
    [52_999, 1_600], // 8,000 × 20%
    [53_000, 1_600], // at the band
    [53_001, 1_600.2], // 1 × 40% + 7,999 × 20% = 0.40 + 1,599.80
    [60_000, 3_000], // 7,000 above: 7,000 × 40% + 1,000 × 20% = 2,800 + 200
  ])('married, income %d, contribution 8,000 → %d', (income, expected) => {
    expect(taxbackFor(8_000, user({ annual_income: income, marital_status: 'married' }))).toBe(expected);
  });

  it('the same income is higher-rate for a single person and standard-rate for a married one', () => {
    // income 50,000, contribution 5,000. Single: 5,000 × 40% = 2,000 (6,000 above the band).
    expect(taxbackFor(5_000, user({ annual_income: 50_000, marital_status: 'single' }))).toBe(2_000);
    // Married: within 53,000 → 5,000 × 20% = 1,000.
    expect(taxbackFor(5_000, user({ annual_income: 50_000, marital_status: 'married' }))).toBe(1_000);
  });

  it('rounds to cents', () => {
    // income 44,001 (1 above the band), contribution 0.33 ≤ 1: all at 40% = 0.132 → 0.13.
    expect(taxbackFor(0.33, user({ annual_income: 44_001 }))).toBe(0.13);
    // within the band: 1,234.56 × 20% = 246.912 → 246.91
    expect(taxbackFor(1_234.56, user({ annual_income: 30_000 }))).toBe(246.91);
  });

  it('caps the result at 115,000', () => {
    // income 10,000,000: everything at 40%. 1,000,000 × 40% = 400,000 → capped.
    expect(taxbackFor(1_000_000, user({ annual_income: 10_000_000 }))).toBe(115_000);
    // 287,500 × 40% = 115,000 exactly: at the cap. 287,502.5 × 40% = 115,001 → 115,000.
    expect(taxbackFor(287_500, user({ annual_income: 10_000_000 }))).toBe(115_000);
    expect(taxbackFor(287_502.5, user({ annual_income: 10_000_000 }))).toBe(115_000);
    expect(taxbackFor(287_497.5, user({ annual_income: 10_000_000 }))).toBe(114_999);
  });

  it('is 0 for no user, no contribution or a negative one', () => {
    expect(taxbackFor(10_000, null)).toBe(0);
    expect(taxbackFor(0, user())).toBe(0);
    expect(taxbackFor(-500, user())).toBe(0);
    expect(taxbackFor(Number.NaN, user())).toBe(0);
  });

  it('a user with no income recorded: 20% on all (income within the band)', () => {
    expect(taxbackFor(1_000, user({ annual_income: null }))).toBe(200);
  });
});

describe('marginalRate', () => {
  it.each([
    [44_000, 'single', 0.2],
    [44_001, 'single', 0.4],
    [53_000, 'married', 0.2],
    [53_001, 'married', 0.4],
    [50_000, 'married', 0.2],
    [50_000, 'single', 0.4],
    [null, 'single', 0.2],
  ] as const)('income %o, %s → %d', (income, status, rate) => {
    expect(marginalRate({ annual_income: income, marital_status: status })).toBe(rate);
  });

  it('no user → standard rate', () => {
    expect(marginalRate(null)).toBe(0.2);
  });
});

describe('pensionSummary', () => {
  it('is all zeros without a user', () => {
    expect(pensionSummary(null, TODAY)).toEqual({
      age: 0,
      percentage: 0,
      maxContribution: 0,
      maxTaxback: 0,
      currentPension: 0,
      currentTaxback: 0,
    });
  });

  it('worked example: single, 35, income 50,000, paid 2,000, pension 3,000', () => {
    // percentage 20 → limit floor(50,000 × 20%) = 10,000; minus paid 2,000 → max 8,000.
    // 6,000 above the 44,000 band: max taxback 6,000 × 40% + 2,000 × 20% = 2,400 + 400 = 2,800.
    // current 3,000 ≤ 6,000 → 3,000 × 40% = 1,200.
    expect(
      pensionSummary(user({ annual_income: 50_000, paid_pension: 2_000, pension: 3_000 }), TODAY),
    ).toEqual({
      age: 35,
      percentage: 20,
      maxContribution: 8_000,
      maxTaxback: 2_800,
      currentPension: 3_000,
      currentTaxback: 1_200,
    });
  });

  it('worked example: married, 62, income 130,000 (above the cap), pension 10,000', () => {
    // percentage 40, capped income 115,000 → max 46,000.
    // 77,000 above the 53,000 band (actual income): 46,000 × 40% = 18,400. Current 10,000 × 40% = 4,000.
    expect(
      pensionSummary(
        user({ date_of_birth: bornYearsAgo(62), annual_income: 130_000, marital_status: 'married', pension: 10_000 }),
        TODAY,
      ),
    ).toEqual({
      age: 62,
      percentage: 40,
      maxContribution: 46_000,
      maxTaxback: 18_400,
      currentPension: 10_000,
      currentTaxback: 4_000,
    });
  });

  it('worked example: single, 24, income 30,000 within the band', () => {
    // 15% of 30,000 = 4,500; all at 20% → 900. Pension 1,000 → 200.
    expect(pensionSummary(user({ date_of_birth: bornYearsAgo(24), annual_income: 30_000, pension: 1_000 }), TODAY)).toEqual({
      age: 24,
      percentage: 15,
      maxContribution: 4_500,
      maxTaxback: 900,
      currentPension: 1_000,
      currentTaxback: 200,
    });
  });

  it('paid_pension above the maximum: no room, no max taxback', () => {
    const s = pensionSummary(user({ paid_pension: 50_000, pension: 2_000 }), TODAY);
    expect(s.maxContribution).toBe(0);
    expect(s.maxTaxback).toBe(0);
    expect(s.currentTaxback).toBe(800); // 2,000 × 40% (16,000 above the band)
  });

  it('no income recorded yet', () => {
    expect(pensionSummary(user({ annual_income: null, pension: null, paid_pension: null }), TODAY)).toEqual({
      age: 35,
      percentage: 20,
      maxContribution: 0,
      maxTaxback: 0,
      currentPension: 0,
      currentTaxback: 0,
    });
  });

  it('an unreadable date of birth gives age and percentage 0 and no room', () => {
    const s = pensionSummary(user({ date_of_birth: '31.02.1990', pension: 1_000 }), TODAY);
    expect(s).toMatchObject({ age: 0, percentage: 0, maxContribution: 0, maxTaxback: 0, currentPension: 1_000 });
  });

  it('a User from the API is a PensionUser', () => {
    const apiUser: User = {
      first_name: 'Aoife',
      surname: 'Ní Bhriain',
      ppsn: null,
      date_of_birth: '1990-01-01',
      email: 'aoife@example.ie',
      annual_income: 60_000,
      paid_pension: 0,
      pension: 0,
      marital_status: 'single',
      pension_plan_id: null,
      taxback: 0,
      form11: [],
      paye_a1_authorized: false,
      opt_out_paye_auth: false,
    };
    expect(pensionSummary(apiUser, TODAY).maxContribution).toBe(12_000);
  });
});

describe('each tax year’s own figures (bands, earnings cap, the age reached in the year)', () => {
  const endOf = (year: number) => dayjs(new Date(year, 11, 31));

  it('the band of the year: 2022’s €36,800, not 2025’s €44,000', () => {
    const u = user({ annual_income: 40_000 });
    // 2022: 3,200 above the band at 40% and 1,800 at 20%; 2025: all within the band.
    expect(taxbackFor(5_000, u, 2022)).toBe(1_640);
    expect(taxbackFor(5_000, u, 2025)).toBe(1_000);
    expect(contributionRelief(u, 5_000, endOf(2022))).toBe(1_640);
  });

  it('a contribution backdated to 2025 (before 31 October 2026) is relieved under 2025’s rules: the age band of 2025', () => {
    const today = dayjs(new Date(2026, 5, 15));
    const u = user({ date_of_birth: '1996-07-01', annual_income: 60_000 }); // 29 in 2025, 30 in 2026
    const backdated = pensionUserForYear(u, 2025, 0, today);
    expect(pensionProgress(backdated, reliefDayFor(2025, today)).limit).toBe(9_000); // 15% of 60,000
    expect(pensionProgress(u, reliefDayFor(2026, today)).limit).toBe(12_000); // 20%: 30 in 2026
  });

  it('a jointly assessed couple’s band grows with the second income; assessed separately, the user’s own band', () => {
    const couple = user({ marital_status: 'married', annual_income: 60_000, spouse_annual_income: 20_000 });
    // 2024: 51,000 + 20,000 = 71,000 of 80,000: 9,000 at 40%, the other 1,000 at 20%.
    expect(taxbackFor(10_000, couple, 2024)).toBe(3_800);
    // Separately: 60,000 − 42,000 = 18,000 above the user's own band, all 10,000 at 40%.
    expect(taxbackFor(10_000, { ...couple, assessment_basis: 'separate' }, 2024)).toBe(4_000);
    // No spouse income recorded: one income, the married band.
    expect(taxbackFor(10_000, user({ marital_status: 'married', annual_income: 60_000 }), 2024)).toBe(9_000 * 0.4 + 1_000 * 0.2);
  });
});
