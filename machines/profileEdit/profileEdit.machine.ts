import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import type {
  ProfileChanges,
  ProfileEditContext,
  ProfileEditEvent,
  ProfileEditInput,
  ProfileEditTag,
  SaveProfileLogic,
  SaveProfileResult,
} from './profileEdit.types.ts';

/** Harmless default: answers as an outage would. The app provides the real API call. */
const saveProfile: SaveProfileLogic = fromPromise<SaveProfileResult, ProfileChanges>(async () => ({ ok: false, error: NO_RESPONSE }));

/**
 * Editing the profile (/profile, optional `returnTo`): names, PPSN, date of birth and pension plan
 * ID are saved with POST /edit-profile. After a save the user goes back to `returnTo` when there
 * is one (the pension-plan alert sends the user here with returnTo /roundups), else stays with a
 * "saved" notice. A failed save keeps what was typed and shows why. One actor per visit.
 */
export const profileEditMachine = setup({
  types: {
    context: {} as ProfileEditContext,
    events: {} as ProfileEditEvent,
    input: {} as ProfileEditInput,
    tags: {} as ProfileEditTag,
  },
  actors: { saveProfile },
  actions: {
    clearError: assign({ error: null }),
    rememberFailure: assign((_, params: { result: SaveProfileResult }) => ({ error: params.result.ok ? null : params.result.error })),
    rememberOutage: assign({ error: NO_RESPONSE }),
    /** The profile as the server saved it. */
    rememberUser: assign((_, params: { user: User }) => ({ user: params.user })),
    /** Tell the session the user changed (the app sends `profile.updated` to the auth actor). */
    announceUser: (_, _params: { user: User }) => {},
    /** Go to a path (the app provides the router's navigate). */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    succeeded: (_, params: { result: SaveProfileResult }) => params.result.ok,
    hasReturnTo: ({ context }) => context.returnTo !== null,
  },
}).createMachine({
  id: 'profileEdit',
  description: 'The profile form: save with POST /edit-profile, then back to returnTo or stay with a saved notice.',
  context: ({ input }) => ({ returnTo: input.returnTo, user: input.user, today: input.today, error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form shows the current profile (or what the user typed); the last failure, if any, is shown above it.',
      on: { 'profile.save': { target: 'saving' } },
    },
    saving: {
      description: 'POST /edit-profile is on its way; the button shows progress and cannot be pressed again.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ event }) => {
          assertEvent(event, 'profile.save');
          return event.changes;
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'returning',
            actions: [
              { type: 'rememberUser', params: ({ event }) => ({ user: (event.output as { user: User }).user }) },
              { type: 'announceUser', params: ({ event }) => ({ user: (event.output as { user: User }).user }) },
            ],
          },
          {
            target: 'editing',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: 'rememberOutage' },
      },
    },
    returning: {
      description: 'Saved: go back to returnTo when the screen was opened with one, otherwise stay.',
      always: [
        {
          guard: 'hasReturnTo',
          target: 'done',
          actions: { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? '/profile' }) },
        },
        { target: 'saved' },
      ],
    },
    saved: {
      description: 'Saved: the form shows the new values with a "saved" notice, and may be saved again.',
      on: { 'profile.save': { target: 'saving' } },
    },
    done: {
      description: 'Saved and on the way back to returnTo.',
      type: 'final',
    },
  },
});

export type ProfileEditMachine = typeof profileEditMachine;
