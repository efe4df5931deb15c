/** /tax-refund-submitted: which claim it shows, what it lists, and the estimate. */
import { describe, expect, it } from 'vitest';
import { claimedCategories, estimatedRefund } from '../../../src/app/screens/refund/TaxRefundSubmittedScreen.tsx';

describe('the submitted claim', () => {
  it('lists what was claimed in catalogue order, forms before incomes, whatever order the server kept', () => {
    const snapshot = { 'rent-tax-credit': {}, 'uk-dividends': {}, 'medical-insurance-relief': {}, 'health-expenses': {}, unknown: {} };
    expect(claimedCategories({ snapshot })).toEqual(['health-expenses', 'medical-insurance-relief', 'rent-tax-credit', 'uk-dividends']);
  });

  it('estimates tax back minus tax due, to the cent', () => {
    const claim = { categoryRefunds: { 'health-expenses': 160, 'medical-insurance-relief': 200.1, 'uk-dividends': -240.05 } };
    expect(estimatedRefund(claim as never)).toBe(120.05);
  });
});
