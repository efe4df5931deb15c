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
    // In claim line order (Form 11's pages), not the order the server kept.
    expect(years[2]!.categories).toEqual([
      { category: 'health-expenses', title: expect.any(String), amount: 120.5, status: 'rejected', note: null },
      { category: 'rent-tax-credit', title: expect.any(String), amount: 500, status: 'approved', note: null },
    ]);
    expect(years[2]).toMatchObject({ estimated: 620.5, assessment: null });
    expect(years[2]!.categories[1]!.title).not.toBe('rent-tax-credit');
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

describe('a claim’s notes and basis', () => {
  it('each line carries the note of a line the claim’s limits cut; the year, the basis the figures use', () => {
    const withNotes: Form11Entry = {
      ...entry(2025, { 'rent-tax-credit': 'pending', 'blind-person-tax-credit': 'pending' }, { 'rent-tax-credit': 1000, 'blind-person-tax-credit': 0 }, 'pending'),
      categoryNotes: { 'blind-person-tax-credit': '€1,950 of credit, €0 of it usable this year: your tax for 2025 was already used up by the Rent Tax Credit.' },
      assessment: 'Joint assessment (2025): …',
    };
    const [year] = taxbackCreditsByYear([withNotes]);
    expect(year?.categories.map((line) => line.note)).toEqual([expect.stringContaining('€0 of it usable'), null]);
    expect(year).toMatchObject({ estimated: 1000, assessment: 'Joint assessment (2025): …' });
  });
});

describe('taxback credits: the lines in claim line order', () => {
  it('lists a claim’s lines in Form 11’s page order, then the incomes, whatever order the server kept', () => {
    // Kept by the server in the order the user happened to fill them.
    const kept = entry(
      2025,
      { 'uk-dividends': 'pending', 'tuition-fees': 'pending', 'rent-tax-credit': 'pending', 'health-expenses': 'pending', 'rental-income': 'pending' },
      { 'uk-dividends': -40, 'tuition-fees': 300, 'rent-tax-credit': 1000, 'health-expenses': 160, 'rental-income': -500 },
      'pending',
    );
    const [year] = taxbackCreditsByYear([kept]);
    expect(year!.categories.map((line) => line.category)).toEqual(['health-expenses', 'rent-tax-credit', 'tuition-fees']);
    expect(year!.income.map((line) => line.category)).toEqual(['rental-income', 'uk-dividends']);
  });
});

