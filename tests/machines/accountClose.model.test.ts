import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accountCloseMachine } from '../../machines/accountClose/accountClose.machine.ts';
import {
  selectCanClose,
  selectErrorMessage,
  selectIsBusy,
  selectIsClosed,
  selectIsUnavailable,
  selectPasswordError,
} from '../../machines/accountClose/accountClose.selectors.ts';
import type { AccountCloseContext } from '../../machines/accountClose/accountClose.types.ts';
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
          expect(selectIsBusy(snapshot)).toBe(snapshot.matches('loading') || snapshot.matches('closing'));
          expect(selectCanClose(snapshot)).toBe(snapshot.matches('confirming'));
          expect(selectIsUnavailable(snapshot)).toBe(snapshot.matches('unavailable'));
          expect(selectIsClosed(snapshot)).toBe(snapshot.matches('closed') || snapshot.matches('done'));
          const error = snapshot.context.error;
          expect(selectPasswordError(snapshot)).toBe(error?.status === 422 ? 'The password is not correct.' : null);
          expect(selectErrorMessage(snapshot)).toBe(error?.status === null ? SOMETHING_WENT_WRONG : null);
          if (snapshot.matches('closing')) expect(ctx.promises.inputs.closeAccount).toEqual({ password: 'correct horse' });
        },
      });
      expect(signedOut).toBe(path.steps.some((s) => s.event.type === 'close.finish') ? 1 : 0);
    });
  }
});
