import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { dataExportMachine } from '../../machines/dataExport/dataExport.machine.ts';
import type { DataExportContext, FetchExportResult } from '../../machines/dataExport/dataExport.types.ts';
import { dataExportView } from '../../machines/dataExport/dataExport.view.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { FILE, LIMITED, OUTAGE, model } from './dataExport.model.ts';

type DoneEvent = EventObject & { output: FetchExportResult };

const oracle = expectedSteps<DataExportContext>({
  initial: { value: 'idle', context: { error: null, fileName: null } },
  tags: { preparing: ['busy'] },
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.fetchExport') return (event as DoneEvent).output.ok ? 'ok' : 'refused';
    if (event.type === 'xstate.error.actor.fetchExport') return 'outage';
    return event.type;
  },
  transitions: {
    idle: { 'export.download': { to: 'preparing', context: (c) => ({ ...c, error: null }) } },
    preparing: {
      ok: { to: 'downloaded', context: (c) => ({ ...c, fileName: FILE }) },
      refused: { to: 'idle', context: (c) => ({ ...c, error: LIMITED }) },
      outage: { to: 'idle', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    downloaded: { 'export.download': { to: 'preparing', context: (c) => ({ ...c, error: null }) } },
  },
});

describe('data export machine: model-based', () => {
  it('covers every state and transition', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  for (const path of model.paths) {
    it(path.description, () =>
      model.runPath(path, {
        createActor: ({ promises }) => createActor(dataExportMachine.provide({ actors: { fetchExport: promises.logic() } })),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof dataExportMachine.resolveState>;
          const view = dataExportView(snapshot);
          expect(view.busy).toBe(snapshot.matches('preparing'));
          expect(view.canDownload).toBe(!snapshot.matches('preparing'));
          expect(view.downloaded).toBe(snapshot.matches('downloaded') ? FILE : null);
          const error = snapshot.context.error;
          expect(view.error).toBe(error === null ? null : error.status === null ? SOMETHING_WENT_WRONG : LIMITED.message);
        },
      }),
    );
  }
});
