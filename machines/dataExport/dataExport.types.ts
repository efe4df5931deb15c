import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';

export interface DataExportContext {
  /** Why the last download failed; cleared by the next one. */
  error: ApiFailure | null;
  /** The name of the last file handed to the browser, for the "downloaded" notice. */
  fileName: string | null;
}

export type DataExportEvent =
  /** "Download my data" was pressed. */
  { type: 'export.download' };

/** `busy`: the file is being prepared (the button shows progress). */
export type DataExportTag = 'busy';

/** GET /export, then the browser saves the file; a refusal resolves as data, an outage rejects. */
export type FetchExportResult = { ok: true; fileName: string } | { ok: false; error: ApiFailure };

export type FetchExportLogic = PromiseActorLogic<FetchExportResult, void>;
