import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { DirectDebitRequest } from '../../src/domain/schemas/pension.ts';
import type {
  CancelMandateLogic,
  DirectDebitContext,
  DirectDebitInput,
  DirectDebitEvent,
  DirectDebitTag,
  LoadMandateLogic,
  MandateResult,
  SaveMandateLogic,
} from './directDebit.types.ts';

/** Harmless defaults: answer as an outage would. The app provides the /direct-debit calls. */
const loadMandate: LoadMandateLogic = fromPromise<MandateResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
const saveMandate: SaveMandateLogic = fromPromise<MandateResult, DirectDebitRequest>(async () => ({ ok: false, error: NO_RESPONSE }));
const cancelMandate: CancelMandateLogic = fromPromise<MandateResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));

const mandateParams = ({ event }: { event: { output: MandateResult } }) => ({ result: event.output });

/**
 * A monthly direct debit (/direct-debit): view the active mandate, set one up or change it
 * (amount, IBAN, day of month, start date, mandate accepted), or cancel it after a confirmation.
 */
export const directDebitMachine = setup({
  types: {
    context: {} as DirectDebitContext,
    input: {} as DirectDebitInput,
    events: {} as DirectDebitEvent,
    tags: {} as DirectDebitTag,
  },
  actors: { loadMandate, saveMandate, cancelMandate },
  actions: {
    clearError: assign({ error: null }),
    clearNotice: assign({ notice: null }),
    rememberMandate: assign((_, params: { result: MandateResult }) => (params.result.ok ? { mandate: params.result.mandate } : {})),
    rememberFailure: assign((_, params: { result: MandateResult }) => ({ error: params.result.ok ? null : params.result.error })),
    rememberOutage: assign({ error: NO_RESPONSE }),
    noticeSaved: assign({ notice: 'saved' as const }),
    noticeCancelled: assign({ notice: 'cancelled' as const }),
  },
  guards: {
    succeeded: (_, params: { result: MandateResult }) => params.result.ok,
    hasMandate: ({ context }) => context.mandate !== null,
  },
}).createMachine({
  id: 'directDebit',
  description: 'A monthly direct debit into the pension: view, set up or change, cancel.',
  context: ({ input }) => ({ ...input, mandate: null, notice: null, error: null }),
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
      description: 'The active mandate (amount, masked IBAN, day, next collection, reference) with Change and Cancel; without one, an invitation to set one up.',
      on: {
        'directDebit.edit': { target: 'editing', actions: 'clearNotice' },
        'directDebit.cancel': { guard: 'hasMandate', target: 'confirmingCancel', actions: 'clearNotice' },
      },
    },
    editing: {
      description: 'The mandate form; when changing, the IBAN may be left empty to keep the account. The last refusal beside it.',
      on: {
        'directDebit.submit': { target: 'saving' },
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
        input: ({ event }) => {
          assertEvent(event, 'directDebit.submit');
          return event.request;
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: mandateParams },
            target: 'viewing',
            actions: [{ type: 'rememberMandate', params: mandateParams }, 'noticeSaved'],
          },
          { target: 'editing', actions: { type: 'rememberFailure', params: mandateParams } },
        ],
        onError: { target: 'editing', actions: 'rememberOutage' },
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
