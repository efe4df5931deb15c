import { describe, expect, it } from 'vitest';
import type { AnyRoute } from '@tanstack/react-router';
import { createAppRouter } from '../../src/app/router.tsx';
import { guardRoute, mergeRouteRules, type GuardDecision, type RouteRules } from '../../src/domain/routeAccess.ts';
import { ROUTE_PATTERNS, USER_KINDS, USER_KIND_NAMES, examplePath, outcomeFor, type Outcome, type RoutePattern } from '../support/routeTable.ts';

/**
 * The router's routes against the hand-written route table: the same routes, and each one's own
 * rules (its layout's access, a leaf's exemption) lead the guard to the table's outcome for every
 * kind of user.
 */
const router = createAppRouter({ session: { ready: async () => {}, guardUser: () => null }, flows: { preload: async () => {} }, appInfo: { ready: async () => {} } });

function chainOf(route: AnyRoute): RouteRules[] {
  const chain: RouteRules[] = [];
  for (let at: AnyRoute | undefined = route; at; at = at.parentRoute) chain.unshift(at.options.staticData ?? {});
  return chain;
}

const leaves = new Map<string, AnyRoute>(
  Object.values(router.routesById as Record<string, AnyRoute>)
    .filter((route) => !route.isRoot && !(route.children && Object.keys(route.children).length > 0))
    .map((route) => [route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, ''), route]),
);

function decisionFor(code: Outcome, href: string): GuardDecision {
  switch (code) {
    case 'P':
      return { kind: 'pass' };
    case 'L':
      return { kind: 'redirect', to: '/auth/login', search: { redirect: href } };
    case 'I':
      // `/` only forwards, so it names no page for Pension Setup to end on.
      return { kind: 'redirect', to: '/pension-info', search: href === '/' ? {} : { returnTo: href } };
    case 'A':
      return { kind: 'redirect', to: '/auth/paye-authorization', search: { returnTo: href } };
    case 'H':
      return { kind: 'redirect', to: '/landing' };
    case 'O':
      return { kind: 'redirect', to: 'href', href: '/' };
  }
}

describe('routes by access', () => {
  it('the router has exactly the routes of the table', () => {
    expect([...leaves.keys()].sort()).toEqual([...ROUTE_PATTERNS].sort());
  });

  it('every route sits under one of the three access layouts, which alone say the access', () => {
    for (const [path, route] of leaves) {
      const withAccess = chainOf(route).filter((rules) => rules.access !== undefined);
      expect(withAccess, path).toHaveLength(1);
      expect(route.options.staticData?.access, `${path} says no access of its own`).toBeUndefined();
    }
  });

  const cases = ROUTE_PATTERNS.flatMap((route) => USER_KIND_NAMES.map((kind) => ({ route, kind, code: outcomeFor(route, kind) })));
  it.each(cases)('$route — $kind → $code', ({ route, kind, code }: { route: RoutePattern; kind: keyof typeof USER_KINDS; code: Outcome }) => {
    const leaf = leaves.get(route);
    expect(leaf).toBeDefined();
    const href = examplePath(route);
    expect(guardRoute(mergeRouteRules(chainOf(leaf!)), href, USER_KINDS[kind])).toStrictEqual(decisionFor(code, href));
  });
});
