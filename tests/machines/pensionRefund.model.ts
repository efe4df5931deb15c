import { pensionRefundMachine } from '../../machines/pensionRefund/pensionRefund.machine.ts';
import type { AddClaimResult, PensionClaim, PensionRefundInput } from '../../machines/pensionRefund/pensionRefund.types.ts';
import { aUser } from '../support/builders.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { PAYE_AUTHORISATION_REQUIRED } from '../../src/domain/schemas/messages.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const CLAIM: PensionClaim = { year: 2024, category: 'personal-retirement-savings', answer: { providerName: 'Zurich Life', policyNumber: 'PRSA-1', contributionsPaid: 2400 } };
export const FORBIDDEN: ApiFailure = { status: 403, message: PAYE_AUTHORISATION_REQUIRED, source: 'server' };
export const ADD = { type: 'claim.add', claim: CLAIM } as const;
export const ADDED = { type: 'xstate.done.actor.addClaim', output: { ok: true } satisfies AddClaimResult };
export const REFUSED = { type: 'xstate.done.actor.addClaim', output: { ok: false, error: FORBIDDEN } satisfies AddClaimResult };

// Born 1 April 1990, €60,000: the open years on 26 November 2026 are 2022-2025.
export const INPUT: PensionRefundInput = { user: aUser({ annual_income: 60_000, date_of_birth: '1990-04-01' }), today: '2026-11-26' };
export const RELOADED = aUser({
  annual_income: 60_000,
  date_of_birth: '1990-04-01',
  form11: [
    {
      id: 'f1',
      year: 2024,
      snapshot: { 'personal-retirement-savings': CLAIM.answer },
      created_at: '2026-11-26T10:00:00.000Z',
      status: 'pending',
      categoryStatuses: { 'personal-retirement-savings': 'pending' },
      categoryRefunds: { 'personal-retirement-savings': 960 },
      totalApprovedRefund: 0,
    },
  ],
});

export const fixtures = {
  'claim.add': () => [ADD],
  'session.user.changed': () => [{ type: 'session.user.changed', user: RELOADED }],
  'xstate.done.actor.addClaim': () => [ADDED, REFUSED],
  'xstate.error.actor.addClaim': () => [{ type: 'xstate.error.actor.addClaim', error: new Error('offline') }],
} satisfies EventFixtures<typeof pensionRefundMachine>;

export const model = createModelTest(pensionRefundMachine, { events: fixtures, input: INPUT, serializeContext: (c) => c.user === RELOADED });

export const doc = pathDoc(pensionRefundMachine, fixtures, {
  testFile: 'tests/machines/pensionRefund.model.test.ts',
  models: [model],
  start: 'Open /pension-refund',
  words: {
    'claim.add': (event) => `Fill in the ${event.claim.year} card (${event.claim.answer.providerName}, €${event.claim.answer.contributionsPaid}) and press "Add to my claim"`,
    'xstate.done.actor.addClaim': (event) => (event.output.ok ? 'POST /answer adds it to the claim' : `POST /answer refuses it (${event.output.error.status})`),
    'xstate.error.actor.addClaim': 'POST /answer gets no answer (offline)',
    'session.user.changed': "The session's user changes (the profile was loaded again)",
  },
  screen: () => '/pension-refund',
});
