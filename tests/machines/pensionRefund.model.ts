import { pensionRefundMachine } from '../../machines/pensionRefund/pensionRefund.machine.ts';
import type { AddClaimResult, PensionClaim } from '../../machines/pensionRefund/pensionRefund.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { PAYE_AUTHORISATION_REQUIRED } from '../../src/domain/schemas/messages.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const CLAIM: PensionClaim = { year: 2024, category: 'personal-retirement-savings', answer: { providerName: 'Zurich Life', policyNumber: 'PRSA-1', contributionsPaid: 2400 } };
export const FORBIDDEN: ApiFailure = { status: 403, message: PAYE_AUTHORISATION_REQUIRED, source: 'server' };
export const ADD = { type: 'claim.add', claim: CLAIM } as const;
export const ADDED = { type: 'xstate.done.actor.addClaim', output: { ok: true } satisfies AddClaimResult };
export const REFUSED = { type: 'xstate.done.actor.addClaim', output: { ok: false, error: FORBIDDEN } satisfies AddClaimResult };

export const fixtures = {
  'claim.add': () => [ADD],
  'xstate.done.actor.addClaim': () => [ADDED, REFUSED],
  'xstate.error.actor.addClaim': () => [{ type: 'xstate.error.actor.addClaim', error: new Error('offline') }],
} satisfies EventFixtures<typeof pensionRefundMachine>;

export const model = createModelTest(pensionRefundMachine, { events: fixtures });

export const doc = pathDoc(pensionRefundMachine, fixtures, {
  testFile: 'tests/machines/pensionRefund.model.test.ts',
  models: [model],
  start: 'Open /pension-refund',
  words: {
    'claim.add': (event) => `Fill in the ${event.claim.year} card (${event.claim.answer.providerName}, €${event.claim.answer.contributionsPaid}) and press "Add to my claim"`,
    'xstate.done.actor.addClaim': (event) => (event.output.ok ? 'POST /answer adds it to the claim' : `POST /answer refuses it (${event.output.error.status})`),
    'xstate.error.actor.addClaim': 'POST /answer gets no answer (offline)',
  },
  screen: () => '/pension-refund',
});
