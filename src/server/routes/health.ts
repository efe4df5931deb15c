import { factory } from '../appEnv.ts';
import type { Services } from '../services/index.ts';

/** GET /health: 200 once the database answers; 503 while it does not. */
export function healthRoutes({ health }: Services) {
  return factory.createApp().get('/health', async (c) => {
    if (await health.check()) return c.json({ status: 'ok' });
    return c.json({ status: 'unavailable' }, 503);
  });
}
