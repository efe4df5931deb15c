import { assign, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import { REFUND_OPTIONS_ROUTE, REFUND_QUESTIONS_ROUTE } from '../../src/domain/form11Routes.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { enableAuthorisation, loadAgent, resendVerification, submitAuthorisation } from './payeAuthorization.actors.ts';
import type {
  EnableResult,
  LoadAgentResult,
  PayeAuthorizationContext,
  PayeAuthorizationEvent,
  PayeAuthorizationInput,
  PayeAuthorizationTag,
  PayeDeclaration,
  ResendResult,
  SubmitAuthorisationResult,
} from './payeAuthorization.types.ts';

const failureOf = (result: { ok: boolean; error?: ApiFailure }): ApiFailure => (!result.ok && result.error ? result.error : NO_RESPONSE);

/**
 * The PAYE A1 agent declaration (/auth/paye-authorization, optional returnTo). The agent details
 * are loaded first; an opted-out user sees the opt-out notice until "Enable PAYE Authorization".
 * Authorize sends the declaration the form checked, which is posted; the profile that comes back
 * goes to the session, then the user goes to returnTo or /tax-refund-questions. Decline
 * goes to /tax-refund-options. One actor per visit.
 */
export const payeAuthorizationMachine = setup({
  types: {
    context: {} as PayeAuthorizationContext,
    events: {} as PayeAuthorizationEvent,
    input: {} as PayeAuthorizationInput,
    tags: {} as PayeAuthorizationTag,
  },
  actors: { loadAgent, submitAuthorisation, enableAuthorisation, resendVerification },
  actions: {
    /** Keep what Authorize sent: the submit posts it. */
    rememberDeclaration: assign((_, params: { declaration: PayeDeclaration }) => ({ declaration: params.declaration })),
    clearError: assign({ error: null }),
    rememberAgent: assign((_, params: { result: LoadAgentResult }) => (params.result.ok ? { agent: params.result.agent, twoFactor: params.result.twoFactor } : {})),
    rememberFailure: assign((_, params: { error: ApiFailure }) => ({ error: params.error })),
    rememberOutage: assign({ error: NO_RESPONSE }),
    optedIn: assign({ optedOut: false }),
    rememberResend: assign((_, params: { result: ResendResult }) => (params.result.ok ? { linkSent: true, emailVerified: params.result.emailVerified } : {})),
    /** Hand the session the user the server returned (the app sends `profile.updated` to the auth actor). */
    announceUser: (_, _params: { user: User }) => {},
    /** Go to an in-app path (the app provides the router's navigate). */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    loaded: (_, params: { result: { ok: boolean } }) => params.result.ok,
    optedOut: ({ context }) => context.optedOut,
    unverified: ({ context }) => !context.emailVerified,
    succeeded: (_, params: { result: { ok: boolean } }) => params.result.ok,
    enabledAndAuthorised: (_, params: { result: EnableResult }) => params.result.ok && params.result.user.paye_a1_authorized,
  },
}).createMachine({
  id: 'payeAuthorization',
  description: 'The PAYE A1 agent declaration: load the agent details, sign, post, then on to returnTo or the Tax Refund page.',
  context: ({ input }) => ({
    returnTo: input.returnTo,
    optedOut: input.optedOut,
    emailVerified: input.emailVerified,
    linkSent: false,
    prefill: input.prefill,
    today: input.today,
    declaration: null,
    agent: null,
    twoFactor: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /paye-authorization: the fixed agent details the declaration shows, and whether two-step sign-in is on for this session.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadAgent',
        src: 'loadAgent',
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'rememberAgent', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'unavailable', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: failureOf(event.output) }) } },
        ],
        onError: { target: 'unavailable', actions: 'rememberOutage' },
      },
    },
    unavailable: {
      description: 'The agent details could not be loaded: the failure shows with Try again; Decline still leaves.',
      on: {
        'paye.retry': { target: 'loading' },
        'paye.decline': { target: 'declined' },
      },
    },
    ready: {
      description: 'Loaded: the opt-out notice for a user who opted out; why signing must wait for an unverified email; otherwise the form.',
      always: [{ guard: 'optedOut', target: 'optedOut' }, { guard: 'unverified', target: 'unverified' }, { target: 'editing' }],
    },
    unverified: {
      description: 'The email address is not verified: the screen says why the declaration cannot be signed yet and offers a new link.',
      on: {
        'paye.resend': { target: 'resending' },
        'paye.decline': { target: 'declined' },
      },
    },
    resending: {
      description: 'POST /auth/resend-verification.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        onDone: [
          {
            description: 'Sent (or verified meanwhile): back to the notice, or on to the form when the address turned out verified.',
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'rememberResend', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'unverified', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: failureOf(event.output) }) } },
        ],
        onError: { target: 'unverified', actions: 'rememberOutage' },
      },
    },
    optedOut: {
      description: 'The opt-out notice: refund processing is blocked until the user enables PAYE authorisation again.',
      on: {
        'paye.enable': { target: 'enabling' },
        'paye.decline': { target: 'declined' },
      },
    },
    enabling: {
      description: 'POST /edit-profile {opt_out_paye_auth: false}.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'enableAuthorisation',
        src: 'enableAuthorisation',
        onDone: [
          {
            description: 'Opted in again with an authorisation still in force: nothing to sign.',
            guard: { type: 'enabledAndAuthorised', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: [
              { type: 'announceUser', params: ({ event }) => ({ user: (event.output as { user: User }).user }) },
              { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? REFUND_QUESTIONS_ROUTE }) },
            ],
          },
          {
            description: 'Opted in again: the declaration is to be signed (once the email is verified).',
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: ['optedIn', { type: 'announceUser', params: ({ event }) => ({ user: (event.output as { user: User }).user }) }],
          },
          { target: 'optedOut', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: failureOf(event.output) }) } },
        ],
        onError: { target: 'optedOut', actions: 'rememberOutage' },
      },
    },
    editing: {
      description: 'The declaration form (the form owns its fields; Authorize is enabled once first name, surname and signature are present).',
      on: {
        'paye.authorize': { target: 'submitting', actions: { type: 'rememberDeclaration', params: ({ event }) => ({ declaration: event.declaration }) } },
        'paye.decline': { target: 'declined' },
      },
    },
    submitting: {
      description: 'POST /paye-authorization with the declaration and the agent details shown.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'submitAuthorisation',
        src: 'submitAuthorisation',
        input: ({ context }) => {
          if (!context.agent || !context.declaration) throw new Error('the agent details are loaded before the form shows, and Authorize sends the declaration');
          return { declaration: context.declaration, agent: context.agent };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: [
              { type: 'announceUser', params: ({ event }) => ({ user: (event.output as Extract<SubmitAuthorisationResult, { ok: true }>).user }) },
              { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? REFUND_QUESTIONS_ROUTE }) },
            ],
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: failureOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: 'rememberOutage' },
      },
    },
    failed: {
      description: "Not authorised: 'Something went wrong. Please try again.' above the form, with any field messages; what was typed stays in the form.",
      on: {
        'paye.authorize': { target: 'submitting', actions: { type: 'rememberDeclaration', params: ({ event }) => ({ declaration: event.declaration }) } },
        'paye.decline': { target: 'declined' },
      },
    },
    declined: {
      description: 'Declined: on to /tax-refund-options.',
      type: 'final',
      entry: { type: 'navigate', params: { to: REFUND_OPTIONS_ROUTE } },
    },
    done: {
      description: 'Authorised: the session has the new profile; on to returnTo or /tax-refund-questions.',
      type: 'final',
    },
  },
});

export type PayeAuthorizationMachine = typeof payeAuthorizationMachine;
