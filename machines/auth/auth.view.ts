import type { SnapshotFrom } from 'xstate';
import type { User } from '../../src/domain/schemas/user.ts';
import { stableView } from '../shared/stableView.ts';
import type { authMachine } from './auth.machine.ts';
import { selectIsLoading, selectIsSignedIn } from './auth.selectors.ts';

type Snapshot = Pick<SnapshotFrom<typeof authMachine>, 'context' | 'hasTag' | 'matches'>;

/** The session as the layout and the signed-in screens show it. */
export interface AuthView {
  /** Startup restore still running: the full-screen "Loading...". */
  loading: boolean;
  /**
   * Startup restore of a stored session still running: a signed-in page shows its frame and its
   * heading meanwhile (the session is most likely valid), not the full-screen "Loading...".
   */
  resuming: boolean;
  /** Signed in (including while the tokens refresh). */
  signedIn: boolean;
  /** The signed-in user's profile as last loaded, or null. */
  user: User | null;
  /** The account menu's label: the user's first name, or "Account" (spec section 2, Layout). */
  accountLabel: string;
}

/**
 * The auth root as screens read it. The same object while nothing it shows changed, so the frame
 * around every route does not re-render when the session only notes the user's activity.
 */
export const authView: (snapshot: Snapshot) => AuthView = stableView((snapshot: Snapshot) => {
  const user = snapshot.context.user;
  const firstName = user?.first_name?.trim();
  return {
    loading: selectIsLoading(snapshot),
    resuming: selectIsLoading(snapshot) && snapshot.context.hadStoredSession,
    signedIn: selectIsSignedIn(snapshot),
    user,
    accountLabel: firstName ? firstName : 'Account',
  };
});
