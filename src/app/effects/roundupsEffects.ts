import { fromPromise } from 'xstate';
import { roundups } from '../../../machines/auth/auth.actors.ts';
import type {
  ApplyResult,
  ClearResult,
  Fetched,
  LoadDataResult,
  SaveSettingsResult,
  UpdateAccountResult,
} from '../../../machines/roundups/roundups.types.ts';
import type { SessionHooks } from '../../api/client.ts';
import type { ApiFailure } from '../../domain/failure.ts';
import type { AccountPatchRequest, RoundupSettingsRequest } from '../../domain/schemas/roundups.ts';
import { accessTokenOwner } from '../../domain/tokenOwner.ts';

/** Where this device keeps when the user last closed the daily prompt: one key per user. */
export const ROUNDUPS_CLOSED_KEY_PREFIX = 'maxout-roundups-closed:';

/**
 * The calls load on first use (the prompt's data is fetched after sign-in), so a signed-out
 * visitor of a public page never downloads them.
 */
async function loadApi() {
  const [accounts, calls, client] = await Promise.all([import('../../api/bankAccounts.ts'), import('../../api/roundups.ts'), import('../../api/client.ts')]);
  return { ...accounts, ...calls, createSessionClient: client.createSessionClient, toApiFailure: client.toApiFailure };
}

export interface RoundupsEffects {
  sessionHooks(): SessionHooks;
  navigate(to: string): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  log: Pick<Console, 'warn'>;
}

/**
 * The session's round-ups machine with the browser's effects: the API calls with the session's
 * client, the closing time kept per user (the access token's subject) in local storage, the router.
 * Built with the auth logic, which invokes it in `signedIn`.
 */
export function createRoundupsActor(effects: RoundupsEffects) {
  const closedKey = () => {
    const owner = accessTokenOwner(effects.sessionHooks().getAccessToken());
    return owner ? `${ROUNDUPS_CLOSED_KEY_PREFIX}${owner}` : null;
  };
  const readClosedAt = (): number | null => {
    const key = closedKey();
    const stored = key ? Number(effects.storage.getItem(key)) : NaN;
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  };
  async function attempt<T>(call: (api: Awaited<ReturnType<typeof loadApi>>, client: ReturnType<Awaited<ReturnType<typeof loadApi>>['createSessionClient']>) => Promise<T>): Promise<Fetched<T>> {
    const api = await loadApi();
    try {
      return { ok: true, data: await call(api, api.createSessionClient(effects.sessionHooks())) };
    } catch (error) {
      return { ok: false, error: await api.toApiFailure(error) };
    }
  }
  const failed = (error: ApiFailure) => ({ ok: false as const, error });

  return roundups.provide({
    actors: {
      loadData: fromPromise<LoadDataResult, void>(async ({ signal }) => {
        const [accounts, graph, settings] = await Promise.all([
          attempt((api, client) => api.getAccounts(client, { signal })),
          attempt((api, client) => api.getGraph(client, { signal })),
          attempt((api, client) => api.getRoundupSettings(client, { signal })),
        ]);
        return { accounts, graph, settings, now: Date.now(), closedAt: readClosedAt() };
      }),
      // No abort signal: once sent, a payment's answer is worth waiting for.
      applyRoundups: fromPromise<ApplyResult, { key: string }>(async ({ input }) => {
        const result = await attempt((api, client) => api.applyRoundups(client, input.key));
        return result.ok ? { ok: true, answer: result.data, now: Date.now() } : failed(result.error);
      }),
      clearRoundups: fromPromise<ClearResult, void>(async () => {
        const result = await attempt((api, client) => api.clearRoundups(client));
        return result.ok ? { ok: true, answer: result.data, now: Date.now() } : failed(result.error);
      }),
      updateAccount: fromPromise<UpdateAccountResult, { id: string; changes: AccountPatchRequest }>(async ({ input }) => {
        const result = await attempt((api, client) => api.updateAccount(client, input.id, input.changes));
        return result.ok ? { ok: true, account: result.data } : failed(result.error);
      }),
      saveSettings: fromPromise<SaveSettingsResult, RoundupSettingsRequest>(async ({ input }) => {
        const result = await attempt((api, client) => api.updateRoundupSettings(client, input));
        return result.ok ? { ok: true, settings: result.data } : failed(result.error);
      }),
    },
    actions: {
      storeClosedAt: (_, params) => {
        const key = closedKey();
        if (key) effects.storage.setItem(key, String(params.at));
      },
      navigate: (_, params) => effects.navigate(params.to),
      logFailure: (_, params) => effects.log.warn('Round-ups could not be fetched', params.what, params.error.status ?? params.error.message),
    },
  });
}
