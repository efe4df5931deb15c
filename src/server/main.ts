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
  const [{ serve }, { createApp }, { mountSpa }, { systemClock }, { createServices }, { logTransport, smtpTransport }, { loadSecrets }] = await Promise.all([
    import('@hono/node-server'),
    import('./app.ts'),
    import('./http/spa.ts'),
    import('./services/clock.ts'),
    import('./services/index.ts'),
    import('./services/mailer.ts'),
    import('./services/secrets.ts'),
  ]);
  const database = await opening;

  const secrets = loadSecrets({ jwtSecret: config.jwtSecret, encryptionKey: config.encryptionKey, encryptionKeys: config.encryptionKeys, encryptionKeyCurrent: config.encryptionKeyCurrent, dataDir: config.dataDir });
  // Key ids only: which key encrypts, which others are held for decrypting.
  log.info(
    { jwtFrom: secrets.sources.jwtSecret, encryptionFrom: secrets.sources.encryptionKey, currentKeyId: secrets.keyring.currentId, keyIds: [...secrets.keyring.keys.keys()] },
    'secrets ready',
  );
  if (database.kind === 'postgres' && (secrets.sources.jwtSecret === 'file' || secrets.sources.encryptionKey === 'file')) {
    log.warn('secrets come from files under DATA_DIR; every API process on this database must share them (set JWT_SECRET and ENCRYPTION_KEYS or ENCRYPTION_KEY)');
  }
  const mailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(createMailPrinter(destination));
  log.info({ kind: mailTransport.kind }, 'mail transport');

  // The composition root: every service once, shared by the routes and the housekeeping below.
  const services = createServices({
    database,
    log,
    clock: systemClock,
    publicUrl: config.publicUrl,
    payeAgent: config.payeAgent,
    jwtSecret: secrets.jwtSecret,
    keyring: secrets.keyring,
    mailTransport,
    paymentLeaseMs: config.paymentLeaseMs,
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
  const app = createApp({ services, trustProxy: config.trustProxy }, { mountStatic: (root) => mountSpa(root, config.staticDir, log) });

  // Every 10 minutes, and once shortly after start: an unverified account is deleted within
  // minutes of its 48 hours.
  const runHousekeeping = () => {
    services.housekeeping().catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  };
  const housekeeping = setInterval(runHousekeeping, 600_000);
  housekeeping.unref();
  setTimeout(runHousekeeping, 5_000).unref();

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    log.info({ url: `http://${info.address}:${info.port}`, ms: Math.round(performance.now() - started) }, 'listening');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    server.close();
    await services.mailer.flush();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
