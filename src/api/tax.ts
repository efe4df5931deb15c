import { roundToCents } from '../domain/money.ts';
import { BulkRefundAnswerSchema, RefundAnswerSchema } from '../domain/schemas/refundCalculation.ts';
import { type ApiClient, type CallOptions, postJson, toApiFailure } from './client.ts';

/**
 * POST /tax/refund-calculate (spec section 7). Amounts are signed euro: + tax back, − tax due on
 * declared income. `data` is what the user entered (a `marginalRate` beside it is accepted and
 * ignored: the server works the rate out from the user's income).
 */

export interface RefundItem {
  category: string;
  data: unknown;
}

const PATH = 'tax/refund-calculate';

/** One category: `{ amount, direction, rule, figures, source, explanation, caveats }`. */
export function calculateRefund(client: ApiClient, body: { year: number } & RefundItem, options: CallOptions = {}) {
  return postJson(client, PATH, body, RefundAnswerSchema, options);
}

/** Several categories of one year (at most 100): `{ amounts, total, results }` in the order given. */
export function calculateRefunds(client: ApiClient, body: { year: number; items: readonly RefundItem[] }, options: CallOptions = {}) {
  return postJson(client, PATH, body, BulkRefundAnswerSchema, options);
}

const sumToCents = (amounts: readonly number[]) => roundToCents(amounts.reduce((sum, amount) => sum + amount, 0));

/**
 * The refund for a year's entered categories, in euro rounded to cents (tax due subtracts).
 * Tries one bulk call; when it fails, calculates each category singly (spec section 7). A single
 * calculation that fails counts as 0 and is logged (spec section 8); an amount that is not a
 * finite number counts as 0. After a 401 the session is over, so no single calls are tried.
 */
export async function estimateRefund(client: ApiClient, year: number, items: { category: string; data: unknown }[]): Promise<number> {
  if (items.length === 0) return 0;
  try {
    const answer = await calculateRefunds(client, { year, items });
    if (answer.amounts.length === items.length) return sumToCents(answer.amounts);
    console.warn('Refund calculation: the bulk answer does not match the items; calculating each singly');
  } catch (error) {
    // The status only: the request carries what the user entered.
    const { status } = await toApiFailure(error);
    console.warn('Refund calculation failed', { status });
    if (status === 401) return 0;
  }
  const amounts = await Promise.all(
    items.map(async ({ category, data }) => {
      try {
        return (await calculateRefund(client, { year, category, data })).amount;
      } catch (error) {
        const { status } = await toApiFailure(error);
        console.warn('Refund calculation failed', { category, status });
        return 0;
      }
    }),
  );
  return sumToCents(amounts);
}
