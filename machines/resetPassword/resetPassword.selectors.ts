import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { ResetPasswordMachine } from './resetPassword.machine.ts';

export type ResetPasswordSnapshot = SnapshotFrom<ResetPasswordMachine>;

/** Is the new password being saved (the button shows progress)? */
export const selectIsBusy = (s: Pick<ResetPasswordSnapshot, 'hasTag'>) => s.hasTag('busy');

/** May the form be submitted now? Asked of the machine, so the button never copies its rules. */
export const selectCanSubmit = (s: Pick<ResetPasswordSnapshot, 'can'>) =>
  s.can({ type: 'password.submit', token: '', password: '', password_confirmation: '' });

/** Is the new password saved? */
export const selectSaved = (s: Pick<ResetPasswordSnapshot, 'matches'>) => s.matches('saved');

/** Why the last attempt failed, worded for the user, or null. */
export const selectErrorMessage = (s: Pick<ResetPasswordSnapshot, 'context'>) => (s.context.error ? failureMessage(s.context.error) : null);

/** The first server message per field (`token`, `password`, `password_confirmation`), for the inputs and the alert. */
export const selectFieldErrors = (s: Pick<ResetPasswordSnapshot, 'context'>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(s.context.error?.fieldErrors ?? {})) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
};
