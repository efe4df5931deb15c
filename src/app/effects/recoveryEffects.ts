import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forgotPassword/forgotPassword.machine.ts';
import type { SendReminderInput, SendReminderResult } from '../../../machines/forgotPassword/forgotPassword.types.ts';
import { resetPasswordMachine } from '../../../machines/resetPassword/resetPassword.machine.ts';
import type { SavePasswordInput, SavePasswordResult } from '../../../machines/resetPassword/resetPassword.types.ts';
import { resetPassword, sendPasswordReminder } from '../../api/auth.ts';
import { toApiFailure } from '../../api/client.ts';
import { defineFlow } from '../flows/flow.ts';

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

/** The reset-password machine with its real effect: POST /reset-password. */
export const resetPasswordLogic = resetPasswordMachine.provide({
  actors: {
    savePassword: fromPromise<SavePasswordResult, SavePasswordInput>(async ({ input, signal }) => {
      try {
        await resetPassword(input, signal);
        return { ok: true };
      } catch (error) {
        return { ok: false, error: await toApiFailure(error) };
      }
    }),
  },
});

export const forgotPasswordFlow = defineFlow({ logic: () => forgotPasswordLogic, input: () => undefined });
export const resetPasswordFlow = defineFlow({ logic: () => resetPasswordLogic, input: () => undefined });
