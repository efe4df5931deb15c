/**
 * A crash after the payment provider charged and before our commit (security checklist H4): the
 * real server in a child process, with the fault FAULT_INJECTION=kill-after-collect, is killed
 * with SIGKILL between the provider's answer and the recording of it. The attempt was committed
 * as pending before the provider was asked, and the sandbox provider kept its own record, so
 * after a restart the housekeeping reaper asks the provider and books exactly one contribution;
 * a retry with the same Idempotency-Key then replays it instead of paying again. Runs on the
 * database of the project (PGlite in a DATA_DIR, or a PostgreSQL database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/constants.ts';
import { type Database, openDatabase } from '../../src/server/db/index.ts';
import { createKeyring } from '../../src/server/services/crypto.ts';
import { type TestApp, adminQuery, createTestApp, markEmailVerified, queryRows, testDatabaseKind, withDatabase } from '../support/testDatabase.ts';

const JWT_SECRET = randomBytes(32).toString('hex');
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const EMAIL = 'crash@example.ie';
const KEY = 'crash-key-000001';
const ORDER = { amount: 123, tax_year: new Date().getUTCFullYear(), source: 'sandbox-debit-card' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Target {
  /** Environment that points the server at the database. */
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanUp(): Promise<void>;
}

/** A fresh migrated database the child server can open: a DATA_DIR for PGlite, a database of the test cluster for PostgreSQL. */
async function target(): Promise<Target> {
  if (testDatabaseKind() === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-crash-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
      cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `${inject('postgresDatabasePrefix')}crash${randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => adminQuery(adminUrl, statement);
  await admin(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = withDatabase(adminUrl, name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-crash-'));
  return {
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    cleanUp: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The real entry point (src/server/main.ts) in a child process, once it answers /health. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET, ENCRYPTION_KEY, LOG_LEVEL: 'info' };
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

async function stopServer(server: Server) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

const contribute = (server: Server, token: string) =>
  fetch(`${server.url}/contribute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': KEY },
    body: JSON.stringify(ORDER),
  });

describe(`a crash between the provider's charge and our commit (${testDatabaseKind()})`, () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('kill -9 after the provider charged: after restart the reaper books exactly one contribution, and a retry replays it', { timeout: 240_000 }, async () => {
    const where = await target();
    cleanUps.push(where.cleanUp);

    // A verified user and an access token the servers accept (same JWT_SECRET, the real clock).
    let database = await where.open();
    const seed: TestApp = await createTestApp({
      database,
      now: new Date(),
      deps: { jwtSecret: new TextEncoder().encode(JWT_SECRET), keyring: createKeyring([['k1', Buffer.from(ENCRYPTION_KEY, 'hex')]]) },
    });
    const registered = await seed.request('POST', '/auth/register', { email: EMAIL, details: { dob: '1985-04-02', maritalStatus: 'single' } });
    expect(registered.status).toBe(201);
    const token = registered.body.access_token as string;
    await markEmailVerified(database, EMAIL);
    await seed.close();
    await database.close();

    // 1. The server dies (SIGKILL) after the sandbox provider collected, before the ledger recorded it.
    const crashing = await startServer({ ...where.env, FAULT_INJECTION: 'kill-after-collect', PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopServer(crashing));
    await expect(contribute(crashing, token)).rejects.toThrow();
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // What the crash left: our attempt pending, the provider's record of the charge.
    database = await where.open();
    expect(await queryRows(database, sql`select status, amount_cents::int as cents from contributions`)).toEqual([{ status: 'pending', cents: 12_300 }]);
    expect(await queryRows(database, sql`select outcome, amount_cents::int as cents from sandbox_payments`)).toEqual([{ outcome: 'succeeded', cents: 12_300 }]);
    await database.close();

    // 2. Restarted without the fault: housekeeping (5 s after start) finds the attempt past its lease and asks the provider.
    const restarted = await startServer({ ...where.env, PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopServer(restarted));
    const deadline = Date.now() + 60_000;
    let listed: { status: string; amount: number }[] = [];
    while (Date.now() < deadline) {
      const res = await fetch(`${restarted.url}/contributions`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      listed = ((await res.json()) as { contributions: { status: string; amount: number }[] }).contributions;
      // Listed as pending until the recovery has asked the provider.
      if (listed.some((contribution) => contribution.status !== 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(listed).toEqual([expect.objectContaining({ status: 'succeeded', amount: 123 })]);
    // The log line follows the commit that the list above already saw: wait for it to arrive.
    const logDeadline = Date.now() + 10_000;
    while (!restarted.output().includes('housekeeping.payments_recovered') && Date.now() < logDeadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(restarted.output()).toContain('housekeeping.payments_recovered');

    // 3. The client's retry with the same key gets the booked payment, and nothing is paid again.
    const retry = await contribute(restarted, token);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    await stopServer(restarted);

    database = await where.open();
    expect(await queryRows(database, sql`select status, amount_cents::int as cents, provider_reference is not null as referenced from contributions`)).toEqual([
      { status: 'succeeded', cents: 12_300, referenced: true },
    ]);
    expect(await queryRows(database, sql`select count(*)::int as n from sandbox_payments`)).toEqual([{ n: 1 }]);
    await database.close();
  });
});
