import { describe, expect, it } from 'vitest';
import { dataExportMachine } from '../../machines/dataExport/dataExport.machine.ts';
import type { DataExportContext } from '../../machines/dataExport/dataExport.types.ts';
import { dataExportView } from '../../machines/dataExport/dataExport.view.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';

const viewOf = (value: 'idle' | 'preparing' | 'downloaded', context: Partial<DataExportContext> = {}) =>
  dataExportView(dataExportMachine.resolveState({ value, context: { error: null, fileName: null, ...context } }));

describe('data export view', () => {
  it('the button, its progress, then the name of the file handed to the browser', () => {
    expect(viewOf('idle')).toEqual({ busy: false, canDownload: true, downloaded: null, error: null });
    expect(viewOf('preparing', { fileName: 'maxout-data-2026-05-09.json' })).toEqual({ busy: true, canDownload: false, downloaded: null, error: null });
    expect(viewOf('downloaded', { fileName: 'maxout-data-2026-05-10.json' })).toEqual({
      busy: false,
      canDownload: true,
      downloaded: 'maxout-data-2026-05-10.json',
      error: null,
    });
  });

  it('words a failure: the server’s message, or the generic one for an outage', () => {
    expect(viewOf('idle', { error: { status: 429, message: 'Too many attempts.', source: 'server' } }).error).toBe('Too many attempts.');
    expect(viewOf('idle', { error: { status: null, message: null, source: 'network' } }).error).toBe(SOMETHING_WENT_WRONG);
  });
});
