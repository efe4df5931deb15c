import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type EventObject } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import { selectAccessToken, selectIsSignedIn } from '../../machines/auth/auth.selectors.ts';
import { authView } from '../../machines/auth/auth.view.ts';
import { IDLE_SIGN_OUT_NOTICE, signInView } from '../../machines/auth/signIn.view.ts';
import type { AuthContext, RefreshSessionOutput, RestoreSessionOutput, SignInOutput } from '../../machines/auth/auth.types.ts';
import { loginErrorMessage, registerErrorView } from '../../src/domain/authErrors.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import { NO_REFRESH_TOKEN, SOMETHING_WENT_WRONG } from '../../src/domain/schemas/messages.ts';
import { expectedSteps, type TransitionRule } from '../support/expectedSteps.ts';
import type { ModelStep } from '../support/modelTest.ts';
import { model, OTHER_USER_TOKEN, refreshOutputs, restoreOutputs, session, T0 } from './auth.model.ts';

/**
 * Model-based test of the auth machine: paths generated with xstate/graph (tests/support/modelTest.ts),
 * every state and transition covered, every path run against a real actor with controllable promise
 * actors, fake timers and the real inactivity child; effects recorded and checked after every step.
 */

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
  // The login says why only after an inactivity sign-out, until the user logs in or leaves it.
  expect(forms.login.notice).toBe(snapshot.matches('signedOut') && snapshot.context.idleSignOut ? IDLE_SIGN_OUT_NOTICE : null);
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
  if (on('session.timeout')) expect(snapshot.context.idleSignOut).toEqual({ returnTo: '/settings?tab=2' });
  if (on('logout')) expect(snapshot.context.idleSignOut).toBeNull();
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
    // After an inactivity sign-out the login returns the user to where they were.
    expect(calls.at(-1)).toEqual(snapshot.context.idleSignOut ? { type: 'navigate', params: { to: '/auth/login?redirect=%2Fsettings%3Ftab%3D2' } } : login);
  } else if (on('session.revoked')) {
    // The server ended the session already: forgotten here and in the other tabs, nothing sent, and the page stays.
    expect(types(calls)).toEqual(from('signedIn') ? ['clearSession', 'clearAnswers', 'broadcastSignedOut'] : ['broadcastSignedOut']);
    if (from('signedIn')) expect(logoutStarts, 'the server is not told: it ended the session itself').toBe(0);
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

// ─── The expected behaviour, written from spec section 4 and the decisions, not read from the machine ──

type Ctx = AuthContext;
const SIGNED_OUT = {
  user: null,
  accessToken: null,
  refreshToken: null,
  remember: false,
  redirectTo: null,
  twoFactorChallenge: null,
  codeError: null,
  activitySinceRefresh: false,
} satisfies Partial<Ctx>;
const outputOf = <T,>(event: EventObject) => (event as EventObject & { output: T }).output;
const signedInWith = (c: Ctx, e: EventObject): Ctx => {
  const output = outputOf<Extract<SignInOutput, { ok: true }>>(e);
  return { ...c, accessToken: output.session.access_token, refreshToken: output.session.refresh_token, user: output.user, idleSignOut: null };
};
const errorOf = (e: EventObject) => outputOf<{ error: ApiFailure }>(e).error;
/** A refresh failure as the session keeps it: the server's words, or the generic message. */
const refreshFailure = (e: EventObject) => errorOf(e).message?.trim() || SOMETHING_WENT_WRONG;
const noErrors = (c: Ctx): Ctx => ({ ...c, loginError: null, registerError: null, refreshError: null, codeError: null, idleSignOut: null });
const later = (c: Ctx, e: EventObject) => Math.max(c.lastActivityAt, (e as EventObject & { at: number }).at);
const ended = (c: Ctx): Ctx => ({ ...c, ...SIGNED_OUT });

/** Heard in every signed-out state: the screens' errors are cleared. */
const signedOutRules = (state: string): Record<string, TransitionRule<Ctx>> => ({
  'errors.clear': { to: state, context: noErrors },
  // Nothing held here to forget; other tabs are told.
  'session.revoked': { to: state },
});

/** Heard in every signed-in state (the refreshing one ignores further 401s). */
const signedInRules = (state: string): Record<string, TransitionRule<Ctx>> => ({
  'profile.reload': { to: state },
  'profile.updated': { to: state, context: (c, e) => ({ ...c, user: (e as EventObject & { user: Ctx['user'] }).user }) },
  'tokens of this user': {
    to: state,
    context: (c, e) => {
      const next = (e as EventObject & { session: { access_token: string; refresh_token: string; user?: Ctx['user'] } }).session;
      return { ...c, accessToken: next.access_token, refreshToken: next.refresh_token, user: next.user ?? c.user };
    },
  },
  // Another user signed in elsewhere: this tab signs out rather than adopt their tokens.
  'tokens of another user': { to: 'signedOut.idle', context: ended },
  'activity, can refresh': { to: state, context: (c) => ({ ...c, activitySinceRefresh: true }) },
  ...(state === 'signedIn.refreshing'
    ? {} // Refreshing means there is a refresh token.
    : {
        'activity, nothing to refresh with': { to: state, context: (c: Ctx) => ({ ...c, activitySinceRefresh: true }) },
        'unauthorized, can refresh': { to: 'signedIn.refreshing' },
        'unauthorized, nothing to refresh with': { to: 'signedOut.idle', context: (c: Ctx) => ({ ...ended(c), refreshError: NO_REFRESH_TOKEN }) },
      }),
  logout: { to: 'signingOut', context: (c) => ({ ...c, idleSignOut: null }) },
  // Where the user was comes with the event: the login screen returns there.
  'session.timeout': { to: 'signingOut', context: (c, e) => ({ ...c, idleSignOut: { returnTo: (e as EventObject & { from: string }).from } }) },
  'session.external.signedOut': { to: 'signedOut.idle', context: ended },
  // A password saved through a mailed link: the page stays, so no inactivity notice either.
  'session.revoked': { to: 'signedOut.idle', context: (c) => ({ ...ended(c), idleSignOut: null }) },
});

const oracle = expectedSteps<Ctx>({
  initial: { value: 'restoring', context: { ...SIGNED_OUT, loginError: null, registerError: null, refreshError: null, idleSignOut: null, lastActivityAt: T0, hadStoredSession: false } },
  tags: {
    restoring: ['loading'],
    'signedOut.signingIn': ['busy'],
    'signedOut.verifyingCode': ['busy'],
    'signedOut.registering': ['busy'],
    'signedIn.refreshing': ['refreshing'],
    signingOut: ['busy'],
  },
  caseOf: (event, before) => {
    const c = before.context;
    const canRefresh = Boolean(c.refreshToken);
    switch (event.type) {
      case 'xstate.done.actor.restoreSession': {
        const output = outputOf<RestoreSessionOutput>(event);
        return output.ok ? 'restored' : `nothing restored (${output.reason})`;
      }
      case 'xstate.done.actor.signIn': {
        const output = outputOf<SignInOutput>(event);
        if (output.ok) return 'signed in';
        if ('codeRequired' in output) return 'code required';
        return output.error.fieldErrors?.['challenge'] ? 'challenge ended' : 'refused';
      }
      case 'xstate.done.actor.refreshSession': {
        const output = outputOf<RefreshSessionOutput>(event);
        return output.ok ? 'refreshed' : output.error.status === null ? 'refresh got no response' : 'refresh refused';
      }
      case 'session.external.updated':
        return (event as EventObject & { session: { access_token: string } }).session.access_token === OTHER_USER_TOKEN ? 'tokens of another user' : 'tokens of this user';
      case 'session.activity':
        return canRefresh ? 'activity, can refresh' : 'activity, nothing to refresh with';
      case 'session.unauthorized':
        return canRefresh ? 'unauthorized, can refresh' : 'unauthorized, nothing to refresh with';
    }
    if (event.type.startsWith('xstate.after.sessionRefreshInterval')) return canRefresh && c.activitySinceRefresh ? 'interval, after activity' : 'interval, quiet';
    if (event.type.startsWith('xstate.after.logoutTimeout')) return 'logout timed out';
    if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} broke`;
    if (event.type === 'xstate.done.actor.logout') return 'logout answered';
    return event.type;
  },
  transitions: {
    restoring: {
      restored: {
        to: 'signedIn.active',
        context: (c, e) => {
          const output = outputOf<Extract<RestoreSessionOutput, { ok: true }>>(e);
          // Opening the page counts as activity: the first interval refreshes the stored tokens.
          return { ...c, accessToken: output.session.access_token, refreshToken: output.session.refresh_token, user: output.user, remember: output.remember, activitySinceRefresh: true };
        },
      },
      'nothing restored (failed)': { to: 'signedOut.idle' },
      'nothing restored (none)': { to: 'signedOut.idle' },
      'restoreSession broke': { to: 'signedOut.idle' },
    },
    'signedOut.idle': {
      ...signedOutRules('signedOut.idle'),
      'login.submit': {
        to: 'signedOut.signingIn',
        context: (c, e) => {
          const { remember, redirectTo } = e as EventObject & { remember: boolean; redirectTo?: string };
          return { ...noErrors(c), remember, redirectTo: redirectTo ?? null, lastActivityAt: later(c, e) };
        },
      },
      'register.submit': { to: 'signedOut.registering', context: (c, e) => ({ ...noErrors(c), remember: false, redirectTo: null, lastActivityAt: later(c, e) }) },
    },
    'signedOut.signingIn': {
      ...signedOutRules('signedOut.signingIn'),
      'signed in': { to: 'signedIn.active', context: signedInWith },
      'code required': { to: 'signedOut.awaitingCode', context: (c, e) => ({ ...c, twoFactorChallenge: outputOf<{ challenge: string }>(e).challenge, codeError: null }) },
      refused: { to: 'signedOut.idle', context: (c, e) => ({ ...ended(c), loginError: loginErrorMessage(errorOf(e)) }) },
    },
    'signedOut.awaitingCode': {
      'twoFactor.submit': { to: 'signedOut.verifyingCode', context: (c, e) => ({ ...c, codeError: null, lastActivityAt: later(c, e) }) },
      // Back to the login form: the password is asked again.
      'twoFactor.cancel': { to: 'signedOut.idle', context: (c) => ({ ...c, twoFactorChallenge: null, codeError: null }) },
      'errors.clear': { to: 'signedOut.idle', context: (c) => ({ ...noErrors(c), twoFactorChallenge: null }) },
      'session.revoked': { to: 'signedOut.awaitingCode' },
    },
    'signedOut.verifyingCode': {
      ...signedOutRules('signedOut.verifyingCode'),
      'signed in': { to: 'signedIn.active', context: (c, e) => ({ ...signedInWith(c, e), twoFactorChallenge: null, codeError: null }) },
      // The challenge is over (expired, spent, too many tries): log in again, saying why.
      'challenge ended': { to: 'signedOut.idle', context: (c, e) => ({ ...ended(c), loginError: loginErrorMessage(errorOf(e)) }) },
      // A wrong code or an outage: stay on the code step.
      refused: { to: 'signedOut.awaitingCode', context: (c, e) => ({ ...c, codeError: failureMessage(errorOf(e)) }) },
    },
    'signedOut.registering': {
      ...signedOutRules('signedOut.registering'),
      'signed in': { to: 'signedIn.active', context: signedInWith },
      refused: { to: 'signedOut.idle', context: (c, e) => ({ ...ended(c), registerError: registerErrorView(errorOf(e)) }) },
    },
    'signedIn.active': {
      ...signedInRules('signedIn.active'),
      'interval, after activity': { to: 'signedIn.refreshing' },
      'interval, quiet': { to: 'signedIn.idle' },
    },
    'signedIn.idle': {
      ...signedInRules('signedIn.idle'),
      // The user is back: refresh at once.
      'activity, can refresh': { to: 'signedIn.refreshing', context: (c) => ({ ...c, activitySinceRefresh: true }) },
    },
    'signedIn.refreshing': {
      ...signedInRules('signedIn.refreshing'),
      refreshed: {
        to: 'signedIn.active',
        context: (c, e) => {
          const next = outputOf<Extract<RefreshSessionOutput, { ok: true }>>(e).session;
          return { ...c, activitySinceRefresh: false, accessToken: next.access_token, refreshToken: next.refresh_token, user: next.user ?? c.user };
        },
      },
      // An outage is not a refusal: the session stays, the next interval or 401 tries again.
      'refresh got no response': { to: 'signedIn.active', context: (c, e) => ({ ...c, refreshError: refreshFailure(e) }) },
      'refreshSession broke': { to: 'signedIn.active', context: (c) => ({ ...c, refreshError: SOMETHING_WENT_WRONG }) },
      'refresh refused': { to: 'signedOut.idle', context: (c, e) => ({ ...ended(c), refreshError: refreshFailure(e) }) },
    },
    signingOut: {
      'logout answered': { to: 'signedOut.idle', context: ended },
      'logout broke': { to: 'signedOut.idle', context: ended },
      'logout timed out': { to: 'signedOut.idle', context: ended },
    },
  },
});

describe('auth machine model', () => {
  it('covers every state and every transition', () => {
    expect(() => model.assertFullCoverage()).not.toThrow();
    expect(model.unrealisablePaths).toEqual([]);
    expect(oracle.unusedRules(model.paths)).toEqual([]);
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
        'forgettingSession',
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
    it(path.description, async () => {
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
        afterStep: (ctx) => {
          oracle.check(ctx);
          checkStep(ctx.actor as AnyActorRef, ctx.step, calls, logoutStarts(), refreshStarts() - refreshStartsBefore);
        },
      });
    });
  }
});
