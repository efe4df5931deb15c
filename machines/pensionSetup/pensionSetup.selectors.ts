import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { PensionSetupMachine } from './pensionSetup.machine.ts';

type Snapshot = SnapshotFrom<PensionSetupMachine>;

const SUBMIT_PROBE = { type: 'pensionInfo.submit', values: { annual_income: 0, paid_pension: 0, marital_status: 'single' } } as const;

export const selectIsBusy = (s: Pick<Snapshot, 'hasTag'>) => s.hasTag('busy');
export const selectCanSubmit = (s: Pick<Snapshot, 'can'>) => s.can(SUBMIT_PROBE);
export const selectErrorMessage = (s: Pick<Snapshot, 'context'>) => (s.context.error ? failureMessage(s.context.error) : null);

/** The first server message per field. */
export const selectFieldErrors = (s: Pick<Snapshot, 'context'>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(s.context.error?.fieldErrors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
};
