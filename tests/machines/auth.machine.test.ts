import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { authMachine, safeRedirectTarget } from '../../machines/auth/auth.machine.ts';
import {
  selectAccessToken,
  selectGuardUser,
  selectIsLoading,
  selectIsRefreshing,
  selectIsSignedIn,
} from '../../machines/auth/auth.selectors.ts';
import { authView } from '../../machines/auth/auth.view.ts';
import { signInView } from '../../machines/auth/signIn.view.ts';
import { signInMachine } from '../../machines/auth/signIn.machine.ts';
import type { AuthEvent, RestoreSessionOutput, Session, User } from '../../machines/auth/auth.types.ts';
import { IDLE_WARNING_MS, LOGOUT_COUNTDOWN_SECONDS, SESSION_REFRESH_INTERVAL_MS } from '../../src/domain/constants.ts';
import { getStateNodes } from 'xstate/graph';
import { controllablePromises } from '../support/modelTest.ts';
import { aUser } from '../support/builders.ts';

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

const user: User = aUser({ annual_income: 52000, paye_a1_authorized: true });

const session = (n: number, withUser: User | null = user): Session => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  ...(withUser ? { user: withUser } : {}),
});

const loginEvent = (extra: Partial<Extract<AuthEvent, { type: 'login.submit' }>> = {}): AuthEvent => ({
  type: 'login.submit',
  email: 'aoife@example.ie',
  password: 'correct horse',
  remember: true,
  at: T0 + 60_000,
  ...extra,
});

const registerEvent: AuthEvent = {
  type: 'register.submit',
  payload: { email: 'new@example.ie', details: { dob: '1990-04-01', maritalStatus: 'married', pensionPlanId: 'PP-9' } },
  at: T0 + 90_000,
};

type Call = { type: string; params?: unknown };

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

/** A real auth actor with controllable promise actors and recorded effects (the real inactivity child). */
function start() {
  const promises = controllablePromises();
  const calls: Call[] = [];
  const record = (type: string) => (_: unknown, params?: unknown) => {
    calls.push(params === undefined ? { type } : { type, params });
  };
  const actor = createActor(
    authMachine.provide({
      actors: {
        restoreSession: promises.logic(),
        // The real sign-in child, with controllable calls.
        signIn: signInMachine.provide({ actors: { login: promises.logic(), register: promises.logic(), loadProfile: promises.logic() } }),
        refreshSession: promises.logic(),
        logout: promises.logic(),
      },
      actions: {
        navigate: record('navigate'),
        persistSession: record('persistSession'),
        clearStoredSession: record('clearStoredSession'),
        clearSession: record('clearSession'),
        clearAnswers: record('clearAnswers'),
        broadcastSignedOut: record('broadcastSignedOut'),
      },
    }),
    { input: { now: T0 } },
  ).start();
  const settle = async (id: string, output: unknown) => {
    promises.resolve(id, output);
    await flush();
  };
  const fail = async (id: string) => {
    promises.reject(id, new Error('outage'));
    await flush();
  };
  const types = () => calls.map((c) => c.type);
  return { actor, promises, calls, settle, fail, types };
}

type Harness = ReturnType<typeof start>;

async function restored(h: Harness = start()) {
  await h.settle('restoreSession', { ok: true, session: session(1), user, remember: true });
  expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
  h.calls.length = 0;
  return h;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startup restore', () => {
  it('is loading until the stored session is restored, then signed in', async () => {
    const h = start();
    expect(selectIsLoading(h.actor.getSnapshot())).toBe(true);
    expect(selectIsSignedIn(h.actor.getSnapshot())).toBe(false);
    await h.settle('restoreSession', { ok: true, session: session(1), user, remember: false });
    const s = h.actor.getSnapshot();
    expect(selectIsLoading(s)).toBe(false);
    expect(selectIsSignedIn(s)).toBe(true);
    expect(s.context.user).toEqual(user);
    expect(selectAccessToken(s)).toBe('access-1');
    expect(s.context.remember).toBe(false);
    expect(h.calls).toEqual([]); // nothing to store or navigate: the tokens came from storage
  });

  it('calls clearStoredSession when the stored session’s profile failed to load', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'failed' });
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.calls).toEqual([{ type: 'clearStoredSession' }]);
    expect(selectIsLoading(h.actor.getSnapshot())).toBe(false);
  });

  it('goes signed out without clearing anything when nothing was stored', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.calls).toEqual([]);
  });

  it('an outage while restoring leaves the stored session for the next load', async () => {
    const h = start();
    await h.fail('restoreSession');
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.calls).toEqual([]);
  });
});

