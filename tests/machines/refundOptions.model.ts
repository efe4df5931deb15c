import { refundOptionsMachine } from '../../machines/refundOptions/refundOptions.machine.ts';
import type { RefundOptionsInput } from '../../machines/refundOptions/refundOptions.types.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

// Born 1 April 1990, €60,000, single: €1,500 through payroll and €500 through MaxOut, relieved at 40 %.
export const PENSION = { annual_income: 60_000, date_of_birth: '1990-04-01', paid_pension: 1_500, pension: 2_000, taxback: 80_000 } as const;
export const INPUT: RefundOptionsInput = { user: aUser(PENSION), today: '2026-11-26', claim: { year: 2025, page: 3, pages: 7 } };
export const DECIDED = aUser({
  ...PENSION,
  form11: [{ id: 'f1', year: 2025, snapshot: { 'health-expenses': {} }, created_at: '2026-02-01T10:00:00.000Z', status: 'approved', categoryStatuses: { 'health-expenses': 'approved' }, categoryRefunds: { 'health-expenses': 839.96 }, totalApprovedRefund: 839.96 }],
});

export const fixtures = {
  'session.user.changed': () => [{ type: 'session.user.changed', user: DECIDED }],
  'claim.continue': () => [{ type: 'claim.continue' }],
  'refundOptions.bank.open': () => [{ type: 'refundOptions.bank.open' }],
  'refundOptions.bank.close': () => [{ type: 'refundOptions.bank.close' }],
} satisfies EventFixtures<typeof refundOptionsMachine>;

export const model = createModelTest(refundOptionsMachine, { events: fixtures, input: INPUT, serializeContext: (c) => c.user === DECIDED });

export const doc = pathDoc(refundOptionsMachine, fixtures, {
  testFile: 'tests/machines/refundOptions.model.test.ts',
  models: [model],
  start: 'Open /tax-refund-options',
  words: {
    'session.user.changed': "The session's user changes (a claim for 2025 is approved)",
    'claim.continue': 'Press "Continue at page 3 of 7"',
    'refundOptions.bank.open': 'Press "Move to your bank account"',
    'refundOptions.bank.close': 'Close the bank account explanation',
  },
  screen: (snapshot) => (snapshot.matches('bankInfo') ? '/tax-refund-options, the bank account explanation' : '/tax-refund-options'),
});
