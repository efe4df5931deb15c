import { overviewMachine } from '../../machines/overview/overview.machine.ts';
import type { OverviewContext, OverviewInput } from '../../machines/overview/overview.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Mandate } from '../../src/domain/schemas/pension.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const INPUT: OverviewInput = { user: aUser({ annual_income: 60_000, date_of_birth: '1990-04-01', paid_pension: 1_500, pension: 1_500, taxback: 60_000 }), today: '2026-11-26' };
export const PAID = aUser({ annual_income: 60_000, date_of_birth: '1990-04-01', paid_pension: 1_500, pension: 3_500, taxback: 140_000 });

// €350 on the 15th: on 26 November only 15 December is left; €10,500 of room holds it.
export const MANDATE: Mandate = {
  id: 'm1',
  reference: 'MAXOUT-1',
  iban_masked: 'IE29 •••• 5678',
  amount: 350,
  day_of_month: 15,
  start_date: '2026-01-15',
  next_collection: '2026-12-15',
  accepted_at: '2026-01-02T10:00:00.000Z',
  paused_until: null,
  last_collection: null,
};
/** Paused to 31 December: nothing more this year, the next collection in January. */
export const PAUSED: Mandate = { ...MANDATE, paused_until: '2026-12-31', next_collection: '2027-01-15' };
/** €11,900 of €12,000 paid: €100 of room, so 15 December's €350 passes the limit. */
export const NEAR_LIMIT = aUser({ annual_income: 60_000, date_of_birth: '1990-04-01', paid_pension: 1_500, pension: 11_900 });
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
export const START: OverviewContext = { ...INPUT, mandate: null, pauseError: null };

export const fixtures = {
  // The mandate is loaded once, when the Overview opens.
  'xstate.done.actor.loadMandate': (snapshot) => (snapshot.context.mandate ? [] : [{ type: 'xstate.done.actor.loadMandate', output: { ok: true, mandate: MANDATE } }]),
  'overview.maxing.open': () => [{ type: 'overview.maxing.open' }],
  'overview.maxing.close': () => [{ type: 'overview.maxing.close' }],
  'session.user.changed': () => [{ type: 'session.user.changed', user: PAID }],
  'overview.pause': () => [{ type: 'overview.pause' }],
  'xstate.done.actor.pauseMandate': () => [
    { type: 'xstate.done.actor.pauseMandate', output: { ok: true, mandate: PAUSED } },
    { type: 'xstate.done.actor.pauseMandate', output: { ok: false, error: OUTAGE } },
  ],
  'xstate.error.actor.pauseMandate': () => [{ type: 'xstate.error.actor.pauseMandate', error: new Error('offline') }],
} satisfies EventFixtures<typeof overviewMachine>;

export const model = createModelTest(overviewMachine, {
  events: fixtures,
  input: INPUT,
  serializeContext: (c) => `${c.user === PAID}|${c.mandate === null ? 'none' : c.mandate.paused_until ? 'paused' : 'collecting'}|${c.pauseError !== null}`,
});

export const doc = pathDoc(overviewMachine, fixtures, {
  testFile: 'tests/machines/overview.model.test.ts',
  models: [model],
  start: 'Open the Overview (/)',
  words: {
    'xstate.done.actor.loadMandate': 'GET /direct-debit answers with the mandate',
    'overview.maxing.open': 'Press "Get Maxing"',
    'overview.maxing.close': 'Close the Get Maxing dialog',
    'session.user.changed': (event) => `The session's user changes (a payment: pension €${event.user.pension})`,
    'overview.pause': 'Press "Pause the direct debit"',
    'xstate.done.actor.pauseMandate': (event) => (event.output.ok ? 'POST /direct-debit/pause pauses it to 31 December' : 'POST /direct-debit/pause fails'),
    'xstate.error.actor.pauseMandate': 'POST /direct-debit/pause gets no answer (offline)',
  },
  screen: (snapshot) => (snapshot.matches('maxing') ? '/, the Get Maxing dialog' : '/'),
});
