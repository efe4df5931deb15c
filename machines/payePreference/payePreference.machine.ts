import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { OPT_OUT_UPDATE_FAILED } from '../../src/domain/schemas/messages.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import type {
  PayePreferenceContext,
  PayePreferenceEvent,
  PayePreferenceInput,
  PayePreferenceTag,
  SetOptOutInput,
  SetOptOutLogic,
  SetOptOutResult,
} from './payePreference.types.ts';

/** Harmless default: fails as an outage would. The app provides the real API call. */
const setOptOut: SetOptOutLogic = fromPromise<SetOptOutResult, SetOptOutInput>(async () => ({ ok: false }));

/**
 * The PAYE authorisation opt-out on /settings. Opting out stops refund processing until the user
 * enables it again (spec section 4); the switch shows the user's saved choice, so a failed change
 * leaves it as it was, with the spec's message. One actor per visit.
 */
export const payePreferenceMachine = setup({
  types: {
    context: {} as PayePreferenceContext,
    events: {} as PayePreferenceEvent,
    input: {} as PayePreferenceInput,
    tags: {} as PayePreferenceTag,
  },
  actors: { setOptOut },
  actions: {
    clearError: assign({ error: null }),
    rememberFailure: assign({ error: OPT_OUT_UPDATE_FAILED }),
    /** The user as the server saved the choice. */
    rememberUser: assign((_, params: { user: User }) => ({ user: params.user })),
    /** Tell the session the user changed (the app sends `profile.updated` to the auth actor). */
    announceUser: (_, _params: { user: User }) => {},
  },
  guards: {
    succeeded: (_, params: { result: SetOptOutResult }) => params.result.ok,
  },
}).createMachine({
  id: 'payePreference',
  description: 'The PAYE authorisation opt-out switch on the settings page: POST /paye-opt-out, the profile updated on success.',
  context: ({ input }) => ({ user: input.user, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switch shows the saved choice and may be flipped; the last failure, if any, is shown under it.',
      on: { 'preference.set': { target: 'saving' } },
    },
    saving: {
      description: 'POST /paye-opt-out is on its way; the switch is disabled.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'setOptOut',
        src: 'setOptOut',
        input: ({ event }) => {
          assertEvent(event, 'preference.set');
          return { optOut: event.optOut };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'rememberUser', params: ({ event }) => ({ user: (event.output as { user: User }).user }) },
              { type: 'announceUser', params: ({ event }) => ({ user: (event.output as { user: User }).user }) },
            ],
          },
          { target: 'idle', actions: 'rememberFailure' },
        ],
        onError: { target: 'idle', actions: 'rememberFailure' },
      },
    },
  },
});

export type PayePreferenceMachine = typeof payePreferenceMachine;
