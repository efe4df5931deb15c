/**
 * Every route of spec section 2 and where each kind of user ends up on it, written out by hand
 * from spec sections 2, 4 and 6 (not derived from the router or the guard). The router test
 * (tests/app/routes.test.ts) checks the router has exactly these routes and that its rules give
 * these outcomes; the browser sweep (tests/e2e/routes.test.ts) opens each one as each user.
 */
import { FORM_SLUGS } from '../../src/domain/catalogue.ts';
import type { GuardUser } from '../../src/domain/routeAccess.ts';

/** The four kinds of user of spec section 4's route guard. */
export const USER_KINDS = {
  'signed out': null,
  'signed in, no annual_income': { annual_income: null, paye_a1_authorized: false },
  'income, not PAYE-authorised': { annual_income: 45_000, paye_a1_authorized: false },
  'PAYE-authorised': { annual_income: 45_000, paye_a1_authorized: true },
} satisfies Record<string, GuardUser | null>;
export type UserKind = keyof typeof USER_KINDS;
export const USER_KIND_NAMES = Object.keys(USER_KINDS) as UserKind[];

/**
 * P pass · L /auth/login?redirect=href · I /pension-info?returnTo=href (none for `/`) · A /auth/paye-authorization?returnTo=href ·
 * H /landing · O on to `/` (the login and register forms, signed in), which forwards to /landing or,
 * without income, /pension-info; one letter per user kind in USER_KINDS order.
 */
export type Outcome = 'P' | 'L' | 'I' | 'A' | 'H' | 'O';

export const ROUTE_TABLE = {
  // public routes always pass
  '/welcome': 'PPPP',
  '/auth': 'PPPP',
  // …except the login and register forms: a signed-in user is sent on
  '/auth/login': 'POOO',
  '/auth/register': 'POOO',
  '/auth/forgot-password': 'PPPP',
  '/reset-password/$token': 'PPPP',
  '/terms-and-conditions': 'PPPP',
  // login needed; without income → /pension-info; '/' → /landing once allowed
  '/': 'LIHH',
  '/landing': 'LIPP',
  '/profile': 'LIPP',
  '/settings': 'LIPP',
  '/contribute': 'LIPP',
  '/direct-debit': 'LIPP',
  '/round-payment': 'LIPP',
  '/tax-refund-options': 'LIPP',
  '/tax-refund-questions': 'LIPP',
  '/pension-info': 'LPPP', // the income form itself is reachable without income
  '/pension-refund': 'LIPP',
  '/linked-bank-accounts': 'LIPP',
  '/bank-link/$url': 'LIPP',
  '/tax-refund-submitted': 'LIPP',
  '/roundups': 'LIPP',
  '/auth/paye-authorization': 'LIPP',
  // login and PAYE authorisation needed
  '/form11-questionnaire': 'LIAP',
  '/form11/income-selection': 'LIAP',
  '/form11/final-form': 'LIAP',
  '/form11/$formSlug': 'LIAP',
} as const satisfies Record<string, `${Outcome}${Outcome}${Outcome}${Outcome}`>;

export type RoutePattern = keyof typeof ROUTE_TABLE;
export const ROUTE_PATTERNS = Object.keys(ROUTE_TABLE) as RoutePattern[];

export function outcomeFor(route: RoutePattern, kind: UserKind): Outcome {
  return ROUTE_TABLE[route][USER_KIND_NAMES.indexOf(kind)] as Outcome;
}

/** An example concrete path for every pattern. */
export function examplePath(route: RoutePattern): string {
  // The income declaration needs an income to declare (spec: other incomes reach it with an
  // incomeId); without one it sends the user back to the income selection.
  if (route === '/form11/final-form') return `${route}?incomeId=rental-income`;
  return route
    .replace('$token', 'example-token')
    .replace('$url', encodeURIComponent('https://bank.example/consent'))
    .replace('$formSlug', FORM_SLUGS[0]);
}

/** Where a user ends up (path and search) after opening `href`, by outcome. */
export function landingOf(outcome: Outcome, href: string, kind: UserKind): string {
  switch (outcome) {
    case 'P':
      return href;
    case 'L':
      return `/auth/login?${new URLSearchParams({ redirect: href })}`;
    case 'I':
      // Pension Setup ends on the page asked for; `/` only forwards, so it names none.
      return href === '/' ? '/pension-info' : `/pension-info?${new URLSearchParams({ returnTo: href })}`;
    case 'A':
      return `/auth/paye-authorization?${new URLSearchParams({ returnTo: href })}`;
    case 'H':
      return '/landing';
    case 'O':
      return USER_KINDS[kind]?.annual_income ? '/landing' : '/pension-info';
  }
}
