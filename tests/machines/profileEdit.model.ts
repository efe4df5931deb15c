import { profileEditMachine } from '../../machines/profileEdit/profileEdit.machine.ts';
import type { ProfileChanges, ProfileEditInput, SaveProfileResult } from '../../machines/profileEdit/profileEdit.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { PPSN_INVALID } from '../../src/domain/schemas/messages.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const CHANGES: ProfileChanges = { first_name: 'Aoife', surname: 'Byrne', ppsn: '1234567T', date_of_birth: '1990-06-15', pension_plan_id: 'IL-12345678' };
export const USER = aUser({ ppsn: '1234567T', date_of_birth: '1990-06-15', pension_plan_id: 'IL-12345678' });
export const REFUSED_ERROR: ApiFailure = { status: 422, message: 'Please check the highlighted fields.', source: 'server', fieldErrors: { ppsn: [PPSN_INVALID] } };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

export const SAVE = { type: 'profile.save', changes: CHANGES } as const;
export const SAVED = { type: 'xstate.done.actor.saveProfile', output: { ok: true, user: USER } satisfies SaveProfileResult };
export const REFUSED = { type: 'xstate.done.actor.saveProfile', output: { ok: false, error: REFUSED_ERROR } satisfies SaveProfileResult };

export const fixtures = {
  'profile.save': () => [SAVE],
  'xstate.done.actor.saveProfile': () => [SAVED, REFUSED],
  'xstate.error.actor.saveProfile': () => [{ type: 'xstate.error.actor.saveProfile', error: new Error('socket hang up') }],
} satisfies EventFixtures<typeof profileEditMachine>;

/** The profile before the visit: no PPSN or plan ID yet. */
export const BEFORE: User = { ...USER, ppsn: null, pension_plan_id: null };
export const inputOf = (returnTo: string | null): ProfileEditInput => ({ returnTo, user: BEFORE, today: '2026-05-10' });

/** The two kinds of visit: from the menu (stays on /profile), or sent here to complete the profile (returnTo). */
export const models = {
  stay: createModelTest(profileEditMachine, { name: 'stay', input: inputOf(null), events: fixtures }),
  returnTo: createModelTest(profileEditMachine, { name: 'returnTo', input: inputOf('/roundups'), events: fixtures }),
};
export const modelFor = (returnTo: string | null) => (returnTo === null ? models.stay : models.returnTo);

export const doc = pathDoc(profileEditMachine, fixtures, {
  testFile: 'tests/machines/profileEdit.model.test.ts',
  models: [models.stay, models.returnTo],
  visits: { stay: 'Opened from the menu (no returnTo)', returnTo: 'Sent to complete the profile, returnTo /roundups' },
  start: (snapshot) => (snapshot.context.returnTo ? `Open /profile?returnTo=${snapshot.context.returnTo}` : 'Open /profile'),
  words: {
    'profile.save': 'Change the names, PPSN, date of birth and pension plan ID and press "Save"',
    'xstate.done.actor.saveProfile': (event) => (event.output.ok ? 'POST /edit-profile saves it and answers the user' : `POST /edit-profile refuses it (${event.output.error.status}: PPSN)`),
    'xstate.error.actor.saveProfile': 'POST /edit-profile gets no answer (offline)',
  },
  screen: (snapshot) => (snapshot.matches('done') ? (snapshot.context.returnTo ?? '/profile') : '/profile'),
});
