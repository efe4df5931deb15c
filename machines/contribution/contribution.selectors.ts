import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { ContributionMachine } from './contribution.machine.ts';
import type { ContributionEvent } from './contribution.types.ts';

type Snapshot = SnapshotFrom<ContributionMachine>;
type WithContext = Pick<Snapshot, 'context'>;

const REVIEW_PROBE: ContributionEvent = { type: 'contribution.review', draft: { amount: 1, tax_year: 0, source: '' }, key: '' };

export const selectIsBusy = (s: Pick<Snapshot, 'hasTag'>) => s.hasTag('busy');
export const selectCanReview = (s: Pick<Snapshot, 'can'>) => s.can(REVIEW_PROBE);
export const selectCanConfirm = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'contribution.confirm' });
export const selectCanRetry = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'contribution.retry' });
export const selectCanEdit = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'contribution.edit' });
/** The server asked for the password (or a code) before this payment: the screen asks for it. */
export const selectCanStepUp = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'contribution.stepUp', proof: { password: '' } });

/** Which part of the screen shows. */
export const selectStep = (s: Pick<Snapshot, 'value'>) =>
  s.value as 'loading' | 'loadFailed' | 'editing' | 'reviewing' | 'confirming' | 'confirmingIdentity' | 'steppingUp' | 'failed' | 'declined' | 'done';

export const selectOptions = (s: WithContext) => s.context.options;
export const selectDraft = (s: WithContext) => s.context.draft;
export const selectResult = (s: WithContext) => s.context.result;
export const selectErrorMessage = (s: WithContext) => (s.context.error ? failureMessage(s.context.error) : null);

export const selectFieldErrors = (s: WithContext): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(s.context.error?.fieldErrors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
};

/** The label of a source id among the loaded ones (the id itself when unknown). */
export const selectSourceLabel = (s: WithContext, id: string) => s.context.options?.sources.find((source) => source.id === id)?.label ?? id;
