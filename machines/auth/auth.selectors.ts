/**
 * Pure snapshot → value functions for the runtime: the router guard, the API client, the session
 * registry. They take a partial snapshot (context plus `hasTag`/`matches`), so tests can call them
 * on a hand-made object. Screens read the session through auth.view.ts and signIn.view.ts.
 */

import type { SnapshotFrom } from 'xstate';
import type { GuardUser } from '../../src/domain/routeAccess.ts';
import type { authMachine } from './auth.machine.ts';

type Snapshot = SnapshotFrom<typeof authMachine>;
type WithContext = Pick<Snapshot, 'context'>;
type WithTags = Pick<Snapshot, 'hasTag'>;
type WithMatches = Pick<Snapshot, 'matches'>;

/** Startup restore still running: show the full-screen "Loading...". */
export const selectIsLoading = (s: WithTags): boolean => s.hasTag('loading');

/** Signed in (including while the tokens refresh). */
export const selectIsSignedIn = (s: WithMatches): boolean => s.matches('signedIn');

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

/** The signed-in user's profile as last loaded, or null when signed out. */
export const selectUser = (s: WithContext) => s.context.user;
