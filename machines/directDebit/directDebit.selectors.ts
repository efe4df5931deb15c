import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { DirectDebitMachine } from './directDebit.machine.ts';

type Snapshot = SnapshotFrom<DirectDebitMachine>;
type WithContext = Pick<Snapshot, 'context'>;

const SUBMIT_PROBE = { type: 'directDebit.submit', request: { amount: 10, day_of_month: 1, start_date: '', mandate_accepted: true } } as const;

export const selectIsBusy = (s: Pick<Snapshot, 'hasTag'>) => s.hasTag('busy');
export const selectStep = (s: Pick<Snapshot, 'value'>) => s.value as 'loading' | 'loadFailed' | 'viewing' | 'editing' | 'saving' | 'confirmingCancel' | 'cancelling';
export const selectMandate = (s: WithContext) => s.context.mandate;
export const selectNotice = (s: WithContext) => s.context.notice;
export const selectCanSubmit = (s: Pick<Snapshot, 'can'>) => s.can(SUBMIT_PROBE);
export const selectCanCancel = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'directDebit.cancel' });
export const selectCanConfirmCancel = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'directDebit.cancelConfirm' });
export const selectErrorMessage = (s: WithContext) => (s.context.error ? failureMessage(s.context.error) : null);
export const selectFieldErrors = (s: WithContext): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(s.context.error?.fieldErrors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
};
