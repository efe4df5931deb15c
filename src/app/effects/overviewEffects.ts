import { fromPromise } from 'xstate';
import { overviewMachine } from '../../../machines/overview/overview.machine.ts';
import { getDirectDebit, pauseDirectDebit } from '../../api/pension.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { defineFlow } from '../flows/flow.ts';
import { todayOf } from './today.ts';
import type { AppEffects } from './appEffects.ts';

// Apart from the account's other screens: the Overview is the first page after sign-in, and
// their machines (the refund options' with the guided flow's view and the tax engine) are not
// needed to show it.

/** The Overview: the figures are the session's user's; the direct debit is loaded once (GET /direct-debit) and paused in one click (POST /direct-debit/pause). */
export function createOverviewLogic(effects: AppEffects) {
  const client = createSessionClient(effects.sessionHooks);
  return overviewMachine.provide({
    actors: {
      loadMandate: fromPromise(async ({ signal }) => {
        try {
          return { ok: true as const, mandate: (await getDirectDebit(client, signal)).mandate };
        } catch {
          return { ok: false as const };
        }
      }),
      // No abort signal: once sent, the pause's answer is worth showing even if the screen moved on.
      pauseMandate: fromPromise(async () => {
        try {
          return { ok: true as const, mandate: (await pauseDirectDebit(client)).mandate };
        } catch (error) {
          return { ok: false as const, error: await toApiFailure(error) };
        }
      }),
    },
  });
}
export const overviewFlow = defineFlow({ logic: createOverviewLogic, input: (effects: AppEffects) => ({ user: effects.user(), today: todayOf(effects) }) });
