import { fromPromise } from 'xstate';
import { profileEditMachine } from '../../../machines/profileEdit/profileEdit.machine.ts';
import type { ProfileChanges, SaveProfileResult } from '../../../machines/profileEdit/profileEdit.types.ts';
import { editProfile } from '../../api/auth.ts';
import { createSessionClient, type SessionHooks, toApiFailure } from '../../api/client.ts';
import type { User } from '../../domain/schemas/user.ts';

/** What the account screens' machines need of the app: the session, the auth actor and the router. */
export interface AccountEffectDeps {
  sessionHooks: SessionHooks;
  /** Hand the user the server returned to the session (`profile.updated`). */
  announceUser(user: User): void;
  navigate(to: string): void;
}

/** The profile machine with its real effects: POST /edit-profile, the session told, the router. */
export function createProfileEditLogic(deps: AccountEffectDeps) {
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
      navigate: (_, params) => deps.navigate(params.to),
    },
  });
}
