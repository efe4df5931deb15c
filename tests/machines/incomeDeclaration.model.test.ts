import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { incomeDeclarationMachine } from '../../machines/incomeDeclaration/incomeDeclaration.machine.ts';
import { incomeDeclarationView } from '../../machines/incomeDeclaration/incomeDeclaration.view.ts';
import type {
  Declaration,
  IncomeDeclarationContext,
  LoadResult,
  SaveResult,
} from '../../machines/incomeDeclaration/incomeDeclaration.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { expectedSteps } from '../support/expectedSteps.ts';

import { type CHOSEN, DECLARATION, type Mode, type NONE_CHOSEN, OUTAGE_MESSAGE, REFUSED, SAVED, SUBMIT, YEAR, visits } from './incomeDeclaration.model.ts';

type Output = EventObject & { output: { ok: boolean } };
const OUTAGE: ApiFailure = { status: null, message: OUTAGE_MESSAGE, source: 'network' };

/** The expected behaviour from spec section 4 ("Income selection", "Final form") and the screens, for each mode. */
function oracleFor(mode: Mode) {
  const inFlow = mode === 'inFlow';
  const choosing = mode === 'choosing';
  const start: IncomeDeclarationContext = { year: YEAR, inFlow, choosing, saved: {}, declaration: null, estimate: null, error: null };
  return expectedSteps<IncomeDeclarationContext>({
    initial: { value: choosing ? 'choosing' : 'loading', context: start },
    tags: { loading: ['loading'], saving: ['busy'], estimating: ['busy'] },
    final: ['done'],
    caseOf: (event) => {
      const [, kind, , id] = event.type.split('.');
      if (kind === 'done' && id !== 'estimateRefund') return `${id} ${(event as Output).output.ok ? 'ok' : 'refused'}`;
      if (kind === 'done' || kind === 'error') return `${id} ${kind}`;
      if (event.type === 'incomes.choose') return (event as typeof CHOSEN | typeof NONE_CHOSEN).incomeIds.length > 0 ? 'incomes chosen' : 'no income';
      return event.type;
    },
    transitions: {
      ...(choosing
        ? { choosing: { 'incomes chosen': { to: 'done' }, 'no income': { to: 'estimating' } } }
        : {
            loading: {
              'loadIncomeForms ok': { to: 'editing', context: (c) => ({ ...c, saved: SAVED }) },
              'loadIncomeForms refused': { to: 'editing' },
              'loadIncomeForms error': { to: 'editing' },
            },
            editing: {
              'declaration.submit': { to: 'saving', context: (c) => ({ ...c, declaration: DECLARATION, error: null }) },
            },
            saving: {
              'saveIncomeForms ok': { to: inFlow ? 'done' : 'estimating' },
              'saveIncomeForms refused': { to: 'editing', context: (c) => ({ ...c, error: REFUSED }) },
              'saveIncomeForms error': { to: 'editing', context: (c) => ({ ...c, error: OUTAGE }) },
            },
          }),
      ...(inFlow
        ? {}
        : {
            estimating: {
              'estimateRefund done': { to: 'showingEstimate', context: (c) => ({ ...c, estimate: 812.5 }) },
              'estimateRefund error': { to: 'showingEstimate', context: (c) => ({ ...c, estimate: 0 }) },
            },
            showingEstimate: { 'estimate.dismiss': { to: 'done' } },
          }),
    },
  });
}

const models = visits.map((visit) => ({ ...visit, oracle: oracleFor(visit.mode) }));

const MODE_NAMES: Record<Mode, string> = { inFlow: 'as a step of the guided flow', onItsOwn: 'on its own', choosing: 'choosing the incomes' };

it('income declaration machine: the three modes together cover every state and transition', () => {
  const uncovered = (kind: 'states' | 'transitions') =>
    models.map(({ model }) => model.coverage()[kind].uncovered).reduce((left, right) => left.filter((item) => right.includes(item)));
  expect(uncovered('states')).toEqual([]);
  expect(uncovered('transitions')).toEqual([]);
});

