import { FORM_SLUGS } from './catalogue.ts';

/**
 * Who may open which route (spec sections 2 and 6), and the one pure guard the router's
 * `beforeLoad` calls. Paths are patterns as the router writes them: `$param` marks a segment.
 */

export type RouteAccess = 'public' | 'user' | 'paye';

export const PUBLIC_ROUTES = [
  '/welcome',
  '/auth',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/reset-password/$token',
  '/terms-and-conditions',
] as const;

export const USER_ROUTES = [
  '/',
  '/landing',
  '/profile',
  '/settings',
  '/contribute',
  '/direct-debit',
  '/round-payment',
  '/tax-refund-options',
  '/tax-refund-questions',
  '/pension-info',
  '/pension-refund',
  '/linked-bank-accounts',
  '/bank-link/$url',
  '/tax-refund-submitted',
  '/roundups',
  '/auth/paye-authorization',
] as const;

export const PAYE_ROUTES = [
  '/form11-questionnaire',
  '/form11/income-selection',
  '/form11/final-form',
  '/form11/$formSlug',
] as const;

export type RoutePattern =
  | (typeof PUBLIC_ROUTES)[number]
  | (typeof USER_ROUTES)[number]
  | (typeof PAYE_ROUTES)[number];

export const ALL_ROUTES: readonly RoutePattern[] = [...PUBLIC_ROUTES, ...USER_ROUTES, ...PAYE_ROUTES];

export function accessOf(route: RoutePattern): RouteAccess {
  if ((PUBLIC_ROUTES as readonly string[]).includes(route)) return 'public';
  if ((PAYE_ROUTES as readonly string[]).includes(route)) return 'paye';
  return 'user';
}

/** An example concrete path for every pattern; used by tests and the accessibility sweep. */
export function examplePath(route: RoutePattern): string {
  return route
    .replace('$token', 'example-token')
    .replace('$url', encodeURIComponent('https://bank.example/consent'))
    .replace('$formSlug', FORM_SLUGS[0]);
}

/** What the guard needs to know of the signed-in user: the fields of spec section 3 it reads. */
export interface GuardUser {
  annual_income: number | null | undefined;
  paye_a1_authorized: boolean;
}

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: '/auth/login' | '/pension-info' | '/landing'; search?: { redirect?: string } }
  | { kind: 'redirect'; to: '/auth/paye-authorization'; search: { returnTo: string } };

/**
 * Spec section 4, "Route guard": public routes always pass; no user → /auth/login; a user
 * without annual_income goes to /pension-info (except on /pension-info); a PAYE route without
 * paye_a1_authorized goes to /auth/paye-authorization with returnTo = the attempted path.
 * `/` itself redirects to /landing once the user may be there.
 *
 * @param route the matched route pattern
 * @param href the attempted location (path + search), kept for returnTo / redirect-back
 * @param user the signed-in user, or null when signed out
 */
export function guardRoute(route: RoutePattern, href: string, user: GuardUser | null): GuardDecision {
  const access = accessOf(route);
  if (access === 'public') return { kind: 'pass' };
  if (!user) return { kind: 'redirect', to: '/auth/login', search: { redirect: href } };
  const hasIncome = typeof user.annual_income === 'number' && Number.isFinite(user.annual_income);
  if (!hasIncome && route !== '/pension-info') return { kind: 'redirect', to: '/pension-info' };
  if (access === 'paye' && !user.paye_a1_authorized) {
    return { kind: 'redirect', to: '/auth/paye-authorization', search: { returnTo: href } };
  }
  if (route === '/') return { kind: 'redirect', to: '/landing' };
  return { kind: 'pass' };
}
