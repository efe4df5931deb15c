import { factory } from '../appEnv.ts';
import type { Services } from '../services/index.ts';

/**
 * GET /health (liveness): 200 once the database answers; 503 while it does not.
 * GET /ready (readiness): also 503 from SIGTERM on, while the instance finishes what is in flight.
 */
export function healthRoutes({ health, lifecycle }: Services) {
  return factory
    .createApp()
    .get('/health', async (c) => {
      if (await health.check()) return c.json({ status: 'ok' });
      return c.json({ status: 'unavailable' }, 503);
    })
    .get('/ready', async (c) => {
      if (lifecycle.stopping) return c.json({ status: 'stopping' }, 503);
      if (!(await health.check())) return c.json({ status: 'unavailable' }, 503);
      return c.json({ status: 'ready' }, 200);
    });
}
