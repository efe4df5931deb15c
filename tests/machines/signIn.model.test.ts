import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import { inputs, models, user } from './signIn.model.ts';

/**
 * Model-based test of the sign-in child (credentials, then the profile if the response had none):
 * one model per form, paths generated with xstate/graph, every state and transition covered by the
 * two together, every path run against a real actor whose value, context and output must match the
 * model's at every step.
 */

describe('sign-in child model', () => {
  it('covers every state and every transition with the two forms and the code step together', () => {
    const reports = Object.values(models).map((model) => model.coverage());
    const uncoveredByAll = (pick: (r: (typeof reports)[number]) => string[]) =>
      pick(reports[0]!).filter((item) => reports.every((report) => pick(report).includes(item)));
    expect(uncoveredByAll((r) => r.states.uncovered)).toEqual([]);
    expect(uncoveredByAll((r) => r.transitions.uncovered)).toEqual([]);
    for (const model of Object.values(models)) expect(model.unrealisablePaths).toEqual([]);
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
          afterStep: ({ actor, step, promises }) => {
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