describe('login', () => {
  it('with a user in the response: stores the session and goes to the redirect target', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(loginEvent({ redirectTo: '/form11-questionnaire?x=1' }));
    expect(signInView(h.actor.getSnapshot()).busy).toBe(true);
    expect(h.promises.inputs.login).toEqual({ email: 'aoife@example.ie', password: 'correct horse', remember: true });
    await h.settle('login', { ok: true, session: session(2) });
    expect(selectIsSignedIn(h.actor.getSnapshot())).toBe(true);
    expect(h.calls).toEqual([
      { type: 'persistSession', params: { session: session(2), remember: true } },
      { type: 'navigate', params: { to: '/form11-questionnaire?x=1' } },
    ]);
    expect(h.promises.starts('loadProfile')).toBe(0);
    expect(JSON.stringify(h.actor.getSnapshot().context)).not.toContain('correct horse');
  });

  it('without a user in the response: loads the profile with the new token, then signs in', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(loginEvent({ remember: false }));
    await h.settle('login', { ok: true, session: session(3, null) });
    const loading = h.actor.getSnapshot();
    expect(loading.matches({ signedOut: 'signingIn' })).toBe(true);
    expect(signInView(loading).busy).toBe(true);
    expect(selectAccessToken(loading)).toBeNull(); // the token is passed to the profile call, not published before sign-in completes
    expect(h.promises.inputs.loadProfile).toEqual({ accessToken: 'access-3' });
    expect(h.calls).toEqual([]); // nothing stored before the sign-in completes
    await h.settle('loadProfile', { ok: true, user });
    expect(selectIsSignedIn(h.actor.getSnapshot())).toBe(true);
    expect(h.actor.getSnapshot().context.user).toEqual(user);
    expect(h.calls).toEqual([
      { type: 'persistSession', params: { session: session(3), remember: false } },
      { type: 'navigate', params: { to: '/' } },
    ]);
  });

  it('a failed profile load after login is a login failure; nothing is kept', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(loginEvent());
    await h.settle('login', { ok: true, session: session(3, null) });
    await h.settle('loadProfile', { ok: false, error: { status: 503, message: null, source: 'server' } });
    const s = h.actor.getSnapshot();
    expect(s.matches({ signedOut: 'idle' })).toBe(true);
    expect(signInView(s).login.error).toBe('Server error, team has been notified. Please try again later.');
    expect(selectAccessToken(s)).toBeNull();
    expect(s.context.refreshToken).toBeNull();
    expect(h.calls).toEqual([]);
  });

  it.each([
    [{ status: 401, message: null, source: 'server' }, 'Invalid email or password. Please check your credentials and try again.'],
    [{ status: 401, message: 'Account locked.', source: 'server' }, 'Account locked.'],
    [{ status: 422, message: null, source: 'server' }, 'Please check your email and password format.'],
    [{ status: 502, message: null, source: 'server' }, 'Server error, team has been notified. Please try again later.'],
    [{ status: null, message: 'Failed to fetch', source: 'network' }, 'Login failed: Failed to fetch'],
  ])('failure %j shows the spec’s message', async (error, message) => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(loginEvent());
    await h.settle('login', { ok: false, error });
    expect(signInView(h.actor.getSnapshot()).login.error).toBe(message);
    expect(signInView(h.actor.getSnapshot()).busy).toBe(false);
  });

  it('an outage shows the generic message; a new submit clears it', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(loginEvent());
    await h.fail('login');
    expect(signInView(h.actor.getSnapshot()).login.error).toBe('Something went wrong, team has been notified. Please try again later.');
    h.actor.send(loginEvent());
    expect(signInView(h.actor.getSnapshot()).login.error).toBeNull();
  });

  it('errors.clear dismisses the login and register errors', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(loginEvent());
    await h.fail('login');
    expect(signInView(h.actor.getSnapshot()).login.error).not.toBeNull();
    h.actor.send({ type: 'errors.clear' });
    expect(signInView(h.actor.getSnapshot()).login.error).toBeNull();
  });

  it('one request at a time: can() says no while busy, and a second submit starts nothing', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    expect(h.actor.getSnapshot().can(loginEvent())).toBe(true);
    h.actor.send(loginEvent());
    expect(h.actor.getSnapshot().can(loginEvent())).toBe(false);
    expect(h.actor.getSnapshot().can(registerEvent)).toBe(false);
    h.actor.send(loginEvent());
    h.actor.send(registerEvent);
    expect(h.promises.starts('login')).toBe(1);
    expect(h.promises.starts('register')).toBe(0);
  });

  it('never redirects off-site or back into /auth', () => {
    expect(safeRedirectTarget('/landing')).toBe('/landing');
    expect(safeRedirectTarget('/form11/health-expenses?x=1#top')).toBe('/form11/health-expenses?x=1#top');
    for (const bad of [null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'landing', '/auth/login', '/auth', '/auth?x']) {
      expect(safeRedirectTarget(bad), String(bad)).toBe('/');
    }
  });
});

