import { and, assertEvent, assign, sendTo, setup } from 'xstate';
import { loginErrorMessage, registerErrorView } from '../../src/domain/authErrors.ts';
import { SESSION_REFRESH_INTERVAL_MS } from '../../src/domain/constants.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { failureMessage as userFacingMessage } from '../../src/domain/failureMessage.ts';
import { safeRedirectTarget } from '../../src/domain/navigation.ts';
import { sameTokenOwner } from '../../src/domain/tokenOwner.ts';
import { NO_REFRESH_TOKEN, SOMETHING_WENT_WRONG } from '../../src/domain/schemas/sessionMessages.ts';
import { inactivity, logout, profileReloader, refreshSession, restoreSession } from './auth.actors.ts';
import {
  AFTER_REGISTER,
  INACTIVITY_SYSTEM_ID,
  PROFILE_RELOADER_ID,
  LOGIN_ROUTE,
  LOGOUT_TIMEOUT_MS,
  type AuthContext,
  type AuthEvent,
  type AuthInput,
  type AuthTag,
  type Session,
  type User,
} from './auth.types.ts';
import { codeRequired, failed, failure, ok } from './results.ts';
import { signInMachine } from './signIn.machine.ts';

/** Where a login may send the user afterwards (shared with the route guard). */
export { safeRedirectTarget };

/**
 * The login route at the end of a session: after an inactivity sign-out it carries where the user
 * was as `redirect` (the same search the route guard would give), so logging in again returns there.
 */
export function loginRouteAfter(context: Pick<AuthContext, 'idleSignOut'>): string {
  const returnTo = context.idleSignOut?.returnTo;
  if (!returnTo || returnTo === '/') return LOGIN_ROUTE;
  return `${LOGIN_ROUTE}?${new URLSearchParams({ redirect: returnTo })}`;
}

/** The message of an expected failure, or the generic one. */
function failureMessage(error: ApiFailure): string {
  const message = error.message?.trim();
  return message ? message : SOMETHING_WENT_WRONG;
}

/** The session as the storage keeps it, from context. */
function sessionOf(context: AuthContext): Session {
  return {
    access_token: context.accessToken ?? '',
    refresh_token: context.refreshToken ?? '',
    ...(context.user ? { user: context.user } : {}),
  };
}

const SIGNED_OUT_CONTEXT = {
  user: null,
  accessToken: null,
  refreshToken: null,
  remember: false,
  redirectTo: null,
  twoFactorChallenge: null,
  codeError: null,
  activitySinceRefresh: false,
} satisfies Partial<AuthContext>;

