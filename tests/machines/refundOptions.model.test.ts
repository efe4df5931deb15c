import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { refundOptionsMachine } from '../../machines/refundOptions/refundOptions.machine.ts';
import type { RefundOptionsContext } from '../../machines/refundOptions/refundOptions.types.ts';
import { refundOptionsView } from '../../machines/refundOptions/refundOptions.view.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { aUser } from '../support/builders.ts';
import { DECIDED, INPUT, model, PENSION } from './refundOptions.model.ts';

const oracle = expectedSteps<RefundOptionsContext>({
  initial: { value: 'showing', context: INPUT },
  transitions: {
    showing: {
      'session.user.changed': { to: 'showing', context: (c) => ({ ...c, user: DECIDED }) },
      'claim.continue': { to: 'showing' },
      'refundOptions.bank.open': { to: 'bankInfo' },
    },
    bankInfo: {
      'session.user.changed': { to: 'bankInfo', context: (c) => ({ ...c, user: DECIDED }) },
      'claim.continue': { to: 'bankInfo' },
      'refundOptions.bank.close': { to: 'showing' },
    },
  },
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
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof refundOptionsMachine.resolveState>;
          const view = refundOptionsView(snapshot);
          // €200 of relief on the €500 paid through MaxOut (not the €800 of the whole pension), plus €839.96 once the 2025 claim is approved.
          const decided = snapshot.context.user === DECIDED;
          expect(view.refund.total).toBe(decided ? 1_039.96 : 200);
          expect(view.refund.headline).toBe(decided ? '€1,039.96' : '€200.00');
          expect(view.actions.reinvest.amount).toBe(decided ? 1_039.96 : 200);
          expect(view.actions.bank.open).toBe(snapshot.matches('bankInfo'));
          expect(view.claim).toMatchObject({ kind: 'continue', action: 'Continue at page 3 of 7', canContinue: true });
        },
      }),
    );
  }
});

describe('refund options view', () => {
  const view = (context: Partial<RefundOptionsContext> = {}) => refundOptionsView(refundOptionsMachine.resolveState({ value: 'showing', context: { ...INPUT, ...context } }));

  it('puts the claim first: continue at the page the guided flow stopped at, or start one', () => {
    expect(view().claim).toEqual({
      kind: 'continue',
      title: 'Your claim for 2025 is not finished',
      detail: 'You stopped at page 3 of 7. Your answers are kept on this device.',
      action: 'Continue at page 3 of 7',
      canContinue: true,
    });
    expect(view({ claim: null }).claim).toEqual({ kind: 'start', title: 'Claim back tax you overpaid', action: 'Start my claim' });
  });

  it('acts on two tiles (reinvest with the refund, how Revenue pays the bank); the six others are information', () => {
    const shown = view();
    expect(shown.actions.reinvest).toMatchObject({ title: 'Reinvest to your pension', act: 'reinvest', amount: 200 });
    expect(shown.actions.bank).toMatchObject({ title: 'Move to your bank account', act: 'bank', open: false });
    expect(shown.actions.bank.explanation).toContain('Revenue pays a tax refund straight into the bank account it holds for you');
    expect(shown.ideas.map((idea) => [idea.title, idea.act])).toEqual([
      ['Financial protection', null],
      ['Smart Invest savings', null],
      ['Build emergency fund', null],
      ['Pay Irish Life Health Premium', null],
      ['Car insurance', null],
      ['Home insurance', null],
    ]);
    // Nothing to reinvest: Contribute opens without an amount.
    expect(view({ user: aUser({ ...PENSION, pension: 1_500 }) }).actions.reinvest.amount).toBeNull();
  });

  it('continuing hands the guided flow its resume (the action the app provides); without a claim there is nothing to continue', () => {
    const continueClaim = vi.fn();
    const actor = createActor(refundOptionsMachine.provide({ actions: { continueClaim } }), { input: INPUT }).start();
    actor.send({ type: 'claim.continue' });
    expect(continueClaim).toHaveBeenCalledTimes(1);
    const none = createActor(refundOptionsMachine.provide({ actions: { continueClaim } }), { input: { ...INPUT, claim: null } }).start();
    expect(none.getSnapshot().can({ type: 'claim.continue' })).toBe(false);
    none.send({ type: 'claim.continue' });
    expect(continueClaim).toHaveBeenCalledTimes(1);
  });
});
