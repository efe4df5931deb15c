import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { REFUND_OPTION_TILES, mayOweWords, refundSoFar, refundSoFarWords, type RefundSoFarUser } from '../../src/domain/refundTotal.ts';

const TODAY = dayjs('2026-11-26');

/**
 * Born 1 April 1990: 36 in 2026, 20 % of €60,000 = €12,000 relief limit. Single: €16,000 of income
 * above the €44,000 band, so the first €16,000 of pension earns 40 %.
 */
const user = (overrides: Partial<RefundSoFarUser> = {}): RefundSoFarUser => ({
  date_of_birth: '1990-04-01',
  annual_income: 60_000,
  marital_status: 'single',
  paid_pension: 1_500,
  pension: 1_500,
  form11: [],
  ...overrides,
});

const claim = (lines: Record<string, [status: 'pending' | 'approved' | 'rejected', euro: number]>, year = 2025) => ({
  year,
  snapshot: Object.fromEntries(Object.keys(lines).map((category) => [category, {}])),
  categoryStatuses: Object.fromEntries(Object.entries(lines).map(([category, [status]]) => [category, status])),
  categoryRefunds: Object.fromEntries(Object.entries(lines).map(([category, [, euro]]) => [category, euro])),
});

describe('refund so far', () => {
  it('pension paid through payroll brings nothing back: €1,500 via payroll only is €0, not the €600 it was relieved at source', () => {
    expect(refundSoFar(user(), TODAY)).toEqual({ pensionRelief: 0, pensionReliefMax: 4_200, approved: 0, pendingByYear: [], total: 0 });
  });

  it('counts the relief on MaxOut contributions: €2,000 paid through MaxOut at 40 % is €800 (€4,200 = 40 % of the €10,500 room)', () => {
    expect(refundSoFar(user({ pension: 3_500 }), TODAY)).toMatchObject({ pensionRelief: 800, pensionReliefMax: 4_200, total: 800 });
  });

  it('relief stops at the limit: €20,000 through MaxOut earns only the €10,500 room’s €4,200', () => {
    expect(refundSoFar(user({ pension: 21_500 }), TODAY)).toMatchObject({ pensionRelief: 4_200, total: 4_200 });
  });

  it('adds approved claim lines, names pending ones apart, ignores rejected ones', () => {
    const figures = refundSoFar(
      user({
        pension: 3_500,
        form11: [claim({ 'rent-tax-credit': ['approved', 500], 'health-expenses': ['pending', 839.96], 'tuition-fees': ['rejected', 120.5] })],
      }),
      TODAY,
    );
    expect(figures).toEqual({ pensionRelief: 800, pensionReliefMax: 4_200, approved: 500, pendingByYear: [{ year: 2025, amount: 839.96 }], total: 1_300 });
    expect(refundSoFarWords(figures)).toEqual({ headline: '€1,300.00', owes: false, pendingNote: '€839.96 pending with Revenue' });
  });

  it('a claim whose income brings tax due says what the user may owe, in whole euro', () => {
    const figures = refundSoFar(user({ form11: [claim({ 'health-expenses': ['pending', 839.96], 'rental-income': ['pending', -8_300] })] }), TODAY);
    expect(figures.pendingByYear).toEqual([{ year: 2025, amount: -7_460.04 }]);
    expect(refundSoFarWords(figures)).toEqual({ headline: '€0.00', owes: false, pendingNote: 'You may owe about €7,460 on the claim pending with Revenue' });
    // Approved tax due bigger than the relief: the headline itself is what may be owed.
    const owed = refundSoFar(user({ pension: 3_500, form11: [claim({ 'rental-income': ['approved', -8_260.04] })] }), TODAY);
    expect(owed.total).toBe(-7_460.04);
    expect(refundSoFarWords(owed)).toEqual({ headline: 'You may owe about €7,460', owes: true, pendingNote: null });
    expect(mayOweWords(7_460.5)).toBe('You may owe about €7,461');
  });

  it('a line without a status is pending; no user, nothing', () => {
    const unstated = { year: 2024, snapshot: { 'rent-tax-credit': {} }, categoryStatuses: {}, categoryRefunds: { 'rent-tax-credit': 250 } };
    expect(refundSoFar(user({ form11: [unstated] }), TODAY).pendingByYear).toEqual([{ year: 2024, amount: 250 }]);
    expect(refundSoFar(null, TODAY)).toEqual({ pensionRelief: 0, pensionReliefMax: 0, approved: 0, pendingByYear: [], total: 0 });
  });

  it('claims of two years pending: each year said apart, never one year’s refund netted against another’s tax due', () => {
    // A 2025 refund of €2,163.35 and tax due of €3,799.80 on 2024's declared rent: not "you may owe €1,636".
    const figures = refundSoFar(user({ form11: [claim({ 'health-expenses': ['pending', 2_163.35] }, 2025), claim({ 'rental-income': ['pending', -3_799.8] }, 2024)] }), TODAY);
    expect(figures.pendingByYear).toEqual([
      { year: 2025, amount: 2_163.35 },
      { year: 2024, amount: -3_799.8 },
    ]);
    expect(refundSoFarWords(figures).pendingNote).toBe('€2,163.35 pending with Revenue for 2025; you may owe about €3,800 on the claim for 2024 pending with Revenue');
    // Two claims of one year still net: one year is one assessment.
    const oneYear = refundSoFar(user({ form11: [claim({ 'health-expenses': ['pending', 100] }), claim({ 'rent-tax-credit': ['pending', 50] })] }), TODAY);
    expect(refundSoFarWords(oneYear).pendingNote).toBe('€150.00 pending with Revenue');
    // A year that nets to nothing is not named.
    const evens = refundSoFar(user({ form11: [claim({ 'health-expenses': ['pending', 100], 'rental-income': ['pending', -100] }, 2024), claim({ 'rent-tax-credit': ['pending', 50] })] }), TODAY);
    expect(refundSoFarWords(evens).pendingNote).toBe('€50.00 pending with Revenue');
  });

  it('the 8 tiles in the spec’s order', () => {
    expect(REFUND_OPTION_TILES).toHaveLength(8);
    expect(REFUND_OPTION_TILES[0]).toBe('Move to your bank account');
    expect(REFUND_OPTION_TILES[7]).toBe('Home insurance');
  });
});
