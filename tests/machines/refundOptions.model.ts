import { refundOptionsMachine } from '../../machines/refundOptions/refundOptions.machine.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const INPUT = { user: aUser({ taxback: 60_000 }) };
export const DECIDED = aUser({
  taxback: 60_000,
  form11: [{ id: 'f1', year: 2025, snapshot: {}, created_at: '2026-02-01T10:00:00.000Z', status: 'approved', categoryStatuses: {}, categoryRefunds: {}, totalApprovedRefund: 839.96 }],
});

export const fixtures = {
  'session.user.changed': () => [{ type: 'session.user.changed', user: DECIDED }],
} satisfies EventFixtures<typeof refundOptionsMachine>;

export const model = createModelTest(refundOptionsMachine, { events: fixtures, input: INPUT, serializeContext: (c) => c.user === DECIDED });

export const doc = pathDoc(refundOptionsMachine, fixtures, {
  testFile: 'tests/machines/refundOptions.model.test.ts',
  models: [model],
  start: 'Open /tax-refund-options',
  words: {
    'session.user.changed': "The session's user changes (a claim for 2025 is approved)",
  },
  screen: () => '/tax-refund-options',
});
