import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type EventObject } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import { selectAccessToken, selectIsSignedIn } from '../../machines/auth/auth.selectors.ts';
import { authView } from '../../machines/auth/auth.view.ts';
import { signInView } from '../../machines/auth/signIn.view.ts';
import type { LogoutOutput, RefreshSessionOutput, RestoreSessionOutput, Session, SignInOutput, User } from '../../machines/auth/auth.types.ts';
import { createModelTest, type EventFixtures, type ModelStep } from '../support/modelTest.ts';

/**
 * Model-based test of the auth machine: paths generated with xstate/graph (tests/support/modelTest.ts),
 * every state and transition covered, every path run against a real actor with controllable promise
 * actors, fake timers and the real inactivity child; effects recorded and checked after every step.
 */

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

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
const freshUser: User = { ...user, email: 'new@example.ie', first_name: '', surname: '', annual_income: null, paye_a1_authorized: false };

/** An access token of another user: a JWT-shaped string whose payload names another `sub`. */
const OTHER_USER_TOKEN = `x.${btoa(JSON.stringify({ sub: 'another-user' })).replace(/=+$/, '')}.y`;
const session = (n: number, withUser: User | null = user): Session => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  ...(withUser ? { user: withUser } : {}),
});

const fail = (error: ApiFailure) => ({ ok: false as const, error });
const outage = new Error('the promise rejected (outage)');

const restoreOutputs: RestoreSessionOutput[] = [
  { ok: true, session: session(1), user, remember: true },
  // A stored session without a refresh token: a later 401 fails fast with 'No refresh token'.
  { ok: true, session: { access_token: 'access-only', refresh_token: '' }, user, remember: false },
  { ok: false, reason: 'none' },
  { ok: false, reason: 'failed' },
];
// What the sign-in child (its own model test: signIn.model.test.ts) can end with, for a login…
const loginOutputs: SignInOutput[] = [
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
const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
const EXPIRED = 'This sign-in has expired. Please log in again.';
const codeOutputs: SignInOutput[] = [
  { ok: true, session: session(3), user },
  fail({ status: 401, message: WRONG_CODE, source: 'server', fieldErrors: { code: [WRONG_CODE] } }),
  fail({ status: 401, message: EXPIRED, source: 'server', fieldErrors: { challenge: [EXPIRED] } }),
  fail({ status: null, message: 'Failed to fetch', source: 'network' }),
];
// …and for a registration.
const registerOutputs: SignInOutput[] = [
  { ok: true, session: session(4, freshUser), user: freshUser },
  fail({
    status: 422,
    message: 'The given data was invalid.',
    source: 'server',
    fieldErrors: { email: ['The email has already been taken.'], 'details.dob': ['You must be at least 16 years old to register'] },
  }),
  fail({ status: 500, message: 'Server error, please try again later.', source: 'server' }),
];
const refreshOutputs: RefreshSessionOutput[] = [
  { ok: true, session: session(6) },
  fail({ status: 401, message: 'Refresh token revoked.', source: 'server' }),
  fail({ status: null, message: 'Failed to fetch', source: 'network' }),
];
// Both outcomes lead to the same state and effects, so the graph keeps the first: the server failure.
const logoutOutputs: LogoutOutput[] = [fail({ status: 500, message: null, source: 'server' }), { ok: true }];

const done = <T,>(id: string, outputs: readonly T[]) => () => outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const error = (id: string) => () => [{ type: `xstate.error.actor.${id}`, error: outage }];

const fixtures = {
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
  'session.timeout': () => [{ type: 'session.timeout' }],
  // What the inactivity child reports when it hears the user (this tab, another tab, Continue Session).
  'session.activity': () => [{ type: 'session.activity' }],
  'session.external.signedOut': () => [{ type: 'session.external.signedOut' }],
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

const model = createModelTest(authMachine, {
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
  }),
});

type Call = { type: string; params?: unknown };
type Step = ModelStep<typeof authMachine>;

function fakeEffects(calls: Call[]) {
  const record = (type: string) => (_: unknown, params?: unknown) => {
    calls.push(params === undefined ? { type } : { type, params });
  };
  return {
    navigate: record('navigate'),
    persistSession: record('persistSession'),
    clearStoredSession: record('clearStoredSession'),
    clearSession: record('clearSession'),
    clearAnswers: record('clearAnswers'),
    broadcastSignedOut: record('broadcastSignedOut'),
  };
}

