import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { refundOptionsMachine } from '../../machines/refundOptions/refundOptions.machine.ts';
import type { RefundOptionsContext } from '../../machines/refundOptions/refundOptions.types.ts';
import { refundOptionsView } from '../../machines/refundOptions/refundOptions.view.ts';
import { aUser } from '../support/builders.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';

// Born 1 April 1990, €60,000, single: €1,500 through payroll and €500 through MaxOut, relieved at 40 %.
const PENSION = { annual_income: 60_000, date_of_birth: '1990-04-01', paid_pension: 1_500, pension: 2_000, taxback: 80_000 } as const;
const INPUT = { user: aUser(PENSION), today: '2026-11-26' };
const DECIDED = aUser({
  ...PENSION,
  form11: [{ id: 'f1', year: 2025, snapshot: { 'health-expenses': {} }, created_at: '2026-02-01T10:00:00.000Z', status: 'approved', categoryStatuses: { 'health-expenses': 'approved' }, categoryRefunds: { 'health-expenses': 839.96 }, totalApprovedRefund: 839.96 }],
});

const fixtures = {
  'session.user.changed': () => [{ type: 'session.user.changed', user: DECIDED }],
} satisfies EventFixtures<typeof refundOptionsMachine>;

const model = createModelTest(refundOptionsMachine, { events: fixtures, input: INPUT, serializeContext: (c) => c.user === DECIDED });
const oracle = expectedSteps<RefundOptionsContext>({
  initial: { value: 'showing', context: INPUT },
  transitions: { showing: { 'session.user.changed': { to: 'showing', context: (c) => ({ ...c, user: DECIDED }) } } },
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
          // €200 of relief on the €500 paid through MaxOut (not the €800 of the whole pension), plus €839.96 once the 2025 claim is approved.
          expect(view.refund.total).toBe(ctx.actor.getSnapshot().context.user === DECIDED ? 1_039.96 : 200);
          expect(view.refund.headline).toBe(ctx.actor.getSnapshot().context.user === DECIDED ? '€1,039.96' : '€200.00');
          expect(view.tiles).toHaveLength(8);
        },
      }),
    );
  }
});
