import { directDebitMachine } from '../../machines/directDebit/directDebit.machine.ts';
import type { MandateResult } from '../../machines/directDebit/directDebit.types.ts';
import type { StepUpResult } from '../../machines/shared/stepUp.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import type { Mandate } from '../../src/domain/schemas/pension.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const MANDATE: Mandate = {
  id: 'md-1',
  reference: 'MXO-ABC123',
  iban_masked: 'IE29 •••• 5678',
  amount: 150,
  day_of_month: 20,
  start_date: '2026-06-01',
  next_collection: '2026-06-20',
  accepted_at: '2026-05-10T10:00:00.000Z',
  paused_until: null,
  last_collection: null,
};
/** The same mandate paused to 31 December: its next collection is in January. */
export const PAUSED: Mandate = { ...MANDATE, paused_until: '2026-12-31', next_collection: '2027-01-20' };
export const UNVERIFIED: ApiFailure = { status: 403, message: 'Please verify your email address first.', source: 'server', code: 'email_unverified' };
export const REQUEST = { iban: 'IE29AIBK93115212345678', amount: 150, day_of_month: 20, start_date: '2026-06-01', mandate_accepted: true } as const;
export const REFUSED: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { iban: [m.IBAN_INVALID] } };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
export const STEP_UP: ApiFailure = { status: 403, message: 'Please confirm it is you.', source: 'server', code: 'step_up_required' };
export const WRONG_PASSWORD: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { password: ['The password is not right.'] } };

export const done = (id: string, output: MandateResult) => ({ type: `xstate.done.actor.${id}`, output });
export const fixtures = {
  'directDebit.edit': () => [{ type: 'directDebit.edit' }],
  'directDebit.submit': () => [{ type: 'directDebit.submit', request: REQUEST }],
  'directDebit.back': () => [{ type: 'directDebit.back' }],
  'directDebit.cancel': () => [{ type: 'directDebit.cancel' }],
  'directDebit.cancelConfirm': () => [{ type: 'directDebit.cancelConfirm' }],
  'directDebit.reload': () => [{ type: 'directDebit.reload' }],
  'directDebit.stepUp': () => [{ type: 'directDebit.stepUp', proof: { password: 'correct horse' } }],
  'directDebit.pause': () => [{ type: 'directDebit.pause' }],
  'directDebit.resume': () => [{ type: 'directDebit.resume' }],
  'xstate.done.actor.loadMandate': () => [
    done('loadMandate', { ok: true, mandate: null }),
    done('loadMandate', { ok: true, mandate: MANDATE }),
    done('loadMandate', { ok: true, mandate: PAUSED }),
    done('loadMandate', { ok: false, error: OUTAGE }),
  ],
  'xstate.error.actor.loadMandate': () => [{ type: 'xstate.error.actor.loadMandate', error: new Error('offline') }],
  'xstate.done.actor.saveMandate': () => [
    done('saveMandate', { ok: true, mandate: MANDATE }),
    done('saveMandate', { ok: false, error: REFUSED }),
    done('saveMandate', { ok: false, error: STEP_UP }),
  ],
  'xstate.error.actor.saveMandate': () => [{ type: 'xstate.error.actor.saveMandate', error: new Error('offline') }],
  'xstate.done.actor.cancelMandate': () => [done('cancelMandate', { ok: true, mandate: null }), done('cancelMandate', { ok: false, error: OUTAGE })],
  'xstate.error.actor.cancelMandate': () => [{ type: 'xstate.error.actor.cancelMandate', error: new Error('offline') }],
  'xstate.done.actor.pauseMandate': () => [done('pauseMandate', { ok: true, mandate: PAUSED }), done('pauseMandate', { ok: false, error: OUTAGE })],
  'xstate.error.actor.pauseMandate': () => [{ type: 'xstate.error.actor.pauseMandate', error: new Error('offline') }],
  'xstate.done.actor.resumeMandate': () => [done('resumeMandate', { ok: true, mandate: MANDATE }), done('resumeMandate', { ok: false, error: UNVERIFIED })],
  'xstate.error.actor.resumeMandate': () => [{ type: 'xstate.error.actor.resumeMandate', error: new Error('offline') }],
  'xstate.done.actor.stepUp': () => [
    { type: 'xstate.done.actor.stepUp', output: { ok: true } satisfies StepUpResult },
    { type: 'xstate.done.actor.stepUp', output: { ok: false, error: WRONG_PASSWORD } satisfies StepUpResult },
  ],
  'xstate.error.actor.stepUp': () => [{ type: 'xstate.error.actor.stepUp', error: new Error('offline') }],
} satisfies EventFixtures<typeof directDebitMachine>;

