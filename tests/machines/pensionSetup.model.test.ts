import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { pensionSetupMachine } from '../../machines/pensionSetup/pensionSetup.machine.ts';
import { selectCanSubmit, selectErrorMessage, selectFieldErrors, selectIsBusy } from '../../machines/pensionSetup/pensionSetup.selectors.ts';
import type { PensionSetupContext, SavePensionInfoResult } from '../../machines/pensionSetup/pensionSetup.types.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { model, OUTAGE, REFUSAL, USER, VALUES } from './pensionSetup.model.ts';

const oracle = expectedSteps<PensionSetupContext>({
  initial: { value: 'editing', context: { error: null } },
  tags: { saving: ['busy'] },
  final: ['saved'],
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.savePensionInfo') return (event as EventObject & { output: SavePensionInfoResult }).output.ok ? 'save ok' : 'save refused';
    if (event.type === 'xstate.error.actor.savePensionInfo') return 'save outage';
    return event.type;
  },
  transitions: {
    editing: { 'pensionInfo.submit': { to: 'saving', context: () => ({ error: null }) } },
    saving: {
      'save ok': { to: 'saved' },
      'save refused': { to: 'editing', context: () => ({ error: REFUSAL }) },
      'save outage': { to: 'editing', context: () => ({ error: OUTAGE }) },
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
          ),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof pensionSetupMachine.resolveState>;
          expect(selectCanSubmit(snapshot)).toBe(snapshot.matches('editing'));
          expect(selectIsBusy(snapshot)).toBe(snapshot.matches('saving'));
          if (snapshot.matches('saving')) expect(ctx.promises.inputs.savePensionInfo).toEqual(VALUES);
          // The session gets the user and the Overview opens only once saved.
          expect(userSaved.mock.calls).toEqual(snapshot.matches('saved') ? [[USER]] : []);
          expect(navigate.mock.calls).toEqual(snapshot.matches('saved') ? [['/landing']] : []);
        },
      });
    });
  }

  it('selectors word a refusal by field and an outage with the retry message', () => {
    const refused = pensionSetupMachine.resolveState({ value: 'editing', context: { error: REFUSAL } });
    expect(selectFieldErrors(refused)).toEqual({ pension_plan_id: m.PENSION_PLAN_ID_FORMAT });
    expect(selectErrorMessage(refused)).toBe('The given data was invalid.');
    const outage = pensionSetupMachine.resolveState({ value: 'editing', context: { error: OUTAGE } });
    expect(selectErrorMessage(outage)).toBe(m.SOMETHING_WENT_WRONG);
    expect(selectFieldErrors(outage)).toEqual({});
  });
});
