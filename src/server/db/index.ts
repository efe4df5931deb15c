import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export { schema };

/** The Drizzle API both drivers share; services are written against this alone. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>;
  /**
   * Runs `task` unless another holder of the lock `name` is running it, in this process or (on
   * PostgreSQL) in any process on the database: a session-level advisory lock on a connection of
   * its own, released when the task ends or, should the process die, when its connection does.
   * Answers whether the task ran.
   */
  exclusively(name: string, task: () => Promise<void>): Promise<boolean>;
  /** Connections of the pool (PostgreSQL); the embedded database has one, always in use. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Lock names held by this process (the embedded database has no other process to exclude). */
function localLocks() {
  const held = new Set<string>();
  return async (name: string, task: () => Promise<boolean>): Promise<boolean> => {
    if (held.has(name)) return false;
    held.add(name);
    try {
      return await task();
    } finally {
      held.delete(name);
    }
  };
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      /** a directory, or undefined for in-memory */
      dataDir?: string;
      /** start from this data directory dump (PGlite's `dumpDataDir`), e.g. an already migrated one in tests */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * An idle pooled connection failed (the server restarted or dropped it). The pool replaces
       * it on the next query; without a listener the error would end the process.
       */
      onIdleError?: (error: Error) => void;
    };

/**
 * The PGlite client as drizzle sees it: the same client, but
 * - queries go without drizzle's per-query `parsers` option. Given that option, PGlite copies
 *   its whole parser table into a new object on every query (about 0.1 ms); the client was
 *   created with the same parsers as its defaults, so the results are the same;
 * - outside transactions, queries go through `statementQuery` (named prepared statements,
 *   pgliteStatements.ts) when given.
 */
function drizzleView<T extends object>(target: T, statementQuery?: PGliteQueries['query']): T {
  return new Proxy(target, {
    get(target, key) {
      const object = target as unknown as PGliteQueries;
      if (key === 'query') {
        const query = statementQuery ?? object.query.bind(object);
        return (text: string, params?: unknown[], options?: { parsers?: unknown }) => query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
      }
      if (key === 'transaction') {
        return <R>(callback: (tx: object) => Promise<R>) => object.transaction((tx) => callback(drizzleView(tx)));
      }
      const value: unknown = Reflect.get(target, key, target);
      // PGlite's methods use private fields: call them on the client itself, not on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** What drizzle calls on a PGlite client or transaction. */
interface PGliteQueries {
  query(query: string, params?: unknown[], options?: object): Promise<unknown>;
  transaction<R>(callback: (tx: object) => Promise<R>): Promise<R>;
}

/**
 * Server settings of the embedded database. PostgreSQL's 128 MB of shared buffers would be
 * most of the process's memory (PGlite touches all of it at start); the embedded default serves
 * one user, whose data fits many times over in 32 MB.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** Present while a data directory is being copied from the template; left behind, the copy was cut short. */
function copyingMarker(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.copying`;
}

/**
 * A data directory without a database becomes a copy of the initialised template
 * (pgliteTemplate.ts), so PGlite opens it as an existing database instead of running initdb.
 * An existing database is left as it is; a copy that was interrupted is made again.
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  const marker = copyingMarker(dataDir);
  if (existsSync(marker)) rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const { ensurePgliteTemplate } = await import('./pgliteTemplate.ts');
  const template = await ensurePgliteTemplate();
  mkdirSync(dataDir, { recursive: true });
  if (!template) return;
  writeFileSync(marker, '');
  cpSync(template, dataDir, { recursive: true });
  rmSync(marker);
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Runs `migrate` unless the database already has the newest committed migration. Drizzle's
 * migrator applies the migrations newer than the newest `created_at` it recorded; finding none
 * still costs it five statements and a transaction at every start (a quarter of a second on the
 * embedded database), where this check is one query. A database without the table migrates.
 */
async function migrateUnlessCurrent(query: (text: string) => Promise<{ rows: unknown[] }>, migrate: () => Promise<void>) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const committed = Math.max(...journal.entries.map((entry) => entry.when));
  const recorded = await query('select max(created_at) as newest from drizzle.__drizzle_migrations').then(
    ({ rows }) => Number((rows[0] as { newest: unknown } | undefined)?.newest ?? NaN),
    () => NaN,
  );
  if (!(recorded >= committed)) await migrate();
}

/**
 * Opens the database and applies the committed migrations. PGlite (embedded Postgres) is the
 * default; PostgreSQL is used when a URL is given. Drivers load lazily so the unused one costs
 * nothing.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', options.onIdleError ?? (() => {}));
    const db = drizzle(pool, { schema });
    const local = localLocks();
    /** `task` while a connection of its own holds the advisory lock `name`, or false when another session holds it. */
    const advisory = (name: string, task: () => Promise<void>) =>
      local(name, async () => {
        const client = await pool.connect();
        let healthy = true;
        try {
          const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [`maxout:${name}`]);
          if (!rows[0]?.locked) return false;
          try {
            await task();
          } finally {
            await client.query('select pg_advisory_unlock(hashtext($1))', [`maxout:${name}`]).catch(() => {
              healthy = false;
            });
          }
          return true;
        } catch (error) {
          healthy = false;
          throw error;
        } finally {
          // A connection whose unlock failed may still hold the lock: destroy it rather than pool it.
          client.release(healthy ? undefined : true);
        }
      });
    // Instances starting together: one migrates, the others wait for it and then find nothing to
    // do. On the lock's own connection, so a pool of one connection suffices.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', ['maxout:migrate']);
      try {
        await migrateUnlessCurrent((text) => client.query(text), () => migrate(drizzle(client, { schema }), { migrationsFolder }));
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', ['maxout:migrate']);
      }
    } finally {
      client.release();
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      exclusively: advisory,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { createStatementQuery } = await import('./pgliteStatements.ts');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.dataDir) {
    if (options.loadDataDir) mkdirSync(options.dataDir, { recursive: true });
    else await prepareDataDir(options.dataDir);
  }
  // Drizzle maps dates, timestamps and intervals from their text form; PGlite returns that text
  // when these are its own parsers, so the queries below need not pass them (see drizzleView).
  const textTypes = [types.DATE, types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL];
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    parsers: Object.fromEntries(textTypes.map((oid) => [oid, (value: string) => value])),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle({ client: drizzleView(client, createStatementQuery(client)), schema });
  await migrateUnlessCurrent((text) => client.query(text), () => migrate(db, { migrationsFolder }));
  const local = localLocks();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    exclusively: (name, task) =>
      local(name, async () => {
        await task();
        return true;
      }),
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    close: () => client.close(),
  };
}
