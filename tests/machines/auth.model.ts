import type { ApiFailure } from '../../src/domain/failure.ts';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { LogoutOutput, RefreshSessionOutput, RestoreSessionOutput, Session, SignInOutput, User } from '../../machines/auth/auth.types.ts';
import { aUser } from '../support/builders.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

export const user: User = aUser({ annual_income: 52000, paye_a1_authorized: true });
export const freshUser: User = { ...user, email: 'new@example.ie', first_name: '', surname: '', annual_income: null, paye_a1_authorized: false };

/** An access token of another user: a JWT-shaped string whose payload names another `sub`. */
export const OTHER_USER_TOKEN = `x.${btoa(JSON.stringify({ sub: 'another-user' })).replace(/=+$/, '')}.y`;
export const session = (n: number, withUser: User | null = user): Session => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  ...(withUser ? { user: withUser } : {}),
});

export const fail = (error: ApiFailure) => ({ ok: false as const, error });
export const outage = new Error('the promise rejected (outage)');

export const restoreOutputs: RestoreSessionOutput[] = [
  { ok: true, session: session(1), user, remember: true },
  // A stored session without a refresh token: a later 401 fails fast with 'No refresh token'.
  { ok: true, session: { access_token: 'access-only', refresh_token: '' }, user, remember: false },
  { ok: false, reason: 'none' },
  { ok: false, reason: 'failed' },
];
// What the sign-in child (its own model test: signIn.model.test.ts) can end with, for a login…
export const loginOutputs: SignInOutput[] = [
  { ok: true, session: session(2), user },
  fail({ status: 401, message: null, source: 'server' }),
  fail({ status: 401, message: 'Your account is locked.', source: 'server' }),
  fail({ status: 422, message: null, source: 'server' }),
  fail({ status: 500, message: null, source: 'server' }),
  fail({ status: null, message: 'Failed to fetch', source: 'network' }),
  fail({ status: null, message: null, source: 'network' }),
  // Two-step sign-in is on: the code step comes next.
  { ok: false, codeRequired: true, challenge: 'challenge-1' },
];
// …for the code step of a login…
export const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
export const EXPIRED = 'This sign-in has expired. Please log in again.';
export const codeOutputs: SignInOutput[] = [
  { ok: true, session: session(3), user },
  fail({ status: 401, message: WRONG_CODE, source: 'server', fieldErrors: { code: [WRONG_CODE] } }),
  fail({ status: 401, message: EXPIRED, source: 'server', fieldErrors: { challenge: [EXPIRED] } }),
  fail({ status: null, message: 'Failed to fetch', source: 'network' }),
];
// …and for a registration.
export const registerOutputs: SignInOutput[] = [
  { ok: true, session: session(4, freshUser), user: freshUser },
  fail({
    status: 422,
    message: 'The given data was invalid.',
    source: 'server',
    fieldErrors: { email: ['The email has already been taken.'], 'details.dob': ['You must be at least 16 years old to register'] },
  }),
  fail({ status: 500, message: 'Server error, please try again later.', source: 'server' }),
];
export const refreshOutputs: RefreshSessionOutput[] = [
  { ok: true, session: session(6) },
  fail({ status: 401, message: 'Refresh token revoked.', source: 'server' }),
  fail({ status: null, message: 'Failed to fetch', source: 'network' }),
];
// Both outcomes lead to the same state and effects, so the graph keeps the first: the server failure.
export const logoutOutputs: LogoutOutput[] = [fail({ status: 500, message: null, source: 'server' }), { ok: true }];

export const done = <T,>(id: string, outputs: readonly T[]) => () => outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
export const error = (id: string) => () => [{ type: `xstate.error.actor.${id}`, error: outage }];

