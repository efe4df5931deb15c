import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { IncomeDeclarationMachine } from './incomeDeclaration.machine.ts';
import type { Declaration } from './incomeDeclaration.types.ts';

type Snapshot = SnapshotFrom<IncomeDeclarationMachine>;
type View = Pick<Snapshot, 'context'>;

/** The saved declaration is still loading: the form waits (it reads its prefill once, when it mounts). */
export const selectIsLoading = (s: Pick<Snapshot, 'hasTag'>): boolean => s.hasTag('loading');

/** A save or estimate is under way: the submit button shows it. */
export const selectIsBusy = (s: Pick<Snapshot, 'hasTag'>): boolean => s.hasTag('busy');

/** May the declaration be submitted now? */
export const selectCanSubmit = (s: Pick<Snapshot, 'can'>): boolean => s.can({ type: 'declaration.submit', declaration: {} });

/** The year's saved declaration (prefill). */
export const selectSaved = (s: View): Declaration => s.context.saved;

/** The estimate to show after saving on its own, or null while there is none to show. */
export const selectEstimate = (s: Pick<Snapshot, 'context' | 'matches'>): number | null => (s.matches('showingEstimate') ? s.context.estimate : null);

/** The last failed save, to show above the form. */
export const selectSaveFailure = (s: View): ApiFailure | null => s.context.error;
