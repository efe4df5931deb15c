import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { overviewMachine } from '../../machines/overview/overview.machine.ts';
import type { OverviewContext } from '../../machines/overview/overview.types.ts';
import { overviewView } from '../../machines/overview/overview.view.ts';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import { expectedSteps } from '../support/expectedSteps.ts';

import { aUser } from '../support/builders.ts';
import { INPUT, MANDATE, model, NEAR_LIMIT, OUTAGE, PAID, PAUSED, START } from './overview.model.ts';

const oracle = expectedSteps<OverviewContext>({
  initial: { value: 'showing', context: START },
  caseOf: (event, before) => {
    if (event.type === 'overview.pause') return before.context.mandate !== null && before.context.mandate.paused_until === null ? 'overview.pause' : 'pause without a collecting mandate';
    if (event.type === 'xstate.done.actor.pauseMandate') return (event as typeof event & { output: { ok: boolean } }).output.ok ? 'pauseMandate ok' : 'pauseMandate refused';
    return event.type;
  },
  transitions: {
    showing: {
      'xstate.done.actor.loadMandate': { to: 'showing', context: (c) => ({ ...c, mandate: MANDATE }) },
      'overview.maxing.open': { to: 'maxing' },
      'overview.pause': { to: 'pausing', context: (c) => ({ ...c, pauseError: null }) },
      'session.user.changed': { to: 'showing', context: (c) => ({ ...c, user: PAID }) },
    },
    pausing: {
      'pauseMandate ok': { to: 'showing', context: (c) => ({ ...c, mandate: PAUSED }) },
      'pauseMandate refused': { to: 'showing', context: (c) => ({ ...c, pauseError: OUTAGE }) },
      'xstate.error.actor.pauseMandate': { to: 'showing', context: (c) => ({ ...c, pauseError: OUTAGE }) },
      'session.user.changed': { to: 'pausing', context: (c) => ({ ...c, user: PAID }) },
    },
    maxing: {
      'xstate.done.actor.loadMandate': { to: 'maxing', context: (c) => ({ ...c, mandate: MANDATE }) },
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
        createActor: ({ promises }) => createActor(overviewMachine.provide({ actors: { loadMandate: promises.logic(), pauseMandate: promises.logic() } }), { input: INPUT }),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof overviewMachine.resolveState>;
          const view = overviewView(snapshot);
          expect(view.maxingOpen).toBe(snapshot.matches('maxing'));
          // The gauge follows the session's user: €1,500 before the payment, €3,500 after.
          expect(view.pension.current).toBe(snapshot.context.user === PAID ? 3_500 : 1_500);
          // The refund so far counts only the €2,000 paid through MaxOut (40 %), never the payroll €1,500.
          expect(view.refund.headline).toBe(snapshot.context.user === PAID ? '€800.00' : '€0.00');
          const paused = snapshot.context.mandate?.paused_until != null;
          expect(view.directDebit?.next ?? null).toBe(snapshot.context.mandate ? (paused ? 'Next collection: 15 January 2027' : 'Next collection: 15 December 2026') : null);
          expect(view.directDebit?.paused ?? null).toBe(paused ? 'Paused until 31 December 2026: nothing is collected until then.' : null);
          expect(view.directDebit?.pausing ?? false).toBe(snapshot.matches('pausing'));
          expect(view.directDebit?.pauseError ?? null).toBe(snapshot.context.pauseError ? failureMessage(OUTAGE) : null);
          // The €1,500 or €3,500 paid leaves room for 15 December: no warning, so no Pause button.
          expect(view.directDebit?.canPause ?? false).toBe(false);
        },
      }),
    );
  }
});

