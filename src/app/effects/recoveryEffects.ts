import { fromPromise } from 'xstate';
import { passwordResetMachine } from '../../../machines/passwordReset/passwordReset.machine.ts';
import type { RecoveryResult, ReminderInput, ResetInput } from '../../../machines/passwordReset/passwordReset.types.ts';
import { resetPassword, sendPasswordReminder } from '../../api/auth.ts';
import { toApiFailure } from '../../api/client.ts';

/** The password recovery machine with its real effects: the two API calls. */
export const passwordResetLogic = passwordResetMachine.provide({
  actors: {
    sendReminder: fromPromise<RecoveryResult, ReminderInput>(async ({ input, signal }) => {
      try {
        const body = await sendPasswordReminder(input.email, signal);
        return { ok: true, message: body.message };
      } catch (error) {
        return { ok: false, error: await toApiFailure(error) };
      }
    }),
    resetPassword: fromPromise<RecoveryResult, ResetInput>(async ({ input, signal }) => {
      try {
        await resetPassword(input, signal);
        return { ok: true };
      } catch (error) {
        return { ok: false, error: await toApiFailure(error) };
      }
    }),
  },
});
