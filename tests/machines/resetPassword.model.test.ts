import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../machines/resetPassword/resetPassword.machine.ts';
import { resetPasswordView } from '../../machines/resetPassword/resetPassword.view.ts';
import type { ResetPasswordContext, SavePasswordInput, SavePasswordResult } from '../../machines/resetPassword/resetPassword.types.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { ACCEPTED, LINK_INVALID, model, OUTAGE, REFUSED, SPENT_LINK, SUBMIT, SUBMITTED } from './resetPassword.model.ts';

/** The expected behaviour, written from the spec and the screen, not read from the machine. */
const oracle = expectedSteps<ResetPasswordContext>({
  initial: { value: 'editing', context: { error: null } },
  tags: { saving: ['busy'] },
  final: ['saved'],
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.savePassword') {
      return (event as EventObject & { output: SavePasswordResult }).output.ok ? 'savePassword ok' : 'savePassword refused';
    }
    if (event.type === 'xstate.error.actor.savePassword') return 'savePassword outage';
    return event.type;
  },
  transitions: {
    editing: { 'password.submit': { to: 'saving', context: () => ({ error: null }) } },
    saving: {
      'savePassword ok': { to: 'saved' },
      'savePassword refused': { to: 'editing', context: () => ({ error: SPENT_LINK }) },
      'savePassword outage': { to: 'editing', context: () => ({ error: OUTAGE }) },
    },
  },
});

describe('reset-password machine: model-based', () => {
  it('covers every state and transition, and the expected table matches the generated paths', () => {
    model.assertFullCoverage();
    expect(model.coverage().states.covered).toEqual(['editing', 'saving', 'saved']);
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  const journeys = [model.pathFromEvents('a spent link, then a new attempt clears the error and succeeds', [SUBMIT, REFUSED, SUBMIT, ACCEPTED])];

  it('pins the journey the shortest paths leave out', () => {
    expect(journeys[0]!.steps.map((s) => s.state.value)).toEqual(['editing', 'saving', 'editing', 'saving', 'saved']);
  });

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, () =>
      model.runPath(path, {
        createActor: ({ promises }) => createActor(resetPasswordMachine.provide({ actors: { savePassword: promises.logic() } })),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof resetPasswordMachine.resolveState>;
          const view = resetPasswordView(snapshot);
          expect(view.canSubmit, 'the form can be submitted only while editing').toBe(snapshot.matches('editing'));
          expect(view.busy).toBe(snapshot.matches('saving'));
          expect(view.step).toBe(snapshot.matches('saved') ? 'saved' : 'form');
          const error = snapshot.context.error;
          expect(view.error).toBe(error === null ? null : error.status === null ? SOMETHING_WENT_WRONG : LINK_INVALID);
          expect(view.linkInvalid, 'a spent link offers a new one').toBe(error?.status === 422);
          expect(view.fieldErrors, 'the token’s message is not a field’s').toEqual({});
          if (snapshot.matches('saving')) expect(ctx.promises.inputs.savePassword).toEqual(SUBMITTED);
        },
      }),
    );
  }
});

describe('reset-password machine: outages', () => {
  it('answers as an outage when the app provides no actor (harmless default)', async () => {
    const actor = createActor(resetPasswordMachine).start();
    actor.send({ type: 'password.submit', ...SUBMITTED });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(OUTAGE);
  });

  it('sends the request to turn two-step sign-in off only when the user asked for it', async () => {
    const inputs: SavePasswordInput[] = [];
    const logic = resetPasswordMachine.provide({
      actors: {
        savePassword: fromPromise<SavePasswordResult, SavePasswordInput>(async ({ input }) => {
          inputs.push(input);
          return { ok: false, error: SPENT_LINK };
        }),
      },
    });
    const actor = createActor(logic).start();
    actor.send({ type: 'password.submit', ...SUBMITTED });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'password.submit', ...SUBMITTED, turn_off_two_factor: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inputs).toEqual([SUBMITTED, { ...SUBMITTED, turn_off_two_factor: true }]);
  });
});
