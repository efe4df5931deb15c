import { describe, expect, it } from 'vitest';
import { claimRefund, claimRefundOfYear, withClaim } from '../../src/domain/claimRefund.ts';
import type { Form11Entry } from '../../src/domain/schemas/form11Entry.ts';

describe('claimRefundOfYear', () => {
  const claims: { year: number; categoryRefunds: Record<string, number> }[] = [
    { year: 2024, categoryRefunds: { 'rent-tax-credit': 750, 'uk-dividends': -240.1 } },
    { year: 2025, categoryRefunds: { 'medical-insurance-relief': 0.1, 'tuition-fees': 0.2 } },
  ];

  it("sums the year's category refunds, tax due subtracting, to the cent", () => {
    expect(claimRefundOfYear(claims, 2024)).toBe(509.9);
    expect(claimRefundOfYear(claims, 2025)).toBe(0.3);
  });

  it('is 0 for a year without a claim', () => {
    expect(claimRefundOfYear(claims, 2023)).toBe(0);
    expect(claimRefundOfYear([], 2025)).toBe(0);
  });
});

describe('withClaim', () => {
  const entry = (year: number, refunds: Record<string, number>): Form11Entry => ({
    id: `claim-${year}`,
    year,
    snapshot: {},
    created_at: `${year + 1}-02-01T10:00:00.000Z`,
    status: 'pending',
    categoryStatuses: {},
    categoryRefunds: refunds,
    totalApprovedRefund: 0,
  });

  it("puts the server's claim in place of its year's, the others kept, newest year first", () => {
    const before = [entry(2025, { 'rent-tax-credit': 500 }), entry(2023, { 'tuition-fees': 80 })];
    const answered = entry(2025, { 'rent-tax-credit': 500, 'health-expenses': 160 });
    expect(withClaim(before, answered)).toEqual([answered, before[1]]);
    expect(withClaim(before, entry(2024, { 'flat-rate-expenses': 25.2 })).map((e) => e.year)).toEqual([2025, 2024, 2023]);
    expect(before.map((e) => e.year), 'the list it was given is left as it was').toEqual([2025, 2023]);
  });

  it('sums one claim with claimRefund, tax due subtracting', () => {
    expect(claimRefund(entry(2024, { 'rent-tax-credit': 750, 'uk-dividends': -240.1 }))).toBe(509.9);
  });
});
