import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type {
  ForgotPasswordContext,
  ForgotPasswordEvent,
  ForgotPasswordTag,
  SendReminderInput,
  SendReminderLogic,
  SendReminderResult,
} from './forgotPassword.types.ts';

/** Harmless default: answers as an outage would. The app provides the real API call. */
const sendReminder: SendReminderLogic = fromPromise<SendReminderResult, SendReminderInput>(async () => ({ ok: false, error: NO_RESPONSE }));

/**
 * Forgot password (/auth/forgot-password): asks the server to mail a reset link. One actor per visit
 * of the screen.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    tags: {} as ForgotPasswordTag,
  },
  actors: { sendReminder },
  actions: {
    /** A new request starts without the last answer. */
    clearFeedback: assign({ notice: null, error: null }),
    /** Keep the server's confirmation to show it. */
    rememberNotice: assign((_, params: { result: SendReminderResult }) => ({ notice: params.result.ok ? params.result.message : null })),
    /** Keep the server's refusal to show it beside the form. */
    rememberFailure: assign((_, params: { result: SendReminderResult }) => ({ error: params.result.ok ? null : params.result.error })),
    /** The request got no usable response. */
    rememberOutage: assign({ error: NO_RESPONSE }),
  },
  guards: {
    /** The actor resolved `{ ok: true }`. */
    succeeded: (_, params: { result: SendReminderResult }) => params.result.ok,
  },
}).createMachine({
  id: 'forgotPassword',
  description:
    'Forgot password: the user asks for a reset link by email. The answer never says whether an account exists for the address.',
  context: { notice: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The email form is shown and may be submitted; the last failure, if any, is shown above it.',
      on: {
        'reminder.submit': { target: 'sending' },
      },
    },
    sending: {
      description: 'POST /send-password-reminder is on its way; the button shows progress and cannot be pressed again.',
      tags: ['busy'],
      entry: 'clearFeedback',
      invoke: {
        id: 'sendReminder',
        src: 'sendReminder',
        input: ({ event }) => {
          assertEvent(event, 'reminder.submit');
          return { email: event.email };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'sent',
            actions: { type: 'rememberNotice', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'editing',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: 'rememberOutage' },
      },
    },
    sent: {
      description: 'The server accepted the request: "check your email", with the option to send another link.',
      on: {
        'reminder.again': { target: 'editing' },
      },
    },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
