import type { GuardUser } from '../domain/routeAccess.ts';

/**
 * What the router needs to know of the session: a small port over the auth actor, so route
 * guards stay independent of how the machine is built.
 */
export interface RouterSession {
  /** Resolves once start-up has decided whether a stored session is valid. */
  ready(): Promise<void>;
  /** The signed-in user's guard fields, or null when signed out. */
  guardUser(): GuardUser | null;
}

export interface RouterContext {
  session: RouterSession;
}