/**
 * Authentication and session (spec section 4, "Auth"): startup restore, login, register, token
 * refresh, logout, inactivity timeout and other tabs' sign-outs. The parent of the session-scoped
 * inactivity machine, so signing out stops it; a login or registration runs in the sign-in child.
 *
 * Effects are named actions/actors with harmless defaults; the app provides the real ones.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as AuthTag,
    // Invoke id → actor, so `snapshot.children.inactivity` is typed as the inactivity actor.
    children: {} as {
      restoreSession: 'restoreSession';
      signIn: 'signIn';
      refreshSession: 'refreshSession';
      logout: 'logout';
      inactivity: 'inactivity';
      profileReloader: 'profileReloader';
    },
  },
  actors: { restoreSession, signIn: signInMachine, refreshSession, logout, inactivity, profileReloader },
  actions: {
    // ── Effects (defaults do nothing; the app provides them) ──────────────────────────────────
    /** Route to an in-app path (path and search). */
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
    clearErrors: assign({ loginError: null, registerError: null, refreshError: null, codeError: null, idleSignOut: null }),
    /** The session is ending for inactivity: remember where the user was, for the login screen. */
    markIdleSignOut: assign((_, params: { from: string | undefined }) => ({ idleSignOut: { returnTo: safeRedirectTarget(params.from) } })),
    /** Any other way out (or in) forgets an earlier inactivity sign-out. */
    forgetIdleSignOut: assign({ idleSignOut: null }),
    /** The login needs a code: keep its challenge for the code step. */
    setChallenge: assign((_, params: { challenge: string }) => ({ twoFactorChallenge: params.challenge, codeError: null })),
    startCode: assign(({ context }, params: { at: number }) => ({ codeError: null, lastActivityAt: Math.max(context.lastActivityAt, params.at) })),
    setCodeError: assign((_, params: { error: ApiFailure }) => ({ codeError: userFacingMessage(params.error) })),
    /** Back to the login form: the challenge is dropped (the password is asked again). */
    dropChallenge: assign({ twoFactorChallenge: null, codeError: null }),
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
    /** New tokens; the user too when they came with them. */
    setSession: assign(({ context }, params: { session: Session }) => ({
      accessToken: params.session.access_token,
      refreshToken: params.session.refresh_token,
      user: params.session.user ?? context.user,
    })),
    setSignedIn: assign((_, params: { session: Session; user: User }) => ({
      accessToken: params.session.access_token,
      refreshToken: params.session.refresh_token,
      user: params.user,
      idleSignOut: null,
    })),
    /** The user as the server now has it. */
    setUser: assign((_, params: { user: User }) => ({ user: params.user })),
    setRestored: assign((_, params: { session: Session; user: User; remember: boolean }) => ({
      accessToken: params.session.access_token,
      refreshToken: params.session.refresh_token,
      user: params.user,
      remember: params.remember,
      // Opening the page is the user's doing, and the stored tokens may be minutes old: the first
      // interval refreshes them even if the user then only reads.
      activitySinceRefresh: true,
    })),
    setLoginError: assign((_, params: { error: ApiFailure }) => ({
      ...SIGNED_OUT_CONTEXT,
      loginError: loginErrorMessage(params.error),
    })),
    setRegisterError: assign((_, params: { error: ApiFailure }) => ({
      ...SIGNED_OUT_CONTEXT,
      registerError: registerErrorView(params.error),
    })),
    setRefreshError: assign((_, params: { message: string }) => ({ refreshError: params.message })),
    /** Forget tokens and user (the signed-out context). */
    resetSession: assign(SIGNED_OUT_CONTEXT),
    /** The user was active: the next interval refreshes the tokens. */
    markActive: assign({ activitySinceRefresh: true }),
    /** The tokens were just refreshed: the next interval refreshes only after new activity. */
    markRefreshed: assign({ activitySinceRefresh: false }),
  },
  guards: {
    hasRefreshToken: ({ context }) => context.refreshToken !== null && context.refreshToken !== '',
    /** The user was active (here or in another tab) since the tokens were last refreshed. */
    activitySinceRefresh: ({ context }) => context.activitySinceRefresh,
    /** Tokens another tab stored belong to this tab's user (never adopt another user's). */
    sameTokenOwner: ({ context, event }) => event.type === 'session.external.updated' && sameTokenOwner(context.accessToken, event.session.access_token),
    /** An actor result `{ ok: true }`. */
    succeeded: (_, params: { ok: boolean }) => params.ok,
    restoreFailed: (_, params: { reason: string | null }) => params.reason === 'failed',
    /** No response at all (offline, timeout): an outage, not the server refusing the session. */
    isOutage: (_, params: { status: number | null }) => params.status === null,
    /** The sign-in answered with a challenge: the code step comes next. */
    needsCode: (_, params: { codeRequired: boolean }) => params.codeRequired,
    /**
     * The server no longer knows the challenge (expired, spent, too many attempts): the code step
     * cannot succeed, so the login starts again. Other refusals (a wrong code) keep the step.
     */
    challengeEnded: (_, params: { error: ApiFailure }) => Boolean(params.error.fieldErrors?.['challenge']),
  },
  delays: {
    /** The server is told about a logout, but the user is not kept waiting longer than this. */
    logoutTimeout: LOGOUT_TIMEOUT_MS,
    /** While the user is active, tokens are refreshed this often, well inside the server's idle limit. */
    sessionRefreshInterval: SESSION_REFRESH_INTERVAL_MS,
  },
}).createMachine({
  id: 'auth',
  description:
    'Who is signed in, with which tokens; the parent of the session-scoped actors. Keep-alive follows the user, not the tab: ' +
    'the tokens are refreshed every sessionRefreshInterval only if the inactivity child reported activity (in this tab, or ' +
    'another tab of the browser signed in as the same user) since the last refresh, so an unattended tab, or a stolen ' +
    "remember-me token behind it, is ended by the server's idle limit.",
  context: ({ input }) => ({
    ...SIGNED_OUT_CONTEXT,
    loginError: null,
    registerError: null,
    refreshError: null,
    idleSignOut: null,
    lastActivityAt: input.now,
    hadStoredSession: input.hasStoredSession === true,
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
        'session.revoked': {
          description: 'A password was saved through a link here: another tab may still hold a session of that account, which the server ended; tell the tabs.',
          actions: 'broadcastSignedOut',
        },
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
          description: 'A login is in flight (credentials, then the profile if needed). Neither form can be submitted meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'login.submit');
              return { request: { kind: 'login', credentials: { email: event.email, password: event.password, remember: event.remember } } };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: '#auth.signedIn',
                actions: [
                  { type: 'setSignedIn', params: ({ event }) => ok(event.output) },
                  { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: context.remember }) },
                  { type: 'navigate', params: ({ context }) => ({ to: safeRedirectTarget(context.redirectTo) }) },
                ],
              },
              {
                description: 'Two-step sign-in is on: ask for the code.',
                guard: { type: 'needsCode', params: ({ event }) => ({ codeRequired: codeRequired(event.output) }) },
                target: 'awaitingCode',
                actions: { type: 'setChallenge', params: ({ event }) => ({ challenge: codeRequired(event.output) ? event.output.challenge : '' }) },
              },
              {
                target: 'idle',
                actions: { type: 'setLoginError', params: ({ event }) => ({ error: failure(event.output).error }) },
              },
            ],
          },
        },
        awaitingCode: {
          description:
            'The password was right and the account has two-step sign-in: the login screen asks for the code from the authenticator app, or a recovery code.',
          on: {
            'twoFactor.submit': {
              target: 'verifyingCode',
              actions: { type: 'startCode', params: ({ event }) => ({ at: event.at }) },
            },
            'twoFactor.cancel': { description: 'Back to the login form.', target: 'idle', actions: 'dropChallenge' },
            'errors.clear': { description: 'The login screen closed: the code step is abandoned.', target: 'idle', actions: ['clearErrors', 'dropChallenge'] },
          },
        },
        verifyingCode: {
          description: 'POST /auth/two-factor with the challenge and the code (then the profile if needed). Nothing can be submitted meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context, event }) => {
              assertEvent(event, 'twoFactor.submit');
              return { request: { kind: 'code', challenge: context.twoFactorChallenge ?? '', code: event.code } };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: '#auth.signedIn',
                actions: [
                  'dropChallenge',
                  { type: 'setSignedIn', params: ({ event }) => ok(event.output) },
                  { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: context.remember }) },
                  { type: 'navigate', params: ({ context }) => ({ to: safeRedirectTarget(context.redirectTo) }) },
                ],
              },
              {
                description: 'The challenge expired, was spent or had too many attempts: log in again, with the reason shown.',
                guard: { type: 'challengeEnded', params: ({ event }) => ({ error: failure(event.output).error }) },
                target: 'idle',
                actions: { type: 'setLoginError', params: ({ event }) => ({ error: failure(event.output).error }) },
              },
              {
                description: 'A wrong code, a limit or an outage: stay on the code step and say why.',
                target: 'awaitingCode',
                actions: { type: 'setCodeError', params: ({ event }) => ({ error: failure(event.output).error }) },
              },
            ],
          },
        },
        registering: {
          description: 'A registration is in flight (the account, then the profile if needed). Neither form can be submitted meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'register.submit');
              return { request: { kind: 'register', payload: event.payload } };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ ok: event.output.ok }) },
                target: '#auth.signedIn',
                actions: [
                  { type: 'setSignedIn', params: ({ event }) => ok(event.output) },
                  // No Remember me on the register form: the session is kept for this tab only.
                  { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: false }) },
                  { type: 'navigate', params: { to: AFTER_REGISTER } },
                ],
              },
              {
                target: 'idle',
                actions: { type: 'setRegisterError', params: ({ event }) => ({ error: failure(event.output).error }) },
              },
            ],
          },
        },
      },
    },

    signedIn: {
      description:
        'A user is signed in; the tokens are kept fresh while the user is active. The inactivity machine runs as a child on ' +
        'every route, public ones included, and reports activity here.',
      invoke: [
        {
          id: 'inactivity',
          systemId: INACTIVITY_SYSTEM_ID,
          src: 'inactivity',
          input: ({ context }) => ({ now: context.lastActivityAt }),
        },
        { id: PROFILE_RELOADER_ID, src: 'profileReloader' },
      ],
      on: {
        'profile.reload': {
          description: 'Something the server changed shows in the profile: the profile reloader fetches it again.',
          actions: sendTo(PROFILE_RELOADER_ID, { type: 'profile.reload' }),
        },
        'profile.updated': {
          description: 'The user as the server now has it (a save answered with it, a reload, or a round-up Confirm).',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.external.updated': [
          {
            description: 'Another tab of the same user rotated the tokens: use them.',
            guard: 'sameTokenOwner',
            actions: { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
          },
          {
            description: "Another user signed in from another tab: this tab signs out instead of adopting that user's tokens, and leaves them stored for that tab.",
            target: 'leavingForOtherUser',
          },
        ],
        'session.activity': {
          description: 'The inactivity child heard the user (this tab, another tab of the same user, or Continue Session): the next interval refreshes.',
          actions: 'markActive',
        },
        'session.unauthorized': [
          { description: 'A call got a 401: refresh the tokens once; the call is retried with the new token.', guard: 'hasRefreshToken', target: '.refreshing' },
          {
            description: "No refresh token to refresh with: the session is over ('No refresh token').",
            target: 'endingSession',
            actions: { type: 'setRefreshError', params: { message: NO_REFRESH_TOKEN } },
          },
        ],
        logout: { target: 'signingOut', actions: 'forgetIdleSignOut' },
        'session.timeout': {
          description: 'The inactivity countdown ran out: sign out, and the login screen says why and returns the user to where they were.',
          target: 'signingOut',
          actions: { type: 'markIdleSignOut', params: ({ event }) => ({ from: event.from }) },
        },
        'session.external.signedOut': {
          description: 'Another tab signed out: end the session here too, without telling the server or the tabs again.',
          target: 'endingSession',
        },
        'session.revoked': {
          description: 'A password was saved through a mailed link on this page: the server ended the sessions, so this one is forgotten and the page stays.',
          target: 'forgettingSession',
          actions: 'forgetIdleSignOut',
        },
      },
      initial: 'active',
      states: {
        active: {
          description:
            'The access token is in use. After sessionRefreshInterval the tokens are refreshed if the user was active since ' +
            'the last refresh; otherwise nothing is sent and the session goes idle.',
          after: {
            sessionRefreshInterval: [
              {
                description: 'Activity since the last refresh: refresh now.',
                guard: and(['hasRefreshToken', 'activitySinceRefresh']),
                target: 'refreshing',
              },
              { description: 'No activity for a whole interval (or nothing to refresh with): send nothing.', target: 'idle' },
            ],
          },
        },
        idle: {
          description:
            "Nobody used the session for a whole interval: no timer refreshes it, so the server's idle limit (1 h after the " +
            'last refresh) ends it unless the user comes back. A 401 still refreshes once.',
          on: {
            'session.activity': {
              description:
                'The user is back: refresh at once rather than at an interval, so a session quiet for a while is extended ' +
                "well before the server's idle limit (Continue Session at 55 min included).",
              guard: 'hasRefreshToken',
              target: 'refreshing',
              actions: 'markActive',
            },
          },
        },
        refreshing: {
          description: 'POST /auth/refresh with the refresh token. Further 401s are ignored: their callers wait for this outcome.',
          tags: ['refreshing'],
          on: {
            'session.unauthorized': { description: 'Ignored: one refresh at a time; the caller waits for this one.' },
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
                  'markRefreshed',
                  { type: 'setSession', params: ({ event }) => ({ session: ok(event.output).session }) },
                  { type: 'persistSession', params: ({ context }) => ({ session: sessionOf(context), remember: context.remember }) },
                ],
              },
              {
                description: 'No response (offline, timeout): keep the session; the next interval (after activity) or 401 tries again.',
                guard: { type: 'isOutage', params: ({ event }) => ({ status: event.output.ok ? 0 : event.output.error.status }) },
                target: 'active',
                actions: { type: 'setRefreshError', params: ({ event }) => ({ message: failureMessage(failed(event.output).error) }) },
              },
              {
                description: 'The server refused the refresh token: the session is over.',
                target: '#auth.endingSession',
                actions: { type: 'setRefreshError', params: ({ event }) => ({ message: failureMessage(failed(event.output).error) }) },
              },
            ],
            onError: {
              description: 'The refresh itself broke (an outage): keep the session; the next interval (after activity) or 401 tries again.',
              target: 'active',
              actions: { type: 'setRefreshError', params: { message: SOMETHING_WENT_WRONG } },
            },
          },
        },
      },
    },

    signingOut: {
      description:
        'Logout or idle timeout: tell the server (failures are only logged), then always end the session here and tell the other tabs.',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refreshToken: context.refreshToken, accessToken: context.accessToken }),
        onDone: { target: 'endingSession' },
        onError: { target: 'endingSession' },
      },
      after: { logoutTimeout: { target: 'endingSession' } },
      exit: 'broadcastSignedOut',
    },

    leavingForOtherUser: {
      description: "Another user's tokens arrived from storage: forget this tab's session and answers and show the login, without clearing what the other user's tab stored.",
      entry: ['resetSession', 'clearAnswers', { type: 'navigate', params: { to: LOGIN_ROUTE } }],
      always: { target: 'signedOut' },
    },
    forgettingSession: {
      description:
        'The server already ended the session (a password saved through a mailed link): forget tokens, user, stored session and ' +
        'answers, tell the other tabs, and stay on the page, which offers the login itself. Nothing is sent: the server would refuse it.',
      entry: ['resetSession', 'clearSession', 'clearAnswers', 'broadcastSignedOut'],
      always: { target: 'signedOut' },
    },
    endingSession: {
      description:
        'The session is over on this device, however it ended (logout, idle timeout, a refused refresh, another tab): ' +
        'forget tokens and user, clear the stored session and the answers, show the login. One place for every way out.',
      entry: ['resetSession', 'clearSession', 'clearAnswers', { type: 'navigate', params: ({ context }) => ({ to: loginRouteAfter(context) }) }],
      always: { target: 'signedOut' },
    },
  },
});