describe('register', () => {
  it('stores the session (per tab) and navigates to /pension-info', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(registerEvent);
    expect(h.promises.inputs.register).toEqual({ payload: (registerEvent as Extract<AuthEvent, { type: 'register.submit' }>).payload });
    await h.settle('register', { ok: true, session: session(4) });
    expect(selectIsSignedIn(h.actor.getSnapshot())).toBe(true);
    expect(h.calls).toEqual([
      { type: 'persistSession', params: { session: session(4), remember: false } },
      { type: 'navigate', params: { to: '/pension-info' } },
    ]);
  });

  it('without a user in the response: loads the profile first', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(registerEvent);
    await h.settle('register', { ok: true, session: session(5, null) });
    expect(h.actor.getSnapshot().matches({ signedOut: 'registering' }) && h.promises.isPending('loadProfile')).toBe(true);
    await h.settle('loadProfile', { ok: true, user });
    expect(h.calls.at(-1)).toEqual({ type: 'navigate', params: { to: '/pension-info' } });
  });

  it('server field errors: first message per field plus the server message', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(registerEvent);
    await h.settle('register', {
      ok: false,
      error: {
        status: 422,
        message: 'The given data was invalid.',
        source: 'server',
        fieldErrors: { 'details.dob': ['You must be at least 16 years old to register', 'Please enter a valid date'] },
      },
    });
    expect(h.actor.getSnapshot().context.registerError).toEqual({
      message: 'The given data was invalid.',
      fieldErrors: { 'details.dob': 'You must be at least 16 years old to register' },
    });
    expect(selectAccessToken(h.actor.getSnapshot())).toBeNull();
    h.actor.send(registerEvent);
    expect(h.actor.getSnapshot().context.registerError).toBeNull();
  });

  it('other failures and outages: "Something went wrong. Please try again. (Error: …)"', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(registerEvent);
    await h.settle('register', { ok: false, error: { status: null, message: 'Failed to fetch', source: 'network' } });
    expect(h.actor.getSnapshot().context.registerError?.message).toBe('Something went wrong. Please try again. (Error: Failed to fetch)');
    h.actor.send(registerEvent);
    await h.fail('register');
    expect(h.actor.getSnapshot().context.registerError).toEqual({ message: 'Something went wrong. Please try again.', fieldErrors: {} });
  });
});

