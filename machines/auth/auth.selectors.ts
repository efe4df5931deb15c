/**
 * Pure snapshot → view functions for components, the router guard and the API client.
 * They take a partial snapshot (context plus `hasTag`/`matches`), so tests can call them on a
 * hand-made object.
 */

import type { SnapshotFrom } from 'xstate';
import type { GuardUser } from '../../src/domain/routeAccess.ts';
import type { RegisterErrorView } from '../../src/domain/authErrors.ts';
import type { authMachine } from './auth.machine.ts';
import type { User } from './auth.types.ts';

type Snapshot = SnapshotFrom<typeof authMachine>;
type WithContext = Pick<Snapshot, 'context'>;
type WithTags = Pick<Snapshot, 'hasTag'>;
type WithMatches = Pick<Snapshot, 'matches'>;

/** Startup restore still running: show the full-screen "Loading...". */
export const selectIsLoading = (s: WithTags): boolean => s.hasTag('loading');

export const selectUser = (s: WithContext): User | null => s.context.user;

/** Signed in (including while the tokens refresh or the profile reloads). */
export const selectIsSignedIn = (s: WithMatches): boolean => s.matches('signedIn');

/** The account menu label: the user's first name, or "Account". */
export const selectFirstNameOrAccount = (s: WithContext): string => {
  const name = s.context.user?.first_name?.trim();
  return name ? name : 'Account';
};

export const selectLoginError = (s: WithContext): string | null => s.context.loginError;

export const selectRegisterError = (s: WithContext): RegisterErrorView | null => s.context.registerError;

/** A login, register or logout request is in flight: disable the submit buttons. */
export const selectIsBusy = (s: WithTags): boolean => s.hasTag('busy');

/** The tokens are being refreshed; API calls that got a 401 wait until this is false. */
export const selectIsRefreshing = (s: WithTags): boolean => s.hasTag('refreshing');

/** The bearer token for the API client, or null when there is none. */
export const selectAccessToken = (s: WithContext): string | null => s.context.accessToken;

/** Why the session last ended on a failed refresh ('No refresh token', the server's message…). */
export const selectRefreshError = (s: WithContext): string | null => s.context.refreshError;

/** Why the last profile reload failed (the previous user is kept). */
export const selectProfileError = (s: WithContext): string | null => s.context.profileError;

/** What the route guard (src/domain/routeAccess.ts `guardRoute`) needs, or null when signed out. */
export const selectGuardUser = (s: WithContext): GuardUser | null => {
  const user = s.context.user;
  if (!user) return null;
  return { annual_income: user.annual_income, paye_a1_authorized: user.paye_a1_authorized === true };
};
