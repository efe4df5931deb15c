import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';

/**
 * Applies the committed migrations and exits: the one-shot step a deployment runs before it
 * starts the instances (deploy/compose.yaml's `migrate`). Instances check at start too, under the
 * same advisory lock, and then find nothing to do.
 */
async function migrate() {
  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  await database.close();
  console.log(`migrations applied (${database.kind}) in ${Math.round(performance.now() - started)} ms`);
}

migrate().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