// The mandate's presence decides whether Cancel is possible, its pause whether Pause or Resume is: keep both in the state key.
export const INPUT = { today: '2026-05-10' };
export const model = createModelTest(directDebitMachine, {
  events: fixtures,
  input: INPUT,
  serializeContext: (c) => (c.mandate === null ? 'none' : c.mandate.paused_until === null ? 'collecting' : 'paused'),
});

export const doc = pathDoc(directDebitMachine, fixtures, {
  testFile: 'tests/machines/directDebit.model.test.ts',
  models: [model],
  start: 'Open /direct-debit',
  words: {
    'directDebit.edit': (_, before) => (before.context.mandate ? 'Press "Change"' : 'Press "Set up a direct debit"'),
    'directDebit.submit': (event) => `Fill in the IBAN, €${event.request.amount} on day ${event.request.day_of_month} from ${event.request.start_date}, accept the mandate and submit`,
    'directDebit.back': (_, before) => (before.matches('confirmingCancel') ? 'Press "Keep it"' : 'Press "Back"'),
    'directDebit.cancel': 'Press "Cancel direct debit"',
    'directDebit.cancelConfirm': 'Press "Yes, cancel it"',
    'directDebit.reload': 'Press "Try again"',
    'directDebit.pause': 'Press "Pause until 31 December"',
    'directDebit.resume': 'Press "Resume"',
    'directDebit.stepUp': 'Type the password and press "Confirm and set up"',
    'xstate.done.actor.loadMandate': (event) =>
      !event.output.ok
        ? 'GET /direct-debit fails'
        : event.output.mandate
          ? event.output.mandate.paused_until
            ? 'GET /direct-debit answers the mandate, paused to 31 December'
            : 'GET /direct-debit answers the active mandate'
          : 'GET /direct-debit answers: no mandate',
    'xstate.error.actor.loadMandate': 'GET /direct-debit gets no answer (offline)',
    'xstate.done.actor.saveMandate': (event) =>
      event.output.ok
        ? 'POST /direct-debit saves the mandate'
        : event.output.error.code === 'step_up_required'
          ? 'POST /direct-debit asks for the password first (403, a new account)'
          : `POST /direct-debit refuses it (${event.output.error.status}: invalid IBAN)`,
    'xstate.error.actor.saveMandate': 'POST /direct-debit gets no answer (offline)',
    'xstate.done.actor.cancelMandate': (event) => (event.output.ok ? 'POST /direct-debit/cancel ends the mandate' : 'POST /direct-debit/cancel fails'),
    'xstate.error.actor.cancelMandate': 'POST /direct-debit/cancel gets no answer (offline)',
    'xstate.done.actor.pauseMandate': (event) => (event.output.ok ? 'POST /direct-debit/pause pauses it to 31 December' : 'POST /direct-debit/pause fails'),
    'xstate.error.actor.pauseMandate': 'POST /direct-debit/pause gets no answer (offline)',
    'xstate.done.actor.resumeMandate': (event) => (event.output.ok ? 'POST /direct-debit/resume starts it again' : `POST /direct-debit/resume refuses (${event.output.error.status}: email not verified)`),
    'xstate.error.actor.resumeMandate': 'POST /direct-debit/resume gets no answer (offline)',
    'xstate.done.actor.stepUp': (event) => (event.output.ok ? 'POST /security/step-up accepts the password' : `POST /security/step-up refuses the password (${event.output.error.status})`),
    'xstate.error.actor.stepUp': 'POST /security/step-up gets no answer (offline)',
  },
  screen: () => '/direct-debit',
});
