import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../machines/resetPassword/resetPassword.machine.ts';
import {
  selectCanSubmit,
  selectErrorMessage,
  selectFieldErrors,
  selectIsBusy,
  selectSaved,
} from '../../machines/resetPassword/resetPassword.selectors.ts';
import type { ResetPasswordContext, SavePasswordInput, SavePasswordResult } from '../../machines/resetPassword/resetPassword.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';

const SUBMITTED = { token: 't0k3n', password: 'correct horse battery', password_confirmation: 'correct horse battery' } satisfies SavePasswordInput;
const LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';
const SPENT_LINK: ApiFailure = { status: 422, message: LINK_INVALID, source: 'server', fieldErrors: { token: [LINK_INVALID] } };
const OUTAGE: ApiFailure = { status: null, message: null, source: 'network' };

const SUBMIT = { type: 'password.submit', ...SUBMITTED } as const;
const ACCEPTED = { type: 'xstate.done.actor.savePassword', output: { ok: true } satisfies SavePasswordResult };
const REFUSED = { type: 'xstate.done.actor.savePassword', output: { ok: false, error: SPENT_LINK } satisfies SavePasswordResult };

const fixtures = {
  'password.submit': () => [SUBMIT, { ...SUBMIT, turn_off_two_factor: true }],
  'xstate.done.actor.savePassword': () => [ACCEPTED, REFUSED],
  'xstate.error.actor.savePassword': () => [{ type: 'xstate.error.actor.savePassword', error: new Error('socket hang up') }],
} satisfies EventFixtures<typeof resetPasswordMachine>;

const model = createModelTest(resetPasswordMachine, { events: fixtures });

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
          expect(selectCanSubmit(snapshot), 'the form can be submitted only while editing').toBe(snapshot.matches('editing'));
          expect(selectIsBusy(snapshot)).toBe(snapshot.matches('saving'));
          expect(selectSaved(snapshot)).toBe(snapshot.matches('saved'));
          if (snapshot.matches('saving')) expect(ctx.promises.inputs.savePassword).toEqual(SUBMITTED);
        },
      }),
    );
  }
});

describe('reset-password selectors', () => {
  const view = (error: ApiFailure | null) => resetPasswordMachine.resolveState({ value: 'editing', context: { error } });

  it('read the first server message per field, skipping empty lists', () => {
    const tooCommon: ApiFailure = {
      status: 422,
      message: 'The given data was invalid.',
      source: 'server',
      fieldErrors: { password: ['This password is too common.', 'Second message'], token: [] },
    };
    expect(selectFieldErrors(view(tooCommon))).toEqual({ password: 'This password is too common.' });
    expect(selectErrorMessage(view(tooCommon))).toBe('The given data was invalid.');
    expect(selectFieldErrors(view(SPENT_LINK))).toEqual({ token: LINK_INVALID });
    expect(selectFieldErrors(view(null))).toEqual({});
  });

  it('word an outage with the generic retry message', () => {
    expect(selectErrorMessage(view(OUTAGE))).toBe(SOMETHING_WENT_WRONG);
    expect(selectErrorMessage(view(null))).toBeNull();
  });

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
