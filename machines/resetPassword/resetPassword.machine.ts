import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type {
  CheckLinkInput,
  CheckLinkLogic,
  CheckLinkResult,
  ResetPasswordContext,
  ResetPasswordEvent,
  ResetPasswordInput,
  ResetPasswordTag,
  SavePasswordInput,
  SavePasswordLogic,
  SavePasswordResult,
} from './resetPassword.types.ts';

/** Harmless defaults: answer as an outage would. The app provides the real API calls. */
const checkLink: CheckLinkLogic = fromPromise<CheckLinkResult, CheckLinkInput>(async () => ({ ok: false, error: NO_RESPONSE }));
const savePassword: SavePasswordLogic = fromPromise<SavePasswordResult, SavePasswordInput>(async () => ({ ok: false, error: NO_RESPONSE }));

/**
 * Reset password (/reset-password/{token}, the link mailed by "forgot password" or by registration):
 * checks the link, then chooses a new password. One actor per visit of the screen. Nobody is signed
 * in by it, and a session this browser held is forgotten: the server ended it.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    tags: {} as ResetPasswordTag,
  },
  actors: { checkLink, savePassword },
  actions: {
    /**
     * Effect: the password is saved and the server ended every session of the account, so the one
     * this browser may hold is forgotten here and in the other tabs (default: nothing).
     */
    forgetEndedSession: () => {},
    /** A new attempt starts without the last failure. */
    clearError: assign({ error: null }),
    /** What the check found: whether two-step sign-in can be turned off with the link. */
    rememberLink: assign((_, params: { twoFactor: boolean }) => ({ twoFactor: params.twoFactor })),
    /** Keep the server's refusal to show it beside the form (its field messages on the fields). */
    rememberFailure: assign((_, params: { result: { ok: true } | { ok: false; error: ResetPasswordContext['error'] } }) => ({
      error: params.result.ok ? null : params.result.error,
    })),
    /** The request got no usable response. */
    rememberOutage: assign({ error: NO_RESPONSE }),
  },
  guards: {
    /** The actor resolved `{ ok: true }`. */
    succeeded: (_, params: { ok: boolean }) => params.ok,
    /** The server named the token: the link is spent, expired or unknown. */
    linkRefused: (_, params: { result: CheckLinkResult }) => !params.result.ok && Boolean(params.result.error.fieldErrors?.['token']),
  },
}).createMachine({
  id: 'resetPassword',
  description:
    'Reset password from a mailed link: the link is checked, the new password is saved and the link is spent. The user then logs in; ' +
    'every session of the account has been ended by the server, and the one this browser held is forgotten.',
  context: ({ input }) => ({ token: input.token, twoFactor: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'GET /reset-password/{token}: does the link still work, and does its account have two-step sign-in? The page shows progress.',
      tags: ['loading'],
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'editing',
            actions: { type: 'rememberLink', params: ({ event }) => ({ twoFactor: event.output.ok && event.output.twoFactor }) },
          },
          {
            description: 'Spent, expired or unknown: said at once, with the way to a new link; no form to fill in for nothing.',
            guard: { type: 'linkRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'linkInvalid',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
          },
          { description: 'The check could not say (a limit, a bare error): the form is shown; saving tells.', target: 'editing' },
        ],
        onError: { description: 'No answer: the form is shown; saving tells.', target: 'editing' },
      },
    },
    linkInvalid: {
      description: 'The link is spent, expired or unknown: the page says so and offers to request a new one. Final: the actor is done.',
      type: 'final',
    },
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
        input: ({ context, event }) => {
          assertEvent(event, 'password.submit');
          return {
            token: context.token,
            password: event.password,
            password_confirmation: event.password_confirmation,
            ...(event.turn_off_two_factor ? { turn_off_two_factor: true } : {}),
          };
        },
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) }, target: 'saved', actions: 'forgetEndedSession' },
          {
            target: 'editing',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: 'rememberOutage' },
      },
    },
    saved: {
      description: 'The password is set, the link spent and the ended session forgotten; the screen offers the login. Final: the actor is done.',
      type: 'final',
    },
  },
});

export type ResetPasswordMachine = typeof resetPasswordMachine;
