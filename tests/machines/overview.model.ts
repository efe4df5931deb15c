import { overviewMachine } from '../../machines/overview/overview.machine.ts';
import type { OverviewInput } from '../../machines/overview/overview.types.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const INPUT: OverviewInput = { user: aUser({ annual_income: 60_000, date_of_birth: '1990-04-01', pension: 1_500 }), today: '2026-11-26' };
export const PAID = aUser({ annual_income: 60_000, date_of_birth: '1990-04-01', pension: 3_500, taxback: 140_000 });

export const fixtures = {
  'overview.maxing.open': () => [{ type: 'overview.maxing.open' }],
  'overview.maxing.close': () => [{ type: 'overview.maxing.close' }],
  'session.user.changed': () => [{ type: 'session.user.changed', user: PAID }],
} satisfies EventFixtures<typeof overviewMachine>;

export const model = createModelTest(overviewMachine, { events: fixtures, input: INPUT, serializeContext: (c) => c.user === PAID });

export const doc = pathDoc(overviewMachine, fixtures, {
  testFile: 'tests/machines/overview.model.test.ts',
  models: [model],
  start: 'Open the Overview (/)',
  words: {
    'overview.maxing.open': 'Press "Get Maxing"',
    'overview.maxing.close': 'Close the Get Maxing dialog',
    'session.user.changed': (event) => `The session's user changes (a payment: pension €${event.user.pension})`,
  },
  screen: (snapshot) => (snapshot.matches('maxing') ? '/, the Get Maxing dialog' : '/'),
});
