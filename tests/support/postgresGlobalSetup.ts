/**
 * vitest globalSetup of the `server-postgres` project.
 *
 * Starts a throwaway PostgreSQL cluster from Debian's binaries (newest /usr/lib/postgresql/N/bin)
 * on a free loopback port, creates one migrated template database, and provides
 * `postgresAdminUrl` and `postgresTemplate` to the tests; `createTestDatabase()` then clones the
 * template per call (`CREATE DATABASE x TEMPLATE t`, a few tens of ms). Teardown stops the
 * cluster and removes its directory.
 *
 * With TEST_POSTGRES_URL set (a URL whose role may CREATE DATABASE), that server is used instead
 * and only the template and this run's test databases are created and dropped there.
 */
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/index.ts';
import { findPostgresBin } from './systemDeps.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser-ish URL (may CREATE DATABASE) of the test cluster, pointing at its `postgres` database. */
    postgresAdminUrl: string;
    /** Name of the migrated template database that test databases are cloned from. */
    postgresTemplate: string;
    /** Prefix of every database this run creates (so teardown can drop leftovers). */
    postgresDatabasePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const runId = randomBytes(4).toString('hex');
  const prefix = `maxout_t${runId}_`;
  const template = `${prefix}template`;

  const external = process.env.TEST_POSTGRES_URL;
  const cluster = external ? undefined : await startCluster();
  const adminUrl = external ?? cluster!.adminUrl;
  const clusterMs = Math.round(performance.now() - started);

  try {
    await createTemplate(adminUrl, template);
  } catch (error) {
    cluster?.stop();
    throw error;
  }

  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', template);
  project.provide('postgresDatabasePrefix', prefix);
  console.log(
    `[server-postgres] ${external ? 'external server' : `PostgreSQL ${cluster!.version} on port ${cluster!.port}`}: ` +
      `cluster ${clusterMs} ms, migrated template ${Math.round(performance.now() - started - clusterMs)} ms`,
  );

  return async () => {
    if (cluster) {
      cluster.stop();
      return;
    }
    await dropDatabases(adminUrl, prefix);
  };
}

export interface Cluster {
  adminUrl: string;
  port: number;
  version: string;
  stop(): void;
}

/** A throwaway PostgreSQL cluster on a free loopback port (also used by `npm run bench:api`). */
export async function startCluster(): Promise<Cluster> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb): install the `postgresql` package ' +
        '(apt-get install postgresql) or set TEST_POSTGRES_URL to an existing server.',
    );
  }
  const version = path.basename(path.dirname(bin));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maxout-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the `postgres` user then.
  if (asRoot) {
    const { uid, gid } = systemUser('postgres');
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[], options: SpawnSyncOptions = {}) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: dir, ...options });
    if (result.status !== 0) {
      const output = `${String(result.stdout ?? '')}${String(result.stderr ?? '')}`.trim();
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n') : '';
      throw new Error(`${program} failed (exit ${result.status ?? result.signal}):\n${output}${log ? `\n--- postgres.log ---\n${log}` : ''}`);
    }
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(path.join(dataDir, 'postmaster.pid'))) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // If vitest dies without running teardown, still do not leave a postmaster behind.
  process.once('exit', () => {
    try {
      stop();
    } catch {
      // best effort at exit
    }
  });

  try {
    run('initdb', ['-D', dataDir, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    // The port is free when we look; another process could take it before postgres binds, so retry.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const settings = [
        `-c port=${port}`,
        '-c listen_addresses=127.0.0.1',
        `-c unix_socket_directories=${dir}`,
        // A disposable cluster: durability off, small memory, no background work.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c wal_level=minimal',
        '-c max_wal_senders=0',
        '-c autovacuum=off',
        '-c shared_buffers=32MB',
        '-c max_connections=100',
        '-c TimeZone=UTC',
      ].join(' ');
      try {
        run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', settings, '-w', '-t', '30', 'start']);
        return { adminUrl: `postgres://app@127.0.0.1:${port}/postgres`, port, version, stop };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
}

async function createTemplate(adminUrl: string, template: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, template), poolSize: 1 });
  await database.close();
  const again = new pg.Client({ connectionString: adminUrl });
  await again.connect();
  try {
    // Nobody may connect to the template: a stray connection would make every clone fail.
    await again.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await again.end();
  }
}

async function dropDatabases(adminUrl: string, prefix: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) {
      await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/** The same server URL with another database name. */
function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function systemUser(name: string) {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error(`No \`${name}\` system user: install the \`postgresql\` package, which creates it.`);
  return { uid: Number(uid), gid: Number(gid) };
}
