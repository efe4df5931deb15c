import { describe, expect, it } from 'vitest';
import { claimRefundOfYear } from '../../src/domain/claimRefund.ts';

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
