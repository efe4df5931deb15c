import type { SnapshotFrom } from 'xstate';
import type { PayePreferenceMachine } from './payePreference.machine.ts';

type Snapshot = SnapshotFrom<PayePreferenceMachine>;

export const selectIsSaving = (s: Pick<Snapshot, 'hasTag'>) => s.hasTag('busy');

/** May the switch be flipped now? */
export const selectCanChange = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'preference.set', optOut: true });

/** 'Failed to update preference. Please try again.' after a failed change, else null. */
export const selectError = (s: Pick<Snapshot, 'context'>) => s.context.error;
