import type { LoadProfileOutput, LoginOutput, RegisterOutput, Session, SignInInput, User, VerifyCodeOutput } from '../../machines/auth/auth.types.ts';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const user: User = aUser({ annual_income: 52000, paye_a1_authorized: true });
export const session = (n: number, withUser: User | null): Session => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  ...(withUser ? { user: withUser } : {}),
});
export const fail = (error: ApiFailure) => ({ ok: false as const, error });
export const outage = new Error('the promise rejected (outage)');

export const credentialsOutputs: (RegisterOutput & VerifyCodeOutput)[] = [
  { ok: true, session: session(1, user) }, // the response carries the user
  { ok: true, session: session(2, null) }, // no user: the profile is fetched
  fail({ status: 401, message: null, source: 'server' }),
  fail({ status: null, message: 'Failed to fetch', source: 'network' }),
];
// A login may also end in the code step (two-step sign-in is on).
export const loginOutputs: LoginOutput[] = [...credentialsOutputs, { ok: false, codeRequired: true, challenge: 'challenge-1' }];
export const profileOutputs: LoadProfileOutput[] = [{ ok: true, user }, fail({ status: 503, message: null, source: 'server' })];

export const done = <T,>(id: string, outputs: readonly T[]) => () => outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
export const error = (id: string) => () => [{ type: `xstate.error.actor.${id}`, error: outage }];

export const fixtures = {
  'xstate.done.actor.login': done('login', loginOutputs),
  'xstate.done.actor.verifyCode': done('verifyCode', credentialsOutputs),
  'xstate.error.actor.verifyCode': error('verifyCode'),
  'xstate.error.actor.login': error('login'),
  'xstate.done.actor.register': done('register', credentialsOutputs),
  'xstate.error.actor.register': error('register'),
  'xstate.done.actor.loadProfile': done('loadProfile', profileOutputs),
  'xstate.error.actor.loadProfile': error('loadProfile'),
} satisfies EventFixtures<typeof signInMachine>;

export const inputs: Record<'login' | 'register' | 'code', SignInInput> = {
  code: { request: { kind: 'code', challenge: 'challenge-1', code: '123456' } },
  login: { request: { kind: 'login', credentials: { email: 'aoife@example.ie', password: 'correct horse', remember: true } } },
  register: { request: { kind: 'register', payload: { email: 'new@example.ie', details: { dob: '1990-04-01', maritalStatus: 'single' } } } },
};

export const models = {
  login: createModelTest(signInMachine, { name: 'login', events: fixtures, input: inputs.login }),
  register: createModelTest(signInMachine, { name: 'register', events: fixtures, input: inputs.register }),
  code: createModelTest(signInMachine, { name: 'code', events: fixtures, input: inputs.code }),
};

const answer = (call: string, output: { ok: boolean; session?: Session; error?: ApiFailure; codeRequired?: boolean }) => {
  if (output.ok) return `${call} answers tokens${output.session?.user ? ' and the user' : ', without the user'}`;
  if (output.codeRequired) return `${call} answers: a code is needed (two-step sign-in)`;
  return `${call} ${output.error?.status === null ? `gets no answer (${output.error.source})` : `refuses (${output.error?.status})`}`;
};

export const doc = pathDoc(signInMachine, fixtures, {
  testFile: 'tests/machines/signIn.model.test.ts',
  models: [models.login, models.register, models.code],
  visits: { login: 'The login form', register: 'The register form', code: 'The code step of a login with two-step sign-in' },
  start: (snapshot) =>
    ({ login: 'Submit the login form (email, password, Remember me)', register: 'Submit the register form', code: 'Type the code from the authenticator app and submit' })[
      snapshot.context.request.kind
    ],
  words: {
    'xstate.done.actor.login': (event) => answer('POST /auth/login', event.output),
    'xstate.error.actor.login': 'POST /auth/login breaks (the call rejects)',
    'xstate.done.actor.verifyCode': (event) => answer('POST /auth/two-factor', event.output),
    'xstate.error.actor.verifyCode': 'POST /auth/two-factor breaks (the call rejects)',
    'xstate.done.actor.register': (event) => answer('POST /auth/register', event.output),
    'xstate.error.actor.register': 'POST /auth/register breaks (the call rejects)',
    'xstate.done.actor.loadProfile': (event) => (event.output.ok ? 'GET /profile answers the user' : `GET /profile fails (${event.output.error.status})`),
    'xstate.error.actor.loadProfile': 'GET /profile breaks (the call rejects)',
  },
});
