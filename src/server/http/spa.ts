import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../appEnv.ts';
import type { Logger } from '../services/logger.ts';

/** The built SPA: files under `staticDir`, and index.html for every other non-API path. */
export function mountSpa(app: Hono<AppEnv>, staticDir: string, log: Logger) {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    log.warn({ staticDir }, 'no built SPA found; run `npm run build`');
    return;
  }
  const root = path.relative(process.cwd(), staticDir) || '.';
  // Hashed asset names never change content, so they may be cached for a year.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root }));
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    c.header('Cache-Control', 'no-cache');
    return serveStatic({ path: path.relative(process.cwd(), indexFile) })(c, next);
  });
}
