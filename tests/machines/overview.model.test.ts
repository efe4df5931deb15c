import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { overviewMachine } from '../../machines/overview/overview.machine.ts';
import type { OverviewContext } from '../../machines/overview/overview.types.ts';
import { overviewView } from '../../machines/overview/overview.view.ts';
import { expectedSteps } from '../support/expectedSteps.ts';

import { INPUT, model, PAID } from './overview.model.ts';

const oracle = expectedSteps<OverviewContext>({
  initial: { value: 'showing', context: INPUT },
  transitions: {
    showing: {
      'overview.maxing.open': { to: 'maxing' },
      'session.user.changed': { to: 'showing', context: (c) => ({ ...c, user: PAID }) },
    },
    maxing: {
      'overview.maxing.close': { to: 'showing' },
      'session.user.changed': { to: 'maxing', context: (c) => ({ ...c, user: PAID }) },
    },
  },
});

describe('overview machine: model-based', () => {
  it('covers every state and transition, and the expected table matches', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  for (const path of model.paths) {
    it(path.description, () =>
      model.runPath(path, {
        createActor: () => createActor(overviewMachine, { input: INPUT }),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof overviewMachine.resolveState>;
          const view = overviewView(snapshot);
          expect(view.maxingOpen).toBe(snapshot.matches('maxing'));
          // The gauge follows the session's user: €1,500 before the payment, €3,500 after.
          expect(view.pension.current).toBe(snapshot.context.user === PAID ? 3_500 : 1_500);
        },
      }),
    );
  }
});

describe('overview view', () => {
  const view = (context: Partial<OverviewContext> = {}) => overviewView(overviewMachine.resolveState({ value: 'showing', context: { ...INPUT, ...context } }));

  it('counts the days to 31 December and names the year', () => {
    expect(view()).toMatchObject({ year: 2026, daysLeft: 35 });
    expect(view({ today: '2026-12-31' }).daysLeft).toBe(0);
  });

  it('shows the year’s pension over the limit: 36 in 2026 (20 %) of €60,000 is €12,000', () => {
    expect(view().pension).toEqual({ current: 1_500, limit: 12_000, headroom: 10_500 });
  });

  it('shows the relief earned in euro over the most it could be (40 % above the €44,000 band)', () => {
    expect(view({ user: PAID }).refund).toEqual({ amount: 1_400, max: 4_800, share: (1_400 / 4_800) * 100 });
    expect(view({ user: null }).refund).toEqual({ amount: 0, max: 0, share: 0 });
  });
});
