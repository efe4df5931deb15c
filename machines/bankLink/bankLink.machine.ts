import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import { isBankLinkUrl, parseBankReturn } from '../../src/domain/roundups.ts';
import {
  BANK_LINK_ROUTE,
  type BankLinkContext,
  type BankLinkEvent,
  type BankLinkInput,
  type BankLinkTag,
  type CompleteLinkLogic,
  type CompleteLinkResult,
  type LeaveForParams,
  type NavigateParams,
  type NotLinkedReason,
  type StartLinkLogic,
  type StartLinkResult,
} from './bankLink.types.ts';

/** Harmless defaults: every call answers as an outage would. The app provides POST /accounts/link and /accounts/link/complete. */
const startLink: StartLinkLogic = fromPromise<StartLinkResult, { renew: string | null }>(async () => ({ ok: false, error: NO_RESPONSE }));
const completeLink: CompleteLinkLogic = fromPromise<CompleteLinkResult, { consentId: string; query: string }>(async () => ({ ok: false, error: NO_RESPONSE }));

const failureOf = (result: StartLinkResult | CompleteLinkResult): ApiFailure => (result.ok ? NO_RESPONSE : result.error);

/** Why a completed request linked nothing, from the link's status; null when it linked. */
function notLinkedReason(result: CompleteLinkResult): NotLinkedReason | null {
  if (!result.ok) return null;
  switch (result.answer.consent.status) {
    case 'active':
    case 'expiring':
      return null;
    case 'cancelled':
    case 'refused':
    case 'expired':
      return result.answer.consent.status;
    default:
      return 'unanswered';
  }
}

/** The server refused the request (4xx): repeating it would be refused again. */
const refused = (error: ApiFailure) => error.status !== null && error.status >= 400 && error.status < 500;

/**
 * Linking bank accounts (or renewing a link) through the bank's consent page. "Link an account"
 * asks the server for a consent request and goes to /bank-link/$url; that route follows the URL
 * only to the bank-link provider's origin or our sandbox bank's page (it comes from the address
 * bar); the bank sends the browser back to /linked-bank-accounts with a query, which is handed to
 * the server to complete. Cancel, refusal or expiry at the bank says so and links nothing.
 */
