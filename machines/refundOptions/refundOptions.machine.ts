import { assign, setup } from 'xstate';
import type { RefundOptionsContext, RefundOptionsEvent, RefundOptionsInput } from './refundOptions.types.ts';

/**
 * Tax refund options (/tax-refund-options): the refund so far and the ways to use it, read from the
 * signed-in user, which the session keeps current.
 */
export const refundOptionsMachine = setup({
  types: {
    context: {} as RefundOptionsContext,
    events: {} as RefundOptionsEvent,
    input: {} as RefundOptionsInput,
  },
  actions: {
    rememberUser: assign(({ event }) => ({ user: event.user })),
  },
}).createMachine({
  id: 'refundOptions',
  description: 'Tax refund options: the refund so far and the ways to use it.',
  context: ({ input }) => ({ ...input }),
  initial: 'showing',
  states: {
    showing: {
      description: 'The total and the tiles are shown; "Boost My Tax Refund" leads to the Tax Refund page.',
      on: { 'session.user.changed': { actions: 'rememberUser' } },
    },
  },
});

export type RefundOptionsMachine = typeof refundOptionsMachine;
