import { assign, fromPromise, setup } from 'xstate';
import type { PasswordResetContext, PasswordResetEvent, RecoveryResult, ReminderInput, ResetInput } from './passwordReset.types.ts';

/** Generic text when the server could not be reached at all (an outage, not a client mistake). */
export const RECOVERY_OUTAGE_MESSAGE = 'Something went wrong. Please try again.';

/**
 * Password recovery: asking for a reset link (/auth/forgot-password) and choosing a new password
 * from a mailed link (/reset-password/{token}). One actor per visit of either screen.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
  },
  actors: {
    sendReminder: fromPromise<RecoveryResult, ReminderInput>(async () => ({ ok: false, error: { status: null, message: 'not provided' } })),
    resetPassword: fromPromise<RecoveryResult, ResetInput>(async () => ({ ok: false, error: { status: null, message: 'not provided' } })),
  },
}).createMachine({
  id: 'passwordReset',
  description: 'Forgot-password request and reset-password submission, each a request with a result.',
  context: { notice: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'A form is shown and may be submitted.',
      on: {
        'reminder.submit': { target: 'sendingReminder' },
        'reset.submit': { target: 'resetting' },
      },
    },
    sendingReminder: {
      description: 'The reset-link request is on its way; the button shows progress.',
      tags: ['busy'],
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'sendReminder',
        src: 'sendReminder',
        input: ({ event }) => ({ email: event.type === 'reminder.submit' ? event.email : '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'reminderSent',
            actions: assign({ notice: ({ event }) => (event.output.ok ? (event.output.message ?? null) : null) }),
          },
          { target: 'idle', actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.error) }) },
        ],
        onError: { target: 'idle', actions: assign({ error: { status: null, message: RECOVERY_OUTAGE_MESSAGE } }) },
      },
    },
    reminderSent: {
      description: 'The server accepted the request; the same answer whether or not the account exists.',
      on: { 'recovery.retry': { target: 'idle' } },
    },
    resetting: {
      description: 'The new password is being saved.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ event }) =>
          event.type === 'reset.submit'
            ? { token: event.token, password: event.password, password_confirmation: event.password_confirmation }
            : { token: '', password: '', password_confirmation: '' },
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'resetDone' },
          { target: 'idle', actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.error) }) },
        ],
        onError: { target: 'idle', actions: assign({ error: { status: null, message: RECOVERY_OUTAGE_MESSAGE } }) },
      },
    },
    resetDone: {
      description: 'The password is set; nobody is signed in by it, the screen offers the login.',
      type: 'final',
    },
  },
});
