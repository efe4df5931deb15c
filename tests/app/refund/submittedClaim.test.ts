/** /tax-refund-submitted: what it lists of a claim, and the estimate (the taxpayer view's claim summary). */
import { describe, expect, it } from 'vitest';
import { claimSummaryOf } from '../../../machines/form11Flow/form11Flow.view.ts';
import type { Form11Entry } from '../../../src/domain/schemas/form11Entry.ts';

const claim = (snapshot: Record<string, unknown>, categoryRefunds: Record<string, number>): Form11Entry => ({
  id: 'c',
  year: 2025,
  snapshot,
  created_at: '2026-01-10T10:00:00.000Z',
  status: 'pending',
  categoryStatuses: {},
  categoryRefunds,
  totalApprovedRefund: 0,
});

describe('the submitted claim', () => {
  it('lists what was claimed in catalogue order, forms before incomes, whatever order the server kept', () => {
    const snapshot = { 'rent-tax-credit': {}, 'uk-dividends': {}, 'medical-insurance-relief': {}, 'health-expenses': {}, unknown: {} };
    expect(claimSummaryOf(claim(snapshot, {})).lines.map((line) => line.category)).toEqual(['health-expenses', 'medical-insurance-relief', 'rent-tax-credit', 'uk-dividends']);
  });

  it('estimates tax back minus tax due, to the cent', () => {
    expect(claimSummaryOf(claim({}, { 'health-expenses': 160, 'medical-insurance-relief': 200.1, 'uk-dividends': -240.05 })).refund).toBe(120.05);
  });
});
