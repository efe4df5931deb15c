import { describe, expect, it } from 'vitest';
import { guardRoute, mergeRouteRules, sameGuardUser, type GuardDecision, type RouteRules } from '../../src/domain/routeAccess.ts';
import { USER_KINDS, USER_KIND_NAMES, type Outcome } from '../support/routeTable.ts';

/**
 * The guard as a pure function: each kind of route rules × each kind of user, written out by hand
 * from spec sections 2, 4 and 6. Which route has which rules is the router's business (checked in
 * tests/app/routes.test.ts against the route table).
 */
const RULES: Record<string, { rules: RouteRules; expected: `${Outcome}${Outcome}${Outcome}${Outcome}` }> = {
  public: { rules: { access: 'public' }, expected: 'PPPP' },
  'signed in': { rules: { access: 'user' }, expected: 'LIPP' },
  'signed in, the income form': { rules: { access: 'user', incomeOptional: true }, expected: 'LPPP' },
  'signed in, forwarding to /landing': { rules: { access: 'user', forwardTo: '/landing' }, expected: 'LIHH' },
  'signed in with PAYE': { rules: { access: 'paye' }, expected: 'LIAP' },
  'no access said: signed in only': { rules: {}, expected: 'LIPP' },
};

function decisionFor(code: Outcome, href: string, forwards = false): GuardDecision {
  switch (code) {
    case 'P':
      return { kind: 'pass' };
    case 'L':
      return { kind: 'redirect', to: '/auth/login', search: { redirect: href } };
    case 'I':
      // A forwarding route names no page for Pension Setup to end on.
      return { kind: 'redirect', to: '/pension-info', search: forwards ? {} : { returnTo: href } };
    case 'A':
      return { kind: 'redirect', to: '/auth/paye-authorization', search: { returnTo: href } };
    case 'H':
      return { kind: 'redirect', to: '/landing' };
    case 'O':
      return { kind: 'redirect', to: 'href', href: '/' };
  }
}

const HREF = '/some/where?x=1';
const CASES = Object.entries(RULES).flatMap(([name, { rules, expected }]) =>
  USER_KIND_NAMES.map((kind, index) => ({ name, rules, kind, code: expected[index] as Outcome })),
);

describe('guardRoute: every kind of route × every kind of user', () => {
  it.each(CASES)('$name — $kind → $code', ({ rules, kind, code }) => {
    expect(guardRoute(rules, HREF, USER_KINDS[kind])).toStrictEqual(decisionFor(code, HREF, rules.forwardTo !== undefined));
  });
});

describe('guardRoute: redirect targets carry the attempted href', () => {
  it('PAYE: returnTo keeps path and search', () => {
    const href = '/form11/final-form?incomeId=rental-income&step=2';
    expect(guardRoute({ access: 'paye' }, href, USER_KINDS['income, not PAYE-authorised'])).toStrictEqual({
      kind: 'redirect',
      to: '/auth/paye-authorization',
      search: { returnTo: href },
    });
  });

  it('login: redirect keeps the search too', () => {
    expect(guardRoute({ access: 'user' }, '/profile?returnTo=%2Froundups', null)).toStrictEqual({
      kind: 'redirect',
      to: '/auth/login',
      search: { redirect: '/profile?returnTo=%2Froundups' },
    });
  });
});

describe('guardRoute: the login and register forms send a signed-in user on', () => {
  const user = USER_KINDS['PAYE-authorised'];

  it("to the login's redirect target, where the login itself would navigate", () => {
    const href = '/auth/login?redirect=%2Fsettings%3Ftab%3D2';
    expect(guardRoute({ access: 'public', signedOutOnly: true }, href, user)).toStrictEqual({ kind: 'redirect', to: 'href', href: '/settings?tab=2' });
  });

  it('to `/` (the Overview) without one, or with one outside the app or back into /auth', () => {
    for (const href of ['/auth/register', '/auth/login', '/auth/login?redirect=%2F%2Fevil.example', '/auth/login?redirect=%2Fauth%2Fregister']) {
      expect(guardRoute({ access: 'public', signedOutOnly: true }, href, user)).toStrictEqual({ kind: 'redirect', to: 'href', href: '/' });
    }
  });

  it('signed out, the forms are open', () => {
    expect(guardRoute({ access: 'public', signedOutOnly: true }, '/auth/login?redirect=%2Fsettings', null)).toStrictEqual({ kind: 'pass' });
  });
});

