import * as v from 'valibot';
import { AnswerMultipleRequestSchema, AnswerRequestSchema, AnswerResponseSchema, IncomeFormsRequestSchema, IncomeFormsResponseSchema } from '../../domain/schemas/answers.ts';
import { type ApiDescription, JSON_BODY_ERRORS, SIGNED_IN_ERRORS } from '../http/openapi.ts';

const NOT_AUTHORISED = 'No PAYE authorisation in force, or the user opted out.';

/** routes/answers.ts */
export const answersApi: ApiDescription = {
  'POST /answer': {
    summary: "One page's answer, merged into the year's Form 11 claim",
    signedIn: true,
    body: AnswerRequestSchema,
    responses: { 200: { description: 'The claim after the answer.', schema: AnswerResponseSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 403: NOT_AUTHORISED },
  },
  'POST /answer-multiple': {
    summary: "The guided flow's answers together: all stored or none",
    signedIn: true,
    body: AnswerMultipleRequestSchema,
    responses: { 200: { description: 'The claim after the answers.', schema: AnswerResponseSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 403: NOT_AUTHORISED },
  },
  'GET /income-forms': {
    summary: "The year's income declaration (the final form's prefill)",
    signedIn: true,
    query: { year: { description: 'Tax year (default: last year).', schema: v.pipe(v.string(), v.regex(/^\d{4}$/)) } },
    responses: { 200: { description: 'The declaration.', schema: IncomeFormsResponseSchema }, ...SIGNED_IN_ERRORS, 422: 'Unsupported year.' },
  },
  'POST /income-forms': {
    summary: "The year's whole income declaration",
    signedIn: true,
    body: IncomeFormsRequestSchema,
    responses: { 200: { description: 'The declaration as stored.', schema: IncomeFormsResponseSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 403: NOT_AUTHORISED },
  },
};
