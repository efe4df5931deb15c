import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { AddClaimLogic, AddClaimResult, PensionClaim, PensionRefundContext, PensionRefundEvent, PensionRefundInput, PensionRefundTag } from './pensionRefund.types.ts';

/** Harmless default: answers as an outage would. The app provides the real API call. */
const addClaim: AddClaimLogic = fromPromise<AddClaimResult, PensionClaim>(async () => ({ ok: false, error: NO_RESPONSE }));

/**
 * Pension refund (/pension-refund): relief on pension contributions paid outside payroll, one
 * card per open tax year; "add to my claim" records the year's contribution in that year's
 * Form 11 claim as a pending category, then the profile (and its claims) is loaded again.
 * One actor per visit; one year is added at a time.
 */
export const pensionRefundMachine = setup({
  types: {
    context: {} as PensionRefundContext,
    input: {} as PensionRefundInput,
    events: {} as PensionRefundEvent,
    tags: {} as PensionRefundTag,
  },
  actors: { addClaim },
  actions: {
    startAdding: assign((_, params: { year: number }) => ({ adding: params.year, failure: null })),
    rememberUser: assign(({ event }) => (event.type === 'session.user.changed' ? { user: event.user } : {})),
    markAdded: assign(({ context }) => ({
      added: context.adding === null || context.added.includes(context.adding) ? context.added : [...context.added, context.adding],
      adding: null,
    })),
    rememberFailure: assign(({ context }, params: { result: AddClaimResult }) => ({
      failure: context.adding === null || params.result.ok ? null : { year: context.adding, error: params.result.error },
      adding: null,
    })),
    rememberOutage: assign(({ context }) => ({ failure: context.adding === null ? null : { year: context.adding, error: NO_RESPONSE }, adding: null })),
    /** The claim changed on the server: the app asks the auth actor to load the profile again. */
    reloadProfile: () => {},
  },
  guards: {
    succeeded: (_, params: { result: AddClaimResult }) => params.result.ok,
  },
}).createMachine({
  id: 'pensionRefund',
  description: 'Pension refund: per open tax year, add the relief on contributions paid outside payroll to that year’s Form 11 claim.',
  context: ({ input }) => ({ ...input, adding: null, added: [], failure: null }),
  on: { 'session.user.changed': { actions: 'rememberUser' } },
  initial: 'idle',
  states: {
    idle: {
      description: 'Every year’s card can be filled in and added; the last refusal shows on its year’s card.',
      on: {
        'claim.add': {
          target: 'adding',
          actions: { type: 'startAdding', params: ({ event }) => ({ year: event.claim.year }) },
        },
      },
    },
    adding: {
      description: 'POST /answer for one year is on its way; no other year can be added meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'addClaim',
        src: 'addClaim',
        input: ({ event }) => {
          assertEvent(event, 'claim.add');
          return event.claim;
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: ['markAdded', 'reloadProfile'],
          },
          { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'idle', actions: 'rememberOutage' },
      },
    },
  },
});

export type PensionRefundMachine = typeof pensionRefundMachine;
