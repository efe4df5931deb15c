import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isStepUpRequired } from '../../src/domain/failure.ts';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { StepUpLogic, StepUpProof, StepUpResult } from '../shared/stepUp.ts';
import type { DirectDebitRequest } from '../../src/domain/schemas/pension.ts';
import type {
  CancelMandateLogic,
  DirectDebitContext,
  DirectDebitInput,
  DirectDebitEvent,
  DirectDebitTag,
  LoadMandateLogic,
  MandateResult,
  PauseMandateLogic,
  ResumeMandateLogic,
  SaveMandateLogic,
} from './directDebit.types.ts';

/** Harmless defaults: answer as an outage would. The app provides the /direct-debit calls. */
const loadMandate: LoadMandateLogic = fromPromise<MandateResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
const saveMandate: SaveMandateLogic = fromPromise<MandateResult, DirectDebitRequest>(async () => ({ ok: false, error: NO_RESPONSE }));
const cancelMandate: CancelMandateLogic = fromPromise<MandateResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
const pauseMandate: PauseMandateLogic = fromPromise<MandateResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
const resumeMandate: ResumeMandateLogic = fromPromise<MandateResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
const stepUp: StepUpLogic = fromPromise<StepUpResult, StepUpProof>(async () => ({ ok: false, error: NO_RESPONSE }));

const mandateParams = ({ event }: { event: { output: MandateResult } }) => ({ result: event.output });

/**
 * A monthly direct debit (/direct-debit): view the active mandate, set one up or change it
 * (amount, IBAN, day of month, start date, mandate accepted), pause it to 31 December and resume it
 * (one click each), or cancel it after a confirmation.
 * Collecting from a new account asks for the password again first (step-up), then sends the same
 * request.
 */