describe('refresh', () => {
  it('five concurrent 401s start exactly one refresh; callers wait on the snapshot for the new token', async () => {
    const h = await restored();
    for (let i = 0; i < 5; i += 1) h.actor.send({ type: 'session.unauthorized' });
    expect(h.promises.starts('refreshSession')).toBe(1);
    expect(h.promises.inputs.refreshSession).toEqual({ refreshToken: 'refresh-1' });
    expect(selectIsRefreshing(h.actor.getSnapshot())).toBe(true);
    expect(h.actor.getSnapshot().can({ type: 'session.unauthorized' })).toBe(false);

    // What the API client's 401 hook does for each waiting request.
    const waiters = Array.from({ length: 5 }, () =>
      waitFor(h.actor, (s) => !s.hasTag('refreshing')).then((s) => selectAccessToken(s)),
    );
    await h.settle('refreshSession', { ok: true, session: session(6, null) });
    expect(await Promise.all(waiters)).toEqual(Array(5).fill('access-6'));
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.actor.getSnapshot().context.user).toEqual(user); // kept when the refresh carries none
    expect(h.calls).toEqual([{ type: 'persistSession', params: { session: session(6), remember: true } }]);

    // A later 401 may refresh again.
    h.actor.send({ type: 'session.unauthorized' });
    expect(h.promises.starts('refreshSession')).toBe(2);
    expect(h.promises.inputs.refreshSession).toEqual({ refreshToken: 'refresh-6' });
  });

  it('a failed refresh clears the session and goes to /auth/login', async () => {
    const h = await restored();
    h.actor.send({ type: 'session.unauthorized' });
    await h.settle('refreshSession', { ok: false, error: { status: 401, message: 'Refresh token revoked.', source: 'server' } });
    const s = h.actor.getSnapshot();
    expect(s.matches({ signedOut: 'idle' })).toBe(true);
    expect(s.context.refreshError).toBe('Refresh token revoked.');
    expect(s.context.user).toBeNull();
    expect(selectAccessToken(s)).toBeNull();
    expect(h.calls).toEqual([{ type: 'clearSession' }, { type: 'clearAnswers' }, { type: 'navigate', params: { to: '/auth/login' } }]);
    expect(h.promises.starts('logout')).toBe(0);
  });

  it('an outage while refreshing keeps the session (no response is not a refusal) and says why', async () => {
    const h = await restored();
    h.actor.send({ type: 'session.unauthorized' });
    await h.fail('refreshSession');
    expect(h.actor.getSnapshot().context.refreshError).toBe('Something went wrong. Please try again.');
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.calls).toEqual([]);
  });

  it('a refresh that got no response keeps the session; one the server refused ends it', async () => {
    const h = await restored();
    h.actor.send({ type: 'session.unauthorized' });
    await h.settle('refreshSession', { ok: false, error: { status: null, message: 'Failed to fetch', source: 'network' } });
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.actor.getSnapshot().context.refreshError).toBe('Failed to fetch');
    h.actor.send({ type: 'session.unauthorized' });
    await h.settle('refreshSession', { ok: false, error: { status: 401, message: 'Unauthenticated.', source: 'server' } });
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.calls).toEqual([{ type: 'clearSession' }, { type: 'clearAnswers' }, { type: 'navigate', params: { to: '/auth/login' } }]);
  });

  it('without a refresh token fails fast with "No refresh token"', async () => {
    const h = start();
    await h.settle('restoreSession', { ok: true, session: { access_token: 'access-only', refresh_token: '' }, user, remember: false });
    h.calls.length = 0;
    h.actor.send({ type: 'session.unauthorized' });
    expect(h.promises.starts('refreshSession')).toBe(0);
    expect(h.actor.getSnapshot().context.refreshError).toBe('No refresh token');
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.calls).toEqual([{ type: 'clearSession' }, { type: 'clearAnswers' }, { type: 'navigate', params: { to: '/auth/login' } }]);
  });

  it('adopts tokens another tab refreshed (keeping the user when none comes with them)', async () => {
    const h = await restored();
    h.actor.send({ type: 'session.external.updated', session: session(7, null) });
    expect(selectAccessToken(h.actor.getSnapshot())).toBe('access-7');
    expect(h.actor.getSnapshot().context.refreshToken).toBe('refresh-7');
    expect(h.actor.getSnapshot().context.user).toEqual(user);
    expect(h.calls).toEqual([]); // the other tab already stored them
  });

  it("signs out instead of adopting another user's tokens from storage, leaving them stored", async () => {
    const h = await restored();
    const otherUser = `x.${btoa(JSON.stringify({ sub: 'user-b' }))}.y`;
    h.actor.send({ type: 'session.external.updated', session: { access_token: otherUser, refresh_token: 'refresh-b' } });
    expect(selectAccessToken(h.actor.getSnapshot())).toBeNull();
    expect(h.actor.getSnapshot().context.user).toBeNull();
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.calls).toEqual([{ type: 'clearAnswers' }, { type: 'navigate', params: { to: '/auth/login' } }]);
  });
});

