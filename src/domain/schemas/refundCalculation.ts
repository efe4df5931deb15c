/**
 * POST /tax/refund-calculate (spec section 7): the request — one category `{ year, category, data }`
 * or several `{ year, items: [{ category, data }] }` — and the two answers. The server validates
 * requests with these schemas (422 with field errors); the API client validates the answers.
 *
 * Amounts in answers are signed euro: tax back positive, tax due on declared income negative
 * (the engine's `signedAmount`), so a client adds them up as "the refund".
 */
import * as v from 'valibot';
import { isForm11Category } from '../catalogue.ts';
import { toAmount } from '../money.ts';
import { isSupportedTaxYear, type TaxYear } from '../tax/years.ts';
import { requestObject, responseObject } from './fields.ts';
import * as m from './messages.ts';

/** Most items one bulk request may carry (the 43 categories fit twice over). */
export const MAX_REFUND_ITEMS = 100;
export const REFUND_ITEMS_MAX = `At most ${MAX_REFUND_ITEMS} items can be calculated at once`;

/** A missing field says so; a present one of the wrong kind gets `message`. */
const requiredOr = (message: string) => (issue: v.BaseIssue<unknown>) => (issue.input === undefined ? m.REQUIRED : message);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const yearField = v.custom<TaxYear>(isSupportedTaxYear, requiredOr(m.TAX_YEAR_UNSUPPORTED));
const categoryField = v.custom<string>((value) => typeof value === 'string' && isForm11Category(value), requiredOr(m.CATEGORY_UNKNOWN));
/** What the user entered; the category's own form schema judges it (unknown keys such as `marginalRate` are dropped there). */
const dataField = v.custom<Record<string, unknown>>(isPlainObject, requiredOr(m.INVALID_REQUEST));

export const RefundItemSchema = requestObject({ category: categoryField, data: dataField });

export const SingleRefundRequestSchema = requestObject({ year: yearField, category: categoryField, data: dataField });

export const BulkRefundRequestSchema = requestObject({
  year: yearField,
  // The count is checked before the items, so a huge list is refused without judging each item.
  items: v.pipe(v.array(v.unknown(), m.INVALID_REQUEST), v.maxLength(MAX_REFUND_ITEMS, REFUND_ITEMS_MAX), v.array(RefundItemSchema)),
});

/** Either request: a body with `items` is a bulk request, any other object a single one. */
export const RefundCalculationRequestSchema = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, m.INVALID_REQUEST),
  v.lazy((body) => (isPlainObject(body) && 'items' in body ? BulkRefundRequestSchema : SingleRefundRequestSchema)),
);

export type SingleRefundRequest = v.InferOutput<typeof SingleRefundRequestSchema>;
export type BulkRefundRequest = v.InferOutput<typeof BulkRefundRequestSchema>;

/** "amount, read as number; 0 if not finite" (spec section 7); a missing amount is 0 too. */
const amountField = v.optional(v.pipe(v.unknown(), v.transform(toAmount)), 0);

/** A page a user can open: "Revenue: Rent Tax Credit" and its address. */
export const SourceLinkSchema = responseObject({ label: v.string(), url: v.string() });

/** One category's estimate, explained. */
export const RefundAnswerSchema = responseObject({
  /** The category and tax year it is for. */
  category: v.optional(v.string(), ''),
  year: v.optional(v.number(), 0),
  /** Signed euro: + tax back, − tax due. */
  amount: amountField,
  direction: v.optional(v.picklist(['taxBack', 'taxDue']), 'taxBack'),
  /** The rule applied, in a few words. */
  rule: v.optional(v.string(), ''),
  /** The year's figures used (cap, rate, credit) and intermediate amounts, by name. */
  figures: v.optional(v.record(v.string(), v.number()), {}),
  /** Reference source keys ('R14, R15'). */
  source: v.optional(v.string(), ''),
  /** The "how we got this" line. */
  explanation: v.optional(v.string(), ''),
  caveats: v.optional(v.array(v.string()), []),
  /** Revenue's pages (links) and the Act sections the rule applies, for the year used. */
  references: v.optional(responseObject({ pages: v.array(SourceLinkSchema), legislation: v.array(v.string()) }), { pages: [], legislation: [] }),
  /** Married users: the basis of assessment used, in words. */
  basis: v.optional(v.nullable(v.string()), null),
  /** Euro the line would be worth on its own, before the claim's limits. */
  standalone: v.optional(v.pipe(v.unknown(), v.transform(toAmount)), 0),
  /** Euro of credit or relief the claim could not use (not refunded). */
  unused: v.optional(v.pipe(v.unknown(), v.transform(toAmount)), 0),
  /** Why the line is less than on its own, in euro; null when nothing was cut. */
  cut: v.optional(v.nullable(v.string()), null),
});
export type RefundAnswer = v.InferOutput<typeof RefundAnswerSchema>;

/** The claim as a whole, in a bulk answer. */
export const ClaimSummarySchema = responseObject({
  year: v.number(),
  /** The household's income tax before and after the claim; null without an income. */
  taxBefore: v.nullable(v.number()),
  taxAfter: v.nullable(v.number()),
  total: v.number(),
  unused: v.number(),
  pensionCarriedForward: v.number(),
  basis: v.nullable(v.string()),
  /** Without an income: every figure is the most that could come back. */
  upperBound: v.boolean(),
});

/** The bulk answer (one claim): `amounts` in the order of the items, their `total`, each item's estimate and the claim as a whole. */
export const BulkRefundAnswerSchema = responseObject({
  amounts: v.array(amountField),
  total: amountField,
  results: v.optional(v.array(RefundAnswerSchema), []),
  claim: v.optional(v.nullable(ClaimSummarySchema), null),
});
export type BulkRefundAnswer = v.InferOutput<typeof BulkRefundAnswerSchema>;
