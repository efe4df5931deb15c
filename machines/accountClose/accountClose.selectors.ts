import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { AccountCloseMachine } from './accountClose.machine.ts';

type Snapshot = SnapshotFrom<AccountCloseMachine>;

export const selectIsBusy = (s: Pick<Snapshot, 'hasTag'>) => s.hasTag('busy');
export const selectPlan = (s: Pick<Snapshot, 'context'>) => s.context.plan;
export const selectIsUnavailable = (s: Pick<Snapshot, 'matches'>) => s.matches('unavailable');
export const selectIsClosed = (s: Pick<Snapshot, 'matches'>) => s.matches('closed') || s.matches('done');
export const selectCanClose = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'close.submit', password: '' });

/** The password field's message (a wrong password), or null. */
export const selectPasswordError = (s: Pick<Snapshot, 'context'>) => s.context.error?.fieldErrors?.password?.[0] ?? null;

/** A failure that is not about the password, worded for the user, or null. */
export const selectErrorMessage = (s: Pick<Snapshot, 'context'>) => {
  const error = s.context.error;
  if (!error || error.fieldErrors?.password?.[0]) return null;
  return failureMessage(error);
};
