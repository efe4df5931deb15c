import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../machines/resetPassword/resetPassword.machine.ts';
import { resetPasswordView } from '../../machines/resetPassword/resetPassword.view.ts';
import type { CheckLinkInput, CheckLinkResult, ResetPasswordContext, SavePasswordInput, SavePasswordResult } from '../../machines/resetPassword/resetPassword.types.ts';
import { SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps } from '../support/expectedSteps.ts';
import { ACCEPTED, LINK_INVALID, LINK_OK, LINK_OK_TWO_FACTOR, LINK_SPENT, model, OUTAGE, REFUSED, SPENT_LINK, SUBMIT, SUBMITTED, TOKEN } from './resetPassword.model.ts';

const START: ResetPasswordContext = { token: TOKEN, twoFactor: null, error: null };

/** The expected behaviour, written from the spec and the screen, not read from the machine. */
const oracle = expectedSteps<ResetPasswordContext>({
  initial: { value: 'checking', context: START },
  tags: { checking: ['loading'], saving: ['busy'] },
  final: ['saved', 'linkInvalid'],
  caseOf: (event) => {
    if (event.type === 'xstate.done.actor.checkLink') {
      const output = (event as EventObject & { output: CheckLinkResult }).output;
      if (output.ok) return output.twoFactor ? 'link ok, two-step on' : 'link ok';
      return output.error.fieldErrors?.['token'] ? 'link refused' : 'link check failed';
    }
    if (event.type === 'xstate.error.actor.checkLink') return 'link check outage';
    if (event.type === 'xstate.done.actor.savePassword') {
      return (event as EventObject & { output: SavePasswordResult }).output.ok ? 'savePassword ok' : 'savePassword refused';
    }
    if (event.type === 'xstate.error.actor.savePassword') return 'savePassword outage';
    return event.type;
  },
  transitions: {
    checking: {
      'link ok': { to: 'editing', context: (c) => ({ ...c, twoFactor: false }) },
      'link ok, two-step on': { to: 'editing', context: (c) => ({ ...c, twoFactor: true }) },
      // Said at once: no form to fill in for nothing.
      'link refused': { to: 'linkInvalid', context: (c) => ({ ...c, error: SPENT_LINK }) },
      // The check could not say: the form, with the two-step offer (twoFactor unknown).
      'link check failed': { to: 'editing' },
      'link check outage': { to: 'editing' },
    },
    editing: { 'password.submit': { to: 'saving', context: (c) => ({ ...c, error: null }) } },
    saving: {
      'savePassword ok': { to: 'saved' },
      'savePassword refused': { to: 'editing', context: (c) => ({ ...c, error: SPENT_LINK }) },
      'savePassword outage': { to: 'editing', context: (c) => ({ ...c, error: OUTAGE }) },
    },
  },
});

