import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isStepUpRequired } from '../../src/domain/failure.ts';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import {
  type ContributionContext,
  type ContributionEvent,
  type ContributionInput,
  type ContributionTag,
  DECLINED_STATUS,
  type LoadOptionsLogic,
  type LoadOptionsResult,
  type PayInput,
  type PayLogic,
  type PayResult,
  type StepUpLogic,
  type StepUpProof,
  type StepUpResult,
  type UserPaidParams,
  type DraftInAddressParams,
} from './contribution.types.ts';

/** Harmless defaults: answer as an outage would. The app provides GET /contributions and POST /contribute. */
const loadOptions: LoadOptionsLogic = fromPromise<LoadOptionsResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
const pay: PayLogic = fromPromise<PayResult, PayInput>(async () => ({ ok: false, error: NO_RESPONSE }));
const stepUp: StepUpLogic = fromPromise<StepUpResult, StepUpProof>(async () => ({ ok: false, error: NO_RESPONSE }));

const failureOf = (result: LoadOptionsResult | PayResult | StepUpResult) => (result.ok ? null : result.error);

/**
 * A one-off contribution (/contribute, and /round-payment offering the room left): choose the
 * amount, the tax year and the account or card; review the relief it earns; confirm. The
 * confirmation carries an idempotency key made at review, so a retry after a lost answer pays
 * once. A declined payment goes back to the form; a refusal (422) shows its field messages there.
 */
export const contributionMachine = setup({
  types: {
    context: {} as ContributionContext,
    events: {} as ContributionEvent,
    input: {} as ContributionInput,
    tags: {} as ContributionTag,
  },
  actors: { loadOptions, pay, stepUp },
  actions: {
    clearError: assign({ error: null }),
    rememberOptions: assign((_, params: { result: LoadOptionsResult }) => ({ options: params.result.ok ? params.result.options : null })),
    rememberFailure: assign((_, params: { result: LoadOptionsResult | PayResult | StepUpResult }) => ({ error: failureOf(params.result) })),
    rememberOutage: assign({ error: NO_RESPONSE }),
    rememberDraft: assign(({ event }) => {
      assertEvent(event, 'contribution.review');
      return { draft: event.draft, key: event.key, error: null };
    }),
    /** Editing ends the draft's key: the next review is a new payment. */
    forgetKey: assign({ key: null }),
    rememberResult: assign((_, params: { result: PayResult }) => (params.result.ok ? { result: params.result.answer, user: params.result.answer.user } : { result: null })),
    /** The app updates the session's user, so the Overview gauge moves. */
    userPaid: (_, _params: UserPaidParams) => {},
    /**
     * The app keeps the draft under review in /contribute's address (`?amount=&year=&source=`), so
     * a reload opens the form with it instead of an empty one; `null` once paid, so a reload does
     * not offer the same payment again.
     */
    keepDraftInAddress: (_, _params: DraftInAddressParams) => {},
  },
  guards: {
    succeeded: (_, params: { result: LoadOptionsResult | PayResult | StepUpResult }) => params.result.ok,
    /** A large payment: the server wants the password (or a code) again first. */
    stepUpRequired: (_, params: { result: PayResult }) => !params.result.ok && isStepUpRequired(params.result.error),
    declined: (_, params: { result: PayResult }) => !params.result.ok && params.result.error.status === DECLINED_STATUS,
    /** The server answered and refused the request (4xx): retrying it would be refused again. */
    refused: (_, params: { result: PayResult }) => {
      const status = params.result.ok ? null : params.result.error.status;
      return status !== null && status >= 400 && status < 500;
    },
  },
}).createMachine({
  id: 'contribution',
  description: 'A one-off contribution: amount, tax year and source; the relief reviewed; paid once per idempotency key.',
  context: ({ input }) => ({ ...input, options: null, draft: null, key: null, result: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /contributions: the tax years a payment may count for, the sources to pay from, what each year has already.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: { type: 'rememberOptions', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadFailed', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'rememberOutage' },
      },
    },
    loadFailed: {
      description: 'The options could not be loaded; the screen says so and offers to try again.',
      on: { 'contribution.reload': { target: 'loading' } },
    },
    editing: {
      description: 'The form: amount, tax year (last year only until 31 October), account or card; the last refusal beside it.',
      entry: 'forgetKey',
      on: { 'contribution.review': { target: 'reviewing', actions: 'rememberDraft' } },
    },
    reviewing: {
      description: 'The payment and the tax relief it earns are shown before anything is paid.',
      entry: { type: 'keepDraftInAddress', params: ({ context }) => ({ mode: context.mode, draft: context.draft }) },
      on: {
        'contribution.confirm': { target: 'confirming' },
        'contribution.edit': { target: 'editing' },
      },
    },
    confirming: {
      description: 'POST /contribute with the draft’s idempotency key; the confirm button cannot be pressed again.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ draft: context.draft!, key: context.key! }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: [
              { type: 'rememberResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'userPaid', params: ({ event }) => ({ user: (event.output as Extract<PayResult, { ok: true }>).answer.user }) },
            ],
          },
          {
            guard: { type: 'stepUpRequired', params: ({ event }) => ({ result: event.output }) },
            target: 'confirmingIdentity',
          },
          {
            guard: { type: 'declined', params: ({ event }) => ({ result: event.output }) },
            target: 'declined',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: 'rememberOutage' },
      },
    },
    confirmingIdentity: {
      description: 'A large payment: the password (or a code from the authenticator app) is asked for again before it is made; nothing is paid yet.',
      on: {
        'contribution.stepUp': { target: 'steppingUp' },
        'contribution.edit': { target: 'editing' },
      },
    },
    steppingUp: {
      description: 'POST /security/step-up; then the same payment is confirmed again with the same key.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ event }) => {
          assertEvent(event, 'contribution.stepUp');
          return event.proof;
        },
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: 'confirming' },
          { target: 'confirmingIdentity', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'confirmingIdentity', actions: 'rememberOutage' },
      },
    },
    failed: {
      description: 'No usable answer (an outage or a server error): the payment may or may not have gone through. Retrying reuses the same key, so it is paid at most once.',
      on: {
        'contribution.retry': { target: 'confirming' },
        'contribution.edit': { target: 'editing' },
      },
    },
    declined: {
      description: 'The provider declined the payment; nothing was taken. The user may change the source or amount.',
      on: { 'contribution.edit': { target: 'editing' } },
    },
    done: {
      description: 'Paid: the ledger has it, the session has the new pension, the relief is shown. Final.',
      type: 'final',
      entry: { type: 'keepDraftInAddress', params: ({ context }) => ({ mode: context.mode, draft: null }) },
    },
  },
});

export type ContributionMachine = typeof contributionMachine;