describe('overview view', () => {
  const view = (context: Partial<OverviewContext> = {}) => overviewView(overviewMachine.resolveState({ value: 'showing', context: { ...START, ...context } }));

  it('counts the days to 31 December and names the year', () => {
    expect(view()).toMatchObject({ year: 2026, daysLeft: 35 });
    expect(view({ today: '2026-12-31' }).daysLeft).toBe(0);
  });

  it('shows the year’s pension over the limit: 36 in 2026 (20 %) of €60,000 is €12,000', () => {
    expect(view().pension).toEqual({ current: 1_500, limit: 12_000, headroom: 10_500 });
  });

  it('shows the relief on MaxOut contributions over what the year’s room would earn (40 % above the €44,000 band)', () => {
    // €1,500 through payroll was relieved at source; the €2,000 through MaxOut earns €800 of the €10,500 room’s €4,200.
    expect(view({ user: PAID }).refund).toMatchObject({ pensionRelief: 800, pensionReliefMax: 4_200, total: 800, headline: '€800.00', pendingNote: null, share: (800 / 4_200) * 100 });
    expect(view().refund).toMatchObject({ pensionRelief: 0, total: 0, headline: '€0.00', share: 0 });
    expect(view({ user: null }).refund).toMatchObject({ total: 0, pensionReliefMax: 0, share: 0 });
  });

  it('adds approved claims, names the pending ones, and keeps income out of the credits', () => {
    const claim = {
      id: 'c1',
      year: 2025,
      snapshot: { 'rent-tax-credit': {}, 'health-expenses': {}, 'rental-income': {} },
      created_at: '2026-02-01T10:00:00.000Z',
      status: 'pending' as const,
      categoryStatuses: { 'rent-tax-credit': 'approved' as const, 'health-expenses': 'pending' as const, 'rental-income': 'pending' as const },
      categoryRefunds: { 'rent-tax-credit': 500, 'health-expenses': 839.96, 'rental-income': -100 },
      totalApprovedRefund: 500,
    };
    const shown = view({ user: { ...PAID, form11: [claim] } });
    // €800 relief + €500 approved; €839.96 − €100 pending.
    expect(shown.refund).toMatchObject({ total: 1_300, headline: '€1,300.00', pendingByYear: [{ year: 2025, amount: 739.96 }], pendingNote: '€739.96 pending with Revenue' });
    expect(shown.credits[0]!.categories.map((line) => line.category)).toEqual(['health-expenses', 'rent-tax-credit']);
    expect(shown.credits[0]!.income.map((line) => line.category)).toEqual(['rental-income']);
  });

  it('shows the direct debit, its next collection and the collections left this year', () => {
    expect(view().directDebit).toBeNull();
    expect(view({ mandate: MANDATE }).directDebit).toEqual({
      summary: '€350.00 a month from IE29 •••• 5678, on day 15',
      next: 'Next collection: 15 December 2026',
      remaining: '1 collection still to come in 2026: €350.00.',
      warning: null,
      paused: null,
      canPause: false,
      pausing: false,
      pauseError: null,
    });
  });

  it('flags the collection that would pass the relief limit: €11,900 paid of €12,000 leaves €100 of room', () => {
    const nearLimit = aUser({ annual_income: 60_000, date_of_birth: '1990-04-01', paid_pension: 1_500, pension: 11_900 });
    expect(view({ user: nearLimit, mandate: MANDATE }).directDebit?.warning).toBe('The collection on 15 December 2026 would pass your tax relief limit: €250.00 this year would earn no relief.');
  });

  it('offers "Pause the direct debit" beside the warning; paused to 31 December, the Overview says so and warns no more', () => {
    expect(view({ user: NEAR_LIMIT, mandate: MANDATE }).directDebit).toMatchObject({ canPause: true, pausing: false, paused: null, pauseError: null });
    const pausing = overviewView(overviewMachine.resolveState({ value: 'pausing', context: { ...START, user: NEAR_LIMIT, mandate: MANDATE } }));
    expect(pausing.directDebit).toMatchObject({ canPause: false, pausing: true });
    expect(view({ user: NEAR_LIMIT, mandate: PAUSED }).directDebit).toEqual({
      summary: '€350.00 a month from IE29 •••• 5678, on day 15',
      next: 'Next collection: 15 January 2027',
      remaining: 'No more collections in 2026.',
      warning: null,
      paused: 'Paused until 31 December 2026: nothing is collected until then.',
      canPause: false,
      pausing: false,
      pauseError: null,
    });
    expect(view({ user: NEAR_LIMIT, mandate: MANDATE, pauseError: OUTAGE }).directDebit?.pauseError).toBe(failureMessage(OUTAGE));
  });
});