export const directDebitMachine = setup({
  types: {
    context: {} as DirectDebitContext,
    input: {} as DirectDebitInput,
    events: {} as DirectDebitEvent,
    tags: {} as DirectDebitTag,
  },
  actors: { loadMandate, saveMandate, cancelMandate, pauseMandate, resumeMandate, stepUp },
  actions: {
    clearError: assign({ error: null }),
    clearNotice: assign({ notice: null }),
    rememberMandate: assign((_, params: { result: MandateResult }) => (params.result.ok ? { mandate: params.result.mandate } : {})),
    rememberFailure: assign((_, params: { result: MandateResult }) => ({ error: params.result.ok ? null : params.result.error })),
    rememberOutage: assign({ error: NO_RESPONSE }),
    rememberRequest: assign(({ event }) => {
      assertEvent(event, 'directDebit.submit');
      return { pending: event.request };
    }),
    forgetRequest: assign({ pending: null }),
    rememberStepUpFailure: assign((_, params: { result: StepUpResult }) => ({ error: params.result.ok ? null : params.result.error })),
    // Before the saved mandate is remembered: a mandate already there means this save changed it.
    noticeSaved: assign({ notice: ({ context }) => (context.mandate ? ('changed' as const) : ('saved' as const)) }),
    noticeCancelled: assign({ notice: 'cancelled' as const }),
    noticePaused: assign({ notice: 'paused' as const }),
    noticeResumed: assign({ notice: 'resumed' as const }),
  },
  guards: {
    succeeded: (_, params: { result: MandateResult }) => params.result.ok,
    hasMandate: ({ context }) => context.mandate !== null,
    /** A mandate that collects: it may be paused. */
    collecting: ({ context }) => context.mandate !== null && context.mandate.paused_until === null,
    /** A paused mandate: it may be resumed. */
    paused: ({ context }) => context.mandate !== null && context.mandate.paused_until !== null,
    /** A new account: the server wants the password again before it collects from it. */
    stepUpRequired: (_, params: { result: MandateResult }) => !params.result.ok && isStepUpRequired(params.result.error),
    stepUpSucceeded: (_, params: { result: StepUpResult }) => params.result.ok,
  },
}).createMachine({
  id: 'directDebit',
  description: 'A monthly direct debit into the pension: view, set up or change, pause and resume, cancel.',
  context: ({ input }) => ({ ...input, mandate: null, pending: null, notice: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /direct-debit: the active mandate, if any.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadMandate',
        src: 'loadMandate',
        onDone: [
          { guard: { type: 'succeeded', params: mandateParams }, target: 'viewing', actions: { type: 'rememberMandate', params: mandateParams } },
          { target: 'loadFailed', actions: { type: 'rememberFailure', params: mandateParams } },
        ],
        onError: { target: 'loadFailed', actions: 'rememberOutage' },
      },
    },
    loadFailed: {
      description: 'The mandate could not be loaded; the screen offers to try again.',
      on: { 'directDebit.reload': { target: 'loading' } },
    },
    viewing: {
      description:
        'The active mandate (amount, masked IBAN, day, next collection, reference, whether paused) with Change, Pause or Resume, and Cancel; without one, an invitation to set one up.',
      on: {
        'directDebit.edit': { target: 'editing', actions: 'clearNotice' },
        'directDebit.cancel': { guard: 'hasMandate', target: 'confirmingCancel', actions: 'clearNotice' },
        'directDebit.pause': { guard: 'collecting', target: 'pausing', actions: 'clearNotice' },
        'directDebit.resume': { guard: 'paused', target: 'resuming', actions: 'clearNotice' },
      },
    },
    pausing: {
      description: 'POST /direct-debit/pause is on its way: no collection until 31 December.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'pauseMandate',
        src: 'pauseMandate',
        onDone: [
          { guard: { type: 'succeeded', params: mandateParams }, target: 'viewing', actions: [{ type: 'rememberMandate', params: mandateParams }, 'noticePaused'] },
          { target: 'viewing', actions: { type: 'rememberFailure', params: mandateParams } },
        ],
        onError: { target: 'viewing', actions: 'rememberOutage' },
      },
    },
    resuming: {
      description: 'POST /direct-debit/resume is on its way: the mandate collects again from today.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resumeMandate',
        src: 'resumeMandate',
        onDone: [
          { guard: { type: 'succeeded', params: mandateParams }, target: 'viewing', actions: [{ type: 'rememberMandate', params: mandateParams }, 'noticeResumed'] },
          { target: 'viewing', actions: { type: 'rememberFailure', params: mandateParams } },
        ],
        onError: { target: 'viewing', actions: 'rememberOutage' },
      },
    },
    editing: {
      description: 'The mandate form; when changing, the IBAN may be left empty to keep the account. The last refusal beside it.',
      on: {
        'directDebit.submit': { target: 'saving', actions: 'rememberRequest' },
        'directDebit.back': { target: 'viewing', actions: 'clearError' },
      },
    },
    saving: {
      description: 'POST /direct-debit is on its way.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveMandate',
        src: 'saveMandate',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: { type: 'succeeded', params: mandateParams },
            target: 'viewing',
            actions: ['noticeSaved', { type: 'rememberMandate', params: mandateParams }, 'forgetRequest'],
          },
          { guard: { type: 'stepUpRequired', params: mandateParams }, target: 'confirmingIdentity' },
          { target: 'editing', actions: [{ type: 'rememberFailure', params: mandateParams }, 'forgetRequest'] },
        ],
        onError: { target: 'editing', actions: ['rememberOutage', 'forgetRequest'] },
      },
    },
    confirmingIdentity: {
      description: 'Collecting from a new account: the password is asked for again before the mandate is saved; nothing is set up yet.',
      on: {
        'directDebit.stepUp': { target: 'steppingUp' },
        'directDebit.back': { target: 'editing', actions: ['clearError', 'forgetRequest'] },
      },
    },
    steppingUp: {
      description: 'POST /security/step-up; then the same mandate is sent again.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ event }) => {
          assertEvent(event, 'directDebit.stepUp');
          return event.proof;
        },
        onDone: [
          { guard: { type: 'stepUpSucceeded', params: ({ event }) => ({ result: event.output }) }, target: 'saving' },
          { target: 'confirmingIdentity', actions: { type: 'rememberStepUpFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'confirmingIdentity', actions: 'rememberOutage' },
      },
    },
    confirmingCancel: {
      description: 'Asks whether to cancel the direct debit; collections stop from the next date.',
      on: {
        'directDebit.cancelConfirm': { target: 'cancelling' },
        'directDebit.back': { target: 'viewing' },
      },
    },
    cancelling: {
      description: 'POST /direct-debit/cancel is on its way.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'cancelMandate',
        src: 'cancelMandate',
        onDone: [
          {
            guard: { type: 'succeeded', params: mandateParams },
            target: 'viewing',
            actions: [{ type: 'rememberMandate', params: mandateParams }, 'noticeCancelled'],
          },
          { target: 'viewing', actions: { type: 'rememberFailure', params: mandateParams } },
        ],
        onError: { target: 'viewing', actions: 'rememberOutage' },
      },
    },
  },
});

export type DirectDebitMachine = typeof directDebitMachine;
