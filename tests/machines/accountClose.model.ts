import { accountCloseMachine } from '../../machines/accountClose/accountClose.machine.ts';
import type { CloseAccountResult, LoadPlanResult } from '../../machines/accountClose/accountClose.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { RetentionPlan } from '../../src/domain/schemas/account.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const PLAN: RetentionPlan = {
  erased: ['Your email address, password and sign-in'],
  kept: [{ what: 'Your Form 11 claim for 2024', reason: 'Revenue requires it for 6 years.', until: '2030-12-31' }],
  keptUntil: '2030-12-31',
};
export const AFTER: RetentionPlan = { ...PLAN, erased: [...PLAN.erased, 'The emails we sent you'] };
export const WRONG: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { password: ['The password is not correct.'] } };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

export const SUBMIT = { type: 'close.submit', password: 'correct horse' } as const;
export const fixtures = {
  'close.retry': () => [{ type: 'close.retry' }],
  'close.submit': () => [SUBMIT],
  'close.finish': () => [{ type: 'close.finish' }],
  'xstate.done.actor.loadPlan': () => [
    { type: 'xstate.done.actor.loadPlan', output: { ok: true, plan: PLAN } satisfies LoadPlanResult },
    { type: 'xstate.done.actor.loadPlan', output: { ok: false, error: OUTAGE } satisfies LoadPlanResult },
  ],
  'xstate.error.actor.loadPlan': () => [{ type: 'xstate.error.actor.loadPlan', error: new Error('offline') }],
  'xstate.done.actor.closeAccount': () => [
    { type: 'xstate.done.actor.closeAccount', output: { ok: true, plan: AFTER } satisfies CloseAccountResult },
    { type: 'xstate.done.actor.closeAccount', output: { ok: false, error: WRONG } satisfies CloseAccountResult },
  ],
  'xstate.error.actor.closeAccount': () => [{ type: 'xstate.error.actor.closeAccount', error: new Error('offline') }],
} satisfies EventFixtures<typeof accountCloseMachine>;

export const model = createModelTest(accountCloseMachine, { events: fixtures });

export const doc = pathDoc(accountCloseMachine, fixtures, {
  testFile: 'tests/machines/accountClose.model.test.ts',
  models: [model],
  start: 'Open /settings',
  words: {
    'close.retry': 'Press "Try again"',
    'close.submit': 'Type the password and press "Close my account"',
    'close.finish': 'Press "Finish"',
    'xstate.done.actor.loadPlan': (event) => (event.output.ok ? 'GET /account/retention answers the plan' : 'GET /account/retention fails'),
    'xstate.error.actor.loadPlan': 'GET /account/retention gets no answer (offline)',
    'xstate.done.actor.closeAccount': (event) => (event.output.ok ? 'POST /account/close closes the account' : `POST /account/close refuses the password (${event.output.error.status})`),
    'xstate.error.actor.closeAccount': 'POST /account/close gets no answer (offline)',
  },
  screen: (snapshot) => (snapshot.matches('done') ? '/auth/login' : '/settings, "Close my account"'),
});
