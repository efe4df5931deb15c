import { RefundCalculationRequestSchema, type BulkRefundAnswer, type RefundAnswer } from '../../domain/schemas/refundCalculation.ts';
import { signedAmount, type RefundEstimate, type RefundFailure } from '../../domain/tax/index.ts';
import { factory } from '../appEnv.ts';
import { ApiError, readJson } from '../http/errors.ts';
import { requireAuth } from '../http/requireAuth.ts';
import type { Services } from '../services/index.ts';

/** An estimate as the API answers it: the amount signed (+ tax back, − tax due), with its explanation. */
function toRefundAnswer(estimate: RefundEstimate): RefundAnswer {
  const { category, year, direction, rule, figures, source, explanation, caveats, references, basis, standalone, unused, cut } = estimate;
  return {
    category,
    year,
    amount: signedAmount(estimate),
    direction,
    rule,
    figures: { ...figures },
    source,
    explanation,
    caveats: [...caveats],
    references: { pages: references.pages.map((page) => ({ ...page })), legislation: [...references.legislation] },
    basis,
    standalone,
    unused,
    cut,
  };
}

/** The engine refused the input: 422 with its message and field errors. */
function refused(failure: RefundFailure): ApiError {
  const errors = Object.fromEntries(Object.entries(failure.errors).map(([field, messages]) => [field, [...messages]]));
  return new ApiError(422, failure.message, errors);
}

/**
 * POST /tax/refund-calculate for the signed-in user, with their own profile:
 * `{ year, category, data }` → one explained estimate (a claim of that one item);
 * `{ year, items: [{ category, data }] }` → one claim: `{ amounts, total, results, claim }` in the
 * order of the items, the amounts adding up to the total.
 */
export function taxRoutes(services: Services) {
  const { refundCalculator } = services;

  return factory.createApp().post('/tax/refund-calculate', requireAuth(services), async (c) => {
    const request = await readJson(c, RefundCalculationRequestSchema);
    if ('items' in request) {
      const result = await refundCalculator.many(c.var.user, request);
      if (!result.ok) throw refused(result);
      const answer: BulkRefundAnswer = {
        amounts: result.results.map(signedAmount),
        total: result.netTotal,
        results: result.results.map(toRefundAnswer),
        claim: { ...result.claim },
      };
      return c.json(answer, 200);
    }
    const result = await refundCalculator.one(c.var.user, request);
    if (!result.ok) throw refused(result);
    return c.json(toRefundAnswer(result), 200);
  });
}