export const bankLinkMachine = setup({
  types: {
    context: {} as BankLinkContext,
    events: {} as BankLinkEvent,
    input: {} as BankLinkInput,
    tags: {} as BankLinkTag,
  },
  actors: { startLink, completeLink },
  actions: {
    rememberStart: assign(({ event }) => {
      assertEvent(event, 'bankLink.start');
      return { renew: event.renew, error: null, failed: null, notLinked: null };
    }),
    rememberResult: assign((_, params: { result: CompleteLinkResult }) => ({ result: params.result.ok ? params.result.answer : null, returned: null })),
    rememberNotLinked: assign((_, params: { reason: NotLinkedReason; error?: ApiFailure | null }) => ({ notLinked: params.reason, error: params.error ?? null, returned: null })),
    rememberFailure: assign((_, params: { request: 'start' | 'complete'; error: ApiFailure }) => ({ failed: params.request, error: params.error })),
    forgetFailure: assign({ error: null, failed: null }),
    /** An in-app route. Default: nothing. */
    navigate: (_, _params: NavigateParams) => {},
    /** Sends the browser to the bank's page (it leaves the app). Default: nothing. */
    leaveFor: (_, _params: LeaveForParams) => {},
    /** Accounts were linked: the session's round-ups actor fetches them (`roundups.refresh`). Default: nothing. */
    linked: () => {},
    /** The bank's query is taken off the address (a reload does not hand it in again). Default: nothing. */
    forgetReturn: () => {},
  },
  guards: {
    returnedFromBank: ({ context }) => context.returned !== null,
    hasUrl: ({ context }) => context.url !== null,
    allowedUrl: ({ context }) => context.url !== null && isBankLinkUrl(context.url, { appOrigin: context.appOrigin, providerOrigins: context.providerOrigins }),
    succeeded: (_, params: { result: StartLinkResult | CompleteLinkResult }) => params.result.ok,
    linkedAccounts: (_, params: { result: CompleteLinkResult }) => params.result.ok && notLinkedReason(params.result) === null,
    refusedByServer: (_, params: { result: StartLinkResult | CompleteLinkResult }) => !params.result.ok && refused(params.result.error),
    failedRequestIs: ({ context }, params: { request: 'start' | 'complete' }) => context.failed === params.request,
  },
}).createMachine({
  id: 'bankLink',
  description:
    'Links bank accounts through the bank’s consent page: a consent request, the bank page followed only to the provider’s ' +
    'origin or the sandbox path, and the bank’s return completed on the server; cancel, refusal or expiry says so and links nothing.',
  context: ({ input }) => {
    const returned = input.returnQuery ? parseBankReturn(input.returnQuery) : null;
    return {
      appOrigin: input.appOrigin,
      providerOrigins: input.providerOrigins ?? [],
      renew: null,
      url: input.url ?? null,
      returned: returned && input.returnQuery ? { consentId: returned.consentId, query: input.returnQuery } : null,
      result: null,
      notLinked: null,
      error: null,
      failed: null,
    };
  },
  initial: 'opening',
  states: {
    opening: {
      description: 'Which visit this is: back from the bank (a query), following a bank page (/bank-link/$url), or the accounts screen.',
      always: [
        { guard: 'returnedFromBank', target: 'completing' },
        { guard: 'hasUrl', target: 'checkingUrl' },
        { target: 'idle' },
      ],
    },
    idle: {
      description: '"Link an account" and "Renew" are offered.',
      on: { 'bankLink.start': { target: 'requesting', actions: 'rememberStart' } },
    },
    requesting: {
      description: 'POST /accounts/link (with the link to renew); the buttons are disabled.',
      tags: ['busy'],
      invoke: {
        id: 'startLink',
        src: 'startLink',
        input: ({ context }) => ({ renew: context.renew }),
        onDone: [
          {
            description: 'The bank page: to /bank-link/$url, which follows it.',
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'toBankLink',
            actions: {
              type: 'navigate',
              params: ({ event }) => ({ to: `${BANK_LINK_ROUTE}${encodeURIComponent((event.output as Extract<StartLinkResult, { ok: true }>).answer.url)}` }),
            },
          },
          {
            description: 'Refused (an unverified address, a link that cannot be renewed): said, nothing to retry.',
            guard: { type: 'refusedByServer', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: assign(({ event }) => ({ error: failureOf(event.output) })),
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ request: 'start' as const, error: failureOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: { request: 'start', error: NO_RESPONSE } } },
      },
    },
    toBankLink: {
      description: 'The app is on its way to /bank-link/$url. Final.',
      type: 'final',
    },
    checkingUrl: {
      description: '/bank-link/$url: the URL comes from the address bar, so it is followed only to the provider’s origin or the sandbox bank’s page.',
      always: [
        { guard: 'allowedUrl', target: 'leaving', actions: { type: 'leaveFor', params: ({ context }) => ({ url: context.url ?? '' }) } },
        { target: 'blocked' },
      ],
    },
    leaving: {
      description: 'The browser is on its way to the bank’s page. Final.',
      type: 'final',
    },
    blocked: {
      description: 'The URL does not lead to a bank’s consent page: not followed, nothing linked. Final.',
      type: 'final',
    },
    completing: {
      description: 'Back from the bank: POST /accounts/link/complete with the query; the server asks the bank what was decided.',
      tags: ['busy'],
      invoke: {
        id: 'completeLink',
        src: 'completeLink',
        input: ({ context }) => ({ consentId: context.returned?.consentId ?? '', query: context.returned?.query ?? '' }),
        onDone: [
          {
            description: 'Accounts linked: the round-ups actor fetches them.',
            guard: { type: 'linkedAccounts', params: ({ event }) => ({ result: event.output }) },
            target: 'linked',
            actions: [{ type: 'rememberResult', params: ({ event }) => ({ result: event.output }) }, 'linked', 'forgetReturn'],
          },
          {
            description: 'Cancelled, refused or expired at the bank (or not answered): said, nothing linked.',
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'notLinked',
            actions: [{ type: 'rememberNotLinked', params: ({ event }) => ({ reason: notLinkedReason(event.output) ?? 'unanswered' }) }, 'forgetReturn'],
          },
          {
            description: 'The server refused the return (it does not belong to the link, or the link is not the user’s): nothing linked.',
            guard: { type: 'refusedByServer', params: ({ event }) => ({ result: event.output }) },
            target: 'notLinked',
            actions: [{ type: 'rememberNotLinked', params: ({ event }) => ({ reason: 'invalid' as const, error: failureOf(event.output) }) }, 'forgetReturn'],
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ request: 'complete' as const, error: failureOf(event.output) }) } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: { request: 'complete', error: NO_RESPONSE } } },
      },
    },
    linked: {
      description: 'The accounts are linked (and read); another may be linked.',
      on: { 'bankLink.start': { target: 'requesting', actions: 'rememberStart' } },
    },
    notLinked: {
      description: 'Nothing was linked, and the screen says why; linking may be tried again.',
      on: { 'bankLink.start': { target: 'requesting', actions: 'rememberStart' } },
    },
    failed: {
      description: 'No usable answer: shown with Retry (completing again is safe: the server answers a settled link as it stands).',
      on: {
        'bankLink.retry': [{ guard: { type: 'failedRequestIs', params: { request: 'complete' } }, target: 'completing', actions: 'forgetFailure' }, { target: 'requesting', actions: 'forgetFailure' }],
        'bankLink.dismiss': { target: 'idle', actions: 'forgetFailure' },
      },
    },
  },
});

export type BankLinkMachine = typeof bankLinkMachine;
