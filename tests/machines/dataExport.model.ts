import { dataExportMachine } from '../../machines/dataExport/dataExport.machine.ts';
import type { FetchExportResult } from '../../machines/dataExport/dataExport.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const FILE = 'maxout-data-2026-11-25.json';
export const LIMITED: ApiFailure = { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.', source: 'server' };
export const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };
const DOWNLOAD = { type: 'export.download' } as const;
const SAVED = { type: 'xstate.done.actor.fetchExport', output: { ok: true, fileName: FILE } satisfies FetchExportResult };
const REFUSED = { type: 'xstate.done.actor.fetchExport', output: { ok: false, error: LIMITED } satisfies FetchExportResult };

export const fixtures = {
  'export.download': () => [DOWNLOAD],
  'xstate.done.actor.fetchExport': () => [SAVED, REFUSED],
  'xstate.error.actor.fetchExport': () => [{ type: 'xstate.error.actor.fetchExport', error: new Error('offline') }],
} satisfies EventFixtures<typeof dataExportMachine>;

export const model = createModelTest(dataExportMachine, { events: fixtures });

export const doc = pathDoc(dataExportMachine, fixtures, {
  testFile: 'tests/machines/dataExport.model.test.ts',
  models: [model],
  start: 'Open /settings',
  words: {
    'export.download': 'Press "Download my data"',
    'xstate.done.actor.fetchExport': (event) => (event.output.ok ? `GET /export answers the file ${event.output.fileName}` : `GET /export is refused (${event.output.error.status})`),
    'xstate.error.actor.fetchExport': 'GET /export gets no answer (offline)',
  },
  screen: () => '/settings, "Download my data"',
});
