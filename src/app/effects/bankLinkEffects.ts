import { fromPromise } from 'xstate';
import { bankLinkMachine } from '../../../machines/bankLink/bankLink.machine.ts';
import type { CompleteLinkResult, StartLinkResult } from '../../../machines/bankLink/bankLink.types.ts';
import { completeBankLink, startBankLink } from '../../api/bankAccounts.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

/** The bank-link machine with its real effects: POST /accounts/link and /accounts/link/complete, the router, the browser leaving for the bank. */
export function createBankLinkLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return bankLinkMachine.provide({
    actors: {
      startLink: fromPromise<StartLinkResult, { renew: string | null }>(async ({ input }) => {
        try {
          return { ok: true, answer: await startBankLink(client, input.renew) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      completeLink: fromPromise<CompleteLinkResult, { consentId: string; query: string }>(async ({ input }) => {
        try {
          return { ok: true, answer: await completeBankLink(client, input.consentId, input.query) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
    },
    actions: {
      navigate: (_, params) => void deps.navigate(params.to),
      leaveFor: (_, params) => deps.leaveFor(params.url),
      // The session's round-ups actor reads the new accounts (and their round-ups) at once.
      linked: () => deps.roundups()?.send({ type: 'roundups.refresh' }),
      // The bank's answer leaves the address: a reload does not hand it in again. The same visit: a
      // screen still on its way (its first render not yet shown) keeps this actor and its message.
      forgetReturn: () => void deps.navigate(deps.currentPath(), { replace: true, sameVisit: true }),
    },
  });
}

export const bankLinkFlow = defineFlow({
  logic: createBankLinkLogic,
  input: (effects: AppEffects, screen: { url?: string | null; returnQuery?: string | null }) => ({
    appOrigin: effects.appOrigin(),
    url: screen.url ?? null,
    returnQuery: screen.returnQuery ?? null,
  }),
});
