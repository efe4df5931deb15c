import { type EventObject } from 'xstate';
import { bankLinkMachine } from '../../machines/bankLink/bankLink.machine.ts';
import type { BankLinkInput, CompleteLinkResult, StartLinkResult } from '../../machines/bankLink/bankLink.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Account, ConsentStatus } from '../../src/domain/schemas/roundups.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const ORIGIN = 'https://app.maxout.test';
export const CONSENT = '5f0c7e2a-1111-4222-8333-444455556666';
export const SANDBOX_URL = '/api/maxout/sandbox-bank/consents/Ab3_x-9';
export const RETURN = `?consent=${CONSENT}&ref=Ab3_x-9&code=secret`;
export const OLD_LINK = '5f0c7e2a-1111-4222-8333-000000000000';
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
export const SERVER_ERROR: ApiFailure = { status: 502, message: null, source: 'server' };
export const UNVERIFIED: ApiFailure = { status: 403, message: 'Please confirm your email address first.', source: 'server' };
export const INVALID: ApiFailure = { status: 422, message: 'The given data was invalid.', source: 'server', fieldErrors: { callback: ['This answer from the bank does not belong to this link.'] } };
export const ACCOUNT = { id: 'a1' } as Account;

export const answer = (status: ConsentStatus, accounts: Account[] = []): CompleteLinkResult => ({ ok: true, answer: { consent: { id: CONSENT, status, expires_at: null }, accounts } });
export const done = <T>(id: string, output: T) => ({ type: `xstate.done.actor.${id}`, output });

export const fixtures = {
  'bankLink.start': () => [
    { type: 'bankLink.start', renew: null },
    { type: 'bankLink.start', renew: OLD_LINK },
  ],
  'bankLink.retry': () => [{ type: 'bankLink.retry' }],
  'bankLink.dismiss': () => [{ type: 'bankLink.dismiss' }],
  'xstate.done.actor.startLink': () => [
    done('startLink', { ok: true, answer: { consent_id: CONSENT, url: SANDBOX_URL } } satisfies StartLinkResult),
    done('startLink', { ok: false, error: UNVERIFIED } satisfies StartLinkResult),
    done('startLink', { ok: false, error: SERVER_ERROR } satisfies StartLinkResult),
  ],
  'xstate.error.actor.startLink': () => [{ type: 'xstate.error.actor.startLink', error: new Error('offline') }],
  'xstate.done.actor.completeLink': () => [
    done('completeLink', answer('active', [ACCOUNT, ACCOUNT])),
    done('completeLink', answer('cancelled')),
    done('completeLink', { ok: false, error: INVALID } satisfies CompleteLinkResult),
    done('completeLink', { ok: false, error: SERVER_ERROR } satisfies CompleteLinkResult),
  ],
  'xstate.error.actor.completeLink': () => [{ type: 'xstate.error.actor.completeLink', error: new Error('offline') }],
} satisfies EventFixtures<typeof bankLinkMachine>;

export type Output<T> = EventObject & { output: T };

export function describeEvent(event: EventObject): string | undefined {
  const output = (event as Output<{ ok: boolean; error?: ApiFailure; answer?: { consent?: { status: string } } }>).output;
  if (event.type === 'bankLink.start') return (event as EventObject & { renew: string | null }).renew ? 'bankLink.start (renew)' : 'bankLink.start';
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice(18)} ${output.ok ? (output.answer?.consent?.status ?? 'ok') : `refused ${output.error?.status}`}`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice(19)} outage`;
  return undefined;
}

/** The three ways a visit starts: the accounts screen, /bank-link/$url, and back from the bank. */
export const visits: Record<string, BankLinkInput> = {
  accounts: { appOrigin: ORIGIN },
  sandboxPage: { appOrigin: ORIGIN, url: SANDBOX_URL },
  otherSite: { appOrigin: ORIGIN, url: 'https://evil.example/consent' },
  provider: { appOrigin: ORIGIN, providerOrigins: ['https://auth.bank-link.example'], url: 'https://auth.bank-link.example/c/1' },
  backFromBank: { appOrigin: ORIGIN, returnQuery: RETURN },
};
export const models = Object.entries(visits).map(([name, input]) => ({
  name,
  input,
  model: createModelTest(bankLinkMachine, { events: fixtures, input, name, describeEvent, serializeContext: (c) => ({ failed: c.failed }) }),
}));

export const doc = pathDoc(bankLinkMachine, fixtures, {
  testFile: 'tests/machines/bankLink.model.test.ts',
  models: models.map((m) => m.model),
  visits: {
    accounts: 'Bank Accounts (/linked-bank-accounts) opened as usual',
    sandboxPage: '/bank-link/{url} with the sandbox bank’s consent page',
    otherSite: '/bank-link/{url} with a page of another site',
    provider: '/bank-link/{url} with the bank-link provider’s page',
    backFromBank: 'Back from the bank: /linked-bank-accounts with the bank’s answer',
  },
  start: (snapshot) => (snapshot.context.url ? `Open /bank-link/${encodeURIComponent(snapshot.context.url)}` : snapshot.context.returned ? 'The bank sends the browser back to /linked-bank-accounts?consent=…' : 'Open /linked-bank-accounts'),
  words: {
    'bankLink.start': (event) => (event.renew ? 'Press "Renew" on a link' : 'Press "Link an account"'),
    'bankLink.retry': 'Press Retry',
    'bankLink.dismiss': 'Close the message',
    'xstate.done.actor.startLink': (event) => (event.output.ok ? 'POST /accounts/link answers the bank’s page' : `POST /accounts/link refuses (${event.output.error.status})`),
    'xstate.error.actor.startLink': 'POST /accounts/link gets no answer (offline)',
    'xstate.done.actor.completeLink': (event) =>
      event.output.ok ? `POST /accounts/link/complete answers the link ${event.output.answer.consent.status}` : `POST /accounts/link/complete refuses (${event.output.error.status})`,
    'xstate.error.actor.completeLink': 'POST /accounts/link/complete gets no answer (offline)',
  },
  screen: (snapshot) => (snapshot.context.url ? '/bank-link/{url}' : '/linked-bank-accounts'),
});
