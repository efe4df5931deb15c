/**
 * A crash after a round-up batch took its round-ups and before the pension ledger was asked to
 * pay it: the real server in a child process, with FAULT_INJECTION=kill-after-claim, is killed
 * with SIGKILL right after the batch's transaction committed. After a restart, housekeeping finds
 * the batch processing past the payment lease and drives it again with the same ledger key, so
 * exactly one round-up contribution is paid; a retry of POST /roundups/apply with the same
 * Idempotency-Key then replays it. Runs on the database of the project (PGlite in a DATA_DIR, or a
 * PostgreSQL database).
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
import { avoidSandboxDecline, linkSandbox } from '../support/sandboxBank.ts';
import { type TestApp, adminQuery, createTestApp, markEmailVerified, queryRows, testDatabaseKind, withDatabase } from '../support/testDatabase.ts';

const JWT_SECRET = randomBytes(32).toString('hex');
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
const EMAIL = 'roundup-crash@example.ie';
const KEY = 'roundup-crash-0001';

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
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-roundup-crash-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
      cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `${inject('postgresDatabasePrefix')}rucrash${randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => adminQuery(adminUrl, statement);
  await admin(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = withDatabase(adminUrl, name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-roundup-crash-'));
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

const applyRoundups = (server: Server, token: string) =>
  fetch(`${server.url}/roundups/apply`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': KEY } });

/** The ledger's invariant: succeeded round-up contributions = round-ups of applied batches; no round-up outside them. */
const invariant = (database: Database) =>
  queryRows(
    database,
    sql`select
      (select coalesce(sum(amount_cents), 0)::int from contributions where kind = 'round_up' and status = 'succeeded') as ledger,
      (select coalesce(sum(amount_cents), 0)::int from roundup_batches where status = 'applied') as batches,
      (select coalesce(sum(t.roundup_cents), 0)::int from bank_transactions t join roundup_batches b on b.id = t.batch_id where b.status = 'applied') as taken`,
  );

describe(`a crash between taking the round-ups and paying them (${testDatabaseKind()})`, () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  it('kill -9 after the batch took its round-ups: after restart housekeeping pays it exactly once, and a retry replays it', { timeout: 240_000 }, async () => {
    const where = await target();
    cleanUps.push(where.cleanUp);

    // A verified user with a plan ID and the sandbox bank's current account linked (same keys as the servers, the real clock).
    let database = await where.open();
    const seed: TestApp = await createTestApp({
      database,
      now: new Date(),
      deps: { jwtSecret: new TextEncoder().encode(JWT_SECRET), keyring: createKeyring([['k1', Buffer.from(ENCRYPTION_KEY, 'hex')]]) },
    });
    const registered = await seed.request('POST', '/auth/register', { email: EMAIL, details: { dob: '1985-04-02', maritalStatus: 'single' } });
    expect(registered.status).toBe(201);
    const token = registered.body.access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    await markEmailVerified(database, EMAIL);
    expect((await seed.request('POST', '/pension-info', { annual_income: 50_000, paid_pension: 0, marital_status: 'single', pension_plan_id: 'IL-12345678' }, auth)).status).toBe(200);
    expect((await linkSandbox(seed, auth, { accounts: [0] })).status).toBe(200);
    await avoidSandboxDecline(database);
    const [due] = await queryRows<{ n: number; cents: number }>(database, sql`select count(*)::int as n, sum(roundup_cents)::int as cents from bank_transactions where roundup_cents > 0`);
    expect(due!.n).toBeGreaterThan(0);
    await seed.close();
    await database.close();

    // 1. The server dies (SIGKILL) after the batch's transaction took the round-ups, before the ledger was asked.
    const crashing = await startServer({ ...where.env, FAULT_INJECTION: 'kill-after-claim', PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopServer(crashing));
    await expect(applyRoundups(crashing, token)).rejects.toThrow();
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

    database = await where.open();
    expect(await queryRows(database, sql`select status, count, amount_cents::int as cents from roundup_batches`)).toEqual([{ status: 'processing', count: due!.n, cents: due!.cents }]);
    expect(await queryRows(database, sql`select count(*)::int as n from contributions`)).toEqual([{ n: 0 }]);
    await database.close();

    // 2. Restarted without the fault: housekeeping (5 s after start) finds the batch past its lease and pays it.
    const restarted = await startServer({ ...where.env, PAYMENT_LEASE_SECONDS: '1' });
    cleanUps.push(() => stopServer(restarted));
    const deadline = Date.now() + 60_000;
    while (!restarted.output().includes('housekeeping.roundup_batches_recovered') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(restarted.output()).toContain('housekeeping.roundup_batches_recovered');

    // 3. The client's retry with the same key gets that payment; nothing is paid again.
    const retry = await applyRoundups(restarted, token);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { applied: unknown }).applied).toEqual({ count: due!.n, amount: due!.cents / 100 });
    await stopServer(restarted);

    database = await where.open();
    expect(await queryRows(database, sql`select status, kind, amount_cents::int as cents from contributions`)).toEqual([{ status: 'succeeded', kind: 'round_up', cents: due!.cents }]);
    expect(await queryRows(database, sql`select status from roundup_batches`)).toEqual([{ status: 'applied' }]);
    expect(await invariant(database)).toEqual([{ ledger: due!.cents, batches: due!.cents, taken: due!.cents }]);
    expect(await queryRows(database, sql`select count(*)::int as n from sandbox_payments`)).toEqual([{ n: 1 }]);
    await database.close();
  });
});
