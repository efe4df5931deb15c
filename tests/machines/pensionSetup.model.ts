import { pensionSetupMachine } from '../../machines/pensionSetup/pensionSetup.machine.ts';
import type { PensionSetupInput, SavePensionInfoResult } from '../../machines/pensionSetup/pensionSetup.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const VALUES = { annual_income: 55_000, paid_pension: 1000, marital_status: 'single', pension_plan_id: 'IL-12345678' } as const;
export const USER = aUser({ annual_income: 55_000, paid_pension: 1000, pension: 1000 });
export const INPUT: PensionSetupInput = { user: aUser({ annual_income: null }), today: '2026-05-10', returnTo: null };
export const REFUSAL: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { pension_plan_id: [m.PENSION_PLAN_ID_FORMAT] } };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

export const SUBMIT = { type: 'pensionInfo.submit', values: VALUES } as const;
export const SAVED = { type: 'xstate.done.actor.savePensionInfo', output: { ok: true, user: USER } satisfies SavePensionInfoResult };
export const REFUSED = { type: 'xstate.done.actor.savePensionInfo', output: { ok: false, error: REFUSAL } satisfies SavePensionInfoResult };

export const fixtures = {
  'pensionInfo.submit': () => [SUBMIT],
  'xstate.done.actor.savePensionInfo': () => [SAVED, REFUSED],
  'xstate.error.actor.savePensionInfo': () => [{ type: 'xstate.error.actor.savePensionInfo', error: new Error('offline') }],
} satisfies EventFixtures<typeof pensionSetupMachine>;

export const model = createModelTest(pensionSetupMachine, { events: fixtures, input: INPUT });

export const doc = pathDoc(pensionSetupMachine, fixtures, {
  testFile: 'tests/machines/pensionSetup.model.test.ts',
  models: [model],
  start: 'Open /pension-info',
  words: {
    'pensionInfo.submit': (event) =>
      `Enter €${event.values.annual_income} income, €${event.values.paid_pension} pension paid, ${event.values.marital_status}, plan ${event.values.pension_plan_id} and press "Save and continue"`,
    'xstate.done.actor.savePensionInfo': (event) => (event.output.ok ? 'POST /pension-info saves it' : `POST /pension-info refuses it (${event.output.error.status}: plan ID)`),
    'xstate.error.actor.savePensionInfo': 'POST /pension-info gets no answer (offline)',
  },
  screen: (snapshot) => (snapshot.matches('saved') ? '/landing (the Overview)' : '/pension-info'),
});
