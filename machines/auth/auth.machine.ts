import { assertEvent, assign, setup } from 'xstate';
import { loginErrorMessage, registerErrorView, type AuthFailure } from '../../src/domain/authErrors.ts';
import { SESSION_REFRESH_INTERVAL_MS } from '../../src/domain/constants.ts';
import { safeInternalPath } from '../../src/domain/navigation.ts';
import { inactivity, loadProfile, login, logout, refreshSession, register, restoreSession } from './auth.actors.ts';
import {
  AFTER_LOGIN_DEFAULT,
  AFTER_REGISTER,
  GENERIC_SESSION_ERROR,
  INACTIVITY_SYSTEM_ID,
  LOGIN_ROUTE,
  LOGOUT_TIMEOUT_MS,
  NO_REFRESH_TOKEN,
  type AuthContext,
  type AuthEvent,
  type AuthInput,
  type AuthTag,
  type Session,
  type User,
} from './auth.types.ts';

/**
 * Where a login may send the user afterwards: an in-app path only (no scheme, no `//host`,
 * no backslash), and never back into /auth. Anything else becomes '/'.
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  const path = safeInternalPath(target, AFTER_LOGIN_DEFAULT);
  if (path === '/auth' || path.startsWith('/auth/') || path.startsWith('/auth?')) return AFTER_LOGIN_DEFAULT;
  return path;
}

/** The message of an expected failure, or the generic one. */
function failureMessage(error: AuthFailure | undefined): string {
  const message = error?.message?.trim();
  return message ? message : GENERIC_SESSION_ERROR;
}

/** The session as the storage keeps it, from context. */
function sessionOf(context: AuthContext): Session {
  return {
    access_token: context.accessToken ?? '',
    refresh_token: context.refreshToken ?? '',
    ...(context.user ? { user: context.user } : {}),
  };
}

/** An actor result that a guard already found to be `{ ok: true }`. */
type Ok<R> = Extract<R, { ok: true }>;
const ok = <R extends { ok: boolean }>(result: R) => result as Ok<R>;
const failed = <R extends { ok: boolean }>(result: R) => result as Extract<R, { ok: false }>;

const SIGNED_OUT_CONTEXT = {
  user: null,
  accessToken: null,
  refreshToken: null,
  remember: false,
  redirectTo: null,
  profileError: null,
} satisfies Partial<AuthContext>;

