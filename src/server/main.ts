import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { type AppEnv, createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { systemClock } from './services/clock.ts';
import { createLogger } from './services/logger.ts';
import { createMailer, logTransport, smtpTransport } from './services/mailer.ts';
import { createRateLimiter } from './services/rateLimit.ts';
import { loadSecrets } from './services/secrets.ts';
import { createSessionService } from './services/sessions.ts';

/**
 * One Node process: the API under /api/maxout and the built SPA for every other path
 * (history fallback to index.html). PGlite under DATA_DIR unless DATABASE_URL is set.
 */
async function main() {
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel });
  const started = performance.now();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  log.info('database ready', { kind: database.kind, ms: Math.round(performance.now() - started) });

  const secrets = loadSecrets({ jwtSecret: config.jwtSecret, encryptionKey: config.encryptionKey, dataDir: config.dataDir });
  log.info('secrets ready', secrets.sources);
  if (database.kind === 'postgres' && (secrets.sources.jwtSecret === 'file' || secrets.sources.encryptionKey === 'file')) {
    log.warn('secrets come from files under DATA_DIR; every API process on this database must share them (set JWT_SECRET and ENCRYPTION_KEY)');
  }
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(log);
  log.info('mail transport', { kind: transport.kind });
  const mailer = createMailer({ database, log, transport, now: () => systemClock.now() });

  const app = createApp(
    {
      database,
      log,
      clock: systemClock,
      publicUrl: config.publicUrl,
      jwtSecret: secrets.jwtSecret,
      encryptionKey: secrets.encryptionKey,
      mailer,
      trustProxy: config.trustProxy,
    },
    { mountStatic: (root) => mountSpa(root, config.staticDir, log) },
  );

  // Housekeeping: old rate-limit windows and long-ended sessions. Safe to run in every process.
  const sessions = createSessionService({ db: database.db, clock: systemClock, jwtSecret: secrets.jwtSecret });
  const limiter = createRateLimiter(database.db, systemClock);
  const housekeeping = setInterval(() => {
    Promise.all([limiter.prune(), sessions.prune()]).catch((error: unknown) =>
      log.warn('housekeeping failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  }, 3_600_000);
  housekeeping.unref();

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    log.info('listening', { url: `http://${info.address}:${info.port}`, ms: Math.round(performance.now() - started) });
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    clearInterval(housekeeping);
    server.close();
    await mailer.flush();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function mountSpa(app: Hono<AppEnv>, staticDir: string, log: ReturnType<typeof createLogger>) {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    log.warn('no built SPA found; run `npm run build`', { staticDir });
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
