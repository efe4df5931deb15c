import type { Form11Entry } from './schemas/form11Entry.ts';
import { roundToCents } from './money.ts';

/**
 * The refund recorded for a claim year: the sum of its claim's category refunds in euro (tax due
 * on declared income subtracts), rounded to cents; 0 without a claim for that year.
 */
export function claimRefundOfYear(entries: readonly Pick<Form11Entry, 'year' | 'categoryRefunds'>[], year: number): number {
  const entry = entries.find((e) => e.year === year);
  if (!entry) return 0;
  return roundToCents(Object.values(entry.categoryRefunds).reduce((sum, amount) => sum + amount, 0));
}
