import { assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { LoadMandateLogic, OverviewContext, OverviewEvent, OverviewInput, PauseMandateLogic } from './overview.types.ts';

/**
 * The Overview (/landing): the year's pension against the relief limit, the refund so far and the
 * Taxback credits, all read from the signed-in user, which the session keeps current, and the direct
 * debit (loaded once) with what it still collects this year. The decisions on the screen are
 * whether the "Get Maxing" dialog is open, and pausing the direct debit in one click when a
 * collection would pass the relief limit.
 */
export const overviewMachine = setup({
  types: {
    context: {} as OverviewContext,
    events: {} as OverviewEvent,
    input: {} as OverviewInput,
  },
  actors: {
    loadMandate: fromPromise(async () => ({ ok: true, mandate: null })) as LoadMandateLogic,
    pauseMandate: fromPromise(async () => ({ ok: false, error: NO_RESPONSE })) as PauseMandateLogic,
  },
  actions: {
    rememberUser: assign(({ event }) => (event.type === 'session.user.changed' ? { user: event.user } : {})),
  },
  guards: {
    /** A mandate that collects (not paused already). */
    collecting: ({ context }) => context.mandate !== null && context.mandate.paused_until === null,
  },
}).createMachine({
  id: 'overview',
  description: 'The Overview: pension gauge, tax refund so far and Taxback credits of the signed-in user; Get Maxing opens the ways to pay in.',
  context: ({ input }) => ({ ...input, mandate: null, pauseError: null }),
  on: { 'session.user.changed': { actions: 'rememberUser' } },
  invoke: {
    id: 'loadMandate',
    src: 'loadMandate',
    onDone: { actions: assign(({ event }) => (event.output.ok ? { mandate: event.output.mandate } : {})) },
  },
  initial: 'showing',
  states: {
    showing: {
      description: 'The figures are shown; Get Maxing is offered, and Pause beside a collection that would pass the relief limit.',
      on: {
        'overview.maxing.open': { target: 'maxing' },
        'overview.pause': { guard: 'collecting', target: 'pausing' },
      },
    },
    pausing: {
      description: 'POST /direct-debit/pause (to 31 December); then the Overview shows the mandate paused, or why it was not.',
      entry: assign({ pauseError: null }),
      invoke: {
        id: 'pauseMandate',
        src: 'pauseMandate',
        onDone: {
          target: 'showing',
          actions: assign(({ event }) => (event.output.ok ? { mandate: event.output.mandate } : { pauseError: event.output.error })),
        },
        onError: { target: 'showing', actions: assign({ pauseError: NO_RESPONSE }) },
      },
    },
    maxing: {
      description: 'The Get Maxing dialog offers Contribute, Direct debit and Round payment, with the room left this year.',
      on: { 'overview.maxing.close': { target: 'showing' } },
    },
  },
});

export type OverviewMachine = typeof overviewMachine;