describe('keep-alive follows activity, not the open tab', () => {
  const MINUTE = 60_000;
  const inactivityOf = (actor: AnyActorRef) => actor.system.get('inactivity') as AnyActorRef;

  it('opening the page counts as activity: the first interval refreshes the restored tokens, which may be minutes old', async () => {
    vi.useFakeTimers();
    const h = await restored();
    expect(h.actor.getSnapshot().context.activitySinceRefresh).toBe(true);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(h.promises.starts('refreshSession')).toBe(1);
  });

  it('no activity for 10 minutes or longer: no refresh request, the session goes idle', async () => {
    vi.useFakeTimers();
    const h = await restored();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    await h.settle('refreshSession', { ok: true, session: session(2) });
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(h.promises.starts('refreshSession')).toBe(1);
    expect(h.actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    // Still nothing while the tab stays unattended, up to the inactivity warning.
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS - 2 * SESSION_REFRESH_INTERVAL_MS - 1);
    expect(h.promises.starts('refreshSession')).toBe(1);
    expect(h.calls).toEqual([]);
  });

  it('activity in this tab: the refresh comes at the next tick, not before; then none without new activity', async () => {
    vi.useFakeTimers();
    const h = await restored();
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    inactivityOf(h.actor).send({ type: 'activity', at: T0 + 3 * MINUTE });
    expect(h.actor.getSnapshot().context.activitySinceRefresh).toBe(true);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS - 3 * MINUTE - 1);
    expect(h.promises.starts('refreshSession')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.promises.starts('refreshSession')).toBe(1);
    expect(h.promises.inputs['refreshSession']).toEqual({ refreshToken: 'refresh-1' });
    await h.settle('refreshSession', { ok: true, session: session(2) });
    expect(h.calls).toEqual([{ type: 'persistSession', params: { session: session(2), remember: true } }]);
    expect(h.actor.getSnapshot().context.activitySinceRefresh).toBe(false);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(h.promises.starts('refreshSession')).toBe(1);
    expect(h.actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  });

  it("activity in another tab of the browser counts like this tab's", async () => {
    vi.useFakeTimers();
    const h = await restored();
    // The page load's own refresh first: after it, only new activity earns the next one.
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    await h.settle('refreshSession', { ok: true, session: session(2) });
    expect(h.actor.getSnapshot().context.activitySinceRefresh).toBe(false);
    inactivityOf(h.actor).send({ type: 'tab.activity', at: T0 + SESSION_REFRESH_INTERVAL_MS + MINUTE });
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(h.promises.starts('refreshSession')).toBe(2);
  });

  it('back after an idle interval: the first activity refreshes at once, well before the server idle limit', async () => {
    vi.useFakeTimers();
    const h = await restored();
    // The page load's own refresh at the first interval; nothing after it.
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    await h.settle('refreshSession', { ok: true, session: session(2) });
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS - SESSION_REFRESH_INTERVAL_MS);
    expect(inactivityOf(h.actor).getSnapshot().value).toBe('warning');
    expect(h.promises.starts('refreshSession')).toBe(1);
    // Activity while the warning shows is not activity (only Continue Session is), so no refresh either.
    inactivityOf(h.actor).send({ type: 'activity', at: T0 + IDLE_WARNING_MS + 1_000 });
    expect(h.promises.starts('refreshSession')).toBe(1);
    inactivityOf(h.actor).send({ type: 'session.continue', at: T0 + IDLE_WARNING_MS + 2_000 });
    expect(h.promises.starts('refreshSession')).toBe(2);
    expect(h.actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true);
    await h.settle('refreshSession', { ok: true, session: session(3) });
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it('an outage keeps the owed refresh: the next tick tries again', async () => {
    vi.useFakeTimers();
    const h = await restored();
    inactivityOf(h.actor).send({ type: 'activity', at: T0 + MINUTE });
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    await h.settle('refreshSession', { ok: false, error: { status: null, message: 'Failed to fetch', source: 'network' } });
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(h.promises.starts('refreshSession')).toBe(2);
  });

  it('a 401 while idle still refreshes once, and without a refresh token ends the session', async () => {
    vi.useFakeTimers();
    const h = await restored();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    await h.settle('refreshSession', { ok: true, session: session(2) });
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    expect(h.actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    h.actor.send({ type: 'session.unauthorized' });
    expect(h.promises.starts('refreshSession')).toBe(2);

    const bare = start();
    await bare.settle('restoreSession', { ok: true, session: { access_token: 'access-only', refresh_token: '' }, user, remember: false });
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_INTERVAL_MS);
    inactivityOf(bare.actor).send({ type: 'activity', at: T0 + SESSION_REFRESH_INTERVAL_MS + 1 });
    expect(bare.actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    bare.actor.send({ type: 'session.unauthorized' });
    expect(bare.promises.starts('refreshSession')).toBe(0);
    expect(bare.actor.getSnapshot().context.refreshError).toBe('No refresh token');
    expect(bare.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });
});

describe('logout', () => {
  const expectedEffects = [
    { type: 'broadcastSignedOut' },
    { type: 'clearSession' },
    { type: 'clearAnswers' },
    { type: 'navigate', params: { to: '/auth/login' } },
  ];

  it('tells the server, then clears tokens, user and answers, tells other tabs and shows the login', async () => {
    const h = await restored();
    h.actor.send({ type: 'logout' });
    expect(signInView(h.actor.getSnapshot()).busy).toBe(true);
    expect(h.promises.inputs.logout).toEqual({ refreshToken: 'refresh-1', accessToken: 'access-1' });
    expect(h.calls).toEqual([]); // the tokens stay until the server has been told
    await h.settle('logout', { ok: true });
    expect(h.calls).toEqual(expectedEffects);
    const s = h.actor.getSnapshot();
    expect(s.matches({ signedOut: 'idle' })).toBe(true);
    expect(s.context.user).toBeNull();
    expect(selectAccessToken(s)).toBeNull();
    expect(s.context.refreshToken).toBeNull();
  });

  it('does all of it even when the server call fails', async () => {
    const h = await restored();
    h.actor.send({ type: 'logout' });
    await h.settle('logout', { ok: false, error: { status: 500, message: null, source: 'server' } });
    expect(h.calls).toEqual(expectedEffects);
    expect(selectAccessToken(h.actor.getSnapshot())).toBeNull();
  });

  it('does all of it when the logout actor rejects (outage)', async () => {
    const h = await restored();
    h.actor.send({ type: 'logout' });
    await h.fail('logout');
    expect(h.calls).toEqual(expectedEffects);
  });

  it('does not wait for a hanging server longer than 5 s', async () => {
    vi.useFakeTimers();
    const h = await restored();
    h.actor.send({ type: 'logout' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(h.actor.getSnapshot().matches('signingOut')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.calls).toEqual(expectedEffects);
  });

  it('another tab’s sign-out clears locally without calling the server or broadcasting', async () => {
    const h = await restored();
    h.actor.send({ type: 'session.external.signedOut' });
    expect(h.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(h.promises.starts('logout')).toBe(0);
    expect(h.calls).toEqual([{ type: 'clearSession' }, { type: 'clearAnswers' }, { type: 'navigate', params: { to: '/auth/login' } }]);
  });
});

describe('the inactivity child', () => {
  const inactivityOf = (actor: AnyActorRef) => actor.system.get('inactivity') as AnyActorRef | undefined;

  it('exists with systemId "inactivity" only while signed in, and is stopped on sign-out', async () => {
    const h = start();
    expect(inactivityOf(h.actor)).toBeUndefined();
    await h.settle('restoreSession', { ok: true, session: session(1), user, remember: true });
    const child = inactivityOf(h.actor);
    expect(child).toBeDefined();
    expect(h.actor.getSnapshot().children.inactivity).toBe(child);
    expect(child!.getSnapshot().status).toBe('active');
    expect(child!.getSnapshot().context).toMatchObject({ lastActivityAt: T0, now: T0 }); // the page load counts as activity

    h.actor.send({ type: 'logout' });
    expect(child!.getSnapshot().status).toBe('stopped');
    expect(inactivityOf(h.actor)).toBeUndefined();
    await h.settle('logout', { ok: true });
    expect(inactivityOf(h.actor)).toBeUndefined();

    // Signing in again starts a new one, counting from the login click.
    h.actor.send(loginEvent({ at: T0 + 600_000 }));
    expect(inactivityOf(h.actor)).toBeUndefined();
    await h.settle('login', { ok: true, session: session(2) });
    const next = inactivityOf(h.actor);
    expect(next).toBeDefined();
    expect(next).not.toBe(child);
    expect(next!.getSnapshot().context.lastActivityAt).toBe(T0 + 600_000);

    h.actor.send({ type: 'session.external.signedOut' });
    expect(next!.getSnapshot().status).toBe('stopped');
    expect(inactivityOf(h.actor)).toBeUndefined();
  });

  it('is stopped when a failed refresh ends the session', async () => {
    const h = await restored();
    const child = inactivityOf(h.actor)!;
    h.actor.send({ type: 'session.unauthorized' });
    await h.settle('refreshSession', { ok: false, error: { status: 401, message: null, source: 'server' } });
    expect(child.getSnapshot().status).toBe('stopped');
    expect(inactivityOf(h.actor)).toBeUndefined();
  });

  it('an idle session times out through it: same as logout', async () => {
    vi.useFakeTimers();
    const h = await restored();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    expect(inactivityOf(h.actor)!.getSnapshot().value).toBe('warning');
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(LOGOUT_COUNTDOWN_SECONDS * 1000);
    expect(h.actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(inactivityOf(h.actor)).toBeUndefined();
    await h.settle('logout', { ok: false, error: { status: null, message: 'offline', source: 'network' } });
    expect(h.calls).toEqual([
      { type: 'broadcastSignedOut' },
      { type: 'clearSession' },
      { type: 'clearAnswers' },
      { type: 'navigate', params: { to: '/auth/login' } },
    ]);
  });

  it('session.timeout sent directly (e.g. by an app-provided endSession) signs out the same way', async () => {
    const h = await restored();
    h.actor.send({ type: 'session.timeout' });
    expect(h.actor.getSnapshot().matches('signingOut')).toBe(true);
    await h.settle('logout', { ok: true });
    expect(h.types()).toEqual(['broadcastSignedOut', 'clearSession', 'clearAnswers', 'navigate']);
  });

  it('a timeout from a page goes to the login with that page as its redirect; a Logout does not', async () => {
    const h = await restored();
    h.actor.send({ type: 'session.timeout', from: '/pension-refund?year=2025' });
    await h.settle('logout', { ok: true });
    expect(h.calls.at(-1)).toEqual({ type: 'navigate', params: { to: '/auth/login?redirect=%2Fpension-refund%3Fyear%3D2025' } });
    expect(h.actor.getSnapshot().context.idleSignOut).toEqual({ returnTo: '/pension-refund?year=2025' });
    // Leaving the login screen forgets it.
    h.actor.send({ type: 'errors.clear' });
    expect(h.actor.getSnapshot().context.idleSignOut).toBeNull();

    const again = await restored();
    again.actor.send({ type: 'logout' });
    await again.settle('logout', { ok: true });
    expect(again.calls.at(-1)).toEqual({ type: 'navigate', params: { to: '/auth/login' } });
    expect(again.actor.getSnapshot().context.idleSignOut).toBeNull();
  });
});

describe('defaults and context', () => {
  it('every state has a description', () => {
    for (const machine of [authMachine, signInMachine]) {
      const nodes = [machine.root, ...getStateNodes(machine.root)];
      expect(nodes.filter((n) => !n.description).map((n) => n.id)).toEqual([]);
    }
    expect(getStateNodes(authMachine.root)).toHaveLength(15);
    expect(getStateNodes(signInMachine.root)).toHaveLength(9);
  });

  it('the default actors are harmless: nothing restored, a login fails as "not provided"', async () => {
    const actor = createActor(authMachine, { input: { now: T0 } }).start();
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
    actor.send(loginEvent());
    await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
    expect(signInView(actor.getSnapshot()).login.error).toBe('Login failed: not provided');
    actor.stop();
  });

  it('context is plain JSON at every stage', async () => {
    const h = start();
    const check = () => {
      const { context } = h.actor.getSnapshot();
      expect(JSON.parse(JSON.stringify(context))).toEqual(context);
    };
    check();
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    h.actor.send(registerEvent);
    await h.settle('register', { ok: false, error: { status: 422, message: 'x', source: 'server', fieldErrors: { email: ['taken'] } } });
    check();
    h.actor.send(loginEvent());
    await h.settle('login', { ok: true, session: session(2) });
    check();
    expect(() => JSON.stringify(h.actor.getPersistedSnapshot())).not.toThrow();
  });
});

describe('selectors on partial snapshots', () => {
  const ctx = (over: Partial<ReturnType<typeof authMachine.getInitialSnapshot>['context']> = {}) => ({
    context: {
      user: null,
      accessToken: null,
      refreshToken: null,
      remember: false,
      redirectTo: null,
      loginError: null,
      twoFactorChallenge: null,
      codeError: null,
      registerError: null,
      refreshError: null,
      idleSignOut: null,
      lastActivityAt: T0,
      activitySinceRefresh: false,
      hadStoredSession: false,
      ...over,
    },
  });
  const tags = (...names: string[]) => ({ hasTag: (t: string) => names.includes(t) });

  it('loading and refreshing come from tags', () => {
    expect(selectIsLoading(tags('loading'))).toBe(true);
    expect(selectIsLoading(tags())).toBe(false);
    expect(selectIsRefreshing(tags('refreshing'))).toBe(true);
  });

  it('the forms may be submitted exactly when the machine accepts their events', async () => {
    const h = start();
    expect(signInView(h.actor.getSnapshot()).login.canSubmit).toBe(false); // restoring
    await h.settle('restoreSession', { ok: false, reason: 'none' });
    expect(signInView(h.actor.getSnapshot()).login.canSubmit).toBe(true);
    expect(signInView(h.actor.getSnapshot()).register.canSubmit).toBe(true);
    h.actor.send(loginEvent());
    expect(signInView(h.actor.getSnapshot()).login.canSubmit).toBe(false);
    expect(signInView(h.actor.getSnapshot()).register.canSubmit).toBe(false);
    await h.settle('login', { ok: true, session: session(2) });
    expect(signInView(h.actor.getSnapshot()).login.canSubmit).toBe(false); // signed in
  });

  it('signed in comes from the state', () => {
    expect(selectIsSignedIn({ matches: (v: unknown) => v === 'signedIn' } as never)).toBe(true);
    expect(selectIsSignedIn({ matches: () => false } as never)).toBe(false);
  });

  it('the token comes from context', () => {
    expect(selectAccessToken(ctx({ accessToken: 'a' }))).toBe('a');
    expect(selectAccessToken(ctx())).toBeNull();
  });

  it('the guard user is null when signed out, else income and PAYE flag', () => {
    expect(selectGuardUser(ctx())).toBeNull();
    expect(selectGuardUser(ctx({ user }))).toEqual({ annual_income: 52000, paye_a1_authorized: true, opt_out_paye_auth: false });
    expect(selectGuardUser(ctx({ user: { ...user, annual_income: null, paye_a1_authorized: false, opt_out_paye_auth: true } }))).toEqual({
      annual_income: null,
      paye_a1_authorized: false,
      opt_out_paye_auth: true,
    });
  });
});

describe('profile', () => {
  it('profile.updated replaces the user while signed in; nothing happens signed out', async () => {
    const h = await restored();
    const updated: User = { ...user, first_name: 'Aoibheann', annual_income: 61000 };
    h.actor.send({ type: 'profile.updated', user: updated });
    expect(h.actor.getSnapshot().context.user).toEqual(updated);
    expect(authView(h.actor.getSnapshot()).accountLabel).toBe('Aoibheann');

    const signedOut = start();
    await signedOut.settle('restoreSession', { ok: false, reason: 'none' });
    expect(signedOut.actor.getSnapshot().can({ type: 'profile.updated', user: updated })).toBe(false);
  });

  it('profile.reload goes to the session’s profile reloader, whose answer becomes the user', async () => {
    const heard: string[] = [];
    const reloaded: User = { ...user, taxback: 99_900 };
    const actor = createActor(
      authMachine.provide({
        actors: {
          restoreSession: fromPromise<RestoreSessionOutput>(async () => ({ ok: true, session: session(1), user, remember: false })),
          profileReloader: fromCallback<{ type: 'profile.reload' }>(({ receive, sendBack }) => {
            receive((event) => {
              heard.push(event.type);
              sendBack({ type: 'profile.updated', user: reloaded });
            });
          }),
        },
      }),
      { input: { now: T0 } },
    ).start();
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'profile.reload' });
    expect(heard).toEqual(['profile.reload']);
    expect(actor.getSnapshot().context.user).toEqual(reloaded);
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().children.profileReloader).toBeUndefined();
    actor.stop();
  });
});
