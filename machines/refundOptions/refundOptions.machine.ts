import { assign, setup } from 'xstate';
import type { RefundOptionsContext, RefundOptionsEvent, RefundOptionsInput } from './refundOptions.types.ts';

/**
 * Tax refund options (/tax-refund-options), the page the Tax Refund menu opens: the claim first
 * (start one, or continue the unfinished one), the refund so far, and the ways to use it, read from
 * the signed-in user, which the session keeps current.
 */
export const refundOptionsMachine = setup({
  types: {
    context: {} as RefundOptionsContext,
    events: {} as RefundOptionsEvent,
    input: {} as RefundOptionsInput,
  },
  actions: {
    rememberUser: assign(({ event }) => (event.type === 'session.user.changed' ? { user: event.user } : {})),
    /** The app hands the guided flow `flow.resume`, which goes to the page it stopped at. */
    continueClaim: () => {},
  },
  guards: {
    hasClaim: ({ context }) => context.claim !== null,
  },
}).createMachine({
  id: 'refundOptions',
  description: 'Tax refund options: the claim first, then the refund so far and the ways to use it.',
  context: ({ input }) => ({ ...input }),
  on: {
    'session.user.changed': { actions: 'rememberUser' },
    'claim.continue': { guard: 'hasClaim', actions: 'continueClaim' },
  },
  initial: 'showing',
  states: {
    showing: {
      description: 'The claim, the total and the ways to use it are shown; "Start my claim" leads to the Tax Refund page.',
      on: { 'refundOptions.bank.open': { target: 'bankInfo' } },
    },
    bankInfo: {
      description: '"Move to your bank account" explains that Revenue pays the refund into the bank account it holds.',
      on: { 'refundOptions.bank.close': { target: 'showing' } },
    },
  },
});

export type RefundOptionsMachine = typeof refundOptionsMachine;