export const fixtures = {
  'login.submit': () => [
    { type: 'login.submit', email: 'aoife@example.ie', password: 'correct horse', remember: true, redirectTo: '/roundups', at: T0 + 60_000 },
  ],
  'register.submit': () => [
    {
      type: 'register.submit',
      payload: { email: 'new@example.ie', details: { dob: '1990-04-01', maritalStatus: 'single', pensionPlanId: 'PP-9' } },
      at: T0 + 90_000,
    },
  ],
  'twoFactor.submit': () => [{ type: 'twoFactor.submit', code: '123456', at: T0 + 120_000 }],
  'twoFactor.cancel': () => [{ type: 'twoFactor.cancel' }],
  'errors.clear': () => [{ type: 'errors.clear' }],
  'session.unauthorized': () => [{ type: 'session.unauthorized' }],
  logout: () => [{ type: 'logout' }],
  'session.timeout': () => [{ type: 'session.timeout', from: '/settings?tab=2' }],
  // What the inactivity child reports when it hears the user (this tab, another tab, Continue Session).
  'session.activity': () => [{ type: 'session.activity' }],
  'session.external.signedOut': () => [{ type: 'session.external.signedOut' }],
  'session.revoked': () => [{ type: 'session.revoked' }],
  'session.external.updated': () => [
    { type: 'session.external.updated', session: session(7, null) },
    // Another user's tokens (a readable JWT whose sub differs from this tab's): never adopted.
    { type: 'session.external.updated', session: { access_token: OTHER_USER_TOKEN, refresh_token: 'refresh-other' } },
  ],
  'profile.reload': () => [{ type: 'profile.reload' }],
  'profile.updated': () => [{ type: 'profile.updated', user: { ...user, first_name: 'Aoibheann', annual_income: 61000 } }],
  'xstate.done.actor.restoreSession': done('restoreSession', restoreOutputs),
  'xstate.error.actor.restoreSession': error('restoreSession'),
  // One child id for both forms; which outputs make sense depends on which form asked.
  'xstate.done.actor.signIn': (snapshot) =>
    done(
      'signIn',
      snapshot.matches({ signedOut: 'registering' }) ? registerOutputs : snapshot.matches({ signedOut: 'verifyingCode' }) ? codeOutputs : loginOutputs,
    )(),
  'xstate.done.actor.refreshSession': done('refreshSession', refreshOutputs),
  'xstate.error.actor.refreshSession': error('refreshSession'),
  'xstate.done.actor.logout': done('logout', logoutOutputs),
  'xstate.error.actor.logout': error('logout'),
} satisfies EventFixtures<typeof authMachine>;

export const model = createModelTest(authMachine, {
  events: fixtures,
  input: { now: T0 },
  // Keep apart what guards and screens depend on; every value here comes from a finite fixture set.
  serializeContext: (c) => ({
    refreshToken: Boolean(c.refreshToken),
    loginError: c.loginError,
    twoFactorChallenge: c.twoFactorChallenge,
    codeError: c.codeError,
    registerError: c.registerError?.message ?? null,
    refreshError: c.refreshError,
    activitySinceRefresh: c.activitySinceRefresh,
    idleSignOut: c.idleSignOut !== null,
  }),
});

const failed = (call: string, output: { ok: boolean; error?: ApiFailure }) =>
  output.error?.status === null ? `${call} gets no answer (${output.error.message ?? 'offline'})` : `${call} refuses (${output.error?.status}${output.error?.message ? `: ${output.error.message}` : ''})`;

export const doc = pathDoc(authMachine, fixtures, {
  testFile: 'tests/machines/auth.model.test.ts',
  models: [model],
  start: 'Open the app (it looks for a stored session)',
  words: {
    'login.submit': (event) => `Submit the login form as ${event.email}${event.remember ? ' with Remember me' : ''}, sent there from ${event.redirectTo}`,
    'register.submit': (event) => `Submit the register form as ${event.payload.email}`,
    'twoFactor.submit': (event) => `Type the code ${event.code} and submit`,
    'twoFactor.cancel': 'Press "Back" on the code step',
    'errors.clear': 'Leave the login or register screen',
    'session.unauthorized': 'An API call answers 401',
    logout: 'Press "Logout"',
    'session.timeout': 'The inactivity countdown runs out',
    'session.activity': 'The user is active (this tab, another tab, or "Continue Session")',
    'session.external.signedOut': 'Another tab signs out',
    'session.revoked': 'A password is saved through a mailed link in this tab (the server ended the sessions)',
    'session.external.updated': (event) =>
      event.session.access_token === OTHER_USER_TOKEN ? "Another tab stores another user's tokens" : 'Another tab of this user stores rotated tokens',
    'profile.reload': 'Something changed on the server: the profile is loaded again',
    'profile.updated': 'A save answers the user as the server now has it',
    'xstate.done.actor.restoreSession': (event) =>
      event.output.ok
        ? `A stored session is found and its profile loads${event.output.session.refresh_token ? '' : ' (no refresh token stored)'}`
        : event.output.reason === 'none'
          ? 'Nothing is stored'
          : 'Tokens are stored but the profile cannot be loaded',
    'xstate.error.actor.restoreSession': 'Restoring the session breaks (offline)',
    'xstate.done.actor.signIn': (event) => {
      const output = event.output as SignInOutput;
      if (output.ok) return 'The sign-in succeeds with tokens and the user';
      if ('codeRequired' in output) return 'The sign-in answers: a code is needed (two-step sign-in)';
      return failed('The sign-in', output);
    },
    'xstate.done.actor.refreshSession': (event) => (event.output.ok ? 'POST /auth/refresh answers new tokens' : failed('POST /auth/refresh', event.output)),
    'xstate.error.actor.refreshSession': 'POST /auth/refresh breaks (the call rejects)',
    'xstate.done.actor.logout': (event) => (event.output.ok ? 'POST /auth/logout answers' : failed('POST /auth/logout', event.output)),
    'xstate.error.actor.logout': 'POST /auth/logout breaks (the call rejects)',
  },
});
