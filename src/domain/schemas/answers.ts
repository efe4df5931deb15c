/**
 * POST /answer, POST /answer-multiple, GET and POST /income-forms (spec section 7): the request
 * envelopes and the answers. What each answer holds is judged by its category's form schema
 * (src/domain/schemas/form11) on the server, against the server's date; these schemas only check
 * the envelope, so a client and the server agree on its shape.
 *
 * A question is a page's step key: a form slug, `final-form` (its answer maps income type ids to
 * their data, the same map as an income declaration), or a single income type id.
 */
import * as v from 'valibot';
import { isForm11Category, isIncomeTypeId, type Form11Category, type IncomeTypeId } from '../catalogue.ts';
import { FINAL_FORM_KEY } from '../form11Routes.ts';
import { isSupportedTaxYear, type TaxYear } from '../tax/years.ts';
import { requestObject, responseObject } from './fields.ts';
import { Form11EntrySchema } from './form11Entry.ts';
import * as m from './messages.ts';

/** Most answers one POST /answer-multiple may carry (30 pages and 13 income types fit). */
export const MAX_ANSWERS = 50;

export type AnswerQuestion = Form11Category | typeof FINAL_FORM_KEY;

export function isAnswerQuestion(value: unknown): value is AnswerQuestion {
  return typeof value === 'string' && (value === FINAL_FORM_KEY || isForm11Category(value));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const requiredOr = (message: string) => (issue: v.BaseIssue<unknown>) => (issue.input === undefined ? m.REQUIRED : message);

/** The claim year; optional (the server then uses the default claim year, last year). */
const yearField = v.optional(v.custom<TaxYear>(isSupportedTaxYear, m.TAX_YEAR_UNSUPPORTED));
const questionField = v.custom<AnswerQuestion>(isAnswerQuestion, requiredOr(m.QUESTION_UNKNOWN));
/** What the page submitted: an object; its category's form schema judges the fields. */
const answerField = v.custom<Record<string, unknown>>(isPlainObject, requiredOr(m.INVALID_REQUEST));

export const AnswerRequestSchema = requestObject({ year: yearField, question: questionField, answer: answerField });
export type AnswerRequest = v.InferOutput<typeof AnswerRequestSchema>;

/** `questions`: question → answer. Unknown questions are named under `questions.<key>`. */
const questionsField = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, requiredOr(m.INVALID_REQUEST)),
  v.check((map) => Object.keys(map).length > 0, m.NO_ANSWERS),
  v.check((map) => Object.keys(map).length <= MAX_ANSWERS, m.INVALID_REQUEST),
  v.record(v.custom<AnswerQuestion>(isAnswerQuestion, m.QUESTION_UNKNOWN), answerField),
);

export const AnswerMultipleRequestSchema = requestObject({ year: yearField, questions: questionsField });
export type AnswerMultipleRequest = v.InferOutput<typeof AnswerMultipleRequestSchema>;

/** An income declaration: income type id → what its sub-form took. */
export type IncomeDeclarationMap = Partial<Record<IncomeTypeId, Record<string, unknown>>>;

const declarationField = v.pipe(
  v.custom<Record<string, unknown>>(isPlainObject, requiredOr(m.INVALID_REQUEST)),
  v.record(v.custom<IncomeTypeId>((key) => typeof key === 'string' && isIncomeTypeId(key), m.CATEGORY_UNKNOWN), answerField),
);

export const IncomeFormsRequestSchema = requestObject({
  year: yearField,
  'income-form': requestObject({ declaration: declarationField }),
});
export type IncomeFormsRequest = v.InferOutput<typeof IncomeFormsRequestSchema>;

/** GET /income-forms?year=2025: the year, optional (default: last year). */
export const IncomeFormsQuerySchema = v.object({
  year: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}$/, m.TAX_YEAR_UNSUPPORTED),
      v.transform(Number),
      v.custom<TaxYear>(isSupportedTaxYear, m.TAX_YEAR_UNSUPPORTED),
    ),
  ),
});

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

/** POST /answer and /answer-multiple: the claim year and the year's claim after the answers were merged. */
export const AnswerResponseSchema = responseObject({
  year: v.number(),
  entry: v.nullable(Form11EntrySchema),
});
export type AnswerResponse = v.InferOutput<typeof AnswerResponseSchema>;

/** GET and POST /income-forms: the year's declaration, as stored (what the final form is prefilled with). */
export const IncomeFormsResponseSchema = responseObject({
  year: v.number(),
  data: responseObject({ declaration: v.record(v.string(), v.record(v.string(), v.unknown())) }),
});
export type IncomeFormsResponse = v.InferOutput<typeof IncomeFormsResponseSchema>;
