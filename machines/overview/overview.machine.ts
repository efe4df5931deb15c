import { assign, fromPromise, setup } from 'xstate';
import type { LoadMandateLogic, OverviewContext, OverviewEvent, OverviewInput } from './overview.types.ts';

/**
 * The Overview (/landing): the year's pension against the relief limit, the refund so far and the
 * Taxback credits, all read from the signed-in user, which the session keeps current, and the direct
 * debit (loaded once) with what it still collects this year. The one decision on the screen is
 * whether the "Get Maxing" dialog is open.
 */
export const overviewMachine = setup({
  types: {
    context: {} as OverviewContext,
    events: {} as OverviewEvent,
    input: {} as OverviewInput,
  },
  actors: {
    loadMandate: fromPromise(async () => ({ ok: true, mandate: null })) as LoadMandateLogic,
  },
  actions: {
    rememberUser: assign(({ event }) => (event.type === 'session.user.changed' ? { user: event.user } : {})),
  },
}).createMachine({
  id: 'overview',
  description: 'The Overview: pension gauge, tax refund so far and Taxback credits of the signed-in user; Get Maxing opens the ways to pay in.',
  context: ({ input }) => ({ ...input, mandate: null }),
  on: { 'session.user.changed': { actions: 'rememberUser' } },
  invoke: {
    id: 'loadMandate',
    src: 'loadMandate',
    onDone: { actions: assign(({ event }) => (event.output.ok ? { mandate: event.output.mandate } : {})) },
  },
  initial: 'showing',
  states: {
    showing: {
      description: 'The figures are shown; Get Maxing is offered.',
      on: { 'overview.maxing.open': { target: 'maxing' } },
    },
    maxing: {
      description: 'The Get Maxing dialog offers Contribute, Direct debit and Round payment, with the room left this year.',
      on: { 'overview.maxing.close': { target: 'showing' } },
    },
  },
});

export type OverviewMachine = typeof overviewMachine;
