import { createActor, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { profileEditMachine } from '../../machines/profileEdit/profileEdit.machine.ts';
import type { ProfileEditContext, SaveProfileResult } from '../../machines/profileEdit/profileEdit.types.ts';
import { profileEditView } from '../../machines/profileEdit/profileEdit.view.ts';
import { PPSN_INVALID, SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import type { User } from '../../src/domain/schemas/user.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { CHANGES, inputOf, modelFor, OUTAGE, REFUSED_ERROR, SAVE, USER } from './profileEdit.model.ts';

type DoneEvent = EventObject & { output: SaveProfileResult };

function oracleFor(returnTo: string | null) {
  return expectedSteps<ProfileEditContext>({
    initial: { value: 'editing', context: { ...inputOf(returnTo), error: null } },
    tags: { saving: ['busy'] },
    final: ['done'],
    caseOf: (event) => {
      if (event.type === 'xstate.done.actor.saveProfile') return (event as DoneEvent).output.ok ? 'save ok' : 'save refused';
      if (event.type === 'xstate.error.actor.saveProfile') return 'save outage';
      return event.type;
    },
    transitions: {
      editing: { 'profile.save': { to: 'saving', context: (c) => ({ ...c, error: null }) } },
      saving: {
        'save ok': { to: returnTo === null ? 'saved' : 'done', context: (c) => ({ ...c, user: USER }) },
        'save refused': { to: 'editing', context: (c) => ({ ...c, error: REFUSED_ERROR }) },
        'save outage': { to: 'editing', context: (c) => ({ ...c, error: OUTAGE }) },
      },
      // Only a visit without returnTo ever rests on "saved".
      ...(returnTo === null ? { saved: { 'profile.save': { to: 'saving', context: (c: ProfileEditContext) => ({ ...c, error: null }) } } } : {}),
    },
  });
}

for (const returnTo of [null, '/roundups'] as const) {
  describe(`profile edit machine: model-based, returnTo ${String(returnTo)}`, () => {
    const model = modelFor(returnTo);
    const oracle = oracleFor(returnTo);

    it('the expected table matches the generated paths', () => {
      expect(oracle.unusedRules(model.paths)).toEqual([]);
    });

    for (const path of model.paths) {
      it(path.description, async () => {
        const announced: User[] = [];
        const navigated: string[] = [];
        await model.runPath(path, {
          createActor: ({ promises }) =>
            createActor(
              profileEditMachine.provide({
                actors: { saveProfile: promises.logic() },
                actions: { announceUser: (_, p) => void announced.push(p.user), navigate: (_, p) => void navigated.push(p.to) },
              }),
              { input: inputOf(returnTo) },
            ),
          afterStep: (ctx) => {
            oracle.check(ctx);
            const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof profileEditMachine.resolveState>;
            const view = profileEditView(snapshot);
            expect(view.busy).toBe(snapshot.matches('saving'));
            expect(view.canSave).toBe(snapshot.matches('editing') || snapshot.matches('saved'));
            expect(view.saved).toBe(snapshot.matches('saved'));
            const error = snapshot.context.error;
            expect(view.error).toBe(error === null ? null : error.status === null ? SOMETHING_WENT_WRONG : REFUSED_ERROR.message);
            expect(view.fieldErrors).toEqual(error?.status === 422 ? { ppsn: PPSN_INVALID } : {});
            // The form starts from the profile as the screen opened on it; a save hands the session the saved one.
            expect(view.form.initialValues.ppsn).toBe(snapshot.context.user === USER ? USER.ppsn : '');
            if (snapshot.matches('saving')) expect(ctx.promises.inputs.saveProfile).toEqual(CHANGES);
          },
        });
        const saves = path.steps.filter((step) => step.event.type === 'xstate.done.actor.saveProfile' && (step.event as DoneEvent).output.ok).length;
        expect(announced).toHaveLength(saves);
        expect(navigated).toEqual(returnTo !== null && saves > 0 ? [returnTo] : []);
      });
    }
  });
}

describe('profile edit machine: coverage of both kinds of visit', () => {
  it('every state and transition is covered by the visits with and without returnTo', () => {
    const withReturn = modelFor('/roundups').coverage();
    const without = modelFor(null).coverage();
    expect(withReturn.states.uncovered.filter((s) => without.states.uncovered.includes(s))).toEqual([]);
    expect(withReturn.transitions.uncovered.filter((t) => without.transitions.uncovered.includes(t))).toEqual([]);
  });
});

describe('profile edit machine: outages', () => {
  it('answers as an outage when the app provides no actor (harmless default)', async () => {
    vi.useRealTimers();
    const actor = createActor(profileEditMachine, { input: inputOf(null) }).start();
    actor.send(SAVE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(OUTAGE);
  });
});
