import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { Session, SignInContext, SignInInput } from '../../machines/auth/auth.types.ts';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { expectedSteps, type TransitionRule } from '../support/expectedSteps.ts';
import { inputs, models, user } from './signIn.model.ts';

/**
 * Model-based test of the sign-in child (credentials, then the profile if the response had none):
 * one model per form, paths generated with xstate/graph, every state and transition covered by the
 * two together, every path run against a real actor whose value, context and output must match the
 * model's at every step.
 */

// ─── The expected behaviour, written from spec section 4, not read from the machine ──────────────

const NO_ANSWER: ApiFailure = { status: null, message: null, source: 'network' };
type Output = { ok: boolean; session?: Session; user?: typeof user; error?: ApiFailure; codeRequired?: boolean; challenge?: string };
const outputOf = (event: EventObject) => (event as EventObject & { output: Output }).output;

/** What a credentials call's answer leads to: tokens with the user (done), tokens alone (fetch the profile), or the failure. */
const credentialsRules = (): Record<string, TransitionRule<SignInContext>> => ({
  'ok with the user': { to: 'succeeded', context: (c, e) => ({ ...c, session: outputOf(e).session!, user: outputOf(e).session!.user! }) },
  'ok without the user': { to: 'loadingProfile', context: (c, e) => ({ ...c, session: outputOf(e).session!, user: null }) },
  refused: { to: 'failed', context: (c, e) => ({ ...c, error: outputOf(e).error! }) },
  outage: { to: 'failed', context: (c) => ({ ...c, error: NO_ANSWER }) },
});

function oracleFor(input: SignInInput) {
  const first = { login: 'loggingIn', register: 'registering', code: 'verifyingCode' }[input.request.kind];
  return expectedSteps<SignInContext>({
    initial: { value: first, context: { request: input.request, session: null, user: null, error: null, challenge: null } },
    final: ['succeeded', 'failed', 'codeRequired'],
    caseOf: (event) => {
      if (event.type.startsWith('xstate.error.actor.')) return 'outage';
      const output = outputOf(event);
      if (output.ok) return event.type === 'xstate.done.actor.loadProfile' ? 'profile' : output.session?.user ? 'ok with the user' : 'ok without the user';
      return output.codeRequired ? 'code required' : 'refused';
    },
    transitions: {
      // Only the call this form makes: the other two never run for it.
      ...(input.request.kind === 'login'
        ? {
            loggingIn: {
              ...credentialsRules(),
              // Two-step sign-in is on: the challenge goes to the code step, no tokens yet.
              'code required': { to: 'codeRequired', context: (c: SignInContext, e: EventObject) => ({ ...c, challenge: outputOf(e).challenge! }) },
            },
          }
        : { [first]: credentialsRules() }),
      loadingProfile: {
        profile: { to: 'succeeded', context: (c, e) => ({ ...c, user: outputOf(e).user! }) },
        refused: { to: 'failed', context: (c, e) => ({ ...c, error: outputOf(e).error! }) },
        outage: { to: 'failed', context: (c) => ({ ...c, error: NO_ANSWER }) },
      },
    },
  });
}
const oracles = { login: oracleFor(inputs.login), register: oracleFor(inputs.register), code: oracleFor(inputs.code) };

describe('sign-in child model', () => {
  it('covers every state and every transition with the two forms and the code step together', () => {
    const reports = Object.values(models).map((model) => model.coverage());
    const uncoveredByAll = (pick: (r: (typeof reports)[number]) => string[]) =>
      pick(reports[0]!).filter((item) => reports.every((report) => pick(report).includes(item)));
    expect(uncoveredByAll((r) => r.states.uncovered)).toEqual([]);
    expect(uncoveredByAll((r) => r.transitions.uncovered)).toEqual([]);
    for (const model of Object.values(models)) expect(model.unrealisablePaths).toEqual([]);
    // Every rule of the three tables is taken by some path of its form.
    expect(Object.entries(oracles).flatMap(([kind, oracle]) => oracle.unusedRules(models[kind as keyof typeof models].paths).map((rule) => `${kind}: ${rule}`))).toEqual([]);
  });

  for (const [kind, model] of Object.entries(models)) {
    for (const path of model.paths) {
      it(path.description, async () => {
        await model.runPath(path, {
          createActor: ({ promises }) =>
            createActor(
              signInMachine.provide({
                actors: { login: promises.logic(), verifyCode: promises.logic(), register: promises.logic(), loadProfile: promises.logic() },
              }),
              { input: inputs[kind as keyof typeof inputs] },
            ),
          assertContext: true,
          afterStep: (ctx) => {
            oracles[kind as keyof typeof oracles].check(ctx);
            const { actor, step, promises } = ctx;
            const snapshot = actor.getSnapshot();
            expect(snapshot.status).toBe(step.state.status);
            // A finished sign-in says exactly what the model says: tokens and user, or the failure.
            expect(snapshot.output).toEqual(step.state.output);
            if (snapshot.value === 'succeeded') {
              expect(snapshot.output).toMatchObject({ ok: true, user });
            }
            // A login that needs a code ends with its challenge and no tokens.
            if (snapshot.value === 'codeRequired') {
              expect(snapshot.output).toEqual({ ok: false, codeRequired: true, challenge: 'challenge-1' });
              expect(snapshot.context.session).toBeNull();
            }
            // The code step sends the challenge and the code, unchanged.
            if (snapshot.value === 'verifyingCode') expect(promises.inputs.verifyCode).toEqual({ challenge: 'challenge-1', code: '123456' });
            // The profile is fetched with the new token, and only when the response had no user.
            if (snapshot.value === 'loadingProfile') {
              expect(promises.inputs.loadProfile).toEqual({ accessToken: snapshot.context.session?.access_token });
            }
            // The credentials go to the call the form asked for, unchanged.
            if (snapshot.value === 'loggingIn') expect(promises.inputs.login).toEqual(inputs.login.request.kind === 'login' ? inputs.login.request.credentials : null);
            if (snapshot.value === 'registering') expect(promises.inputs.register).toEqual({ payload: inputs.register.request.kind === 'register' ? inputs.register.request.payload : null });
          },
        });
      });
    }
  }
});
