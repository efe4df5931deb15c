import { safeRedirectTarget } from './navigation.ts';

/**
 * Who may open a route (spec sections 2, 4 and 6), and the one pure guard the router's layout
 * routes apply in `beforeLoad`. The rules live on the routes themselves (TanStack Router
 * `staticData` of the pathless layout routes and of a few leaves); nothing here lists routes.
 */

export type RouteAccess = 'public' | 'user' | 'paye';

/** What a route and its layouts say about access (the router's `staticData`; deeper routes win). */
export interface RouteRules {
  /** public: anyone. user: signed in. paye: signed in with a PAYE A1 authorisation. */
  access?: RouteAccess;
  /** The income form itself (/pension-info): open to a signed-in user who has not recorded an annual income. */
  incomeOptional?: boolean;
  /** Once the user may be here, send them on to this path instead (`/` → /landing). */
  forwardTo?: '/landing';
  /** The login and register forms: a signed-in user is sent on (to the login's `redirect`, else the Overview). */
  signedOutOnly?: boolean;
}

/** The rules of a match chain, root first: later (deeper) routes override earlier ones. */
export function mergeRouteRules(chain: readonly RouteRules[]): RouteRules {
  return Object.assign({}, ...chain) as RouteRules;
}

/** What the guard needs to know of the signed-in user: the fields of spec section 3 it reads. */
export interface GuardUser {
  annual_income: number | null | undefined;
  paye_a1_authorized: boolean;
  /** Opted out of the PAYE authorisation: refund processing (the PAYE routes) waits until it is enabled again. */
  opt_out_paye_auth?: boolean;
}

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: '/auth/login'; search: { redirect: string } }
  | { kind: 'redirect'; to: '/pension-info'; search: { returnTo?: string } }
  | { kind: 'redirect'; to: '/landing' }
  | { kind: 'redirect'; to: '/auth/paye-authorization'; search: { returnTo: string } }
  | { kind: 'redirect'; to: 'href'; href: string };

/**
 * Spec section 4, "Route guard": public routes always pass; no user → /auth/login; a user
 * without annual_income goes to /pension-info with returnTo = the attempted path, so Pension Setup
 * ends on the page they asked for (except on the income form itself); a PAYE route
 * without paye_a1_authorized goes to /auth/paye-authorization with returnTo = the attempted path;
 * so does an opted-out user (the PAYE screen shows the opt-out notice and "Enable PAYE Authorization").
 * A route that forwards (`/`) sends the user on once they may be there. A route that says
 * nothing about access is treated as signed-in only. A signed-in user opening the login or register
 * form (`signedOutOnly`) is sent where a login would send them: the login's `redirect`, else `/`.
 *
 * @param rules the matched routes' rules (see {@link mergeRouteRules})
 * @param href the attempted location (path + search), kept for returnTo / redirect-back
 * @param user the signed-in user, or null when signed out
 */
export function guardRoute(rules: RouteRules, href: string, user: GuardUser | null): GuardDecision {
  const access = rules.access ?? 'user';
  // Where the login flow itself navigates on success (safeRedirectTarget), so the flow and this guard,
  // re-run as the user signs in, agree instead of racing: `/` then forwards to the Overview.
  if (rules.signedOutOnly && user) return { kind: 'redirect', to: 'href', href: safeRedirectTarget(redirectOf(href)) };
  if (access === 'public') return { kind: 'pass' };
  if (!user) return { kind: 'redirect', to: '/auth/login', search: { redirect: href } };
  const hasIncome = typeof user.annual_income === 'number' && Number.isFinite(user.annual_income);
  // A route that only forwards (`/`) names no page to come back to: setup then ends on the Overview.
  if (!hasIncome && !rules.incomeOptional) return { kind: 'redirect', to: '/pension-info', search: rules.forwardTo ? {} : { returnTo: href } };
  if (access === 'paye' && (!user.paye_a1_authorized || user.opt_out_paye_auth === true)) {
    return { kind: 'redirect', to: '/auth/paye-authorization', search: { returnTo: href } };
  }
  if (rules.forwardTo) return { kind: 'redirect', to: rules.forwardTo };
  return { kind: 'pass' };
}

/** The `redirect` search parameter of an attempted location (the login's return target), or null. */
function redirectOf(href: string): string | null {
  const query = href.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(href.slice(query + 1).split('#')[0]).get('redirect');
}

/** Two guard views of the user that every rule would judge alike (both signed out, or same income and PAYE flag). */
export function sameGuardUser(a: GuardUser | null, b: GuardUser | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.annual_income === b.annual_income &&
    a.paye_a1_authorized === b.paye_a1_authorized &&
    (a.opt_out_paye_auth === true) === (b.opt_out_paye_auth === true)
  );
}