describe('guardRoute: what counts as a recorded annual_income', () => {
  it.each([
    [0, 'pass'], // zero is a recorded income
    [45_000, 'pass'],
    [-1, 'pass'], // the guard only asks whether it is recorded; bounds are the schema's job
  ])('annual_income %o → %s', (income, kind) => {
    expect(guardRoute({ access: 'user' }, '/landing', { annual_income: income, paye_a1_authorized: false }).kind).toBe(kind);
  });

  it.each([[null], [undefined], [Number.NaN], [Infinity]])('annual_income %o → /pension-info', (income) => {
    expect(guardRoute({ access: 'user' }, '/landing', { annual_income: income, paye_a1_authorized: true })).toStrictEqual({
      kind: 'redirect',
      to: '/pension-info',
      search: { returnTo: '/landing' },
    });
  });

  it('the income check comes before the PAYE check', () => {
    expect(guardRoute({ access: 'paye' }, '/form11/final-form', { annual_income: null, paye_a1_authorized: false })).toStrictEqual({
      kind: 'redirect',
      to: '/pension-info',
      search: { returnTo: '/form11/final-form' },
    });
  });

  it('keeps the page asked for through Pension Setup: a login redirect to /contribute?amount=50 goes to /pension-info with it as returnTo', () => {
    expect(guardRoute({ access: 'user' }, '/contribute?amount=50', { annual_income: null, paye_a1_authorized: false })).toStrictEqual({
      kind: 'redirect',
      to: '/pension-info',
      search: { returnTo: '/contribute?amount=50' },
    });
    // The income form itself asks nothing more.
    expect(guardRoute({ access: 'user', incomeOptional: true }, '/pension-info?returnTo=%2Fcontribute', { annual_income: null, paye_a1_authorized: false })).toStrictEqual({ kind: 'pass' });
  });
});

describe('guardRoute: the PAYE opt-out', () => {
  it('an opted-out user is sent to the PAYE authorisation screen (its opt-out notice) from every PAYE route', () => {
    const optedOut = { annual_income: 50_000, paye_a1_authorized: true, opt_out_paye_auth: true };
    expect(guardRoute({ access: 'paye' }, '/form11-questionnaire', optedOut)).toStrictEqual({
      kind: 'redirect',
      to: '/auth/paye-authorization',
      search: { returnTo: '/form11-questionnaire' },
    });
    expect(guardRoute({ access: 'user' }, '/settings', optedOut)).toStrictEqual({ kind: 'pass' });
    expect(guardRoute({ access: 'paye' }, '/form11-questionnaire', { ...optedOut, opt_out_paye_auth: false })).toStrictEqual({ kind: 'pass' });
  });

  it('sameGuardUser tells an opt-out apart', () => {
    const user = { annual_income: 50_000, paye_a1_authorized: true };
    expect(sameGuardUser({ ...user, opt_out_paye_auth: true }, { ...user, opt_out_paye_auth: false })).toBe(false);
    expect(sameGuardUser({ ...user }, { ...user, opt_out_paye_auth: false })).toBe(true);
  });
});

describe('mergeRouteRules', () => {
  it('a deeper route adds to, or overrides, its layouts', () => {
    expect(mergeRouteRules([{}, { access: 'user' }, { incomeOptional: true }])).toEqual({ access: 'user', incomeOptional: true });
    expect(mergeRouteRules([{ access: 'user' }, { access: 'paye' }])).toEqual({ access: 'paye' });
    expect(mergeRouteRules([])).toEqual({});
  });
});

describe('sameGuardUser', () => {
  it('tells apart exactly what the guard reads', () => {
    expect(sameGuardUser(null, null)).toBe(true);
    expect(sameGuardUser(null, USER_KINDS['PAYE-authorised'])).toBe(false);
    expect(sameGuardUser(USER_KINDS['PAYE-authorised'], { ...USER_KINDS['PAYE-authorised'] })).toBe(true);
    expect(sameGuardUser(USER_KINDS['PAYE-authorised'], USER_KINDS['income, not PAYE-authorised'])).toBe(false);
    expect(sameGuardUser(USER_KINDS['signed in, no annual_income'], USER_KINDS['income, not PAYE-authorised'])).toBe(false);
  });
});
