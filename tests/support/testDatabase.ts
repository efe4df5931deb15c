/**
 * Databases and apps for server tests. The `server-pglite` and `server-postgres` vitest projects
 * run the same files; `TEST_DATABASE` ('pglite' | 'postgres') decides which database they get.
 *
 * Typical file:
 *
 *   const t = useTestApp();                       // one app + database per file, reset before each test
 *   it('answers', async () => {
 *     const res = await t.request('GET', '/health'); // paths not starting with /api/ get /api/maxout prepended
 *     expect(res.status).toBe(200);
 *   });
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { API_PREFIX } from '../../src/domain/constants.ts';
import { createApp } from '../../src/server/app.ts';
import { apiRouteKeys, unlistedStatuses } from '../../src/server/http/openapi.ts';
import { OPTIONAL_ROUTES, apiDocument } from '../../src/server/routes/openapi.ts';
import { type Database, openDatabase, schema } from '../../src/server/db/index.ts';
import { createManualClock } from '../../src/server/services/clock.ts';
import { createKeyring } from '../../src/server/services/crypto.ts';
import { type ServiceDeps, type Services, createServices } from '../../src/server/services/index.ts';
import { createMemoryLogger } from '../../src/server/services/logger.ts';
import { memoryTransport } from '../../src/server/services/mailer.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

const root = fileURLToPath(new URL('../../', import.meta.url));
const migrationsFolder = path.join(root, 'src/server/db/migrations');

/** Which database this project tests against (TEST_DATABASE, default pglite). */
export function testDatabaseKind(): TestDatabaseKind {
  const kind = process.env.TEST_DATABASE ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DATABASE must be 'pglite' or 'postgres', not '${kind}'`);
  return kind;
}

/**
 * A fresh, migrated, empty database of the kind this project tests. The caller closes it.
 *
 * - pglite: in memory. The first file ever to run pays PGlite's initdb (2–5 s) and saves a
 *   snapshot of the migrated database under node_modules/.cache/maxout-tests/; later files (and
 *   later runs, until the migrations change) load that snapshot instead (well under a second).
 * - postgres: `CREATE DATABASE <unique> TEMPLATE <migrated template>` on the cluster started by
 *   postgresGlobalSetup.ts; close() drops it.
 *
 * Opening costs something either way: share one per file (beforeAll) and `resetDatabase` between tests.
 */
export async function createTestDatabase(): Promise<Database> {
  return testDatabaseKind() === 'postgres' ? createPostgresDatabase() : createPgliteDatabase();
}

interface SchemaTable {
  /** Quoted, schema-qualified name. */
  name: string;
  /** Unquoted name for pg_get_serial_sequence, and the identity / serial columns in it. */
  regclass: string;
  sequenceColumns: string[];
}

let cachedTables: SchemaTable[] | undefined;

/** Every table declared in src/server/db/schema.ts. */
function schemaTables(): SchemaTable[] {
  cachedTables ??= (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const { name, schema: pgSchema, columns } = getTableConfig(table);
      const quoted = pgSchema ? `"${pgSchema}"."${name}"` : `"${name}"`;
      const sequenceColumns = columns
        .filter((column) => Boolean((column as { generatedIdentity?: unknown }).generatedIdentity) || /Serial/.test(column.columnType))
        .map((column) => column.name);
      return { name: quoted, regclass: quoted, sequenceColumns };
    });
  return cachedTables;
}

/**
 * Empties every table of the schema and restarts identity/serial sequences, in one statement.
 * A DELETE per table in one data-modifying CTE (foreign keys are checked at the end of the
 * statement, so order does not matter): about 1 ms on PostgreSQL and ~10 ms on PGlite, where
 * TRUNCATE costs 15 ms and 20-90 ms (it swaps files).
 */
export async function resetDatabase(database: Database): Promise<void> {
  const tables = schemaTables();
  if (tables.length === 0) return;
  const deletes = tables.map((table, i) => `d${i} AS (DELETE FROM ${table.name})`).join(', ');
  const restarts = tables.flatMap((table) =>
    table.sequenceColumns.map((column) => `setval(pg_get_serial_sequence('${table.regclass.replace(/'/g, "''")}', '${column}'), 1, false)`),
  );
  await database.db.execute(sql.raw(`WITH ${deletes} SELECT ${restarts.length > 0 ? restarts.join(', ') : '1'}`));
}

