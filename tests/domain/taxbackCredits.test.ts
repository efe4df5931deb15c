import { describe, expect, it } from 'vitest';
import type { Form11Entry } from '../../src/domain/schemas/form11Entry.ts';
import { CLAIM_STATUS_COLOURS, taxbackCreditsByYear, totalApprovedCredits } from '../../src/domain/taxbackCredits.ts';

const entry = (year: number, statuses: Record<string, 'pending' | 'approved' | 'rejected'>, refunds: Record<string, number>, status: Form11Entry['status']): Form11Entry => ({
  id: `e${year}`,
  year,
  snapshot: Object.fromEntries(Object.keys(statuses).map((c) => [c, {}])),
  created_at: `${year + 1}-02-01T10:00:00.000Z`,
  status,
  categoryStatuses: statuses,
  categoryRefunds: refunds,
  totalApprovedRefund: Object.entries(statuses).reduce((sum, [c, s]) => (s === 'approved' ? sum + (refunds[c] ?? 0) : sum), 0),
});

describe('taxback credits by year', () => {
  const entries = [
    entry(2023, { 'rent-tax-credit': 'approved', 'health-expenses': 'rejected' }, { 'rent-tax-credit': 500, 'health-expenses': 120.5 }, 'approved'),
    entry(2025, { 'medical-insurance-relief': 'pending' }, { 'medical-insurance-relief': 300 }, 'pending'),
    entry(2024, { 'rental-income': 'rejected' }, { 'rental-income': -250 }, 'rejected'),
  ];

  it('groups by year, newest first, with status, lines and approved total', () => {
    const years = taxbackCreditsByYear(entries);
    expect(years.map((y) => [y.year, y.status, y.totalApproved])).toEqual([
      [2025, 'pending', 0],
      [2024, 'rejected', 0],
      [2023, 'approved', 500],
    ]);
    expect(years[2]!.categories).toEqual([
      { category: 'rent-tax-credit', title: expect.any(String), amount: 500, status: 'approved' },
      { category: 'health-expenses', title: expect.any(String), amount: 120.5, status: 'rejected' },
    ]);
    expect(years[2]!.categories[0]!.title).not.toBe('rent-tax-credit');
    expect(years[1]!.categories).toEqual([]);
    expect(totalApprovedCredits(entries)).toBe(500);
    expect(taxbackCreditsByYear([])).toEqual([]);
  });

  it('lists income declared apart from the credits and reliefs', () => {
    const [year] = taxbackCreditsByYear([entry(2025, { 'health-expenses': 'pending', 'rental-income': 'pending' }, { 'health-expenses': 839.96, 'rental-income': -8_300 }, 'pending')]);
    expect(year!.categories.map((line) => [line.category, line.amount])).toEqual([['health-expenses', 839.96]]);
    expect(year!.income.map((line) => [line.category, line.amount])).toEqual([['rental-income', -8_300]]);
  });

  it('colours: pending yellow, approved green, rejected red', () => {
    expect(CLAIM_STATUS_COLOURS).toEqual({ pending: 'yellow', approved: 'green', rejected: 'red' });
  });
});
