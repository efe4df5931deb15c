import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../appEnv.ts';
import type { Logger } from '../services/logger.ts';

/** Hashed file names (Vite's output under /assets) never change content: cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else, HTML first, is revalidated on every use so a new deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/** Content types the build precompresses (scripts/vitePrecompress.ts); their answer depends on Accept-Encoding. */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml|wasm)|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon))/i;

/**
 * The built SPA under `staticDir`: its files, and index.html for every other path outside
 * /api and /assets (the router's history fallback; a missing hashed asset is a 404, not HTML).
 *
 * The build wrote `.br` and `.gz` beside each compressible file; serveStatic's `precompressed`
 * sends the one the request's Accept-Encoding names (brotli first) with its Content-Encoding,
 * and the file itself otherwise. Every such answer carries `Vary: Accept-Encoding`, the
 * identity one included, so a shared cache keeps the variants apart.
 */
export function mountSpa(app: Hono<AppEnv>, staticDir: string, log: Logger) {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    log.warn({ staticDir }, 'no built SPA found; run `npm run build`');
    return;
  }
  const root = path.relative(process.cwd(), staticDir) || '.';
  const files = serveStatic<AppEnv>({ root, precompressed: true });
  const index = serveStatic<AppEnv>({ path: path.relative(process.cwd(), indexFile), precompressed: true });

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    const isAsset = c.req.path.startsWith('/assets/');
    let response = await files(c, async () => {});
    if (!response && !isAsset) response = await index(c, async () => {});
    if (!response) return next();

    const type = response.headers.get('content-type') ?? '';
    response.headers.set('Cache-Control', isAsset && response.ok ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    if (COMPRESSIBLE_TYPE.test(type) && !/accept-encoding/i.test(response.headers.get('vary') ?? '')) {
      response.headers.append('Vary', 'Accept-Encoding');
    }
    return response;
  });
}
