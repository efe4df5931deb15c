import { fromPromise } from 'xstate';
import { accountCloseMachine } from '../../../machines/accountClose/accountClose.machine.ts';
import type { CloseAccountInput, CloseAccountResult, LoadPlanResult } from '../../../machines/accountClose/accountClose.types.ts';
import { dataExportMachine } from '../../../machines/dataExport/dataExport.machine.ts';
import type { FetchExportResult } from '../../../machines/dataExport/dataExport.types.ts';
import { payePreferenceMachine } from '../../../machines/payePreference/payePreference.machine.ts';
import type { SetOptOutInput, SetOptOutResult } from '../../../machines/payePreference/payePreference.types.ts';
import { profileEditMachine } from '../../../machines/profileEdit/profileEdit.machine.ts';
import type { ProfileChanges, SaveProfileResult } from '../../../machines/profileEdit/profileEdit.types.ts';
import { closeAccount, downloadExport, getRetentionPlan, setPayeOptOut } from '../../api/account.ts';
import { editProfile } from '../../api/auth.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { formatApiDate } from '../../domain/dates.ts';
import { defineFlow } from '../flows/flow.ts';
import { todayOf } from './today.ts';
import type { AppEffects } from './appEffects.ts';

/** The profile machine with its real effects: POST /edit-profile, the session told, the router. */
export function createProfileEditLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return profileEditMachine.provide({
    actors: {
      saveProfile: fromPromise<SaveProfileResult, ProfileChanges>(async ({ input, signal }) => {
        try {
          return { ok: true, user: await editProfile(client, { ...input }, signal) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
    },
    actions: {
      announceUser: (_, params) => deps.announceUser(params.user),
      navigate: (_, params) => void deps.navigate(params.to),
    },
  });
}

/** The PAYE opt-out switch with its real effect: POST /paye-opt-out, the session told. */
export function createPayePreferenceLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return payePreferenceMachine.provide({
    actors: {
      setOptOut: fromPromise<SetOptOutResult, SetOptOutInput>(async ({ input, signal }) => {
        try {
          return { ok: true, user: await setPayeOptOut(client, input.optOut, { signal }) };
        } catch (error) {
          const { status } = await toApiFailure(error);
          console.warn('PAYE opt-out update failed', { status });
          return { ok: false };
        }
      }),
    },
    actions: { announceUser: (_, params) => deps.announceUser(params.user) },
  });
}

/** Hands a file to the browser's downloads. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once it is read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Download my data" with its real effect: GET /export, saved as a file. */
export function createDataExportLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return dataExportMachine.provide({
    actors: {
      fetchExport: fromPromise<FetchExportResult, void>(async ({ signal }) => {
        try {
          const { blob, fileName } = await downloadExport(client, formatApiDate(new Date()), { signal });
          saveFile(blob, fileName);
          return { ok: true, fileName };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
    },
  });
}

/** "Close my account" with its real effects: the retention plan, POST /account/close, the session ended. */
export function createAccountCloseLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return accountCloseMachine.provide({
    actors: {
      loadPlan: fromPromise<LoadPlanResult, void>(async ({ signal }) => {
        try {
          return { ok: true, plan: await getRetentionPlan(client, { signal }) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      closeAccount: fromPromise<CloseAccountResult, CloseAccountInput>(async ({ input, signal }) => {
        try {
          return { ok: true, plan: await closeAccount(client, input.password, { signal }) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
    },
    actions: { signOut: () => deps.signOut() },
  });
}

export const profileEditFlow = defineFlow({
  logic: createProfileEditLogic,
  input: (effects: AppEffects, screen: { returnTo: string | null }) => ({
    returnTo: screen.returnTo,
    user: effects.user(),
    today: todayOf(effects),
  }),
});
export const payePreferenceFlow = defineFlow({ logic: createPayePreferenceLogic, input: (effects: AppEffects) => ({ user: effects.user() }) });
export const dataExportFlow = defineFlow({ logic: createDataExportLogic, input: () => undefined });
export const accountCloseFlow = defineFlow({ logic: createAccountCloseLogic, input: () => undefined });

