import * as v from 'valibot';
import {
  AnswerMultipleRequestSchema,
  AnswerRequestSchema,
  IncomeFormsQuerySchema,
  type AnswerResponse,
  type IncomeFormsResponse,
} from '../../domain/schemas/answers.ts';
import { FINAL_FORM_KEY } from '../../domain/form11Routes.ts';
import { fieldErrors } from '../../domain/schemas/issues.ts';
import * as m from '../../domain/schemas/messages.ts';
import { factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { requirePayeAuthorisation } from '../http/requirePayeAuthorisation.ts';
import { IncomeFormsRequestSchema } from '../../domain/schemas/answers.ts';
import type { KeyedAnswer, SubmitResult } from '../services/answers.ts';
import { toApiForm11Entry } from '../services/form11Entries.ts';
import type { Services } from '../services/index.ts';

/** The answers were refused: 422 with the form's field errors under the request's paths. */
function refusedUnlessOk(result: SubmitResult): asserts result is Extract<SubmitResult, { ok: true }> {
  if (!result.ok) throw new ApiError(422, m.REFUND_DATA_INVALID, result.errors);
}

/**
 * The signed-in user's answers (spec section 7): POST /answer (one page), POST /answer-multiple
 * (the guided flow's answers at the end), GET /income-forms (the final form's prefill) and
 * POST /income-forms (the income declaration). Answers become the year's Form 11 claim; posting
 * needs a PAYE authorisation in force.
 */
export function answerRoutes(services: Services) {
  const { answers } = services;
  const auth = requireAuth(services);
  const authorised = requirePayeAuthorisation(services);

  return factory
    .createApp()
    .post('/answer', auth, authorised, async (c) => {
      const { year, question, answer } = await readJson(c, AnswerRequestSchema);
      const result = await answers.submit(c.var.user, year, [{ path: 'answer', question, answer }]);
      refusedUnlessOk(result);
      // Categories only: never what was entered.
      c.var.log.info({ userId: c.var.userId, year: result.year, question }, 'form11.answer');
      const body: AnswerResponse = { year: result.year, entry: result.entry && toApiForm11Entry(result.entry, result.owner) };
      return c.json(body, 200);
    })

    .post('/answer-multiple', auth, authorised, async (c) => {
      const { year, questions } = await readJson(c, AnswerMultipleRequestSchema);
      const keyed: KeyedAnswer[] = Object.entries(questions).map(([question, answer]) => ({
        path: `questions.${question}`,
        question: question as KeyedAnswer['question'],
        answer,
      }));
      const result = await answers.submit(c.var.user, year, keyed);
      refusedUnlessOk(result);
      c.var.log.info({ userId: c.var.userId, year: result.year, questions: Object.keys(questions).sort() }, 'form11.answers');
      const body: AnswerResponse = { year: result.year, entry: result.entry && toApiForm11Entry(result.entry, result.owner) };
      return c.json(body, 200);
    })

    .get('/income-forms', auth, async (c) => {
      const query = v.safeParse(IncomeFormsQuerySchema, { year: c.req.query('year') });
      if (!query.success) throw new ApiError(422, VALIDATION_MESSAGE, fieldErrors(query.issues));
      const year = answers.yearOf(query.output.year);
      const body: IncomeFormsResponse = { year, data: { declaration: await answers.declaration(c.var.userId, year) } };
      return c.json(body, 200);
    })

    .post('/income-forms', auth, authorised, async (c) => {
      const request = await readJson(c, IncomeFormsRequestSchema);
      const { declaration } = request['income-form'];
      const result = await answers.submit(c.var.user, request.year, [{ path: 'income-form.declaration', question: FINAL_FORM_KEY, answer: declaration }]);
      refusedUnlessOk(result);
      c.var.log.info({ userId: c.var.userId, year: result.year, incomes: Object.keys(declaration).sort() }, 'form11.income_declaration');
      const body: IncomeFormsResponse = { year: result.year, data: { declaration: await answers.declaration(c.var.userId, result.year) } };
      return c.json(body, 200);
    });
}
