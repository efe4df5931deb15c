import type { GuardUser } from '../domain/routeAccess.ts';
import type { FlowName } from './flows/catalogue.ts';

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

/** What route loaders need of the session registry: a screen's flows loaded beside its code. */
export interface RouterFlows {
  preload(...names: FlowName[]): Promise<void>;
}

export interface RouterContext {
  session: RouterSession;
  flows: RouterFlows;
}
