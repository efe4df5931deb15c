/**
 * Pure snapshot → view functions for components, the router guard and the API client.
 * They take a partial snapshot (context plus `hasTag`/`matches`/`can`), so tests can call them on
 * a hand-made object.
 */

import type { SnapshotFrom } from 'xstate';
import type { GuardUser } from '../../src/domain/routeAccess.ts';
import type { RegisterErrorView } from '../../src/domain/authErrors.ts';
import type { authMachine } from './auth.machine.ts';
import type { AuthEvent } from './auth.types.ts';

type Snapshot = SnapshotFrom<typeof authMachine>;
type WithContext = Pick<Snapshot, 'context'>;
type WithTags = Pick<Snapshot, 'hasTag'>;
type WithMatches = Pick<Snapshot, 'matches'>;
type WithCan = Pick<Snapshot, 'can'>;

/** Startup restore still running: show the full-screen "Loading...". */
export const selectIsLoading = (s: WithTags): boolean => s.hasTag('loading');

/** Signed in (including while the tokens refresh). */
export const selectIsSignedIn = (s: WithMatches): boolean => s.matches('signedIn');

/** The account menu label: the user's first name, or "Account". */
export const selectFirstNameOrAccount = (s: WithContext): string => {
  const name = s.context.user?.first_name?.trim();
  return name ? name : 'Account';
};

export const selectLoginError = (s: WithContext): string | null => s.context.loginError;

export const selectRegisterError = (s: WithContext): RegisterErrorView | null => s.context.registerError;

/** A login, register or logout request is in flight: the buttons show progress. */
export const selectIsBusy = (s: WithTags): boolean => s.hasTag('busy');

// The payload of these probes does not matter: no transition on these events has a guard that reads it.
const LOGIN_PROBE: AuthEvent = { type: 'login.submit', email: '', password: '', remember: false, at: 0 };
const REGISTER_PROBE: AuthEvent = { type: 'register.submit', payload: { email: '', details: { dob: '', maritalStatus: 'single' } }, at: 0 };

/** The login form may be submitted now (nobody signed in, no request in flight). */
export const selectCanLogIn = (s: WithCan): boolean => s.can(LOGIN_PROBE);

const CODE_PROBE: AuthEvent = { type: 'twoFactor.submit', code: '', at: 0 };

/** The login waits for its code step (two-step sign-in): the login screen shows the code input. */
export const selectNeedsCode = (s: WithMatches): boolean =>
  s.matches({ signedOut: 'awaitingCode' }) || s.matches({ signedOut: 'verifyingCode' });

/** The code may be submitted now (the step is shown and no code is being checked). */
export const selectCanSubmitCode = (s: WithCan): boolean => s.can(CODE_PROBE);

/** Why the last code was refused, or null. */
export const selectCodeError = (s: WithContext): string | null => s.context.codeError;

/** The register form may be submitted now (nobody signed in, no request in flight). */
export const selectCanRegister = (s: WithCan): boolean => s.can(REGISTER_PROBE);

/** The tokens are being refreshed; API calls that got a 401 wait until this is false. */
export const selectIsRefreshing = (s: WithTags): boolean => s.hasTag('refreshing');

/** The bearer token for the API client, or null when there is none. */
export const selectAccessToken = (s: WithContext): string | null => s.context.accessToken;

/** What the route guard (src/domain/routeAccess.ts `guardRoute`) needs, or null when signed out. */
export const selectGuardUser = (s: WithContext): GuardUser | null => {
  const user = s.context.user;
  if (!user) return null;
  return { annual_income: user.annual_income, paye_a1_authorized: user.paye_a1_authorized === true, opt_out_paye_auth: user.opt_out_paye_auth === true };
};

/** The session's inactivity child (for the warning dialog), or undefined while nobody is signed in. */
export const selectInactivity = (s: Pick<Snapshot, 'children'>) => s.children.inactivity;
/** The session's round-ups child (the daily prompt and the bank-account screens), or undefined while nobody is signed in. */
export const selectRoundups = (s: Pick<Snapshot, 'children'>) => s.children.roundups;

/** The signed-in user's profile as last loaded, or null when signed out. */
export const selectUser = (s: WithContext) => s.context.user;