for (const { mode, inFlow, input, model, oracle } of models) {
  describe(`income declaration machine ${MODE_NAMES[mode]}: model-based`, () => {
    it('the expected table matches the generated paths', () => {
      expect(oracle.unusedRules(model.paths)).toEqual([]);
    });

    for (const path of model.paths) {
      it(path.description, () => {
        const effects = { completeFlow: vi.fn(), navigate: vi.fn(), refreshProfile: vi.fn(), logFailure: vi.fn() };
        return model.runPath(path, {
          createActor: ({ promises }) =>
            createActor(
              incomeDeclarationMachine.provide({
                actors: { loadIncomeForms: promises.logic(), saveIncomeForms: promises.logic(), estimateRefund: promises.logic() },
                actions: {
                  completeFlow: (_, params) => effects.completeFlow(params),
                  navigate: (_, params) => effects.navigate(params),
                  refreshProfile: () => effects.refreshProfile(),
                  logFailure: (_, params) => effects.logFailure(params),
                },
              }),
              { input },
            ),
          afterStep: (ctx) => {
            oracle.check(ctx);
            const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof incomeDeclarationMachine.resolveState>;
            const { context } = snapshot;
            const view = incomeDeclarationView(snapshot);
            expect(view.canChoose).toBe(snapshot.matches('choosing'));
            expect(view.canSubmit).toBe(snapshot.matches('editing'));
            expect(view.loading).toBe(snapshot.matches('loading'));
            expect(view.busy).toBe(snapshot.matches('saving') || snapshot.matches('estimating'));
            expect(view.estimate, 'the estimate shows exactly while it is on screen').toBe(snapshot.matches('showingEstimate') ? context.estimate : null);
            expect(view.saveFailed).toBe(context.error !== null);
            expect(view.saved).toBe(context.saved);
            if (snapshot.matches('saving')) expect(ctx.promises.inputs.saveIncomeForms).toEqual({ year: YEAR, declaration: DECLARATION });
            const done = snapshot.status === 'done';
            const choseIncomes = ctx.path.steps.some((step) => step.event.type === 'incomes.choose' && (step.event as typeof CHOSEN).incomeIds.length > 0);
            // The flow gets the declaration exactly when a save succeeded in it; on its own the user goes to the refund options after OK.
            expect(effects.completeFlow).toHaveBeenCalledTimes(inFlow && done ? 1 : 0);
            if (inFlow && done) expect(effects.completeFlow).toHaveBeenCalledWith({ declaration: DECLARATION });
            expect(effects.navigate).toHaveBeenCalledTimes(!inFlow && done ? 1 : 0);
            if (!inFlow && done) {
              // Chosen incomes are declared next (known ids only, in catalogue order); none: the refund options after the estimate.
              expect(effects.navigate).toHaveBeenCalledWith(
                choseIncomes ? { to: '/form11/final-form', search: { incomeIds: ['rental-income', 'uk-dividends'], year: YEAR } } : { to: '/tax-refund-options' },
              );
            }
            const estimated = snapshot.matches('estimating') || snapshot.matches('showingEstimate') || (done && !choseIncomes);
            expect(effects.refreshProfile).toHaveBeenCalledTimes(!inFlow && estimated ? 1 : 0);
          },
        });
      });
    }
  });
}

describe('income declaration effects', () => {
  it('logs a failed load with its status only and starts empty', async () => {
    const logFailure = vi.fn();
    const actor = createActor(
      incomeDeclarationMachine.provide({
        actors: { loadIncomeForms: fromPromise<LoadResult, { year: number }>(async () => ({ ok: false, error: REFUSED })) },
        actions: { logFailure: (_, params) => logFailure(params) },
      }),
      { input: { year: YEAR, inFlow: false } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(logFailure).toHaveBeenCalledWith({ operation: 'load', failure: REFUSED });
    expect(actor.getSnapshot().context.saved).toEqual({});
    actor.stop();
  });

  it('reads a non-finite estimate as 0', () => {
    const actor = createActor(
      incomeDeclarationMachine.provide({
        actors: {
          saveIncomeForms: fromPromise<SaveResult, { year: number; declaration: Declaration }>(async () => ({ ok: true })),
          estimateRefund: fromPromise<number, { year: number }>(async () => Number.NaN),
        },
      }),
      { input: { year: YEAR, inFlow: false } },
    ).start();
    return vi.waitFor(async () => {
      if (actor.getSnapshot().matches('editing')) actor.send(SUBMIT);
      expect(actor.getSnapshot().value).toBe('showingEstimate');
      expect(actor.getSnapshot().context.estimate).toBe(0);
    });
  });
});
