import { resetPasswordMachine } from '../../machines/resetPassword/resetPassword.machine.ts';
import type { SavePasswordInput, SavePasswordResult } from '../../machines/resetPassword/resetPassword.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const SUBMITTED = { token: 't0k3n', password: 'correct horse battery', password_confirmation: 'correct horse battery' } satisfies SavePasswordInput;
export const LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';
export const SPENT_LINK: ApiFailure = { status: 422, message: LINK_INVALID, source: 'server', fieldErrors: { token: [LINK_INVALID] } };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

export const SUBMIT = { type: 'password.submit', ...SUBMITTED } as const;
export const ACCEPTED = { type: 'xstate.done.actor.savePassword', output: { ok: true } satisfies SavePasswordResult };
export const REFUSED = { type: 'xstate.done.actor.savePassword', output: { ok: false, error: SPENT_LINK } satisfies SavePasswordResult };

export const fixtures = {
  'password.submit': () => [SUBMIT, { ...SUBMIT, turn_off_two_factor: true }],
  'xstate.done.actor.savePassword': () => [ACCEPTED, REFUSED],
  'xstate.error.actor.savePassword': () => [{ type: 'xstate.error.actor.savePassword', error: new Error('socket hang up') }],
} satisfies EventFixtures<typeof resetPasswordMachine>;

export const model = createModelTest(resetPasswordMachine, { events: fixtures });

export const doc = pathDoc(resetPasswordMachine, fixtures, {
  testFile: 'tests/machines/resetPassword.model.test.ts',
  models: [model],
  start: `Open the mailed link /reset-password/${SUBMITTED.token}`,
  words: {
    'password.submit': (event) =>
      'turn_off_two_factor' in event && event.turn_off_two_factor ? 'Type the new password twice, tick "I lost my authenticator app: also turn two-step sign-in off" and press "Save password"' : 'Type the new password twice and press "Save password"',
    'xstate.done.actor.savePassword': (event) => (event.output.ok ? 'POST /reset-password accepts it' : `POST /reset-password refuses it (${event.output.error.status}: ${event.output.error.message})`),
    'xstate.error.actor.savePassword': 'POST /reset-password gets no answer (offline)',
  },
  screen: () => `/reset-password/${SUBMITTED.token}`,
});
