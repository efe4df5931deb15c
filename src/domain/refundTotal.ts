/**
 * "My tax refund so far" (spec section 2, Tax refund options): the pension tax back (`taxback`,
 * held in cents) plus the approved refunds of every Form 11 claim (`totalApprovedRefund`, euro).
 */
import { roundToCents } from './money.ts';

export interface RefundTotalUser {
  /** Cents. */
  taxback: number | null | undefined;
  form11: readonly { totalApprovedRefund?: number | null | undefined }[];
}

function finite(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Euro: taxback / 100 + Σ totalApprovedRefund; 0 without a user. */
export function taxRefundTotal(user: RefundTotalUser | null): number {
  if (!user) return 0;
  const approved = user.form11.reduce((sum, entry) => sum + finite(entry.totalApprovedRefund), 0);
  return roundToCents(finite(user.taxback) / 100 + approved);
}

/** The 8 tiles of the Tax refund options screen, in the spec's order (they have no action yet). */
export const REFUND_OPTION_TILES = [
  'Move to your bank account',
  'Reinvest to your pension',
  'Financial protection',
  'Smart Invest savings',
  'Build emergency fund',
  'Pay Irish Life Health Premium',
  'Car insurance',
  'Home insurance',
] as const;
