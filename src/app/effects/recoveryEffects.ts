import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forgotPassword/forgotPassword.machine.ts';
import type { SendReminderInput, SendReminderResult } from '../../../machines/forgotPassword/forgotPassword.types.ts';
import { resetPasswordMachine } from '../../../machines/resetPassword/resetPassword.machine.ts';
import type {
  CheckLinkInput,
  CheckLinkResult,
  ResetPasswordInput,
  SavePasswordInput,
  SavePasswordResult,
} from '../../../machines/resetPassword/resetPassword.types.ts';
import { checkResetLink, resetPassword, sendPasswordReminder } from '../../api/auth.ts';
import { toApiFailure } from '../../api/client.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

/** The forgot-password machine with its real effect: POST /send-password-reminder. */
export const forgotPasswordLogic = forgotPasswordMachine.provide({
  actors: {
    sendReminder: fromPromise<SendReminderResult, SendReminderInput>(async ({ input, signal }) => {
      try {
        const body = await sendPasswordReminder(input.email, signal);
        return { ok: true, message: body.message ?? null };
      } catch (error) {
        return { ok: false, error: await toApiFailure(error) };
      }
    }),
  },
});

/** The reset-password machine with its real effects: GET and POST /reset-password, and the session forgotten after a save. */
export function resetPasswordLogic(effects: Pick<AppEffects, 'forgetEndedSession'>) {
  return resetPasswordMachine.provide({
    actors: {
      checkLink: fromPromise<CheckLinkResult, CheckLinkInput>(async ({ input, signal }) => {
        try {
          const link = await checkResetLink(input.token, signal);
          return { ok: true, twoFactor: link.two_factor };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      savePassword: fromPromise<SavePasswordResult, SavePasswordInput>(async ({ input, signal }) => {
        try {
          await resetPassword(input, signal);
          return { ok: true };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
    },
    actions: { forgetEndedSession: () => effects.forgetEndedSession() },
  });
}

export const forgotPasswordFlow = defineFlow({ logic: () => forgotPasswordLogic, input: () => undefined });
export const resetPasswordFlow = defineFlow({ logic: resetPasswordLogic, input: (_, screen: ResetPasswordInput) => screen });
