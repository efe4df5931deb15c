import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { refundOptionsMachine } from '../../machines/refundOptions/refundOptions.machine.ts';
import type { RefundOptionsContext } from '../../machines/refundOptions/refundOptions.types.ts';
import { refundOptionsView } from '../../machines/refundOptions/refundOptions.view.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { DECIDED, INPUT, model } from './refundOptions.model.ts';

const oracle = expectedSteps<RefundOptionsContext>({
  initial: { value: 'showing', context: INPUT },
  transitions: { showing: { 'session.user.changed': { to: 'showing', context: () => ({ user: DECIDED }) } } },
});

describe('refund options machine: model-based', () => {
  it('covers every state and transition, and the expected table matches', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  for (const path of model.paths) {
    it(path.description, () =>
      model.runPath(path, {
        createActor: () => createActor(refundOptionsMachine, { input: INPUT }),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const view = refundOptionsView(ctx.actor.getSnapshot() as ReturnType<typeof refundOptionsMachine.resolveState>);
          // €600 of pension relief, plus €839.96 once the 2025 claim is approved.
          expect(view.total).toBe(ctx.actor.getSnapshot().context.user === DECIDED ? 1_439.96 : 600);
          expect(view.tiles).toHaveLength(8);
        },
      }),
    );
  }
});
