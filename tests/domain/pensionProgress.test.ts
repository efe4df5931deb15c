import { describe, expect, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { ageBandLabel, contributionRelief, maxPensionContribution, pensionProgress, pensionReliefLimit, taxbackFor, type PensionUser } from '../../src/domain/pension.ts';

const TODAY = dayjs(new Date(2026, 4, 10)); // 10 May 2026

function user(overrides: Partial<PensionUser> = {}): PensionUser {
  // 35 on 10 May 2026: 20% band.
  return { date_of_birth: '1991-01-01', annual_income: 60_000, paid_pension: 0, pension: 0, marital_status: 'single', ...overrides };
}

describe('pension progress: the year’s pension (ledger + paid_pension) against the relief limit', () => {
  it('limit is the age-related share of capped income, before paid_pension', () => {
    expect(pensionReliefLimit(user(), TODAY)).toBe(12_000);
    expect(pensionReliefLimit(user({ paid_pension: 5000 }), TODAY)).toBe(12_000);
    expect(maxPensionContribution(user({ paid_pension: 5000 }), TODAY)).toBe(7000);
    expect(pensionReliefLimit(user({ annual_income: 200_000 }), TODAY)).toBe(23_000);
    expect(pensionReliefLimit(null, TODAY)).toBe(0);
  });

  it('headroom is the limit minus the pension, never below zero; paid_pension counted once', () => {
    // paid_pension 5,000 is inside pension (the server derives pension = ledger + paid_pension).
    expect(pensionProgress(user({ paid_pension: 5000, pension: 5000 }), TODAY)).toMatchObject({ limit: 12_000, current: 5000, headroom: 7000 });
    expect(pensionProgress(user({ pension: 12_000 }), TODAY).headroom).toBe(0);
    expect(pensionProgress(user({ pension: 15_000 }), TODAY).headroom).toBe(0);
    expect(pensionProgress(user({ pension: 11_999.99 }), TODAY).headroom).toBe(0.01);
  });

  it('taxback counts only the pension up to the limit; max taxback is the limit’s', () => {
    const over = pensionProgress(user({ pension: 15_000 }), TODAY);
    expect(over.taxback).toBe(taxbackFor(12_000, user()));
    expect(over.maxTaxback).toBe(taxbackFor(12_000, user()));
    expect(pensionProgress(user({ pension: 1000 }), TODAY).taxback).toBe(400); // income 16,000 above the band: 40%
    expect(pensionProgress(null, TODAY)).toEqual({ limit: 0, current: 0, headroom: 0, taxback: 0, maxTaxback: 0 });
  });
});

describe('contributionRelief: what a new contribution earns on top of what is paid', () => {
  it('40% while the contributions fit in the income above the band, then 20%', () => {
    // Income 50,000, single: 6,000 above the band.
    const u = user({ annual_income: 50_000, pension: 5000 });
    // Limit 10,000. 1,000 at 40% (up to 6,000), then 1,000 at 20%.
    expect(contributionRelief(u, 2000, TODAY)).toBe(600);
  });

  it('nothing above the limit, and nothing for zero, negative or no user', () => {
    const u = user({ pension: 11_500 });
    expect(contributionRelief(u, 2000, TODAY)).toBe(200); // only 500 fits, at 40%
    expect(contributionRelief(user({ pension: 12_000 }), 2000, TODAY)).toBe(0);
    expect(contributionRelief(user(), 0, TODAY)).toBe(0);
    expect(contributionRelief(user(), -50, TODAY)).toBe(0);
    expect(contributionRelief(null, 100, TODAY)).toBe(0);
  });

  it('adds up: relief of two contributions equals the relief of their sum', () => {
    const u = user({ annual_income: 50_000 });
    const first = contributionRelief(u, 4000, TODAY);
    const second = contributionRelief({ ...u, pension: 4000 }, 5000, TODAY);
    expect(first + second).toBe(contributionRelief(u, 9000, TODAY));
  });
});

describe('ageBandLabel', () => {
  it.each([
    [16, 'up to 29'],
    [29, 'up to 29'],
    [30, '30 to 39'],
    [49, '40 to 49'],
    [50, '50 to 54'],
    [55, '55 to 59'],
    [60, '60 and over'],
    [99, '60 and over'],
    [Number.NaN, ''],
  ])('%s → %s', (age, label) => {
    expect(ageBandLabel(age)).toBe(label);
  });
});