/**
 * Runs raw SQL and returns its rows, typed by the caller; the same on both drivers
 * (`db.execute` is typed `unknown` on the shared Db type).
 *   const [row] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from users`);
 */
export async function queryRows<T extends Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}

// ─── PGlite ────────────────────────────────────────────────────────────────────────────────

const snapshotDir = path.join(root, 'node_modules/.cache/maxout-tests');

/** Changes whenever the migrations, the way the database is opened, or PGlite itself change. */
function snapshotFile(): string {
  const hash = createHash('sha256');
  for (const file of listFiles(migrationsFolder)) hash.update(file).update(readFileSync(file));
  hash.update(readFileSync(path.join(root, 'src/server/db/index.ts')));
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return path.join(snapshotDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

async function createPgliteDatabase(): Promise<Database> {
  const file = snapshotFile();
  if (existsSync(file)) {
    try {
      return await loadPgliteSnapshot(readFileSync(file));
    } catch {
      rmSync(file, { force: true }); // unreadable snapshot: rebuild it below
    }
  }
  // The real code path: initdb, then the committed migrations.
  const database = await openDatabase({ kind: 'pglite' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  mkdirSync(snapshotDir, { recursive: true });
  for (const old of readdirSync(snapshotDir)) {
    if (old.startsWith('pglite-') && old.endsWith('.tar') && old !== path.basename(file)) rmSync(path.join(snapshotDir, old), { force: true });
  }
  // Parallel workers may all get here; each writes its own file and renames, so readers never see half a file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, new Uint8Array(await dump.arrayBuffer()));
  renameSync(temporary, file);
  return database;
}

/** openDatabase's own PGlite path, starting from a migrated data directory (migrate is then a no-op check). */
function loadPgliteSnapshot(bytes: Uint8Array): Promise<Database> {
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([new Uint8Array(bytes)]) });
}

// ─── PostgreSQL ────────────────────────────────────────────────────────────────────────────

async function createPostgresDatabase(): Promise<Database> {
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  const prefix = inject('postgresDatabasePrefix');
  if (!adminUrl || !template || !prefix) {
    throw new Error('TEST_DATABASE=postgres needs tests/support/postgresGlobalSetup.ts as globalSetup (the server-postgres project has it).');
  }
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name), poolSize: 5 });
  } catch (error) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One statement on the test cluster as its admin (CREATE / DROP DATABASE …). */
export async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

// ─── Apps ──────────────────────────────────────────────────────────────────────────────────

export type ManualClock = ReturnType<typeof createManualClock>;
export type MemoryLogger = ReturnType<typeof createMemoryLogger>;

export interface TestResponse<T> {
  status: number;
  /** Parsed JSON when the response is JSON, otherwise the text (undefined when empty). */
  body: T;
  /** Lower-cased header names. */
  headers: Record<string, string>;
}

export type MemoryMail = ReturnType<typeof memoryTransport>;

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /**
   * What the services were built from: `createServices({ ...t.deps, database })` builds a second
   * set (another process, say) on another connection.
   */
  deps: ServiceDeps;
  /** The app's services (`createApp({ services: t.services })` builds a second app on them). */
  services: Services;
  database: Database;
  log: MemoryLogger;
  clock: ManualClock;
  /** Delivered mail (`mail.messages`); call `services.mailer.flush()` first, delivery is asynchronous. */
  mail: MemoryMail;
  /** The waits the services asked for (the login's progressive delay), in milliseconds; none is actually waited. */
  sleeps: number[];
  /**
   * Sends `body` as JSON (when given) and reads the answer. A path that does not start with
   * `/api/` is relative to the API prefix: `request('GET', '/health')` is GET /api/maxout/health.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields freely
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  /** Closes the database if createTestApp opened it. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Use this database (the caller closes it) instead of opening a fresh one. */
  database?: Database;
  /** Start of the manual clock (default 2026-01-15T10:00:00Z). */
  now?: Date | string;
  /** Replace service dependencies (e.g. `rateLimits`, `sessionLimits`, `log`, `mailTransport`). */
  deps?: Partial<ServiceDeps>;
  /** TRUST_PROXY of the app (default 0). */
  trustProxy?: number;
}

