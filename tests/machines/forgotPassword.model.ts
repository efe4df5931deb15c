import { forgotPasswordMachine } from '../../machines/forgotPassword/forgotPassword.machine.ts';
import type { SendReminderResult } from '../../machines/forgotPassword/forgotPassword.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const EMAIL = 'aoife@example.ie';
export const NOTICE = 'If an account exists for this email, we have sent a link to reset the password.';
export const RATE_LIMITED: ApiFailure = { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.', source: 'server' };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

export const SUBMIT = { type: 'reminder.submit', email: EMAIL } as const;
export const AGAIN = { type: 'reminder.again' } as const;
export const ACCEPTED = { type: 'xstate.done.actor.sendReminder', output: { ok: true, message: NOTICE } satisfies SendReminderResult };
export const REFUSED = { type: 'xstate.done.actor.sendReminder', output: { ok: false, error: RATE_LIMITED } satisfies SendReminderResult };

export const fixtures = {
  'reminder.submit': () => [SUBMIT],
  'reminder.again': () => [AGAIN],
  'xstate.done.actor.sendReminder': () => [ACCEPTED, REFUSED],
  'xstate.error.actor.sendReminder': () => [{ type: 'xstate.error.actor.sendReminder', error: new Error('socket hang up') }],
} satisfies EventFixtures<typeof forgotPasswordMachine>;

export const model = createModelTest(forgotPasswordMachine, { events: fixtures });

export const doc = pathDoc(forgotPasswordMachine, fixtures, {
  testFile: 'tests/machines/forgotPassword.model.test.ts',
  models: [model],
  start: 'Open /auth/forgot-password',
  words: {
    'reminder.submit': (event) => `Type ${event.email} and submit`,
    'reminder.again': 'Press "Send another link"',
    'xstate.done.actor.sendReminder': (event) => (event.output.ok ? 'POST /send-password-reminder accepts it' : `POST /send-password-reminder refuses it (${event.output.error.status})`),
    'xstate.error.actor.sendReminder': 'POST /send-password-reminder gets no answer (offline)',
  },
  screen: () => '/auth/forgot-password',
});
