import { describe, expect, it } from 'vitest';
import { REFUND_OPTION_TILES, taxRefundTotal } from '../../src/domain/refundTotal.ts';

describe('taxRefundTotal', () => {
  it('is taxback in cents over 100 plus every claim’s approved refund', () => {
    expect(taxRefundTotal({ taxback: 123_456, form11: [{ totalApprovedRefund: 500 }, { totalApprovedRefund: 0.1 }, { totalApprovedRefund: 0.2 }] })).toBe(1734.86);
    expect(taxRefundTotal({ taxback: 0, form11: [] })).toBe(0);
  });

  it('reads missing or non-finite amounts as 0, and no user as 0', () => {
    expect(taxRefundTotal({ taxback: null, form11: [{ totalApprovedRefund: Number.NaN }, { totalApprovedRefund: null }, {}] })).toBe(0);
    expect(taxRefundTotal(null)).toBe(0);
  });

  it('keeps the spec’s eight tiles in order', () => {
    expect(REFUND_OPTION_TILES).toHaveLength(8);
    expect(REFUND_OPTION_TILES[0]).toBe('Move to your bank account');
    expect(REFUND_OPTION_TILES[7]).toBe('Home insurance');
  });
});
