import { describe, expect, it } from 'vitest';
import { FORM11_CATEGORIES, INCOME_TYPE_IDS } from '../../../src/domain/catalogue.ts';
import { dayjs } from '../../../src/domain/dates.ts';
import { claimYearsFor, defaultClaimYear, isInYearClaimAllowed, openClaimYears } from '../../../src/domain/tax/claimYears.ts';

const on = (year: number, month = 6, day = 15) => dayjs(new Date(year, month - 1, day));

describe('openClaimYears', () => {
  it('in 2026: the past years 2022–2025, and 2026 in-year', () => {
    const open = openClaimYears(on(2026, 11, 20));
    expect(open.currentYear).toBe(2026);
    expect(open.pastYears).toEqual([2022, 2023, 2024, 2025]);
    expect(open.currentYearSupported).toBe(true);
    expect(open.inYearCategories).toContain('rent-tax-credit');
    expect(open.inYearCategories).toContain('health-expenses');
    expect(open.inYearCategories).not.toContain('mortgage-interest-tax-credit');
  });

  it('on 1 January and 31 December the window is that calendar year’s', () => {
    expect(openClaimYears(on(2026, 1, 1)).pastYears).toEqual([2022, 2023, 2024, 2025]);
    expect(openClaimYears(on(2026, 12, 31)).pastYears).toEqual([2022, 2023, 2024, 2025]);
  });

  it('in 2027 2022 has closed and 2026 is a past year; 2027 has no figures yet', () => {
    const open = openClaimYears(on(2027, 3, 1));
    expect(open.pastYears).toEqual([2023, 2024, 2025, 2026]);
    expect(open.currentYearSupported).toBe(false);
    expect(open.inYearCategories).toEqual([]);
  });

  it('in 2024 only the supported past years are open (2020 and 2021 have no figures)', () => {
    expect(openClaimYears(on(2024)).pastYears).toEqual([2022, 2023]);
  });
});

describe('in-year claims', () => {
  it('income is never declared in-year', () => {
    for (const id of INCOME_TYPE_IDS) expect(isInYearClaimAllowed(id), id).toBe(false);
  });

  it('claims resting on payments already made can be made in-year', () => {
    for (const slug of ['health-expenses', 'nursing-home-expenses', 'rent-tax-credit', 'tuition-fees', 'flat-rate-expenses'] as const) {
      expect(isInYearClaimAllowed(slug), slug).toBe(true);
    }
  });

  it('claims that need the finished year wait for it', () => {
    for (const slug of ['mortgage-interest-tax-credit', 'fisher-tax-credit', 'seafarer-allowance', 'startup-relief-entrepreneurs'] as const) {
      expect(isInYearClaimAllowed(slug), slug).toBe(false);
    }
  });

  it('claimYearsFor adds the current year only where allowed', () => {
    expect(claimYearsFor('rent-tax-credit', on(2026))).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(claimYearsFor('mortgage-interest-tax-credit', on(2026))).toEqual([2022, 2023, 2024, 2025]);
    expect(claimYearsFor('rental-income', on(2026))).toEqual([2022, 2023, 2024, 2025]);
  });

  it('a category list can be given', () => {
    expect(openClaimYears(on(2026), ['rental-income', 'tuition-fees']).inYearCategories).toEqual(['tuition-fees']);
    expect(openClaimYears(on(2026)).inYearCategories.length).toBeLessThan(FORM11_CATEGORIES.length);
  });

  it('the Tax Refund page defaults to last year', () => {
    expect(defaultClaimYear(on(2026))).toBe(2025);
  });
});
