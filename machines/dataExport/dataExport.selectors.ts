import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { DataExportMachine } from './dataExport.machine.ts';

type Snapshot = SnapshotFrom<DataExportMachine>;

export const selectIsPreparing = (s: Pick<Snapshot, 'hasTag'>) => s.hasTag('busy');
export const selectCanDownload = (s: Pick<Snapshot, 'can'>) => s.can({ type: 'export.download' });
/** The name of the file just downloaded, or null. */
export const selectDownloadedFile = (s: Pick<Snapshot, 'matches' | 'context'>) => (s.matches('downloaded') ? s.context.fileName : null);
export const selectErrorMessage = (s: Pick<Snapshot, 'context'>) => (s.context.error ? failureMessage(s.context.error) : null);
