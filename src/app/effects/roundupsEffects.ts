import { fromPromise } from 'xstate';
import { roundupsMachine } from '../../../machines/roundups/roundups.machine.ts';
import type {
  ApplyResult,
  ClearResult,
  Fetched,
  LoadDataResult,
  SaveSettingsResult,
  UpdateAccountResult,
} from '../../../machines/roundups/roundups.types.ts';
import { getAccounts, updateAccount } from '../../api/bankAccounts.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { applyRoundups, clearRoundups, getGraph, getRoundupSettings, updateRoundupSettings } from '../../api/roundups.ts';
import type { ApiFailure } from '../../domain/failure.ts';
import type { AccountPatchRequest, RoundupSettingsRequest } from '../../domain/schemas/roundups.ts';
import { accessTokenOwner } from '../../domain/tokenOwner.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

/** Where this device keeps when the user last closed the daily prompt: one key per user. */
export const ROUNDUPS_CLOSED_KEY_PREFIX = 'maxout-roundups-closed:';

/**
 * The session's round-ups machine with the browser's effects: the API calls with the session's
 * client, the closing time kept per user (the access token's subject) in local storage, the
 * router, and a Confirm's user handed to the session. This module (with the machine and the HTTP
 * client) loads at sign-in, not with the first page.
 */
export function createRoundupsLogic(effects: AppEffects) {
  const client = createSessionClient(effects.sessionHooks);
  const closedKey = () => {
    const owner = accessTokenOwner(effects.sessionHooks.getAccessToken());
    return owner ? `${ROUNDUPS_CLOSED_KEY_PREFIX}${owner}` : null;
  };
  const readClosedAt = (): number | null => {
    const key = closedKey();
    const stored = key ? Number(effects.storage.getItem(key)) : NaN;
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  };
  async function attempt<T>(call: () => Promise<T>): Promise<Fetched<T>> {
    try {
      return { ok: true, data: await call() };
    } catch (error) {
      return { ok: false, error: await toApiFailure(error) };
    }
  }
  const failed = (error: ApiFailure) => ({ ok: false as const, error });

  return roundupsMachine.provide({
    actors: {
      loadData: fromPromise<LoadDataResult, void>(async ({ signal }) => {
        const [accounts, graph, settings] = await Promise.all([
          attempt(() => getAccounts(client, { signal })),
          attempt(() => getGraph(client, { signal })),
          attempt(() => getRoundupSettings(client, { signal })),
        ]);
        return { accounts, graph, settings, now: Date.now(), closedAt: readClosedAt() };
      }),
      // No abort signal: once sent, a payment's answer is worth waiting for.
      applyRoundups: fromPromise<ApplyResult, { key: string }>(async ({ input }) => {
        const result = await attempt(() => applyRoundups(client, input.key));
        return result.ok ? { ok: true, answer: result.data, now: Date.now() } : failed(result.error);
      }),
      clearRoundups: fromPromise<ClearResult, void>(async () => {
        const result = await attempt(() => clearRoundups(client));
        return result.ok ? { ok: true, answer: result.data, now: Date.now() } : failed(result.error);
      }),
      updateAccount: fromPromise<UpdateAccountResult, { id: string; changes: AccountPatchRequest }>(async ({ input }) => {
        const result = await attempt(() => updateAccount(client, input.id, input.changes));
        return result.ok ? { ok: true, account: result.data } : failed(result.error);
      }),
      saveSettings: fromPromise<SaveSettingsResult, RoundupSettingsRequest>(async ({ input }) => {
        const result = await attempt(() => updateRoundupSettings(client, input));
        return result.ok ? { ok: true, settings: result.data } : failed(result.error);
      }),
    },
    actions: {
      storeClosedAt: (_, params) => {
        const key = closedKey();
        if (key) effects.storage.setItem(key, String(params.at));
      },
      userUpdated: (_, params) => effects.announceUser(params.user),
      navigate: (_, params) => void effects.navigate(params.to),
      logFailure: (_, params) => effects.log.warn('Round-ups could not be fetched', params.what, params.error.status ?? params.error.message),
    },
  });
}

/** One per signed-in user: the daily prompt of every signed-in page, /roundups and /linked-bank-accounts. */
export const roundupsFlow = defineFlow({
  logic: createRoundupsLogic,
  // The closing time this device keeps for the user arrives with the first load (the logic reads it).
  input: (effects: AppEffects) => ({ user: effects.user()!, closedAt: null, now: effects.now().getTime() }),
});
