import { payeAuthorizationMachine } from '../../machines/payeAuthorization/payeAuthorization.machine.ts';
import type {
  EnableResult,
  LoadAgentResult,
  ResendResult,
  PayeAuthorizationInput,
  PayeDeclaration,
  PayeFormValues,
  SubmitAuthorisationResult,
} from '../../machines/payeAuthorization/payeAuthorization.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { PPSN_INVALID } from '../../src/domain/schemas/messages.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
export const AGENT = { taxAgencyName: 'MaxOut Tax Services', tain: '12345T', agentAddress: '1 Example Street, Dublin 2', agentSignature: 'Mary Byrne' };
export const PREFILLED: PayeFormValues = {
  firstName: 'Aoife',
  lastName: 'Byrne',
  ppsn: '1234567T',
  dateOfBirth: '15.06.1990',
  emailAddress: 'aoife@example.ie',
  documentHolder: 'self',
  clientSignature: null,
};
/** What Authorize sends: the prefilled form, signed, as its schema parsed it. */
export const DECLARATION: PayeDeclaration = { ...PREFILLED, clientSignature: SIGNATURE };
export const USER = aUser({ ppsn: '1234567T', date_of_birth: '1990-06-15', paye_a1_authorized: true });
export const REFUSED: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { 'form_data.ppsn': [PPSN_INVALID] } };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

export const AUTHORIZE = { type: 'paye.authorize', declaration: DECLARATION } as const;
export const done = <T>(id: string, output: T) => ({ type: `xstate.done.actor.${id}`, output });
export const TWO_FACTOR_OFF = { enabled: false, sessionVerified: false };
export const LOADED = done<LoadAgentResult>('loadAgent', { ok: true, agent: AGENT, twoFactor: TWO_FACTOR_OFF });
export const NOT_LOADED = done<LoadAgentResult>('loadAgent', { ok: false, error: { status: 503, message: null, source: 'server' } });
export const AUTHORISED = done<SubmitAuthorisationResult>('submitAuthorisation', { ok: true, user: USER });
export const NOT_AUTHORISED = done<SubmitAuthorisationResult>('submitAuthorisation', { ok: false, error: REFUSED });
export const ENABLED_SIGNED = done<EnableResult>('enableAuthorisation', { ok: true, user: USER });
export const ENABLED_UNSIGNED = done<EnableResult>('enableAuthorisation', { ok: true, user: { ...USER, paye_a1_authorized: false } });
export const NOT_ENABLED = done<EnableResult>('enableAuthorisation', { ok: false, error: { status: 500, message: null, source: 'server' } });
export const SENT = done<ResendResult>('resendVerification', { ok: true, emailVerified: false });
export const VERIFIED_MEANWHILE = done<ResendResult>('resendVerification', { ok: true, emailVerified: true });
export const NOT_SENT = done<ResendResult>('resendVerification', { ok: false, error: { status: 429, message: 'Too many attempts.', source: 'server' } });
export const outage = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('socket hang up') });

export const fixtures = {
  'paye.authorize': () => [AUTHORIZE],
  'paye.decline': () => [{ type: 'paye.decline' }],
  'paye.enable': () => [{ type: 'paye.enable' }],
  'paye.retry': () => [{ type: 'paye.retry' }],
  'paye.resend': () => [{ type: 'paye.resend' }],
  'xstate.done.actor.resendVerification': () => [SENT, VERIFIED_MEANWHILE, NOT_SENT],
  'xstate.error.actor.resendVerification': () => [outage('resendVerification')],
  'xstate.done.actor.loadAgent': () => [LOADED, NOT_LOADED],
  'xstate.error.actor.loadAgent': () => [outage('loadAgent')],
  'xstate.done.actor.submitAuthorisation': () => [AUTHORISED, NOT_AUTHORISED],
  'xstate.error.actor.submitAuthorisation': () => [outage('submitAuthorisation')],
  'xstate.done.actor.enableAuthorisation': () => [ENABLED_SIGNED, ENABLED_UNSIGNED, NOT_ENABLED],
  'xstate.error.actor.enableAuthorisation': () => [outage('enableAuthorisation')],
} satisfies EventFixtures<typeof payeAuthorizationMachine>;

