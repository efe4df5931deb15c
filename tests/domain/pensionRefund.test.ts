import { describe, expect, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { PENSION_CONTRACTS, isPensionContractCategory, pensionRefundYears, pensionReliefForYear } from '../../src/domain/pensionRefund.ts';
import { estimate, pensionLimitOf, type TaxProfile } from '../../src/domain/tax/index.ts';
import { pensionReliefLimit } from '../../src/domain/pension.ts';

/** Single, born 1 June 1983 (39 at the end of 2022, 42 at the end of 2025), earning €60,000. */
const ANN: TaxProfile = { maritalStatus: 'single', annualIncome: 60_000, dateOfBirth: '1983-06-01' };

describe('pension refund years', () => {
  it('are the four years before this one (four-year rule)', () => {
    expect(pensionRefundYears(dayjs('2026-11-25'))).toEqual([2022, 2023, 2024, 2025]);
    expect(pensionRefundYears(dayjs('2026-01-01'))).toEqual([2022, 2023, 2024, 2025]);
    // The engine has figures from 2022: in 2025 the open years it can work out are 2022–2024.
    expect(pensionRefundYears(dayjs('2025-06-30'))).toEqual([2022, 2023, 2024]);
  });

  it('offer the three contracts paid outside payroll', () => {
    expect(PENSION_CONTRACTS.map((c) => c.category)).toEqual(['personal-retirement-savings', 'retirement-annuity-relief', 'additional-voluntary-contributions']);
    expect(isPensionContractCategory('retirement-annuity-relief')).toBe(true);
    expect(isPensionContractCategory('rent-tax-credit')).toBe(false);
  });
});

describe('pensionReliefForYear, per year', () => {
  it('2022: age 39 → 20% of €60,000 = €12,000 limit; €5,000 paid, all above the €36,800 band → €2,000', () => {
    expect(pensionReliefForYear(ANN, 2022, 5_000)).toMatchObject({
      ageInYear: 39,
      agePercentage: 20,
      earningsCap: 115_000,
      limit: 12_000,
      relievable: 5_000,
      carriedForward: 0,
      marginalRate: 0.4,
      relief: 2_000,
    });
  });

  it('2023: age 40 → 25%, limit €15,000; €16,000 paid → €15,000 relieved at 40% = €6,000, €1,000 carried forward', () => {
    expect(pensionReliefForYear(ANN, 2023, 16_000)).toMatchObject({ ageInYear: 40, agePercentage: 25, limit: 15_000, relievable: 15_000, carriedForward: 1_000, relief: 6_000 });
  });

  it('2024: on €45,000 only €3,000 is above the €42,000 band: €3,000 at 40% + €2,000 at 20% = €1,600', () => {
    expect(pensionReliefForYear({ ...ANN, annualIncome: 45_000 }, 2024, 5_000)).toMatchObject({
      ageInYear: 41,
      limit: 11_250,
      marginalRate: 0.4,
      relief: 1_600,
    });
  });

  it('2025: the reference’s worked example 8 (age 42, €60,000, €16,000 paid) → €6,000', () => {
    expect(pensionReliefForYear(ANN, 2025, 16_000)).toMatchObject({ ageInYear: 42, limit: 15_000, relievable: 15_000, carriedForward: 1_000, relief: 6_000 });
  });

  it('the married band of the year decides the 40% slice (2024: €51,000)', () => {
    const married = pensionReliefForYear({ ...ANN, maritalStatus: 'married', annualIncome: 55_000 }, 2024, 6_000);
    expect(married).toMatchObject({ marginalRate: 0.4, relief: 4_000 * 0.4 + 2_000 * 0.2 });
  });

  it('earnings above €115,000 are capped: age 61 on €150,000 → limit €46,000 (worked example 8, second case)', () => {
    expect(pensionReliefForYear({ ...ANN, annualIncome: 150_000, dateOfBirth: '1964-03-01' }, 2025, 50_000)).toMatchObject({
      ageInYear: 61,
      agePercentage: 40,
      limit: 46_000,
      relievable: 46_000,
      carriedForward: 4_000,
      relief: 18_400,
    });
  });

  it('the age band is the age reached by 31 December of the year', () => {
    const turns30 = { ...ANN, dateOfBirth: '1995-12-31', annualIncome: 40_000 };
    expect(pensionReliefForYear(turns30, 2024, 1_000)).toMatchObject({ ageInYear: 29, agePercentage: 15, limit: 6_000 });
    expect(pensionReliefForYear(turns30, 2025, 1_000)).toMatchObject({ ageInYear: 30, agePercentage: 20, limit: 8_000 });
  });

  it('within the band: all at 20%; relief never exceeds the tax charged', () => {
    expect(pensionReliefForYear({ ...ANN, annualIncome: 30_000 }, 2023, 2_000)).toMatchObject({ marginalRate: 0.2, relief: 400 });
    // €12,000 in 2023: €2,400 tax less €3,550 of credits is nil, so nothing to give back.
    expect(pensionReliefForYear({ ...ANN, annualIncome: 12_000 }, 2023, 1_000).relief).toBe(0);
  });

  it('nothing without a date of birth, nothing for nothing paid, and negative amounts read as 0', () => {
    expect(pensionReliefForYear({ ...ANN, dateOfBirth: null }, 2024, 5_000)).toMatchObject({ ageInYear: null, limit: null, relief: 0 });
    expect(pensionReliefForYear(ANN, 2024, 0).relief).toBe(0);
    expect(pensionReliefForYear(ANN, 2024, -500)).toMatchObject({ paid: 0, relief: 0 });
  });

  it('agrees with the refund engine for every contract and open year (what the claim records)', () => {
    for (const year of [2022, 2023, 2024, 2025] as const) {
      for (const { category } of PENSION_CONTRACTS) {
        for (const paid of [0, 800, 9_999.99, 20_000]) {
          const engine = estimate(year, category, { providerName: 'Irish Life', policyNumber: 'P-1', contributionsPaid: paid }, ANN);
          expect(pensionReliefForYear(ANN, year, paid).relief, `${year} ${category} ${paid}`).toBe(engine.amount);
        }
      }
    }
  });
});

describe('pension relief from the income of its own year', () => {
  it('2022 at €30,000 that year: 20% → €6,000 limit; €8,000 paid → €6,000 relieved, all in the €36,800 standard band → €1,200, €2,000 carried', () => {
    expect(pensionReliefForYear(ANN, 2022, 8_000, 30_000)).toMatchObject({ limit: 6_000, relievable: 6_000, carriedForward: 2_000, marginalRate: 0.2, relief: 1_200 });
    // The profile's €60,000 (today's) would give a €12,000 limit and 40 %: €8,000 × 40 % = €3,200.
    expect(pensionReliefForYear(ANN, 2022, 8_000)).toMatchObject({ limit: 12_000, relievable: 8_000, marginalRate: 0.4, relief: 3_200 });
  });

  it('the claim itself is worked out from the income its pension answer gives, so the server records what the screen shows', () => {
    const answer = { providerName: 'Zurich Life', policyNumber: 'P-1', contributionsPaid: 8_000, incomeInYear: 30_000 };
    expect(estimate(2022, 'personal-retirement-savings', answer, ANN).amount).toBe(1_200);
    expect(estimate(2022, 'personal-retirement-savings', { ...answer, incomeInYear: undefined }, ANN).amount).toBe(3_200);
  });
});

describe('one age-related limit for a year, on every screen', () => {
  it('earnings with cents: the Overview, /pension-refund and the claim engine all give the floor (spec section 9)', () => {
    // €65,000.50 at 43 (2025): 25% is €16,250.125; the limit is €16,250, not €16,250.13.
    const profile: TaxProfile = { ...ANN, annualIncome: 65_000.5 };
    const user = { date_of_birth: ANN.dateOfBirth!, annual_income: 65_000.5, paid_pension: 0, pension: 0, marital_status: 'single' as const };
    expect(pensionReliefLimit(user, dayjs('2025-06-30'))).toBe(16_250);
    expect(pensionReliefForYear(profile, 2025, 20_000)).toMatchObject({ limit: 16_250, relievable: 16_250, carriedForward: 3_750 });
    expect(pensionLimitOf(2025, profile)).toBe(16_250);
  });
});
