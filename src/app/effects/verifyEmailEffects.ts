import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../../machines/verifyEmail/verifyEmail.machine.ts';
import type { ResendResult } from '../../../machines/verifyEmail/verifyEmail.types.ts';
import { resendVerification } from '../../api/auth.ts';
import { createSessionClient, toApiFailure } from '../../api/client.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

/** The email verification banner with its real effects: POST /auth/resend-verification, a profile reload. */
export function createVerifyEmailLogic(deps: AppEffects) {
  const client = createSessionClient(deps.sessionHooks);
  return verifyEmailMachine.provide({
    actors: {
      resendVerification: fromPromise<ResendResult, void>(async ({ signal }) => {
        try {
          return { ok: true, emailVerified: (await resendVerification(client, signal)).email_verified };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
    },
    actions: { reloadProfile: () => deps.reloadProfile() },
  });
}

/** One per signed-in user: the banner of every signed-in page while their address is not proven. */
export const verifyEmailFlow = defineFlow({
  logic: createVerifyEmailLogic,
  input: (effects: AppEffects) => {
    const user = effects.user();
    // A profile that does not say is treated as proven: the server refuses what needs it anyway.
    return { email: user?.email ?? '', verified: user?.email_verified ?? true };
  },
});