interface Taken {
  source: string;
  event: string;
  targets: string[];
}
/** The helper's transition labels read `source —[event if guard]→ target, …`. */
function taken(step: Step): Taken[] {
  return step.transitions.map((label) => {
    const match = /^(.*) —\[(.*?)\]→ (.*)$/.exec(label);
    if (!match) throw new Error(`unexpected transition label ${label}`);
    return { source: match[1]!, event: match[2]!, targets: match[3]!.split(', ') };
  });
}
const types = (calls: Call[]) => calls.map((c) => c.type);

/** What every step must show, whatever the path: checks on the real actor, its system and the effects. */
function checkStep(actor: AnyActorRef, step: Step, calls: Call[], logoutStarts: number, refreshStarted: number) {
  const snapshot = actor.getSnapshot();
  const signedIn = selectIsSignedIn(snapshot);
  // The inactivity child lives exactly while signed in.
  expect(Boolean(actor.system.get('inactivity')), 'inactivity child iff signed in').toBe(signedIn);
  expect(Boolean(snapshot.children.inactivity)).toBe(signedIn);
  // What the layout shows: the loading view while restoring; the account menu's label.
  const account = authView(snapshot);
  expect(account.loading).toBe(snapshot.matches('restoring'));
  expect(account.signedIn).toBe(signedIn);
  expect(account.user).toBe(snapshot.context.user);
  expect(account.accountLabel).toBe(snapshot.context.user?.first_name ? snapshot.context.user.first_name : 'Account');
  // What the sign-in forms show.
  const forms = signInView(snapshot);
  expect(forms.busy).toBe(
    snapshot.matches({ signedOut: 'signingIn' }) ||
      snapshot.matches({ signedOut: 'verifyingCode' }) ||
      snapshot.matches({ signedOut: 'registering' }) ||
      snapshot.matches('signingOut'),
  );
  // The code step shows while a login waits for its code; the code can be sent only when none is being checked.
  const needsCode = snapshot.matches({ signedOut: 'awaitingCode' }) || snapshot.matches({ signedOut: 'verifyingCode' });
  expect(forms.login.step).toBe(needsCode ? 'code' : 'password');
  expect(forms.code.canSubmit).toBe(snapshot.matches({ signedOut: 'awaitingCode' }));
  expect(snapshot.context.twoFactorChallenge !== null).toBe(needsCode);
  const output = step.event.type === 'xstate.done.actor.signIn' ? (step.event as EventObject & { output: SignInOutput }).output : null;
  if (snapshot.matches({ signedOut: 'awaitingCode' }) && output) {
    // A refused code is shown on the code step as the server worded it, or generically for an outage.
    expect(forms.code.error).toBe('error' in output ? (output.error.source === 'server' ? output.error.message : 'Something went wrong. Please try again.') : null);
  }
  if (snapshot.matches({ signedOut: 'idle' }) && output && 'error' in output) {
    // The refused form says why: the login's banner, or the registration's banner and its fields' messages.
    if (taken(step).some((x) => x.source === 'signedOut.registering')) {
      expect(forms.register.error).not.toBeNull();
      expect(forms.login.error).toBeNull();
      const fields = output.error.fieldErrors ?? {};
      expect(forms.register.fieldErrors).toEqual(
        Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field.replace('details.', ''), messages[0]])),
      );
    } else {
      expect(forms.login.error).not.toBeNull();
      expect(forms.register.error).toBeNull();
    }
  }
  if (step.event.type === 'errors.clear' || step.event.type === 'login.submit' || step.event.type === 'register.submit') {
    expect([forms.login.error, forms.register.error, forms.code.error], 'a new submit or leaving the screen clears the errors').toEqual([null, null, null]);
  }
  // The forms can be submitted exactly when nobody is signed in and nothing is in flight.
  expect(forms.login.canSubmit).toBe(snapshot.matches({ signedOut: 'idle' }));
  expect(forms.register.canSubmit).toBe(snapshot.matches({ signedOut: 'idle' }));
  if (signedIn) {
    expect(snapshot.context.user).not.toBeNull();
    expect(selectAccessToken(snapshot)).not.toBeNull();
  }
  if (snapshot.matches({ signedOut: 'idle' }) || snapshot.matches('restoring')) {
    expect(snapshot.context.user).toBeNull();
    expect(selectAccessToken(snapshot)).toBeNull();
  }

  // Effects of this step's transitions.
  const t = taken(step);
  const from = (prefix: string) => t.some((x) => x.source === prefix || x.source.startsWith(`${prefix}.`));
  const to = (target: string) => t.some((x) => x.targets.includes(target));
  const on = (event: string) => t.some((x) => x.event === event || x.event.startsWith(`${event} `));
  const login = { type: 'navigate', params: { to: '/auth/login' } };
  // Keep-alive: a refresh request goes out exactly when the step enters refreshing (an interval after
  // activity, the user back from idle, or a 401); an interval without activity sends nothing.
  expect(refreshStarted, 'refresh requests started by this step').toBe(to('signedIn.refreshing') ? 1 : 0);
  if (on('after sessionRefreshInterval')) {
    const owed = Boolean(step.state.context.refreshToken) && (to('signedIn.refreshing') || snapshot.context.activitySinceRefresh);
    expect(to('signedIn.refreshing'), 'the interval refreshes only after activity').toBe(owed);
  }
  if (on('session.activity')) expect(snapshot.context.activitySinceRefresh, 'activity is remembered until a refresh succeeds').toBe(true);
  if (t.some((x) => x.event === 'xstate.done.actor.refreshSession if succeeded')) expect(snapshot.context.activitySinceRefresh).toBe(false);
  if (from('signingOut')) {
    // Logout and timeout: whatever the server said (or if it said nothing in time).
    expect(types(calls)).toEqual(['broadcastSignedOut', 'clearSession', 'clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
  } else if (on('session.external.signedOut')) {
    expect(types(calls)).toEqual(['clearSession', 'clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
    expect(logoutStarts, 'the server is not told about another tab’s sign-out').toBe(0);
  } else if (to('leavingForOtherUser')) {
    // The other user's stored tokens stay for their tab: no clearSession.
    expect(types(calls)).toEqual(['clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
    expect(snapshot.context.accessToken).toBeNull();
  } else if (from('signedIn') && to('endingSession')) {
    // A failed refresh (or none possible) ends the session without the server or the other tabs.
    expect(types(calls)).toEqual(['clearSession', 'clearAnswers', 'navigate']);
    expect(calls.at(-1)).toEqual(login);
  } else if (from('signedOut') && to('signedIn')) {
    const register = from('signedOut.registering');
    expect(types(calls)).toEqual(['persistSession', 'navigate']);
    expect(calls[0]?.params).toEqual({ remember: !register, session: { access_token: snapshot.context.accessToken, refresh_token: snapshot.context.refreshToken, user: snapshot.context.user } });
    expect(calls[1]).toEqual({ type: 'navigate', params: { to: register ? '/pension-info' : '/roundups' } });
  } else if (t.some((x) => x.event === 'xstate.done.actor.restoreSession if restoreFailed')) {
    expect(types(calls)).toEqual(['clearStoredSession']);
  } else if (t.some((x) => x.event === 'xstate.done.actor.refreshSession if succeeded')) {
    expect(calls).toEqual([{ type: 'persistSession', params: { session: session(6), remember: snapshot.context.remember } }]);
  } else {
    expect(calls, `no effects expected for ${step.transitions.join(' + ')}`).toEqual([]);
  }
}

describe('auth machine model', () => {
  it('covers every state and every transition', () => {
    expect(() => model.assertFullCoverage()).not.toThrow();
    expect(model.unrealisablePaths).toEqual([]);
    const report = model.coverage();
    expect(report.states.uncovered).toEqual([]);
    expect(report.transitions.uncovered).toEqual([]);
    expect(report.states.covered).toEqual(
      expect.arrayContaining([
        'restoring',
        'signedOut.idle',
        'signedOut.signingIn',
        'signedOut.awaitingCode',
        'signedOut.verifyingCode',
        'signedOut.registering',
        'signedIn.active',
        'signedIn.idle',
        'signedIn.refreshing',
        'signingOut',
        'endingSession',
        'leavingForOtherUser',
      ]),
    );
  });

  it('has the fixture paths the brief asks for', () => {
    const descriptions = model.paths.map((p) => p.description);
    const some = (re: RegExp) => expect(descriptions.some((d) => re.test(d)), String(re)).toBe(true);
    some(/login\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":true/);
    for (const status of ['401', '422', '500', 'null']) some(new RegExp(`login\\.submit .* → xstate\\.done\\.actor\\.signIn \\{"output":\\{"ok":false,"error":\\{"status":${status}`));
    some(/register\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":true/);
    some(/register\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":false/);
    some(/session\.unauthorized → xstate\.done\.actor\.refreshSession \{"output":\{"ok":true/);
    some(/session\.unauthorized → session\.unauthorized/); // a 401 during the refresh is ignored
    some(/"refresh_token":"".*session\.unauthorized/); // no refresh token: fails fast
    some(/logout → xstate\.done\.actor\.logout \{"output":\{"ok":false/);
    some(/logout → xstate\.error\.actor\.logout/);
    some(/logout → after logoutTimeout \(\+5000 ms\)/);
    some(/session\.timeout/);
    some(/session\.external\.signedOut/);
    some(/"codeRequired":true.* → twoFactor\.submit .* → xstate\.done\.actor\.signIn \{"output":\{"ok":true/);
    some(/"codeRequired":true.* → twoFactor\.cancel/);
  });

  // Keep-alive journeys longer than the shortest paths: activity makes the next interval refresh; an
  // interval without activity sends nothing; the user's return refreshes at once.
  const RESTORED = { type: 'xstate.done.actor.restoreSession', output: restoreOutputs[0] };
  const REFRESHED = { type: 'xstate.done.actor.refreshSession', output: refreshOutputs[0] };
  const OUTAGE = { type: 'xstate.done.actor.refreshSession', output: refreshOutputs[2] };
  const ACTIVITY = { type: 'session.activity' };
  const TICK = 'after:sessionRefreshInterval';
  const journeys = [
    model.pathFromEvents('active user: refreshed at every interval, then idle: nothing sent, back: refreshed at once', [
      RESTORED, ACTIVITY, TICK, REFRESHED, ACTIVITY, TICK, REFRESHED, TICK, ACTIVITY, REFRESHED,
    ]),
    model.pathFromEvents('an outage keeps the owed refresh for the next interval', [RESTORED, ACTIVITY, TICK, OUTAGE, TICK, REFRESHED, TICK]),
  ];

  it('times the keep-alive journeys by the model', () => {
    expect(journeys[0]!.steps.map((s) => JSON.stringify(s.state.value))).toEqual(
      ['"restoring"', '{"signedIn":"active"}', '{"signedIn":"active"}', '{"signedIn":"refreshing"}', '{"signedIn":"active"}', '{"signedIn":"active"}']
        .concat(['{"signedIn":"refreshing"}', '{"signedIn":"active"}', '{"signedIn":"idle"}', '{"signedIn":"refreshing"}', '{"signedIn":"active"}']),
    );
    expect(journeys[0]!.steps.filter((s) => s.advanceMs > 0).map((s) => s.advanceMs)).toEqual([600_000, 600_000, 600_000]);
    expect(journeys[1]!.steps.at(-1)!.state.value).toEqual({ signedIn: 'idle' });
  });

  for (const path of [...model.paths, ...journeys]) {
    it(`real actor: ${path.description}`, async () => {
      let calls: Call[] = [];
      let logoutStarts = () => 0;
      let refreshStarts = () => 0;
      let refreshStartsBefore = 0;
      await model.runPath(path, {
        createActor: ({ promises }) => {
          logoutStarts = () => promises.starts('logout');
          refreshStarts = () => promises.starts('refreshSession');
          return createActor(
            authMachine.provide({
              actors: {
                restoreSession: promises.logic(),
                // The real sign-in child (its own model test covers its paths); its calls settle as the path says.
                signIn: signInMachine.provide({
                  actors: { login: promises.logic(), verifyCode: promises.logic(), register: promises.logic(), loadProfile: promises.logic() },
                }),
                refreshSession: promises.logic(),
                logout: promises.logic(),
              },
              actions: fakeEffects((calls = [])),
            }),
            { input: { now: T0 } },
          );
        },
        assertContext: true,
        executors: {
          // The child ends with this output when its credentials call answers so (the user came with the tokens).
          'xstate.done.actor.signIn': ({ step, promises }) => {
            const output = (step.event as EventObject & { output: SignInOutput }).output;
            const call = promises.isPending('register') ? 'register' : promises.isPending('verifyCode') ? 'verifyCode' : 'login';
            promises.resolve(call, output.ok ? { ok: true, session: { ...output.session, user: output.user } } : output);
          },
        },
        beforeStep: () => {
          calls.length = 0;
          refreshStartsBefore = refreshStarts();
        },
        afterStep: ({ actor, step }) => checkStep(actor as AnyActorRef, step, calls, logoutStarts(), refreshStarts() - refreshStartsBefore),
      });
    });
  }
});
