import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { LoadProfileOutput, LoginOutput, RegisterOutput, Session, SignInInput, User, VerifyCodeOutput } from '../../machines/auth/auth.types.ts';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';

/**
 * Model-based test of the sign-in child (credentials, then the profile if the response had none):
 * one model per form, paths generated with xstate/graph, every state and transition covered by the
 * two together, every path run against a real actor whose value, context and output must match the
 * model's at every step.
 */

const user: User = {
  first_name: 'Aoife',
  surname: 'Byrne',
  ppsn: '1234567T',
  date_of_birth: '1990-04-01',
  email: 'aoife@example.ie',
  annual_income: 52000,
  paid_pension: 1000,
  pension: 2500,
  marital_status: 'single',
  pension_plan_id: 'PP-1',
  taxback: 12345,
  form11: [],
  paye_a1_authorized: true,
  opt_out_paye_auth: false,
};
const session = (n: number, withUser: User | null): Session => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  ...(withUser ? { user: withUser } : {}),
});
const fail = (error: ApiFailure) => ({ ok: false as const, error });
const outage = new Error('the promise rejected (outage)');

const credentialsOutputs: (RegisterOutput & VerifyCodeOutput)[] = [
  { ok: true, session: session(1, user) }, // the response carries the user
  { ok: true, session: session(2, null) }, // no user: the profile is fetched
  fail({ status: 401, message: null, source: 'server' }),
  fail({ status: null, message: 'Failed to fetch', source: 'network' }),
];
// A login may also end in the code step (two-step sign-in is on).
const loginOutputs: LoginOutput[] = [...credentialsOutputs, { ok: false, codeRequired: true, challenge: 'challenge-1' }];
const profileOutputs: LoadProfileOutput[] = [{ ok: true, user }, fail({ status: 503, message: null, source: 'server' })];

const done = (id: string, outputs: readonly unknown[]) => () => outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const error = (id: string) => () => [{ type: `xstate.error.actor.${id}`, error: outage }];

const fixtures = {
  'xstate.done.actor.login': done('login', loginOutputs),
  'xstate.done.actor.verifyCode': done('verifyCode', credentialsOutputs),
  'xstate.error.actor.verifyCode': error('verifyCode'),
  'xstate.error.actor.login': error('login'),
  'xstate.done.actor.register': done('register', credentialsOutputs),
  'xstate.error.actor.register': error('register'),
  'xstate.done.actor.loadProfile': done('loadProfile', profileOutputs),
  'xstate.error.actor.loadProfile': error('loadProfile'),
} satisfies EventFixtures<typeof signInMachine>;

const inputs: Record<'login' | 'register' | 'code', SignInInput> = {
  code: { request: { kind: 'code', challenge: 'challenge-1', code: '123456' } },
  login: { request: { kind: 'login', credentials: { email: 'aoife@example.ie', password: 'correct horse', remember: true } } },
  register: { request: { kind: 'register', payload: { email: 'new@example.ie', details: { dob: '1990-04-01', maritalStatus: 'single' } } } },
};

const models = {
  login: createModelTest(signInMachine, { events: fixtures, input: inputs.login }),
  register: createModelTest(signInMachine, { events: fixtures, input: inputs.register }),
  code: createModelTest(signInMachine, { events: fixtures, input: inputs.code }),
};

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
      it(`${kind}: ${path.description}`, async () => {
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