/** The origin mailed links start with in server tests. */
export const TEST_PUBLIC_URL = 'http://maxout.test';

/**
 * createApp over a test database and the real services, with a memory logger, a manual clock,
 * fresh random keys and a mail transport that keeps messages in memory.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const ownsDatabase = !options.database;
  const log = createMemoryLogger();
  const clock = createManualClock(options.now);
  const mail = memoryTransport();
  const sleeps: number[] = [];
  const deps: ServiceDeps = {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    database,
    log,
    clock,
    publicUrl: TEST_PUBLIC_URL,
    jwtSecret: randomBytes(32),
    keyring: createKeyring([['k1', randomBytes(32)]]),
    mailTransport: mail,
    ...options.deps,
  };
  const services = createServices(deps);
  const app = createApp({ services, trustProxy: options.trustProxy });
  return {
    app,
    deps,
    services,
    database,
    log,
    clock,
    mail,
    sleeps,
    request: (method, requestPath, body, headers) => send(app, method, requestPath, body, headers),
    close: async () => {
      await services.mailer.flush();
      if (ownsDatabase) await database.close();
    },
  };
}

/** Sends one request to a Hono app the way a JSON client would (see TestApp.request). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields freely
export async function send<T = any>(
  app: { request(input: string, init?: RequestInit): Response | Promise<Response> },
  method: string,
  requestPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse<T>> {
  const url = requestPath.startsWith('/api/') ? requestPath : `${API_PREFIX}${requestPath.startsWith('/') ? '' : '/'}${requestPath}`;
  const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json', ...init.headers };
  }
  const response = await app.request(url, init);
  const text = await response.text();
  const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    body: (text === '' ? undefined : isJson ? JSON.parse(text) : text) as T,
    headers: Object.fromEntries(response.headers.entries()),
  };
}

/**
 * Registers vitest hooks: one app and database for the file (beforeAll / afterAll), the tables
 * emptied, the log cleared and the clock put back before each test. Returns the TestApp
 * (usable inside tests and hooks, not at collection time).
 */
export function useTestApp(options: TestAppOptions & { resetBetweenTests?: boolean } = {}): TestApp {
  const holder = {} as TestApp;
  const start = new Date(options.now ?? createManualClock().now()).toISOString();
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(options));
  });
  beforeEach(async () => {
    if (options.resetBetweenTests === false) return;
    await holder.services.mailer.flush();
    await resetDatabase(holder.database);
    holder.log.lines.length = 0;
    holder.mail.messages.length = 0;
    holder.sleeps.length = 0;
    holder.clock.set(start);
  });
  afterAll(async () => {
    await holder.close?.();
    // Every status this file's requests got must be one the API description lists for its route.
    if (holder.app) {
      const problems = await apiDescriptionProblems(holder);
      if (problems.length > 0) throw new Error(`The API description (src/server/routes/*.openapi.ts) does not match what the server answered:\n  ${problems.join('\n  ')}`);
    }
  });
  return holder;
}

/**
 * What the server answered (its request counters, by route pattern and status) that the
 * OpenAPI document does not list: one line per route and status. Run after every server test
 * file that uses {@link useTestApp}, so a new route or status shows up in the first test of it.
 */
export async function apiDescriptionProblems(t: Pick<TestApp, 'app' | 'services'>): Promise<string[]> {
  // Routes a test mounts for itself (`/__test/…`) are no part of the API.
  const counts = (await t.services.metrics.requestCounts()).filter((count) => !count.route.startsWith(`${API_PREFIX}/__test/`));
  // With the routes of every configuration: a test may build a development app on the same services.
  return unlistedStatuses(counts, apiDocument([...apiRouteKeys(t.app), ...OPTIONAL_ROUTES]));
}

/**
 * Marks an account's address as proven, as using the mailed set-password link does, for tests
 * of routes behind requireVerifiedEmail that do not exercise the link itself.
 */
export async function markEmailVerified(database: Database, email: string): Promise<void> {
  await database.db.execute(sql`update users set email_verified_at = now() where email = ${email.trim().toLowerCase()}`);
}
