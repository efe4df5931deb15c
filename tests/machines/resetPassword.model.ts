import { resetPasswordMachine } from '../../machines/resetPassword/resetPassword.machine.ts';
import type { CheckLinkResult, SavePasswordInput, SavePasswordResult } from '../../machines/resetPassword/resetPassword.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const TOKEN = 't0k3n';
export const SUBMITTED = { token: TOKEN, password: 'correct horse battery', password_confirmation: 'correct horse battery' } satisfies SavePasswordInput;
export const LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';
export const SPENT_LINK: ApiFailure = { status: 422, message: LINK_INVALID, source: 'server', fieldErrors: { token: [LINK_INVALID] } };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
export const LIMITED: ApiFailure = { status: 429, message: 'Too many attempts. Please try again later.', source: 'server' };

export const SUBMIT = { type: 'password.submit', password: SUBMITTED.password, password_confirmation: SUBMITTED.password_confirmation } as const;
export const LINK_OK = { type: 'xstate.done.actor.checkLink', output: { ok: true, twoFactor: false } satisfies CheckLinkResult };
export const LINK_OK_TWO_FACTOR = { type: 'xstate.done.actor.checkLink', output: { ok: true, twoFactor: true } satisfies CheckLinkResult };
export const LINK_SPENT = { type: 'xstate.done.actor.checkLink', output: { ok: false, error: SPENT_LINK } satisfies CheckLinkResult };
export const LINK_UNKNOWN = { type: 'xstate.done.actor.checkLink', output: { ok: false, error: LIMITED } satisfies CheckLinkResult };
export const ACCEPTED = { type: 'xstate.done.actor.savePassword', output: { ok: true } satisfies SavePasswordResult };
export const REFUSED = { type: 'xstate.done.actor.savePassword', output: { ok: false, error: SPENT_LINK } satisfies SavePasswordResult };

export const fixtures = {
  'xstate.done.actor.checkLink': () => [LINK_OK, LINK_OK_TWO_FACTOR, LINK_SPENT, LINK_UNKNOWN],
  'xstate.error.actor.checkLink': () => [{ type: 'xstate.error.actor.checkLink', error: new Error('socket hang up') }],
  'password.submit': () => [SUBMIT, { ...SUBMIT, turn_off_two_factor: true }],
  'xstate.done.actor.savePassword': () => [ACCEPTED, REFUSED],
  'xstate.error.actor.savePassword': () => [{ type: 'xstate.error.actor.savePassword', error: new Error('socket hang up') }],
} satisfies EventFixtures<typeof resetPasswordMachine>;

export const model = createModelTest(resetPasswordMachine, { events: fixtures, input: { token: TOKEN } });

export const doc = pathDoc(resetPasswordMachine, fixtures, {
  testFile: 'tests/machines/resetPassword.model.test.ts',
  models: [model],
  start: `Open the mailed link /reset-password/${TOKEN}`,
  words: {
    'xstate.done.actor.checkLink': (event) =>
      event.output.ok
        ? `GET /reset-password/${TOKEN}: the link works${event.output.twoFactor ? ', and the account has two-step sign-in' : ''}`
        : `GET /reset-password/${TOKEN} refuses it (${event.output.error.status}: ${event.output.error.message})`,
    'xstate.error.actor.checkLink': `GET /reset-password/${TOKEN} gets no answer (offline)`,
    'password.submit': (event) =>
      'turn_off_two_factor' in event && event.turn_off_two_factor ? 'Type the new password twice, tick "I lost my authenticator app: also turn two-step sign-in off" and press "Save password"' : 'Type the new password twice and press "Save password"',
    'xstate.done.actor.savePassword': (event) => (event.output.ok ? 'POST /reset-password accepts it' : `POST /reset-password refuses it (${event.output.error.status}: ${event.output.error.message})`),
    'xstate.error.actor.savePassword': 'POST /reset-password gets no answer (offline)',
  },
  screen: () => `/reset-password/${TOKEN}`,
});
