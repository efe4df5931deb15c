import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accountCloseMachine } from '../../machines/accountClose/accountClose.machine.ts';
import type { AccountCloseContext } from '../../machines/accountClose/accountClose.types.ts';
import { accountCloseView } from '../../machines/accountClose/accountClose.view.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { AFTER, model, OUTAGE, PLAN, WRONG } from './accountClose.model.ts';

type DoneEvent = EventObject & { output: { ok: boolean } };

const oracle = expectedSteps<AccountCloseContext>({
  initial: { value: 'loading', context: { plan: null, error: null } },
  tags: { loading: ['busy'], closing: ['busy'] },
  final: ['done'],
  caseOf: (event) => {
    const done = event as DoneEvent;
    if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice(18)} ${done.output.ok ? 'ok' : 'refused'}`;
    if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice(19)} outage`;
    return event.type;
  },
  transitions: {
    loading: {
      'loadPlan ok': { to: 'confirming', context: (c) => ({ ...c, plan: PLAN }) },
      'loadPlan refused': { to: 'unavailable', context: (c) => ({ ...c, error: OUTAGE }) },
      'loadPlan outage': { to: 'unavailable', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    unavailable: { 'close.retry': { to: 'loading', context: (c) => ({ ...c, error: null }) } },
    confirming: { 'close.submit': { to: 'closing', context: (c) => ({ ...c, error: null }) } },
    closing: {
      'closeAccount ok': { to: 'closed', context: (c) => ({ ...c, plan: AFTER }) },
      'closeAccount refused': { to: 'confirming', context: (c) => ({ ...c, error: WRONG }) },
      'closeAccount outage': { to: 'confirming', context: (c) => ({ ...c, error: OUTAGE }) },
    },
    closed: { 'close.finish': { to: 'done' } },
  },
});

describe('account close machine: model-based', () => {
  it('covers every state and transition', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      let signedOut = 0;
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(
            accountCloseMachine.provide({
              actors: { loadPlan: promises.logic(), closeAccount: promises.logic() },
              actions: { signOut: () => void (signedOut += 1) },
            }),
          ),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof accountCloseMachine.resolveState>;
          const view = accountCloseView(snapshot);
          expect(view.busy).toBe(snapshot.matches('loading') || snapshot.matches('closing'));
          expect(view.canClose).toBe(snapshot.matches('confirming'));
          const step = snapshot.matches('done') ? 'closed' : snapshot.matches('closing') ? 'confirming' : snapshot.value;
          expect(view.step).toBe(step);
          // The plan shows from its loading on; after closing, what was kept.
          expect(view.plan?.kept[0]?.until ?? null).toBe(snapshot.context.plan ? '31.12.2030' : null);
          expect(view.plan?.erased.length ?? 0).toBe(snapshot.context.plan === null ? 0 : step === 'closed' ? 2 : 1);
          const error = snapshot.context.error;
          expect(view.fieldErrors).toEqual(error?.status === 422 ? { password: 'The password is not correct.' } : {});
          expect(view.error).toBe(error?.status === null ? SOMETHING_WENT_WRONG : null);
          if (snapshot.matches('closing')) expect(ctx.promises.inputs.closeAccount).toEqual({ password: 'correct horse' });
        },
      });
      expect(signedOut).toBe(path.steps.some((s) => s.event.type === 'close.finish') ? 1 : 0);
    });
  }
});
