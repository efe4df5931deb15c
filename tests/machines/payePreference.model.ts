import { payePreferenceMachine } from '../../machines/payePreference/payePreference.machine.ts';
import type { PayePreferenceInput, SetOptOutResult } from '../../machines/payePreference/payePreference.types.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const USER = aUser({ paye_a1_authorized: true, opt_out_paye_auth: true });

export const OPT_OUT = { type: 'preference.set', optOut: true } as const;
export const SAVED = { type: 'xstate.done.actor.setOptOut', output: { ok: true, user: USER } satisfies SetOptOutResult };
export const REFUSED = { type: 'xstate.done.actor.setOptOut', output: { ok: false } satisfies SetOptOutResult };

export const fixtures = {
  'preference.set': () => [OPT_OUT],
  'xstate.done.actor.setOptOut': () => [SAVED, REFUSED],
  'xstate.error.actor.setOptOut': () => [{ type: 'xstate.error.actor.setOptOut', error: new Error('offline') }],
} satisfies EventFixtures<typeof payePreferenceMachine>;

/** Signed and opted in when the screen opened. */
export const INPUT: PayePreferenceInput = { user: { ...USER, opt_out_paye_auth: false } };
export const model = createModelTest(payePreferenceMachine, { events: fixtures, input: INPUT });

export const doc = pathDoc(payePreferenceMachine, fixtures, {
  testFile: 'tests/machines/payePreference.model.test.ts',
  models: [model],
  start: 'Open /settings',
  words: {
    'preference.set': (event) => (event.optOut ? 'Switch PAYE authorisation off (opt out)' : 'Switch PAYE authorisation on'),
    'xstate.done.actor.setOptOut': (event) => (event.output.ok ? 'POST /paye-opt-out saves it' : 'POST /paye-opt-out fails'),
    'xstate.error.actor.setOptOut': 'POST /paye-opt-out gets no answer (offline)',
  },
  screen: () => '/settings, PAYE authorisation',
});
