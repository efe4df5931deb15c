import type { SnapshotFrom } from 'xstate';
import type { passwordResetMachine } from './passwordReset.machine.ts';

type Snapshot = Pick<SnapshotFrom<typeof passwordResetMachine>, 'context' | 'hasTag' | 'matches'>;

export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectReminderSent = (s: Snapshot) => s.matches('reminderSent');
export const selectResetDone = (s: Snapshot) => s.matches('resetDone');
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectErrorMessage = (s: Snapshot) => s.context.error?.message ?? null;
/** First server message per field, for the form inputs. */
export const selectFieldErrors = (s: Snapshot): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(s.context.error?.fieldErrors ?? {})) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
};