/**
 * Authentication and session (spec section 4, "Auth"): startup restore, login, register, token
 * refresh, profile reload, logout, inactivity timeout and other tabs' sign-outs. The parent of the
 * session-scoped inactivity machine, so signing out stops it.
 *
 * Effects are named actions/actors with harmless defaults; the app provides the real ones.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as AuthTag,
  },
  actors: { restoreSession, login, register, loadProfile, refreshSession, logout, inactivity },
  actions: {
    // ── Effects (defaults do nothing; the app provides them) ──────────────────────────────────
    /** Route to an in-app path. */
    navigate: (_, _params: { to: string }) => {},
    /** Store the tokens: keys `session`, `refresh_token`, `remember_me` in localStorage when remember, else sessionStorage. */
    persistSession: (_, _params: { session: Session; remember: boolean }) => {},
    /** Remove the stored tokens (all three keys, both storages) after a failed startup restore. */
    clearStoredSession: () => {},
    /** End the session on this device: remove the stored tokens and drop anything session-scoped the app caches. */
    clearSession: () => {},
    /** Empty the answers store (spec section 4, logout). */
    clearAnswers: () => {},
    /** Tell the other tabs this session ended (BroadcastChannel / storage event). */
    broadcastSignedOut: () => {},

    // ── Context updates (pure) ───────────────────────────────────────────────────────────────
    clearErrors: assign({ loginError: null, registerError: null, refreshError: null }),
    startLogin: assign(({ context }, params: { remember: boolean; redirectTo: string | null; at: number }) => ({
      remember: params.remember,
      redirectTo: params.redirectTo,
      lastActivityAt: Math.max(context.lastActivityAt, params.at),
    })),
    startRegistration: assign(({ context }, params: { at: number }) => ({
      remember: false,
      redirectTo: null,
      lastActivityAt: Math.max(context.lastActivityAt, params.at),
    })),
    setSession: assign(({ context }, params: { session: Session }) => ({
      accessToken: params.session.access_token,
      refreshToken: params.session.refresh_token,
      user: params.session.user ?? context.user,
    })),
    setUser: assign((_, params: { user: User }) => ({ user: params.user, profileError: null })),
    setRestored: assign((_, params: { session: Session; user: User; remember: boolean }) => ({
      accessToken: params.session.access_token,
      refreshToken: params.session.refresh_token,
      user: params.user,
      remember: params.remember,
    })),
    setLoginError: assign((_, params: { error: AuthFailure }) => ({
      ...SIGNED_OUT_CONTEXT,
      loginError: loginErrorMessage(params.error),
    })),
    setRegisterError: assign((_, params: { error: AuthFailure }) => ({
      ...SIGNED_OUT_CONTEXT,
      registerError: registerErrorView(params.error),
    })),
    setRefreshError: assign((_, params: { message: string }) => ({ refreshError: params.message })),
    setProfileError: assign((_, params: { message: string }) => ({ profileError: params.message })),
    /** Forget tokens and user (the signed-out context). */
    resetSession: assign(SIGNED_OUT_CONTEXT),
  },
  guards: {
    hasRefreshToken: ({ context }) => context.refreshToken !== null && context.refreshToken !== '',
    /** An actor result `{ ok: true }`. */
    succeeded: (_, params: { ok: boolean }) => params.ok,
    /** A login/register session that already carries the user. */
    hasUser: (_, params: { user: User | null | undefined }) => params.user != null,
    restoreFailed: (_, params: { reason: string | null }) => params.reason === 'failed',
    /** No response at all (offline, timeout): an outage, not the server refusing the session. */
    isOutage: (_, params: { status: number | null }) => params.status === null,
  },
  delays: {
    /** The server is told about a logout, but the user is not kept waiting longer than this. */
    logoutTimeout: LOGOUT_TIMEOUT_MS,
    /** Tokens are refreshed this often while signed in, ahead of the server's idle limit. */
    sessionRefreshInterval: SESSION_REFRESH_INTERVAL_MS,
  },
}).createMachine({
  id: 'auth',
  description: 'Who is signed in, with which tokens; the parent of the session-scoped actors.',
  context: ({ input }) => ({
    ...SIGNED_OUT_CONTEXT,
    loginError: null,
    registerError: null,
    refreshError: null,
    lastActivityAt: input.now,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'Startup: looks for a stored session, attaches its token and loads the profile. The app shows the full-screen "Loading..." view.',
      tags: ['loading'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'signedIn',
            actions: {
              type: 'setRestored',
              params: ({ event }) => {
                const { session, user, remember } = ok(event.output);
                return { session, user, remember };
              },
            },
          },
          {
            guard: {
              type: 'restoreFailed',
              params: ({ event }) => ({ reason: event.output.ok ? null : event.output.reason }),
            },
            target: 'signedOut',
            actions: 'clearStoredSession',
          },
          { target: 'signedOut' },
        ],
        // An outage while restoring: start signed out but keep what is stored, so a reload can retry.
        onError: { target: 'signedOut' },
      },
    },

    signedOut: {
      description: 'Nobody is signed in; the login and register screens work here.',
      initial: 'idle',
      on: {
        'errors.clear': { actions: 'clearErrors' },
      },
      states: {
        idle: {
          description: 'The forms can be submitted; the last error, if any, is shown.',
          on: {
            'login.submit': {
              target: 'signingIn',
              actions: [
                'clearErrors',
                {
                  type: 'startLogin',
                  params: ({ event }) => ({ remember: event.remember, redirectTo: event.redirectTo ?? null, at: event.at }),
                },
              ],
            },
            'register.submit': {
              target: 'registering',
              actions: ['clearErrors', { type: 'startRegistration', params: ({ event }) => ({ at: event.at }) }],
            },
          },
        },
        signingIn: {
          description: 'Login is in flight: credentials, then the profile if the response had no user.',
          tags: ['busy'],
          initial: 'authenticating',
          on: {
            'login.submit': { description: 'Ignored: one request at a time (the buttons are disabled meanwhile).' },
            'register.submit': { description: 'Ignored: one request at a time.' },
          },
          states: {
            authenticating: {
              description: 'POST /auth/login with the submitted credentials.',
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ event }) => {
                  assertEvent(event, 'login.submit');
                  return { email: event.email, password: event.password, remember: event.remember };
                },
                onDone: [
                  {
                    guard: {
                      type: 'hasUser',
                      params: ({ event }) => ({ user: event.output.ok ? event.output.session.user : null }),
                    },
                    target: '#auth.signedIn',
                    actions: [
                      { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
                      { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: context.remember }) },
                      { type: 'navigate', params: ({ context }) => ({ to: safeRedirectTarget(context.redirectTo) }) },
                    ],
                  },
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                    target: 'loadingProfile',
                    actions: { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
                  },
                  {
                    target: '#auth.signedOut.idle',
                    actions: { type: 'setLoginError', params: ({ event }) => ({ error: failed(event.output).error }) },
                  },
                ],
                onError: {
                  target: '#auth.signedOut.idle',
                  actions: { type: 'setLoginError', params: { error: { status: null, message: null } } },
                },
              },
            },
            loadingProfile: {
              description: 'The login response had no user: GET /profile with the new token.',
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                input: ({ context }) => ({ accessToken: context.accessToken }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                    target: '#auth.signedIn',
                    actions: [
                      { type: 'setUser', params: ({ event }) => ({ user: ok(event.output).user }) },
                      { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: context.remember }) },
                      { type: 'navigate', params: ({ context }) => ({ to: safeRedirectTarget(context.redirectTo) }) },
                    ],
                  },
                  {
                    target: '#auth.signedOut.idle',
                    actions: { type: 'setLoginError', params: ({ event }) => ({ error: failed(event.output).error }) },
                  },
                ],
                onError: {
                  target: '#auth.signedOut.idle',
                  actions: { type: 'setLoginError', params: { error: { status: null, message: null } } },
                },
              },
            },
          },
        },
        registering: {
          description: 'Registration is in flight: the account, then the profile if the response had no user.',
          tags: ['busy'],
          initial: 'submitting',
          on: {
            'login.submit': { description: 'Ignored: one request at a time.' },
            'register.submit': { description: 'Ignored: one request at a time (the buttons are disabled meanwhile).' },
          },
          states: {
            submitting: {
              description: 'POST /auth/register with the parsed form values.',
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ event }) => {
                  assertEvent(event, 'register.submit');
                  return { payload: event.payload };
                },
                onDone: [
                  {
                    guard: {
                      type: 'hasUser',
                      params: ({ event }) => ({ user: event.output.ok ? event.output.session.user : null }),
                    },
                    target: '#auth.signedIn',
                    actions: [
                      { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
                      { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: false }) },
                      { type: 'navigate', params: { to: AFTER_REGISTER } },
                    ],
                  },
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                    target: 'loadingProfile',
                    actions: { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
                  },
                  {
                    target: '#auth.signedOut.idle',
                    actions: { type: 'setRegisterError', params: ({ event }) => ({ error: failed(event.output).error }) },
                  },
                ],
                onError: {
                  target: '#auth.signedOut.idle',
                  actions: { type: 'setRegisterError', params: { error: { status: null, message: null } } },
                },
              },
            },
            loadingProfile: {
              description: 'The register response had no user: GET /profile with the new token.',
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                input: ({ context }) => ({ accessToken: context.accessToken }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                    target: '#auth.signedIn',
                    actions: [
                      { type: 'setUser', params: ({ event }) => ({ user: ok(event.output).user }) },
                      { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: false }) },
                      { type: 'navigate', params: { to: AFTER_REGISTER } },
                    ],
                  },
                  {
                    target: '#auth.signedOut.idle',
                    actions: { type: 'setRegisterError', params: ({ event }) => ({ error: failed(event.output).error }) },
                  },
                ],
                onError: {
                  target: '#auth.signedOut.idle',
                  actions: { type: 'setRegisterError', params: { error: { status: null, message: null } } },
                },
              },
            },
          },
        },
      },
    },

    signedIn: {
      description:
        'A user is signed in. Two regions: the tokens (kept fresh) and the profile (reloadable). The inactivity machine runs as a child.',
      type: 'parallel',
      invoke: {
        id: 'inactivity',
        systemId: INACTIVITY_SYSTEM_ID,
        src: 'inactivity',
        input: ({ context }) => ({ now: context.lastActivityAt }),
      },
      on: {
        'profile.updated': { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
        'session.external.updated': {
          actions: { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
        },
        logout: { target: 'signingOut' },
        'session.timeout': { target: 'signingOut' },
        'session.external.signedOut': {
          target: 'signedOut',
          actions: ['resetSession', 'clearSession', 'clearAnswers', { type: 'navigate', params: { to: LOGIN_ROUTE } }],
        },
      },
      states: {
        session: {
          description: 'The tokens: in use, or being refreshed (once, however many calls got a 401).',
          initial: 'active',
          states: {
            active: {
              description: 'The access token is in use; it is refreshed every sessionRefreshInterval while the tab is open.',
              after: {
                sessionRefreshInterval: { guard: 'hasRefreshToken', target: 'refreshing' },
              },
              on: {
                'session.unauthorized': [
                  { guard: 'hasRefreshToken', target: 'refreshing' },
                  {
                    target: '#auth.signedOut',
                    actions: [
                      { type: 'setRefreshError', params: { message: NO_REFRESH_TOKEN } },
                      'resetSession',
                      'clearSession',
                      { type: 'navigate', params: { to: LOGIN_ROUTE } },
                    ],
                  },
                ],
                'session.refresh': [
                  { guard: 'hasRefreshToken', target: 'refreshing' },
                  {
                    target: '#auth.signedOut',
                    actions: [
                      { type: 'setRefreshError', params: { message: NO_REFRESH_TOKEN } },
                      'resetSession',
                      'clearSession',
                      { type: 'navigate', params: { to: LOGIN_ROUTE } },
                    ],
                  },
                ],
              },
            },
            refreshing: {
              description:
                'POST /auth/refresh with the refresh token. Further 401s and refresh requests are ignored: their callers wait for this outcome.',
              tags: ['refreshing'],
              on: {
                'session.unauthorized': { description: 'Ignored: one refresh at a time; the caller waits for this one.' },
                'session.refresh': { description: 'Ignored: a refresh is already under way.' },
              },
              invoke: {
                id: 'refreshSession',
                src: 'refreshSession',
                input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                    target: 'active',
                    actions: [
                      { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
                      { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: context.remember }) },
                    ],
                  },
                  {
                    description: 'No response (offline, timeout): keep the session and try again at the next interval or 401.',
                    guard: { type: 'isOutage', params: ({ event }) => ({ status: event.output.ok ? 0 : event.output.error.status }) },
                    target: 'active',
                    actions: { type: 'setRefreshError', params: ({ event }) => ({ message: failureMessage(failed(event.output).error) }) },
                  },
                  {
                    description: 'The server refused the refresh token: the session is over.',
                    target: '#auth.signedOut',
                    actions: [
                      { type: 'setRefreshError', params: ({ event }) => ({ message: failureMessage(failed(event.output).error) }) },
                      'resetSession',
                      'clearSession',
                      { type: 'navigate', params: { to: LOGIN_ROUTE } },
                    ],
                  },
                ],
                onError: {
                  description: 'The refresh itself broke (an outage): keep the session; the next interval or 401 tries again.',
                  target: 'active',
                  actions: { type: 'setRefreshError', params: { message: GENERIC_SESSION_ERROR } },
                },
              },
            },
          },
        },
        profile: {
          description: 'The profile: as loaded, or being fetched again.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The user in context is current.',
              on: { 'profile.reload': { target: 'reloading' } },
            },
            reloading: {
              description: 'GET /profile; a failure keeps the current user.',
              on: { 'profile.reload': { description: 'Ignored: a reload is already under way.' } },
              invoke: {
                id: 'reloadProfile',
                src: 'loadProfile',
                input: ({ context }) => ({ accessToken: context.accessToken }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                    target: 'idle',
                    actions: { type: 'setUser', params: ({ event }) => ({ user: ok(event.output).user }) },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'setProfileError', params: ({ event }) => ({ message: failureMessage(failed(event.output).error) }) },
                  },
                ],
                onError: { target: 'idle', actions: { type: 'setProfileError', params: { message: GENERIC_SESSION_ERROR } } },
              },
            },
          },
        },
      },
    },

    signingOut: {
      description:
        'Logout or idle timeout: tell the server (failures are only logged), then always clear tokens, user and answers, tell the other tabs and show the login.',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refreshToken: context.refreshToken, accessToken: context.accessToken }),
        onDone: { target: 'signedOut' },
        onError: { target: 'signedOut' },
      },
      after: { logoutTimeout: { target: 'signedOut' } },
      exit: ['resetSession', 'clearSession', 'clearAnswers', 'broadcastSignedOut', { type: 'navigate', params: { to: LOGIN_ROUTE } }],
    },
  },
});
