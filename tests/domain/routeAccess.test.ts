import { describe, it, expect } from 'vitest';
import { FORM_SLUGS } from '../../src/domain/catalogue.ts';
import {
  ALL_ROUTES,
  PAYE_ROUTES,
  PUBLIC_ROUTES,
  USER_ROUTES,
  accessOf,
  examplePath,
  guardRoute,
} from '../../src/domain/routeAccess.ts';
import type { GuardDecision, GuardUser, RoutePattern } from '../../src/domain/routeAccess.ts';

/** The four user states of spec section 4's route guard. */
const STATES = {
  'signed out': null,
  'signed in, no annual_income': { annual_income: null, paye_a1_authorized: false },
  'income, not PAYE-authorised': { annual_income: 45_000, paye_a1_authorized: false },
  'fully authorised': { annual_income: 45_000, paye_a1_authorized: true },
} satisfies Record<string, GuardUser | null>;
type State = keyof typeof STATES;
const STATE_NAMES = Object.keys(STATES) as State[];

/**
 * Expected outcome per route, one letter per state in STATES order:
 * P pass · L /auth/login?redirect=href · I /pension-info · A /auth/paye-authorization?returnTo=href · H /landing.
 * Written out by hand from spec sections 2, 4 and 6, not derived from the guard.
 */
const EXPECTED: Record<RoutePattern, `${Code}${Code}${Code}${Code}`> = {
  // public routes always pass
  '/welcome': 'PPPP',
  '/auth': 'PPPP',
  '/auth/login': 'PPPP',
  '/auth/register': 'PPPP',
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
};
type Code = 'P' | 'L' | 'I' | 'A' | 'H';

function decisionFor(code: Code, href: string): GuardDecision {
  switch (code) {
    case 'P':
      return { kind: 'pass' };
    case 'L':
      return { kind: 'redirect', to: '/auth/login', search: { redirect: href } };
    case 'I':
      return { kind: 'redirect', to: '/pension-info' };
    case 'A':
      return { kind: 'redirect', to: '/auth/paye-authorization', search: { returnTo: href } };
    case 'H':
      return { kind: 'redirect', to: '/landing' };
  }
}

const CASES = ALL_ROUTES.flatMap((route) =>
  STATE_NAMES.map((state, index) => {
    const code = EXPECTED[route][index] as Code;
    return { route, state, code, href: examplePath(route) };
  }),
);

describe('guardRoute: every route × every user state', () => {
  it('the table covers every route exactly once', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ALL_ROUTES].sort());
    expect(new Set(ALL_ROUTES).size).toBe(ALL_ROUTES.length);
    expect(CASES).toHaveLength(ALL_ROUTES.length * 4);
  });

  it.each(CASES)('$route — $state → $code', ({ route, state, code, href }) => {
    expect(guardRoute(route, href, STATES[state])).toStrictEqual(decisionFor(code, href));
  });
});

describe('guardRoute: redirect targets carry the attempted href', () => {
  it.each(PAYE_ROUTES.map((route) => [route]))('%s keeps path and search in returnTo', (route) => {
    const href = `${examplePath(route)}?incomeId=rental-income&step=2`;
    expect(guardRoute(route, href, STATES['income, not PAYE-authorised'])).toStrictEqual({
      kind: 'redirect',
      to: '/auth/paye-authorization',
      search: { returnTo: href },
    });
  });

  it.each(FORM_SLUGS.map((slug) => [slug]))('/form11/%s → returnTo is that form', (slug) => {
    const href = `/form11/${slug}`;
    expect(guardRoute('/form11/$formSlug', href, STATES['income, not PAYE-authorised'])).toStrictEqual({
      kind: 'redirect',
      to: '/auth/paye-authorization',
      search: { returnTo: href },
    });
  });

  it('login redirect keeps the search too', () => {
    expect(guardRoute('/profile', '/profile?returnTo=%2Froundups', null)).toStrictEqual({
      kind: 'redirect',
      to: '/auth/login',
      search: { redirect: '/profile?returnTo=%2Froundups' },
    });
  });
});

describe('guardRoute: what counts as a recorded annual_income', () => {
  it.each([
    [0, 'pass'], // zero is a recorded income
    [45_000, 'pass'],
    [-1, 'pass'], // the guard only asks whether it is recorded; bounds are the schema's job
  ])('annual_income %o → %s', (income, kind) => {
    expect(guardRoute('/landing', '/landing', { annual_income: income, paye_a1_authorized: false }).kind).toBe(kind);
  });

  it.each([[null], [undefined], [Number.NaN], [Infinity]])('annual_income %o → /pension-info', (income) => {
    expect(guardRoute('/landing', '/landing', { annual_income: income, paye_a1_authorized: true })).toStrictEqual({
      kind: 'redirect',
      to: '/pension-info',
    });
  });

  it('the income check comes before the PAYE check', () => {
    expect(guardRoute('/form11/final-form', '/form11/final-form', { annual_income: null, paye_a1_authorized: false })).toStrictEqual({
      kind: 'redirect',
      to: '/pension-info',
    });
  });
});

describe('route lists', () => {
  it('sizes match spec section 2', () => {
    expect(PUBLIC_ROUTES).toHaveLength(7);
    expect(USER_ROUTES).toHaveLength(16);
    expect(PAYE_ROUTES).toHaveLength(4);
    expect(FORM_SLUGS).toHaveLength(30);
  });

  it('accessOf', () => {
    for (const route of PUBLIC_ROUTES) expect(accessOf(route)).toBe('public');
    for (const route of USER_ROUTES) expect(accessOf(route)).toBe('user');
    for (const route of PAYE_ROUTES) expect(accessOf(route)).toBe('paye');
  });

  it('examplePath fills every parameter', () => {
    for (const route of ALL_ROUTES) expect(examplePath(route)).not.toContain('$');
    expect(examplePath('/reset-password/$token')).toBe('/reset-password/example-token');
    expect(examplePath('/bank-link/$url')).toBe('/bank-link/https%3A%2F%2Fbank.example%2Fconsent');
    expect(examplePath('/form11/$formSlug')).toBe('/form11/assistance-dog-allowance');
  });
});
