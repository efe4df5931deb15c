/**
 * Types of the auth machine (spec sections 3, 4, 7 and 8).
 *
 * Sections: entities, actor results, the sign-in child, context, events, tags, system ids.
 */

import type { RegisterErrorView } from '../../src/domain/authErrors.ts';
import type { CallbackActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { RegisterRequest } from '../../src/domain/schemas/auth.ts';
import type { User as UserFromSchema } from '../../src/domain/schemas/user.ts';

// ─── Entities ────────────────────────────────────────────────────────────────────────────────

/**
 * The signed-in user (spec section 3), as the valibot response schema of src/domain/schemas/user.ts
 * parses it (fields a new account has not filled in are defaulted: '' / null / 0 / [] / false).
 */
export type User = UserFromSchema;

/** What login, register and refresh return (spec section 7); `user` is optional on login/register. */
export interface Session {
  access_token: string;
  refresh_token: string;
  user?: User | null;
}

/** The register body (spec sections 3 and 7), `dob` as YYYY-MM-DD, as the shared request schema parses it. */
export type RegistrationPayload = RegisterRequest;

// ─── Actor results (expected failures are data; a rejected promise is an outage) ───────────────

/** `{ ok: false, error }`: an expected failure, described for the error texts of spec section 8. */
export interface Failure {
  ok: false;
  error: ApiFailure;
}

export type RestoreSessionOutput =
  | { ok: true; session: Session; user: User; remember: boolean }
  /** `none`: nothing stored. `failed`: tokens were stored but the profile could not be loaded. */
  | { ok: false; reason: 'none' | 'failed' };

export interface LoginInput {
  email: string;
  password: string;
  /** Remember me: the server gives the session its longer absolute lifetime. */
  remember: boolean;
}
/**
 * A login ends with tokens, or — for an account with two-step sign-in — with a challenge the code
 * step completes (`POST /auth/two-factor`), or fails.
 */
export type LoginOutput = { ok: true; session: Session } | CodeRequired | Failure;

/** The password was right; a code from the authenticator app (or a recovery code) completes the sign-in. */
export interface CodeRequired {
  ok: false;
  codeRequired: true;
  challenge: string;
}

/** `POST /auth/two-factor {challenge, code}` → tokens, like a login. */
export interface VerifyCodeInput {
  challenge: string;
  code: string;
}
export type VerifyCodeOutput = { ok: true; session: Session } | Failure;

export interface RegisterInput {
  payload: RegistrationPayload;
}
export type RegisterOutput = { ok: true; session: Session } | Failure;

export interface LoadProfileInput {
  /** The token just received from login or register (the session does not hold it yet). */
  accessToken: string | null;
}
export type LoadProfileOutput = { ok: true; user: User } | Failure;

/** What the profile reloader hears from the auth machine. */
export type ProfileReloaderEvent = { type: 'profile.reload' };
/** The signed-in session's profile reloader: hears `profile.reload`, sends back `profile.updated`. */
export type ProfileReloaderLogic = CallbackActorLogic<ProfileReloaderEvent>;

export interface RefreshSessionInput {
  refreshToken: string;
}
/** A refresh returns a rotated pair, and usually the user. */
export type RefreshSessionOutput = { ok: true; session: Session } | Failure;

export interface LogoutInput {
  refreshToken: string | null;
  accessToken: string | null;
}
/** Failures are only logged (by the actor); the machine clears the session either way. */
export type LogoutOutput = { ok: true } | Failure;

// ─── The sign-in child (signIn.machine.ts): credentials, then the profile if needed ─────────────

/** What the sign-in child is asked to do: a login or a registration. */
export type SignInRequest =
  | { kind: 'login'; credentials: LoginInput }
  | { kind: 'register'; payload: RegistrationPayload }
  /** The code step of a login: the challenge login answered with, and the code the user typed. */
  | { kind: 'code'; challenge: string; code: string };

export interface SignInInput {
  request: SignInRequest;
}

export interface SignInContext {
  request: SignInRequest;
  /** The tokens once the server accepted the request (with the user if the response had one). */
  session: Session | null;
  /** The user, from the response or from GET /profile. */
  user: User | null;
  /** Why it failed. */
  error: ApiFailure | null;
  /** Set when the login needs a code before it gives tokens. */
  challenge: string | null;
}

/** Signed in with tokens and user, a code needed first, or a failure to show. */
export type SignInOutput = { ok: true; session: Session; user: User } | CodeRequired | Failure;

// ─── Context ─────────────────────────────────────────────────────────────────────────────────

export interface AuthContext {
  /** The profile; null when signed out (a login waiting for its profile is still signed out). */
  user: User | null;
  /** The bearer token the API client attaches (`selectAccessToken`). */
  accessToken: string | null;
  refreshToken: string | null;
  /** Remember me: persistent storage when true, per-tab storage otherwise. */
  remember: boolean;
  /** Where to go after a successful login (the `redirect` search param of /auth/login). */
  redirectTo: string | null;
  /** Login screen error text (spec section 8). */
  loginError: string | null;
  /** The login waiting for its code step (two-step sign-in); null otherwise. */
  twoFactorChallenge: string | null;
  /** Why the last code was refused (shown under the code input); null otherwise. */
  codeError: string | null;
  /** Register screen error view (spec section 8). */
  registerError: RegisterErrorView | null;
  /** Why the last refresh failed ('No refresh token' or the server's message); null otherwise. */
  refreshError: string | null;
  /**
   * The session ended for inactivity: the login screen says so, and sends the user back to
   * `returnTo` (where they were) after they log in again. Null after any other way out.
   */
  idleSignOut: { returnTo: string } | null;
  /**
   * The user's last action this machine knows of, epoch ms: the page load (input `now`) or the
   * login/register submit (`at`). The inactivity child starts counting from it. Time only enters
   * the machine through input and events; the machine never reads the clock.
   */
  lastActivityAt: number;
  /**
   * The user was active (in this tab or another tab of the browser) since the tokens were last
   * refreshed: only then does the interval refresh them, so an unattended tab lets the server's
   * idle limit end its session.
   */
  activitySinceRefresh: boolean;
  /**
   * A session was stored when the app started (input `hasStoredSession`): while it is checked,
   * a signed-in page shows its frame rather than the full-screen loading view.
   */
  hadStoredSession: boolean;
}

/**
 * `now`: when the app started (epoch ms); a page load counts as user activity.
 * `hasStoredSession`: tokens were stored then (the restore will ask the server about them).
 */
export interface AuthInput {
  now: number;
  hasStoredSession?: boolean;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────

export type AuthEvent =
  /**
   * Login form submit at `at` (epoch ms, the click counts as activity); `redirectTo` is where the
   * guard sent the user from (default '/').
   */
  | { type: 'login.submit'; email: string; password: string; remember: boolean; redirectTo?: string | null; at: number }
  /** The code step's submit: a 6-digit code or a recovery code, at `at` (epoch ms). */
  | { type: 'twoFactor.submit'; code: string; at: number }
  /** Leave the code step and start the login again. */
  | { type: 'twoFactor.cancel' }
  /** Register form submit with the parsed payload, at `at` (epoch ms). */
  | { type: 'register.submit'; payload: RegistrationPayload; at: number }
  /** Dismiss the login and register errors (the login and register screens send it when they close). */
  | { type: 'errors.clear' }
  /** The API client got a 401 on a non-auth call outside /auth/ (spec section 4). */
  | { type: 'session.unauthorized' }
  /** The user chose Logout. */
  | { type: 'logout' }
  /** The inactivity child ended the idle session; `from` is where the user was (path and search), to return there. */
  | { type: 'session.timeout'; from?: string }
  /** The inactivity child heard the user (this tab, another tab, or Continue Session). */
  | { type: 'session.activity' }
  /** Another tab signed out (storage event or BroadcastChannel). */
  | { type: 'session.external.signedOut' }
  /**
   * The server ended every session of an account: a password was saved through a mailed link in
   * this tab. The session held here (and in other tabs) is stale; the page stays where it is.
   */
  | { type: 'session.revoked' }
  /** Another tab refreshed the shared tokens. */
  | { type: 'session.external.updated'; session: Session }
  /** Fetch the profile again (after the server changed it: an answer posted, a contribution made). */
  | { type: 'profile.reload' }
  /** The current user as the server returned it (a screen's save, or the profile reloader). */
  | { type: 'profile.updated'; user: User };

export type AuthEventType = AuthEvent['type'];

// ─── Tags, system ids ────────────────────────────────────────────────────────────────────────

/** `loading`: startup restore (full-screen "Loading..."). `busy`: a request is in flight. `refreshing`: tokens are being refreshed. */
export type AuthTag = 'loading' | 'busy' | 'refreshing';

export const AUTH_SYSTEM_ID = 'auth';
export const INACTIVITY_SYSTEM_ID = 'inactivity';
export const PROFILE_RELOADER_ID = 'profileReloader';

/** Routes the machine navigates to. */
export const AFTER_LOGIN_DEFAULT = '/';
export const AFTER_REGISTER = '/pension-info';
export const LOGIN_ROUTE = '/auth/login';

/** The server is told about a logout, but the user does not wait longer than this (ms). */
export const LOGOUT_TIMEOUT_MS = 5_000;

