import { fromPromise } from 'xstate';
import { securityMachine } from '../../../machines/security/security.machine.ts';
import type {
  ChangePasswordResult,
  ConfirmSetupResult,
  DisableResult,
  LoadOverviewResult,
  SignOutDeviceResult,
  SignOutOthersResult,
  StartSetupResult,
} from '../../../machines/security/security.types.ts';
import { createSessionClient, type SessionHooks, toApiFailure } from '../../api/client.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';
import * as api from '../../api/security.ts';
import type { ChangePasswordRequest } from '../../domain/schemas/security.ts';

/** Runs a call; an expected failure becomes `{ ok: false, error }` for the machine. */
async function attempt<T extends object>(call: () => Promise<T>): Promise<({ ok: true } & T) | { ok: false; error: Awaited<ReturnType<typeof toApiFailure>> }> {
  try {
    return { ok: true, ...(await call()) };
  } catch (error) {
    return { ok: false, error: await toApiFailure(error) };
  }
}

/** The Settings → Security machine with its real effects: the /security calls with the session's client. */
export function createSecurityLogic(sessionHooks: SessionHooks) {
  const client = createSessionClient(sessionHooks);
  return securityMachine.provide({
    actors: {
      loadOverview: fromPromise<LoadOverviewResult>(({ signal }) =>
        attempt(async () => {
          const [events, devices, twoFactor] = await Promise.all([
            api.getSecurityEvents(client, signal),
            api.getDevices(client, signal),
            api.getTwoFactorStatus(client, signal),
          ]);
          return { events, devices, twoFactor };
        }),
      ),
      changePassword: fromPromise<ChangePasswordResult, ChangePasswordRequest>(({ input, signal }) =>
        attempt(async () => ({ message: (await api.changePassword(client, input, signal)).message })),
      ),
      signOutDevice: fromPromise<SignOutDeviceResult, { id: string }>(({ input, signal }) => attempt(() => api.signOutDevice(client, input.id, signal))),
      signOutOthers: fromPromise<SignOutOthersResult>(({ signal }) =>
        attempt(async () => ({ signedOut: (await api.signOutEverywhereElse(client, signal)).signed_out })),
      ),
      startSetup: fromPromise<StartSetupResult, { password: string }>(({ input, signal }) => attempt(async () => ({ setup: await api.startTwoFactorSetup(client, input.password, signal) }))),
      confirmSetup: fromPromise<ConfirmSetupResult, { code: string }>(({ input, signal }) =>
        attempt(async () => ({ recoveryCodes: await api.confirmTwoFactor(client, input.code, signal) })),
      ),
      disableTwoFactor: fromPromise<DisableResult, { password: string }>(({ input, signal }) => attempt(() => api.disableTwoFactor(client, input.password, signal))),
    },
  });
}

export const securityFlow = defineFlow({ logic: (effects: AppEffects) => createSecurityLogic(effects.sessionHooks), input: () => undefined });
