import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type {
  ResetPasswordContext,
  ResetPasswordEvent,
  ResetPasswordTag,
  SavePasswordInput,
  SavePasswordLogic,
  SavePasswordResult,
} from './resetPassword.types.ts';

/** Harmless default: answers as an outage would. The app provides the real API call. */
const savePassword: SavePasswordLogic = fromPromise<SavePasswordResult, SavePasswordInput>(async () => ({ ok: false, error: NO_RESPONSE }));

/**
 * Reset password (/reset-password/{token}, the link mailed by "forgot password" or by registration):
 * chooses a new password. One actor per visit of the screen. Nobody is signed in by it.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    tags: {} as ResetPasswordTag,
  },
  actors: { savePassword },
  actions: {
    /** A new attempt starts without the last failure. */
    clearError: assign({ error: null }),
    /** Keep the server's refusal to show it beside the form (its field messages on the fields). */
    rememberFailure: assign((_, params: { result: SavePasswordResult }) => ({ error: params.result.ok ? null : params.result.error })),
    /** The request got no usable response. */
    rememberOutage: assign({ error: NO_RESPONSE }),
  },
  guards: {
    /** The actor resolved `{ ok: true }`. */
    succeeded: (_, params: { result: SavePasswordResult }) => params.result.ok,
  },
}).createMachine({
  id: 'resetPassword',
  description:
    'Reset password from a mailed link: the new password is saved and the link is spent. The user then logs in; ' +
    'every session of the account has been ended by the server.',
  context: { error: null },
  initial: 'editing',
  states: {
    editing: {
      description:
        'The new-password form is shown and may be submitted; the last failure, if any, is shown with it ' +
        '(a spent or unknown link offers to request a new one).',
      on: {
        'password.submit': { target: 'saving' },
      },
    },
    saving: {
      description: 'POST /reset-password is on its way; the button shows progress and cannot be pressed again.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ event }) => {
          assertEvent(event, 'password.submit');
          return {
            token: event.token,
            password: event.password,
            password_confirmation: event.password_confirmation,
            ...(event.turn_off_two_factor ? { turn_off_two_factor: true } : {}),
          };
        },
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: 'saved' },
          {
            target: 'editing',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: 'rememberOutage' },
      },
    },
    saved: {
      description: 'The password is set and the link spent; the screen offers the login. Final: the actor is done.',
      type: 'final',
    },
  },
});

export type ResetPasswordMachine = typeof resetPasswordMachine;
