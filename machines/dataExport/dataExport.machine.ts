import { assign, fromPromise, setup } from 'xstate';
import { NO_RESPONSE } from '../../src/domain/failureMessage.ts';
import type { DataExportContext, DataExportEvent, DataExportTag, FetchExportLogic, FetchExportResult } from './dataExport.types.ts';

/** Harmless default: answers as an outage would. The app provides the download. */
const fetchExport: FetchExportLogic = fromPromise<FetchExportResult, void>(async () => ({ ok: false, error: NO_RESPONSE }));

/**
 * "Download my data" on /settings: one JSON file of everything MaxOut holds about the user
 * (GDPR Art. 15 and 20), fetched with GET /export and saved by the browser. One actor per visit.
 */
export const dataExportMachine = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportEvent,
    tags: {} as DataExportTag,
  },
  actors: { fetchExport },
  actions: {
    clearError: assign({ error: null }),
    rememberFile: assign((_, params: { result: FetchExportResult }) => ({ fileName: params.result.ok ? params.result.fileName : null })),
    rememberFailure: assign((_, params: { result: FetchExportResult }) => ({ error: params.result.ok ? null : params.result.error })),
    rememberOutage: assign({ error: NO_RESPONSE }),
  },
  guards: {
    succeeded: (_, params: { result: FetchExportResult }) => params.result.ok,
  },
}).createMachine({
  id: 'dataExport',
  description: 'Download my data: GET /export, saved by the browser as one JSON file.',
  context: { error: null, fileName: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The button may be pressed; the last failure, if any, is shown beside it.',
      on: { 'export.download': { target: 'preparing' } },
    },
    preparing: {
      description: 'GET /export is on its way; the button shows progress.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'fetchExport',
        src: 'fetchExport',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'downloaded',
            actions: { type: 'rememberFile', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'idle', actions: 'rememberOutage' },
      },
    },
    downloaded: {
      description: 'The file was handed to the browser: its name is shown, and it may be downloaded again.',
      on: { 'export.download': { target: 'preparing' } },
    },
  },
});

export type DataExportMachine = typeof dataExportMachine;
