import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { pensionSetupMachine } from '../../machines/pensionSetup/pensionSetup.machine.ts';
import type { PensionSetupContext, SavePensionInfoResult } from '../../machines/pensionSetup/pensionSetup.types.ts';
import { pensionSetupView } from '../../machines/pensionSetup/pensionSetup.view.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { aUser } from '../support/builders.ts';
import { expectedSteps } from '../support/expectedSteps.ts';

import { INPUT, model, OUTAGE, REFUSAL, USER, VALUES } from './pensionSetup.model.ts';

const oracle = expectedSteps<PensionSetupContext>({
  initial: { value: 'editing', context: { ...INPUT, error: null } },
  tags: { saving: ['busy'] },
  final: ['saved'],
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.savePensionInfo') return (event as EventObject & { output: SavePensionInfoResult }).output.ok ? 'save ok' : 'save refused';
    if (event.type === 'xstate.error.actor.savePensionInfo') return 'save outage';
    return event.type;
  },
  transitions: {
    editing: { 'pensionInfo.submit': { to: 'saving', context: (c) => ({ ...c, error: null }) } },
    saving: {
      'save ok': { to: 'saved' },
      'save refused': { to: 'editing', context: (c) => ({ ...c, error: REFUSAL }) },
      'save outage': { to: 'editing', context: (c) => ({ ...c, error: OUTAGE }) },
    },
  },
});

describe('pension setup machine: model-based', () => {
  it('covers every state and transition, and the expected table matches', () => {
    model.assertFullCoverage();
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  for (const path of model.paths) {
    it(path.description, async () => {
      const userSaved = vi.fn();
      const navigate = vi.fn();
      await model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(
            pensionSetupMachine.provide({
              actors: { savePensionInfo: promises.logic() },
              actions: { userSaved: (_, params) => userSaved(params.user), navigate: (_, params) => navigate(params.to) },
            }),
            { input: INPUT },
          ),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof pensionSetupMachine.resolveState>;
          const view = pensionSetupView(snapshot);
          expect(view.canSubmit).toBe(snapshot.matches('editing'));
          expect(view.busy).toBe(snapshot.matches('saving'));
          if (snapshot.matches('saving')) expect(ctx.promises.inputs.savePensionInfo).toEqual(VALUES);
          // The session gets the user and the Overview opens only once saved.
          expect(userSaved.mock.calls).toEqual(snapshot.matches('saved') ? [[USER]] : []);
          expect(navigate.mock.calls).toEqual(snapshot.matches('saved') ? [['/landing']] : []);
        },
      });
    });
  }

  it.each([
    ['/contribute?amount=50', '/contribute?amount=50'],
    ['/form11-questionnaire', '/form11-questionnaire'],
    // Never an open redirect: another site, a protocol-relative or backslash path goes to the Overview.
    ['https://evil.example/phish', '/landing'],
    ['//evil.example', '/landing'],
    ['/\\evil.example', '/landing'],
  ])('saved, the page asked for before setup opens: returnTo %s → %s', async (returnTo, expected) => {
    const navigate = vi.fn();
    const actor = createActor(
      pensionSetupMachine.provide({
        actors: { savePensionInfo: fromPromise(async () => ({ ok: true, user: USER }) as SavePensionInfoResult) },
        actions: { navigate: (_, params) => navigate(params.to) },
      }),
      { input: { ...INPUT, returnTo } },
    ).start();
    actor.send({ type: 'pensionInfo.submit', values: VALUES });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(navigate.mock.calls).toEqual([[expected]]);
    actor.stop();
  });

  it('the view words a refusal by field and an outage with the retry message', () => {
    const refused = pensionSetupView(pensionSetupMachine.resolveState({ value: 'editing', context: { ...INPUT, error: REFUSAL } }));
    expect(refused.fieldErrors).toEqual({ pension_plan_id: m.PENSION_PLAN_ID_FORMAT });
    expect(refused.error).toBe('The given data was invalid.');
    const outage = pensionSetupView(pensionSetupMachine.resolveState({ value: 'editing', context: { ...INPUT, error: OUTAGE } }));
    expect(outage.error).toBe(m.SOMETHING_WENT_WRONG);
    expect(outage.fieldErrors).toEqual({});
  });

  it('the view previews the relief limit of the figures as typed', () => {
    // Born 1 April 1990: 36 in 2026, the 30-39 band (20 %). €60,000 → €12,000, less €2,000 paid.
    const view = pensionSetupView(pensionSetupMachine.resolveState({ value: 'editing', context: { user: aUser({ annual_income: null, date_of_birth: '1990-04-01' }), today: '2026-05-10', returnTo: null, error: null } }));
    const typed = { annual_income: 60_000, paid_pension: 2_000, marital_status: 'single', pension_plan_id: '', spouse_annual_income: '', assessment_basis: 'joint' } as const;
    expect(view.initialValues).toEqual({ annual_income: '', paid_pension: '', marital_status: 'single', pension_plan_id: '', spouse_annual_income: '', assessment_basis: 'joint' });
    expect(view.preview(typed)).toEqual({ ageBand: '30 to 39', percentage: 20, maximum: 10_000 });
    // Earnings count up to 2026's €115,000.
    expect(view.preview({ ...typed, annual_income: 200_000, paid_pension: '', marital_status: 'married' }).maximum).toBe(23_000);
    expect(view.earningsCap).toBe(115_000);
  });

  it('the age band is the highest age reached in the tax year: 40 on 1 December 2026 is the 40-49 band all year', () => {
    const view = pensionSetupView(pensionSetupMachine.resolveState({ value: 'editing', context: { user: aUser({ annual_income: 60_000, date_of_birth: '1986-12-01' }), today: '2026-05-10', returnTo: null, error: null } }));
    expect(view.preview({ annual_income: 60_000, paid_pension: 0, marital_status: 'single', pension_plan_id: '', spouse_annual_income: '', assessment_basis: 'joint' })).toEqual({ ageBand: '40 to 49', percentage: 25, maximum: 15_000 });
  });

  it('a married user’s spouse income and basis start from the profile', () => {
    const user = aUser({ annual_income: 60_000, marital_status: 'married', spouse_annual_income: 20_000, assessment_basis: 'separate' });
    const view = pensionSetupView(pensionSetupMachine.resolveState({ value: 'editing', context: { user, today: '2026-05-10', returnTo: null, error: null } }));
    expect(view.initialValues).toMatchObject({ marital_status: 'married', spouse_annual_income: 20_000, assessment_basis: 'separate' });
  });
});
