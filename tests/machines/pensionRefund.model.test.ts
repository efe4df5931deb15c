import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { pensionRefundMachine } from '../../machines/pensionRefund/pensionRefund.machine.ts';
import { selectAddedYears, selectAddingYear, selectCanAdd, selectFailure } from '../../machines/pensionRefund/pensionRefund.selectors.ts';
import type { AddClaimResult, PensionRefundContext } from '../../machines/pensionRefund/pensionRefund.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { ADD, CLAIM, FORBIDDEN, model } from './pensionRefund.model.ts';

type DoneEvent = EventObject & { output: AddClaimResult };

const oracle = expectedSteps<PensionRefundContext>({
  initial: { value: 'idle', context: { adding: null, added: [], failure: null } },
  tags: { adding: ['busy'] },
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.addClaim') return (event as DoneEvent).output.ok ? 'ok' : 'refused';
    if (event.type === 'xstate.error.actor.addClaim') return 'outage';
    return event.type;
  },
  transitions: {
    idle: { 'claim.add': { to: 'adding', context: (c) => ({ ...c, adding: 2024, failure: null }) } },
    adding: {
      ok: { to: 'idle', context: (c) => ({ ...c, adding: null, added: [2024] }) },
      refused: { to: 'idle', context: (c) => ({ ...c, adding: null, failure: { year: 2024, error: FORBIDDEN } }) },
      outage: { to: 'idle', context: (c) => ({ ...c, adding: null, failure: { year: 2024, error: { status: null, message: null, source: 'network' } } }) },
    },
  },
});

describe('pension refund machine: model-based', () => {
  it('covers every state and transition', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      let reloads = 0;
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(pensionRefundMachine.provide({ actors: { addClaim: promises.logic() }, actions: { reloadProfile: () => void (reloads += 1) } })),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof pensionRefundMachine.resolveState>;
          expect(selectCanAdd(snapshot)).toBe(snapshot.matches('idle'));
          expect(selectAddingYear(snapshot)).toBe(snapshot.matches('adding') ? 2024 : null);
          if (snapshot.matches('adding')) expect(ctx.promises.inputs.addClaim).toEqual(CLAIM);
        },
      });
      const oks = path.steps.filter((s) => s.event.type === 'xstate.done.actor.addClaim' && (s.event as DoneEvent).output.ok).length;
      expect(reloads).toBe(oks);
    });
  }

  it('a card reads its year’s failure with the server’s field messages, and a year added twice is listed once', async () => {
    const refused: ApiFailure = { status: 422, message: 'Please check the details you entered', source: 'server', fieldErrors: { 'answer.providerName': ['Must be at least 2 characters'], year: ['closed'] } };
    const view = pensionRefundMachine.resolveState({ value: 'idle', context: { adding: null, added: [2024], failure: { year: 2023, error: refused } } });
    expect(selectFailure(view)).toEqual({ year: 2023, status: 422, message: 'Please check the details you entered', fields: { providerName: 'Must be at least 2 characters' } });
    expect(selectAddedYears(view)).toEqual([2024]);
    const actor = createActor(pensionRefundMachine.provide({ actors: { addClaim: (await import('xstate')).fromPromise(async () => ({ ok: true }) as AddClaimResult) } })).start();
    actor.send(ADD);
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send(ADD);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.added).toEqual([2024]);
  });
});
