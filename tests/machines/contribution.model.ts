import { contributionMachine } from '../../machines/contribution/contribution.machine.ts';
import type { ContributionInput, ContributionOptions, LoadOptionsResult, PayResult, StepUpResult } from '../../machines/contribution/contribution.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import type { ContributeAnswer } from '../../src/domain/schemas/pension.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const OPTIONS: ContributionOptions = {
  tax_year: 2026,
  assignable_years: [2026, 2025],
  contributed: { 2026: 0, 2025: 0 },
  sources: [{ id: 'sandbox-debit-card', label: 'Sandbox debit card' }],
  pending: [],
  mandate: null,
};
export const DRAFT = { amount: 500, tax_year: 2026, source: 'sandbox-debit-card' };
export const USER = { email: 'ann@example.ie', pension: 1500 } as unknown as User;
export const ANSWER = {
  contribution: { id: 'c1', amount: 500, tax_year: 2026, kind: 'one_off', source: 'Sandbox debit card', status: 'succeeded', created_at: '2026-05-10T10:00:00.000Z' },
  user: USER,
  relief: 200,
} satisfies ContributeAnswer;
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
export const DECLINED: ApiFailure = { status: 402, message: m.PAYMENT_DECLINED, source: 'server' };
export const REFUSED: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { amount: [m.CONTRIBUTION_MAX] } };
export const SERVER_ERROR: ApiFailure = { status: 503, message: null, source: 'server' };
export const STEP_UP: ApiFailure = { status: 403, message: 'Please confirm it is you.', source: 'server', code: 'step_up_required' };
export const WRONG_PASSWORD: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { password: ['Your password is not correct.'] } };

export const review = (key: string) => ({ type: 'contribution.review', draft: DRAFT, key }) as const;
export const LOADED = { type: 'xstate.done.actor.loadOptions', output: { ok: true, options: OPTIONS } satisfies LoadOptionsResult };
export const LOAD_REFUSED = { type: 'xstate.done.actor.loadOptions', output: { ok: false, error: SERVER_ERROR } satisfies LoadOptionsResult };
export const paid = { type: 'xstate.done.actor.pay', output: { ok: true, answer: ANSWER } satisfies PayResult };
export const declined = { type: 'xstate.done.actor.pay', output: { ok: false, error: DECLINED } satisfies PayResult };
export const refused = { type: 'xstate.done.actor.pay', output: { ok: false, error: REFUSED } satisfies PayResult };
export const serverError = { type: 'xstate.done.actor.pay', output: { ok: false, error: SERVER_ERROR } satisfies PayResult };
export const stepUpAsked = { type: 'xstate.done.actor.pay', output: { ok: false, error: STEP_UP } satisfies PayResult };
export const steppedUp = { type: 'xstate.done.actor.stepUp', output: { ok: true } satisfies StepUpResult };
export const stepUpRefused = { type: 'xstate.done.actor.stepUp', output: { ok: false, error: WRONG_PASSWORD } satisfies StepUpResult };
export const PROVE = { type: 'contribution.stepUp', proof: { password: 'correct horse battery staple' } } as const;
/** The edges of "the server refused it" (4xx: back to the form) and "no usable answer" (5xx: retry with the same key). */
export const BAD_REQUEST: ApiFailure = { status: 400, message: 'Malformed JSON.', source: 'server' };
export const LAST_CLIENT_ERROR: ApiFailure = { status: 499, message: null, source: 'server' };
export const INTERNAL_ERROR: ApiFailure = { status: 500, message: null, source: 'server' };
const payFailure = (error: ApiFailure) => ({ type: 'xstate.done.actor.pay', output: { ok: false, error } satisfies PayResult });

export const fixtures = {
  'contribution.review': () => [review('key-1')],
  'contribution.edit': () => [{ type: 'contribution.edit' }],
  'contribution.confirm': () => [{ type: 'contribution.confirm' }],
  'contribution.retry': () => [{ type: 'contribution.retry' }],
  'contribution.reload': () => [{ type: 'contribution.reload' }],
  'contribution.stepUp': () => [PROVE],
  'xstate.done.actor.stepUp': () => [steppedUp, stepUpRefused],
  'xstate.error.actor.stepUp': () => [{ type: 'xstate.error.actor.stepUp', error: new Error('offline') }],
  'xstate.done.actor.loadOptions': () => [LOADED, LOAD_REFUSED],
  'xstate.error.actor.loadOptions': () => [{ type: 'xstate.error.actor.loadOptions', error: new Error('offline') }],
  'xstate.done.actor.pay': () => [paid, declined, refused, serverError, stepUpAsked, payFailure(BAD_REQUEST), payFailure(LAST_CLIENT_ERROR), payFailure(INTERNAL_ERROR)],
  'xstate.error.actor.pay': () => [{ type: 'xstate.error.actor.pay', error: new Error('offline') }],
} satisfies EventFixtures<typeof contributionMachine>;

export const INPUT: ContributionInput = { mode: 'contribute', user: null, today: '2026-05-10' };
export const model = createModelTest(contributionMachine, { events: fixtures, input: INPUT });

const failure = (error: ApiFailure) => (error.status === null ? 'gets no answer' : `answers ${error.status}`);

export const doc = pathDoc(contributionMachine, fixtures, {
  testFile: 'tests/machines/contribution.model.test.ts',
  models: [model],
  start: 'Open /contribute',
  words: {
    'contribution.review': (event) => `Enter €${event.draft.amount} for ${event.draft.tax_year} from the Sandbox debit card and press "Review payment"`,
    'contribution.edit': 'Press "Change"',
    'contribution.stepUp': 'Type the password and press "Confirm and pay"',
    'xstate.done.actor.stepUp': (event) => (event.output.ok ? 'POST /security/step-up accepts the password' : `POST /security/step-up refuses the password (${event.output.error.status})`),
    'xstate.error.actor.stepUp': 'POST /security/step-up gets no answer (offline)',
    'contribution.confirm': 'Press "Confirm payment"',
    'contribution.retry': 'Press "Try again"',
    'contribution.reload': 'Press "Try again"',
    'xstate.done.actor.loadOptions': (event) => (event.output.ok ? 'GET /contributions answers the years and sources' : `GET /contributions ${failure(event.output.error)}`),
    'xstate.error.actor.loadOptions': 'GET /contributions gets no answer (offline)',
    'xstate.done.actor.pay': (event) => {
      if (event.output.ok) return `POST /contribute pays €${event.output.answer.contribution.amount}`;
      const { error } = event.output;
      if (error.status === 402) return 'POST /contribute: the payment is declined (402)';
      if (error.code === 'step_up_required') return 'POST /contribute asks for the password first (403, a large payment)';
      return `POST /contribute ${failure(error)}${error.fieldErrors ? ` (${Object.values(error.fieldErrors).flat().join('; ')})` : ''}`;
    },
    'xstate.error.actor.pay': 'POST /contribute gets no answer (offline)',
  },
  screen: (snapshot) => (snapshot.matches('done') ? '/contribute, the receipt' : '/contribute'),
});
