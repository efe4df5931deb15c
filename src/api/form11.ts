import type { ApiFailure } from '../domain/failure.ts';
import type { Form11Entry } from '../domain/schemas/form11Entry.ts';
import { AnswerResponseSchema, IncomeFormsResponseSchema, type AnswerResponse, type IncomeFormsResponse } from '../domain/schemas/answers.ts';
import { type ApiClient, type CallOptions, getJson, postJson, toApiFailure } from './client.ts';

/**
 * The guided flow's answers and the income declaration (spec section 7): POST /answer,
 * POST /answer-multiple, GET and POST /income-forms. Every answer carries its claim year.
 */

export interface AnswerInput {
  year: number;
  /** The page's step key: a form slug, `final-form` (answer: income type id → data) or an income type id. */
  question: string;
  answer: unknown;
}

export interface AnswersInput {
  year: number;
  /** Step key → answer. */
  questions: Readonly<Record<string, unknown>>;
}

/** POST /answer: one page's answer into the year's claim; answers the claim as it now stands. */
export function postAnswer(client: ApiClient, input: AnswerInput, options: CallOptions = {}): Promise<AnswerResponse> {
  return postJson(client, 'answer', { year: input.year, question: input.question, answer: input.answer }, AnswerResponseSchema, options);
}

/** POST /answer-multiple: several pages' answers into the year's claim, all or none. */
export function postAnswers(client: ApiClient, input: AnswersInput, options: CallOptions = {}): Promise<AnswerResponse> {
  return postJson(client, 'answer-multiple', { year: input.year, questions: input.questions }, AnswerResponseSchema, options);
}

/** GET /income-forms?year: the year's income declaration (income type id → data), to prefill the final form. */
export function getIncomeForms(client: ApiClient, year: number, options: CallOptions = {}): Promise<IncomeFormsResponse> {
  return getJson(client, `income-forms?year=${encodeURIComponent(String(year))}`, IncomeFormsResponseSchema, options);
}

/** POST /income-forms: saves the income declaration (income type id → data) into the year's claim. */
export function saveIncomeForms(
  client: ApiClient,
  year: number,
  declaration: Readonly<Record<string, unknown>>,
  options: CallOptions = {},
): Promise<IncomeFormsResponse> {
  return postJson(client, 'income-forms', { year, 'income-form': { declaration } }, IncomeFormsResponseSchema, options);
}

/** A post as the guided flow's actors resolve it: the year's claim as the server now has it; expected failures are data, never a rejection. */
export type PostOutcome = { ok: true; entry: Form11Entry | null } | { ok: false; error: ApiFailure };

async function outcomeOf(call: Promise<AnswerResponse>): Promise<PostOutcome> {
  try {
    const answer = await call;
    return { ok: true, entry: answer.entry };
  } catch (error) {
    return { ok: false, error: await toApiFailure(error) };
  }
}

/**
 * The guided flow's `postAnswer` actor body (machines/form11Flow/form11Flow.types.ts
 * PostAnswerInput → PostResult): `fromPromise(({ input, signal }) => answerOutcome(client, input, signal))`.
 */
export function answerOutcome(client: ApiClient, input: AnswerInput, signal?: AbortSignal): Promise<PostOutcome> {
  return outcomeOf(postAnswer(client, input, { signal }));
}

/** The guided flow's `postAllAnswers` actor body (PostAllAnswersInput → PostResult). */
export function answersOutcome(client: ApiClient, input: AnswersInput, signal?: AbortSignal): Promise<PostOutcome> {
  return outcomeOf(postAnswers(client, input, { signal }));
}
