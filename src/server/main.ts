import { rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startupNotice } from './config.ts';
import { openDatabase } from './db/index.ts';
import { createLogger, createMailPrinter, stdoutDestination } from './services/logger.ts';

/**
 * One Node process: the API under /api/maxout and the built SPA for every other path
 * (history fallback to index.html). PGlite under DATA_DIR unless DATABASE_URL is set.
 */
async function main() {
  const config = loadConfig();
  const destination = stdoutDestination();
  const log = createLogger({ level: config.logLevel, destination });
  // First, so a developer sees at once where the set-password link will appear.
  log.info(startupNotice(config));
  const started = performance.now();
  // The database opens while the rest of the server loads: PGlite compiles its WebAssembly
  // off the main thread, so the two overlap.
  const opening = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, onIdleError: (error) => log.warn({ err: error }, 'database connection lost; the pool reconnects') }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  ).then((database) => {
    log.info({ kind: database.kind, ms: Math.round(performance.now() - started) }, 'database ready');
    return database;
  });
  const [{ serve }, { createApp, metricsResponse }, { mountSpa }, { clockStartingAt, systemClock }, { createServices }, { logTransport, smtpTransport }, { loadSecrets }, { createInstanceRegistry, HEARTBEAT_MS }] =
    await Promise.all([
      import('@hono/node-server'),
      import('./app.ts'),
      import('./http/spa.ts'),
      import('./services/clock.ts'),
      import('./services/index.ts'),
      import('./services/mailer.ts'),
      import('./services/secrets.ts'),
      import('./services/instances.ts'),
    ]);
  const database = await opening;

  const secrets = loadSecrets({ jwtSecret: config.jwtSecret, jwtSecrets: config.jwtSecrets, encryptionKey: config.encryptionKey, encryptionKeys: config.encryptionKeys, encryptionKeyCurrent: config.encryptionKeyCurrent, dataDir: config.dataDir });
  // Key ids only: which key encrypts, which others are held for decrypting.
  log.info(
    { jwtFrom: secrets.sources.jwtSecret, encryptionFrom: secrets.sources.encryptionKey, currentKeyId: secrets.keyring.currentId, keyIds: [...secrets.keyring.keys.keys()] },
    'secrets ready',
  );
  if (database.kind === 'postgres' && (secrets.sources.jwtSecret === 'file' || secrets.sources.encryptionKey === 'file')) {
    log.warn('secrets come from files under DATA_DIR; every API process on this database must share them (set JWT_SECRET and ENCRYPTION_KEYS or ENCRYPTION_KEY)');
  }
  // Several instances on one PostgreSQL must share their keys: compared (as fingerprints) with
  // the live instances' before this one serves anything.
  const instanceName = config.instanceName ?? `${os.hostname()}:${process.pid}`;
  const instances = database.kind === 'postgres' ? createInstanceRegistry({ db: database.db, name: instanceName, jwtSecret: secrets.jwtSecret, keyring: secrets.keyring }) : undefined;
  if (instances) {
    try {
      await instances.register();
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const heartbeat = instances
    ? setInterval(() => {
        instances.heartbeat().catch((error: unknown) => log.warn({ err: error }, 'instance heartbeat failed'));
      }, HEARTBEAT_MS)
    : undefined;
  heartbeat?.unref();

  const mailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(createMailPrinter(destination));
  log.info({ kind: mailTransport.kind }, 'mail transport');

  // The composition root: every service once, shared by the routes and the housekeeping below.
  const services = createServices({
    database,
    log,
    // A browser test may start the clock on a date of its choosing (never in production: see config).
    clock: config.clockStart ? clockStartingAt(config.clockStart) : systemClock,
    publicUrl: config.publicUrl,
    payeAgent: config.payeAgent,
    directDebitCreditor: config.directDebitCreditor,
    testMode: config.testMode,
    jwtSecret: secrets.jwtSecret,
    jwtKeys: secrets.jwtKeys,
    keyring: secrets.keyring,
    mailTransport,
    paymentLeaseMs: config.paymentLeaseMs,
    sandboxBankOptions: { extraPurchasesPerDay: config.sandboxBankExtraPurchases },
    moneyLimits: config.moneyLimits,
    // The crash test's fault: the provider has collected, our record of it is not yet written.
    afterCollect:
      config.faultInjection === 'kill-after-collect'
        ? () => {
            process.kill(process.pid, 'SIGKILL');
          }
        : undefined,
    // The round-up crash test's fault: a batch has taken its round-ups, the ledger has not been asked.
    afterRoundupClaim:
      config.faultInjection === 'kill-after-claim'
        ? () => {
            process.kill(process.pid, 'SIGKILL');
          }
        : undefined,
  });
  services.metrics.collectProcessMetrics();
  const app = createApp(
    { services, trustProxy: config.trustProxy, metricsToken: config.metricsToken, apiReference: process.env.NODE_ENV !== 'production' },
    { mountStatic: (root) => mountSpa(root, config.staticDir, log) },
  );

  // Every 10 minutes (HOUSEKEEPING_INTERVAL_SECONDS), and once shortly after start: an unverified
  // account is deleted within minutes of its 48 hours. Each job runs on one instance at a time.
  let housekeepingRun: Promise<unknown> = Promise.resolve();
  const runHousekeeping = () => {
    housekeepingRun = services.housekeeping().catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  };
  const housekeeping = setInterval(runHousekeeping, config.housekeepingIntervalMs);
  housekeeping.unref();
  const firstHousekeeping = setTimeout(runHousekeeping, Math.min(5_000, config.housekeepingIntervalMs));
  firstHousekeeping.unref();

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    log.info({ url: `http://${info.address}:${info.port}`, instance: instanceName, ms: Math.round(performance.now() - started) }, 'listening');
  }) as Server;

  // GET /metrics on a port of its own (METRICS_PORT, loopback by default): for a scraper on the
  // same host or network, never the proxy's public side.
  const metricsServer = config.metricsPort
    ? (serve({ fetch: async (request) => (new URL(request.url).pathname === '/metrics' ? metricsResponse(services.metrics) : new Response('Not found.', { status: 404 })), hostname: config.metricsHost, port: config.metricsPort }) as Server)
    : undefined;

  // The embedded database: `npm run ops -- backup` asks this process for a consistent backup.
  const pidFile = path.join(config.dataDir, 'server.pid');
  if (database.kind === 'pglite') {
    const { serveBackupRequests } = await import('./backupRequests.ts');
    writeFileSync(pidFile, String(process.pid));
    process.on('SIGUSR2', () => void serveBackupRequests(config.dataDir, database, log));
  }

  let stopping = false;
  /**
   * Graceful stop: /ready answers 503 at once and every answer says `Connection: close`. On
   * SIGTERM, for SHUTDOWN_DRAIN_SECONDS (default 3 with CLUSTER=true) the instance drains: writes
   * are served, reads answer 503, which nginx retries on another instance and which takes this
   * one out of its rotation (deploy/nginx/maxout.conf.template), while its idle connections to
   * us expire. Then the listener closes and idle connections end; requests in flight finish, for
   * at most SHUTDOWN_TIMEOUT_SECONDS; then housekeeping, mail and the database pool, and exit 0.
   */
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    services.lifecycle.beginStopping({ drain: drainMs > 0 });
    log.info({ signal, drainMs }, 'shutting down');
    clearInterval(housekeeping);
    clearTimeout(firstHousekeeping);
    if (heartbeat) clearInterval(heartbeat);
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    services.lifecycle.drained();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timedOut = await Promise.race([closed.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), config.shutdownTimeoutMs).unref())]);
    if (timedOut) {
      log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'requests still in flight at the shutdown timeout; closing their connections');
      server.closeAllConnections();
    }
    metricsServer?.close();
    await housekeepingRun;
    await services.mailer.flush();
    await instances?.deregister().catch((error: unknown) => log.warn({ err: error }, 'could not remove this instance from the registry'));
    await database.close();
    if (database.kind === 'pglite') rmSync(pidFile, { force: true });
    log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
