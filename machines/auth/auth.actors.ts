/**
 * Actor CONTRACTS of the auth machine. Each default is harmless (nothing is stored, nothing is
 * sent): it resolves a "not provided" failure. The app supplies the real ones with
 * `authMachine.provide({ actors: { … } })`; tests supply fakes the same way.
 *
 * Real implementations must resolve expected failures as `{ ok: false, error }` (an `ApiFailure`
 * of src/domain/failure.ts) and only reject on a bug; they should pass `signal` to the HTTP call so
 * a stopped actor aborts its request.
 *
 * `login`, `verifyCode`, `register` and `loadProfile` are invoked by the sign-in child (signIn.machine.ts); the app
 * provides them with `signInMachine.provide({ actors: { … } })` and hands that to the auth machine as
 * its `signIn` actor.
 */

import { fromCallback, fromPromise, sendParent } from 'xstate';
import { inactivityMachine } from '../inactivity/inactivity.machine.ts';
import { networkFailure } from '../../src/domain/failure.ts';
import type {
  LoadProfileInput,
  LoadProfileOutput,
  ProfileReloaderEvent,
  ProfileReloaderLogic,
  LoginInput,
  LoginOutput,
  LogoutInput,
  LogoutOutput,
  RefreshSessionInput,
  RefreshSessionOutput,
  RegisterInput,
  RegisterOutput,
  RestoreSessionOutput,
  VerifyCodeInput,
  VerifyCodeOutput,
} from './auth.types.ts';

const NOT_PROVIDED = networkFailure('not provided');

/**
 * Startup: read `session`, `refresh_token`, `remember_me` (localStorage when remember, else
 * sessionStorage), attach the token, `GET /profile`. Nothing stored → `{ ok: false, reason: 'none' }`;
 * stored but the profile failed → `reason: 'failed'` (the machine then runs `clearStoredSession`).
 */
export const restoreSession = fromPromise<RestoreSessionOutput>(async () => ({ ok: false, reason: 'none' }));

/** `POST /auth/login {email, password}` → `{ ok: true, session }` (session.user optional). */
export const login = fromPromise<LoginOutput, LoginInput>(async () => ({ ok: false, error: NOT_PROVIDED }));

/** `POST /auth/two-factor {challenge, code}` → `{ ok: true, session }` (session.user optional). */
export const verifyCode = fromPromise<VerifyCodeOutput, VerifyCodeInput>(async () => ({ ok: false, error: NOT_PROVIDED }));

/** `POST /auth/register {email, details}` → `{ ok: true, session }` (session.user optional). */
export const register = fromPromise<RegisterOutput, RegisterInput>(async () => ({ ok: false, error: NOT_PROVIDED }));

/** `GET /profile` with the given bearer token → `{ ok: true, user }`. */
export const loadProfile = fromPromise<LoadProfileOutput, LoadProfileInput>(async () => ({ ok: false, error: NOT_PROVIDED }));

/**
 * `POST /auth/refresh {refresh_token}` → `{ ok: true, session }`. The app's implementation takes a
 * cross-tab lock (Web Locks) and, when another tab rotated the tokens meanwhile, resolves with
 * the stored pair instead of presenting a spent refresh token (security checklist C7).
 */
export const refreshSession = fromPromise<RefreshSessionOutput, RefreshSessionInput>(async () => ({
  ok: false,
  error: NOT_PROVIDED,
}));

/** `POST /auth/logout {refresh_token}`; failures are only logged by the actor. */
export const logout = fromPromise<LogoutOutput, LogoutInput>(async () => ({ ok: false, error: NOT_PROVIDED }));

/**
 * The session-scoped inactivity machine, invoked by `signedIn` with systemId 'inactivity'. Its
 * `endSession` tells this parent `session.timeout` and its `reportActivity` tells it
 * `session.activity` (pure: events, no effect), so no wiring is needed; the app provides the
 * inactivity machine's inputs and outputs on top of it (activity monitor, countdown ticker,
 * broadcasts) with `authMachine.provide({ actors: { inactivity: inactivity.provide(…) } })`.
 */
export const inactivity = inactivityMachine.provide({
  actions: {
    endSession: sendParent({ type: 'session.timeout' }),
    reportActivity: sendParent({ type: 'session.activity' }),
  },
});

/**
 * Reloads the profile whenever it hears `profile.reload` (forwarded by the signed-in state), and
 * tells the parent `profile.updated` with the user it got. Invoked for the whole signed-in life;
 * a reload already under way absorbs further requests; failures are only logged (the current
 * user is kept). The default hears nothing.
 */
export const profileReloader: ProfileReloaderLogic = fromCallback<ProfileReloaderEvent>(() => () => {});
