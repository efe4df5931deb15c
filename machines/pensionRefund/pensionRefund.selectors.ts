import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { PensionRefundMachine } from './pensionRefund.machine.ts';

type Snapshot = SnapshotFrom<PensionRefundMachine>;

const PROBE = {
  type: 'claim.add',
  claim: { year: 0, category: 'personal-retirement-savings', answer: { providerName: '', policyNumber: '', contributionsPaid: 0 } },
} as const;

/** May a year be added now (none is on its way)? */
export const selectCanAdd = (s: Pick<Snapshot, 'can'>) => s.can(PROBE);
export const selectAddingYear = (s: Pick<Snapshot, 'context'>) => s.context.adding;
export const selectAddedYears = (s: Pick<Snapshot, 'context'>) => s.context.added;

/** The failure of the last add as a year's card shows it: the message, and the server's field messages by answer field. */
export const selectFailure = (s: Pick<Snapshot, 'context'>) => {
  const failure = s.context.failure;
  if (!failure) return null;
  const fields = Object.fromEntries(
    Object.entries(failure.error.fieldErrors ?? {}).flatMap(([path, messages]) =>
      path.startsWith('answer.') && messages[0] ? [[path.slice('answer.'.length), messages[0]]] : [],
    ),
  );
  return { year: failure.year, status: failure.error.status, message: failureMessage(failure.error), fields };
};
