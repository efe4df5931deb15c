import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { DataExportMachine } from './dataExport.machine.ts';

type Snapshot = Pick<SnapshotFrom<DataExportMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

export interface DataExportView {
  /** The file is being prepared: the button shows progress. */
  busy: boolean;
  canDownload: boolean;
  /** The name of the file just handed to the browser ("Downloaded …"), or null. */
  downloaded: string | null;
  /** Why the last download failed, worded for the user, or null. */
  error: string | null;
}

/** "Download my data" on /settings. */
export function dataExportView(snapshot: Snapshot): DataExportView {
  const { context } = snapshot;
  return {
    busy: snapshot.hasTag('busy'),
    canDownload: snapshot.can({ type: 'export.download' }),
    downloaded: snapshot.matches('downloaded') ? context.fileName : null,
    error: context.error ? failureMessage(context.error) : null,
  };
}
