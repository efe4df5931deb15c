import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app.ts';

/** GET /health: 200 once the database answers; 503 while it does not. */
export function healthRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    try {
      await database.ping();
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });
}
