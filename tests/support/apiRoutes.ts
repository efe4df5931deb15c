import { API_PREFIX } from '../../src/domain/constants.ts';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every concrete API route a Hono app declares (`app.routes`): method and path, deduplicated,
 * middleware left out. A route added later is found without touching the tests that use this.
 */
export function discoverRoutes(app: { routes: { method: string; path: string }[] }): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    if (!METHODS.has(route.method)) continue;
    if (!route.path.startsWith(`${API_PREFIX}/`) || route.path.includes('*')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}
