import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { pensionRefundMachine } from '../../machines/pensionRefund/pensionRefund.machine.ts';
import type { AddClaimResult, PensionRefundContext } from '../../machines/pensionRefund/pensionRefund.types.ts';
import { pensionRefundView } from '../../machines/pensionRefund/pensionRefund.view.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { ADD, CLAIM, FORBIDDEN, INPUT, model, RELOADED } from './pensionRefund.model.ts';

type DoneEvent = EventObject & { output: AddClaimResult };

const oracle = expectedSteps<PensionRefundContext>({
  initial: { value: 'idle', context: { ...INPUT, adding: null, added: [], failure: null } },
  tags: { adding: ['busy'] },
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.addClaim') return (event as DoneEvent).output.ok ? 'ok' : 'refused';
    if (event.type === 'xstate.error.actor.addClaim') return 'outage';
    return event.type;
  },
  transitions: {
    idle: {
      'claim.add': { to: 'adding', context: (c) => ({ ...c, adding: 2024, failure: null }) },
      'session.user.changed': { to: 'idle', context: (c) => ({ ...c, user: RELOADED }) },
    },
    adding: {
      'session.user.changed': { to: 'adding', context: (c) => ({ ...c, user: RELOADED }) },
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
          createActor(pensionRefundMachine.provide({ actors: { addClaim: promises.logic() }, actions: { reloadProfile: () => void (reloads += 1) } }), { input: INPUT }),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof pensionRefundMachine.resolveState>;
          const view = pensionRefundView(snapshot);
          expect(view.canAdd).toBe(snapshot.matches('idle'));
          expect(view.years.map((card) => card.year)).toEqual([2025, 2024, 2023, 2022]);
          expect(view.years.find((card) => card.adding)?.year ?? null).toBe(snapshot.matches('adding') ? 2024 : null);
          // The claimed badge appears once the reloaded profile has the 2024 claim.
          expect(view.years.find((card) => card.year === 2024)?.claimed).toEqual(snapshot.context.user === RELOADED ? [{ label: expect.any(String), status: 'pending', refund: 960 }] : []);
          if (snapshot.matches('adding')) expect(ctx.promises.inputs.addClaim).toEqual(CLAIM);
        },
      });
      const oks = path.steps.filter((s) => s.event.type === 'xstate.done.actor.addClaim' && (s.event as DoneEvent).output.ok).length;
      expect(reloads).toBe(oks);
    });
  }

  it('a card reads its year’s failure with the server’s field messages, and a year added twice is listed once', async () => {
    const refused: ApiFailure = { status: 422, message: 'Please check the details you entered', source: 'server', fieldErrors: { 'answer.providerName': ['Must be at least 2 characters'], year: ['closed'] } };
    const view = pensionRefundView(pensionRefundMachine.resolveState({ value: 'idle', context: { ...INPUT, adding: null, added: [2024], failure: { year: 2023, error: refused } } }));
    const card = (year: number) => view.years.find((c) => c.year === year)!;
    expect(card(2023).failure).toEqual({ status: 422, message: 'Please check the details you entered', fields: { providerName: 'Must be at least 2 characters' } });
    expect(card(2024).failure).toBeNull();
    expect(view.years.filter((c) => c.added).map((c) => c.year)).toEqual([2024]);
    const actor = createActor(pensionRefundMachine.provide({ actors: { addClaim: (await import('xstate')).fromPromise(async () => ({ ok: true }) as AddClaimResult) } }), { input: INPUT }).start();
    actor.send(ADD);
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send(ADD);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.added).toEqual([2024]);
  });
});

describe('pension refund view', () => {
  const view = pensionRefundView(pensionRefundMachine.resolveState({ value: 'idle', context: { ...INPUT, adding: null, added: [], failure: null } }));

  it('works out each year’s limit from the age reached that year: 34 in 2024 (20 %) of €60,000 is €12,000', () => {
    const relief = view.years.find((c) => c.year === 2024)!.relief(2_400, 60_000);
    expect(relief).toMatchObject({ ageInYear: 34, agePercentage: 20, limit: 12_000, paid: 2_400, carriedForward: 0 });
  });

  it('and from the income of that year: €9,000 earned in 2023 at 33 (20 %) is a €1,800 limit, relieved at 20 %', () => {
    // €2,400 paid: €1,800 relieved at 20 % (€9,000 is all in the standard band) = €360, €600 carried forward.
    const relief = view.years.find((c) => c.year === 2023)!.relief(2_400, 9_000);
    expect(relief).toMatchObject({ ageInYear: 33, limit: 1_800, relievable: 1_800, carriedForward: 600, marginalRate: 0.2 });
    // At €60,000 the same payment is all relieved, at 40 %.
    expect(view.years.find((c) => c.year === 2023)!.relief(2_400, 60_000)).toMatchObject({ limit: 12_000, relievable: 2_400, carriedForward: 0, marginalRate: 0.4, relief: 960 });
  });

  it('asks each year’s income: the claim year’s is filled in from the profile, the earlier ones are empty and required', () => {
    expect(view.years.map((card) => [card.year, card.initialValues.incomeInYear])).toEqual([
      [2025, 60_000],
      [2024, ''],
      [2023, ''],
      [2022, ''],
    ]);
    const values = { category: 'personal-retirement-savings', providerName: 'Zurich Life', policyNumber: 'PRSA-1', contributionsPaid: 2_400 as const, incomeInYear: '' as const };
    expect(view.validate(values)).toEqual({ incomeInYear: 'Enter your income for that year' });
    expect(view.validate({ ...values, incomeInYear: 41_000 })).toEqual({});
    expect(view.claimOf(2023, { ...values, incomeInYear: 41_000 }).answer).toEqual({ providerName: 'Zurich Life', policyNumber: 'PRSA-1', contributionsPaid: 2_400, incomeInYear: 41_000 });
  });

  it('validates a card as the Form 11 page does, and makes its claim of the trimmed values', () => {
    const values = { category: 'personal-retirement-savings', providerName: ' Zurich Life ', policyNumber: 'PRSA-1 ', contributionsPaid: 2_400 as const, incomeInYear: '' as const };
    expect(view.validate({ ...values, providerName: '' })).toHaveProperty('providerName');
    expect(view.claimOf(2024, values)).toEqual(CLAIM);
  });
});
