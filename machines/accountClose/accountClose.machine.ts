import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type {
  AccountCloseContext,
  AccountCloseEvent,
  AccountCloseTag,
  CloseAccountInput,
  CloseAccountLogic,
  CloseAccountResult,
  LoadPlanLogic,
  LoadPlanResult,
} from './accountClose.types.ts';

/** Harmless defaults: answer as an outage would. The app provides the real API calls. */
const loadPlan: LoadPlanLogic = fromPromise<LoadPlanResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));
const closeAccount: CloseAccountLogic = fromPromise<CloseAccountResult, CloseAccountInput>(async () => ({ ok: false, error: NO_RESPONSE }));

type Result = LoadPlanResult | CloseAccountResult;

/**
 * "Close my account" on /settings: first what closing erases and what the law makes us keep,
 * until when (GET /account/retention); then the password confirms it (POST /account/close);
 * then the user leaves, signed out. One actor per visit.
 */
export const accountCloseMachine = setup({
  types: {
    context: {} as AccountCloseContext,
    events: {} as AccountCloseEvent,
    tags: {} as AccountCloseTag,
  },
  actors: { loadPlan, closeAccount },
  actions: {
    clearError: assign({ error: null }),
    rememberPlan: assign((_, params: { result: Result }) => (params.result.ok ? { plan: params.result.plan } : {})),
    rememberFailure: assign((_, params: { result: Result }) => ({ error: params.result.ok ? null : params.result.error })),
    rememberOutage: assign({ error: NO_RESPONSE }),
    /** End the session here (the app sends `logout` to the auth actor, which goes to the login page). */
    signOut: () => {},
  },
  guards: {
    succeeded: (_, params: { result: Result }) => params.result.ok,
  },
}).createMachine({
  id: 'accountClose',
  description: 'Close my account: what is erased and kept until when, the password to confirm, then signed out.',
  context: { plan: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/retention is on its way: what closing would erase and keep.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'confirming',
            actions: { type: 'rememberPlan', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'unavailable', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: 'rememberOutage' },
      },
    },
    unavailable: {
      description: 'The plan could not be loaded, so closing is not offered; the user may try again.',
      on: { 'close.retry': { target: 'loading' } },
    },
    confirming: {
      description: 'The plan is shown with a password field and "Close my account"; a wrong password is shown on the field.',
      on: { 'close.submit': { target: 'closing' } },
    },
    closing: {
      description: 'POST /account/close is on its way; nothing can be pressed.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'closeAccount',
        src: 'closeAccount',
        input: ({ event }) => {
          assertEvent(event, 'close.submit');
          return { password: event.password };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'closed',
            actions: { type: 'rememberPlan', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'confirming', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'confirming', actions: 'rememberOutage' },
      },
    },
    closed: {
      description: 'The account is closed: what was kept and until when is shown, with a button to leave.',
      on: { 'close.finish': { target: 'done', actions: 'signOut' } },
    },
    done: {
      description: 'Signed out; the login page follows.',
      type: 'final',
    },
  },
});

export type AccountCloseMachine = typeof accountCloseMachine;
