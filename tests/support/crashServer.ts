/**
 * The scaffolding of the crash tests (tests/server/*Crash.test.ts): a fresh migrated database a
 * child server can open, the real entry point (src/server/main.ts) in a child process that can
 * be killed with SIGKILL, and an in-process app on the same keys to seed the database first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../../scripts/benchSupport.ts';
import { API_PREFIX } from '../../src/domain/constants.ts';
import { type Database, openDatabase } from '../../src/server/db/index.ts';
import { createKeyring } from '../../src/server/services/crypto.ts';
import { type TestApp, adminQuery, createTestApp, testDatabaseKind, withDatabase } from './testDatabase.ts';

/** Secrets shared by the seeding app and every child server of one test file. */
export interface CrashSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

export function crashSecrets(): CrashSecrets {
  return { jwtSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('hex') };
}

export interface CrashTarget {
  /** Environment that points the server at the database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanUp(): Promise<void>;
}

/** A fresh migrated database the child server can open: a DATA_DIR for PGlite, a database of the test cluster for PostgreSQL. */
export async function crashTarget(name: string): Promise<CrashTarget> {
  if (testDatabaseKind() === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `maxout-${name}-`));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
      cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = inject('postgresAdminUrl');
  const database = `${inject('postgresDatabasePrefix')}${name.replace(/[^a-z]/g, '')}${randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => adminQuery(adminUrl, statement);
  await admin(`CREATE DATABASE ${database} TEMPLATE ${inject('postgresTemplate')}`);
  const url = withDatabase(adminUrl, database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `maxout-${name}-`));
  return {
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    cleanUp: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

/** An in-process app on the target's database with the child servers' keys and the real clock. */
export function seedingApp(database: Database, secrets: CrashSecrets): Promise<TestApp> {
  return createTestApp({
    database,
    now: new Date(),
    deps: { jwtSecret: new TextEncoder().encode(secrets.jwtSecret), keyring: createKeyring([['k1', Buffer.from(secrets.encryptionKey, 'hex')]]) },
  });
}

export interface ChildServer {
  child: ChildProcess;
  /** The API's base URL. */
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The real entry point (src/server/main.ts) in a child process, once it answers /health. */
export async function startChildServer(secrets: CrashSecrets, env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: secrets.jwtSecret,
    ENCRYPTION_KEY: secrets.encryptionKey,
    LOG_LEVEL: 'info',
  };
  delete childEnv.NODE_ENV;
  delete childEnv.SMTP_URL;
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}${API_PREFIX}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited at start:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, url, output: () => output, exited };
}

export async function stopChildServer(server: ChildServer) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** Waits until the server has logged `text` (a log line follows the commit a test already saw). */
export async function untilLogged(server: ChildServer, text: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}
