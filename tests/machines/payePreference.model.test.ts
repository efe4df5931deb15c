import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { payePreferenceMachine } from '../../machines/payePreference/payePreference.machine.ts';
import type { PayePreferenceContext, SetOptOutResult } from '../../machines/payePreference/payePreference.types.ts';
import { payePreferenceView } from '../../machines/payePreference/payePreference.view.ts';
import { OPT_OUT_UPDATE_FAILED } from '../../src/domain/schemas/messages.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { INPUT, model, USER } from './payePreference.model.ts';

type DoneEvent = EventObject & { output: SetOptOutResult };

/** Spec section 8: a failed opt-out update says exactly 'Failed to update preference. Please try again.' */
const oracle = expectedSteps<PayePreferenceContext>({
  initial: { value: 'idle', context: { ...INPUT, error: null } },
  tags: { saving: ['busy'] },
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.setOptOut') return (event as DoneEvent).output.ok ? 'ok' : 'refused';
    if (event.type === 'xstate.error.actor.setOptOut') return 'outage';
    return event.type;
  },
  transitions: {
    idle: { 'preference.set': { to: 'saving', context: (c) => ({ ...c, error: null }) } },
    saving: {
      ok: { to: 'idle', context: (c) => ({ ...c, user: USER }) },
      refused: { to: 'idle', context: (c) => ({ ...c, error: 'Failed to update preference. Please try again.' }) },
      outage: { to: 'idle', context: (c) => ({ ...c, error: 'Failed to update preference. Please try again.' }) },
    },
  },
});

describe('PAYE preference machine: model-based', () => {
  it('covers every state and transition', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
    expect(OPT_OUT_UPDATE_FAILED).toBe('Failed to update preference. Please try again.');
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const announced: User[] = [];
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(payePreferenceMachine.provide({ actors: { setOptOut: promises.logic() }, actions: { announceUser: (_, p) => void announced.push(p.user) } }), {
            input: INPUT,
          }),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof payePreferenceMachine.resolveState>;
          const view = payePreferenceView(snapshot);
          expect(view.busy).toBe(snapshot.matches('saving'));
          expect(view.canChange).toBe(snapshot.matches('idle'));
          expect(view.error).toBe(snapshot.context.error);
          // The switch shows the saved choice: opted out only once the server said so; a failure leaves it as it was.
          const saved = path.steps.slice(0, ctx.index + 1).some((s) => s.event.type === 'xstate.done.actor.setOptOut' && (s.event as DoneEvent).output.ok);
          expect(view.optedOut).toBe(saved);
          expect(view.notSignedYet).toBe(false);
          if (snapshot.matches('saving')) expect(ctx.promises.inputs.setOptOut).toEqual({ optOut: true });
        },
      });
      const oks = path.steps.filter((s) => s.event.type === 'xstate.done.actor.setOptOut' && (s.event as DoneEvent).output.ok).length;
      expect(announced).toHaveLength(oks);
    });
  }
});