const visit = (name: string, input: PayeAuthorizationInput) => ({
  name,
  input,
  model: createModelTest(payeAuthorizationMachine, {
    name,
    input,
    events: fixtures,
    serializeContext: (c) => ({ optedOut: c.optedOut, emailVerified: c.emailVerified }),
  }),
});

export const TODAY = '2026-05-10';

/** The kinds of visit: what the user's profile says decides what the screen shows first. */
export const VISITS = [
  visit('verified', { returnTo: null, optedOut: false, emailVerified: true, prefill: PREFILLED, today: TODAY }),
  visit('optedOut', { returnTo: '/form11/rent-tax-credit', optedOut: true, emailVerified: true, prefill: PREFILLED, today: TODAY }),
  visit('unverified', { returnTo: null, optedOut: false, emailVerified: false, prefill: PREFILLED, today: TODAY }),
  // Both at once: the opt-out notice comes first, and enabling leads to the unverified notice, not the form.
  visit('optedOutUnverified', { returnTo: null, optedOut: true, emailVerified: false, prefill: PREFILLED, today: TODAY }),
];

const failure = (error: ApiFailure) => (error.status === null ? 'gets no answer' : `fails (${error.status})`);

export const doc = pathDoc(payeAuthorizationMachine, fixtures, {
  testFile: 'tests/machines/payeAuthorization.model.test.ts',
  models: VISITS.map((v) => v.model),
  visits: {
    verified: 'A user with a verified email who has not opted out',
    optedOut: 'A user who opted out (verified email), sent here from /form11/rent-tax-credit',
    unverified: 'A user whose email is not verified yet',
    optedOutUnverified: 'A user who opted out and whose email is not verified yet',
  },
  start: (snapshot) => `Open /auth/paye-authorization${snapshot.context.returnTo ? `?returnTo=${snapshot.context.returnTo}` : ''}`,
  words: {
    'paye.authorize': 'Sign the prefilled declaration and press "Authorize"',
    'paye.decline': 'Press "Decline"',
    'paye.enable': 'Press "Enable PAYE Authorization"',
    'paye.retry': 'Press "Try again"',
    'paye.resend': 'Press the button that sends a new verification link',
    'xstate.done.actor.resendVerification': (event) =>
      !event.output.ok
        ? `POST /auth/resend-verification refuses it (${event.output.error.status})`
        : event.output.emailVerified
          ? 'POST /auth/resend-verification answers: the email is verified meanwhile'
          : 'POST /auth/resend-verification sends a new link',
    'xstate.error.actor.resendVerification': 'POST /auth/resend-verification gets no answer (offline)',
    'xstate.done.actor.loadAgent': (event) => (event.output.ok ? 'GET /paye-authorization answers the agent details' : `GET /paye-authorization ${failure(event.output.error)}`),
    'xstate.error.actor.loadAgent': 'GET /paye-authorization gets no answer (offline)',
    'xstate.done.actor.submitAuthorisation': (event) =>
      event.output.ok ? 'POST /paye-authorization signs it and answers the user' : `POST /paye-authorization refuses it (${event.output.error.status}: PPSN)`,
    'xstate.error.actor.submitAuthorisation': 'POST /paye-authorization gets no answer (offline)',
    'xstate.done.actor.enableAuthorisation': (event) =>
      !event.output.ok
        ? `POST /edit-profile ${failure(event.output.error)}`
        : event.output.user.paye_a1_authorized
          ? 'POST /edit-profile opts in again; an authorisation is still in force'
          : 'POST /edit-profile opts in again; nothing signed yet',
    'xstate.error.actor.enableAuthorisation': 'POST /edit-profile gets no answer (offline)',
  },
  screen: (snapshot) => {
    if (snapshot.matches('declined')) return '/tax-refund-options';
    if (snapshot.matches('done')) return snapshot.context.returnTo ?? '/tax-refund-questions';
    return '/auth/paye-authorization';
  },
});