describe('reset-password machine: model-based', () => {
  const journeys = [
    model.pathFromEvents('a link spent meanwhile, then a new attempt clears the error and succeeds', [LINK_OK, SUBMIT, REFUSED, SUBMIT, ACCEPTED]),
    model.pathFromEvents('an account with two-step sign-in turns it off with the new password', [LINK_OK_TWO_FACTOR, { ...SUBMIT, turn_off_two_factor: true }, ACCEPTED]),
  ];

  it('covers every state and transition, and the expected table matches the generated paths', () => {
    model.assertFullCoverage();
    expect(model.coverage().states.covered).toEqual(expect.arrayContaining(['checking', 'linkInvalid', 'editing', 'saving', 'saved']));
    expect(oracle.unusedRules([...model.paths, ...journeys])).toEqual([]);
  });

  it('pins the journeys the shortest paths leave out', () => {
    expect(journeys[0]!.steps.map((s) => s.state.value)).toEqual(['checking', 'editing', 'saving', 'editing', 'saving', 'saved']);
    expect(journeys[1]!.steps.map((s) => s.state.value)).toEqual(['checking', 'editing', 'saving', 'saved']);
  });

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, () => {
      let forgotten = 0;
      return model.runPath(path, {
        createActor: ({ promises }) =>
          createActor(
            resetPasswordMachine.provide({
              actors: { checkLink: promises.logic(), savePassword: promises.logic() },
              actions: { forgetEndedSession: () => void (forgotten += 1) },
            }),
            { input: { token: TOKEN } },
          ),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as ReturnType<typeof resetPasswordMachine.resolveState>;
          const view = resetPasswordView(snapshot);
          expect(view.canSubmit, 'the form can be submitted only while editing').toBe(snapshot.matches('editing'));
          expect(view.busy).toBe(snapshot.matches('saving'));
          expect(view.step).toBe(({ checking: 'checking', linkInvalid: 'linkInvalid', saved: 'saved', editing: 'form', saving: 'form' } as const)[snapshot.value as string]);
          const error = snapshot.context.error;
          expect(view.error).toBe(error === null ? null : error.status === null ? SOMETHING_WENT_WRONG : LINK_INVALID);
          expect(view.linkInvalid, 'a spent link offers a new one').toBe(error?.status === 422);
          expect(view.fieldErrors, 'the token’s message is not a field’s').toEqual({});
          // The offer to turn two-step sign-in off: unless the server said the account has none.
          expect(view.offerTwoFactorOff).toBe(snapshot.context.twoFactor !== false);
          // The ended session is forgotten once, exactly when the password is saved.
          expect(forgotten).toBe(snapshot.matches('saved') ? 1 : 0);
          if (snapshot.matches('checking')) expect(ctx.promises.inputs.checkLink).toEqual({ token: TOKEN });
          if (snapshot.matches('saving')) {
            const asked = ctx.promises.inputs.savePassword as SavePasswordInput;
            expect(asked).toEqual(asked.turn_off_two_factor ? { ...SUBMITTED, turn_off_two_factor: true } : SUBMITTED);
          }
        },
      });
    });
  }
});

describe('reset-password machine: outages and inputs', () => {
  it('answers as an outage when the app provides no actors (harmless defaults): the form shows, saving says why', async () => {
    const actor = createActor(resetPasswordMachine, { input: { token: TOKEN } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(resetPasswordView(actor.getSnapshot()).offerTwoFactorOff).toBe(true);
    actor.send(SUBMIT);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(OUTAGE);
  });

  it('a spent link shows no form; a new account’s link offers no two-step switch-off; one with two-step sign-in does', async () => {
    const run = async (answer: CheckLinkResult) => {
      const actor = createActor(resetPasswordMachine.provide({ actors: { checkLink: fromPromise<CheckLinkResult, CheckLinkInput>(async () => answer) } }), { input: { token: TOKEN } }).start();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return resetPasswordView(actor.getSnapshot());
    };
    expect(await run(LINK_SPENT.output)).toMatchObject({ step: 'linkInvalid', error: LINK_INVALID, linkInvalid: true, canSubmit: false });
    expect(await run(LINK_OK.output)).toMatchObject({ step: 'form', offerTwoFactorOff: false, canSubmit: true });
    expect(await run(LINK_OK_TWO_FACTOR.output)).toMatchObject({ step: 'form', offerTwoFactorOff: true });
  });

  it('sends the request to turn two-step sign-in off only when the user asked for it', async () => {
    const inputs: SavePasswordInput[] = [];
    const logic = resetPasswordMachine.provide({
      actors: {
        checkLink: fromPromise<CheckLinkResult, CheckLinkInput>(async () => LINK_OK_TWO_FACTOR.output),
        savePassword: fromPromise<SavePasswordResult, SavePasswordInput>(async ({ input }) => {
          inputs.push(input);
          return { ok: false, error: SPENT_LINK };
        }),
      },
    });
    const actor = createActor(logic, { input: { token: TOKEN } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send(SUBMIT);
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ ...SUBMIT, turn_off_two_factor: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inputs).toEqual([SUBMITTED, { ...SUBMITTED, turn_off_two_factor: true }]);
  });
});
