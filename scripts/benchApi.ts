/**
 * `npm run bench:api`: API throughput figures, no pass/fail.
 *
 * Starts the real server, signs up one user through the API (register → mailed set-password
 * link from the server log → password → login → profile with a PPSN, so GET /profile decrypts
 * it), then loads GET /api/maxout/health and GET /api/maxout/profile with autocannon, one after
 * the other in the same run (same connections, same duration), in several alternating rounds,
 * and prints the median round's requests per second, p50/p99 latency and /profile's share of
 * /health's throughput (with every round's share).
 *
 * Databases: the embedded default (PGlite, fresh DATA_DIR), then PostgreSQL — the server at
 * DATABASE_URL when set (one user `bench-…@example.invalid` is added there), otherwise a
 * throwaway cluster started from Debian's binaries (skipped with a note when they are missing).
 *
 *   npm run bench:api -- --connections 50 --duration 5 --rounds 3 --only pglite|postgres
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ppsnCheckCharacter } from '../src/domain/schemas/fields.ts';
import { findPostgresBin } from '../tests/support/systemDeps.mjs';
import { type Row, type RunningServer, mb, numberArg, printTable, startServer } from './benchSupport.ts';

export interface ApiBenchOptions {
  connections: number;
  durationSeconds: number;
  /** Alternating health/profile loads; the median round is reported. */
  rounds: number;
  only?: 'pglite' | 'postgres' | undefined;
}

interface Load {
  requestsPerSecond: number;
  /** Server process CPU time (user + system) per completed request, in microseconds. */
  cpuMicros: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const PASSWORD = 'bench passphrase that is long enough';

/** Runs the API bench and returns its rows (also used by `npm run bench`). */
export async function benchApi(options: ApiBenchOptions): Promise<Row[]> {
  const rows: Row[] = [];
  if (options.only !== 'postgres') rows.push(...(await benchOn('PGlite', await startEmbedded(), options)));
  if (options.only !== 'pglite') {
    const postgres = await postgresUrl();
    if (!postgres) {
      rows.push({ figure: 'PostgreSQL', value: 'skipped', detail: 'no DATABASE_URL and no PostgreSQL binaries under /usr/lib/postgresql' });
    } else {
      try {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-bench-api-'));
        try {
          rows.push(...(await benchOn(`PostgreSQL (${postgres.label})`, await startServer({ DATA_DIR: dataDir, DATABASE_URL: postgres.url, STATIC_DIR: dataDir }), options)));
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      } finally {
        await postgres.dispose();
      }
    }
  }
  return rows;
}

async function startEmbedded(): Promise<RunningServer & { cleanup(): void }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-bench-api-'));
  // STATIC_DIR without a build: the API alone is measured.
  const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: dataDir });
  return Object.assign(server, { cleanup: () => rmSync(dataDir, { recursive: true, force: true }) });
}

async function benchOn(label: string, server: RunningServer & { cleanup?(): void }, options: ApiBenchOptions): Promise<Row[]> {
  try {
    process.stdout.write(`${label}: signing up a user… `);
    const token = await signUp(server);
    process.stdout.write('warming up… ');
    await load(server.baseUrl, '/api/maxout/profile', token, { ...options, durationSeconds: 2 });
    await load(server.baseUrl, '/api/maxout/health', undefined, { ...options, durationSeconds: 2 });
    // The two loads alternate, round after round: on a small shared machine one run of each can
    // differ by a quarter from the next, so the figures are the median round's.
    const rounds: { health: Load; profile: Load }[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      process.stdout.write(`round ${round}/${options.rounds}: GET /health… `);
      const health = await load(server.baseUrl, '/api/maxout/health', undefined, options, server.child.pid);
      process.stdout.write('GET /profile… ');
      const profile = await load(server.baseUrl, '/api/maxout/profile', token, options, server.child.pid);
      rounds.push({ health, profile });
    }
    const rss = mb(Number(/VmRSS:\s+(\d+)/.exec(await readStatus(server.child.pid))?.[1] ?? NaN));
    console.log('done');
    const ratioOf = (round: { health: Load; profile: Load }) => round.profile.requestsPerSecond / round.health.requestsPerSecond;
    const byRatio = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b));
    const { health, profile } = byRatio[Math.floor((byRatio.length - 1) / 2)]!;
    const ratios = rounds.map((round) => ratioOf(round).toFixed(2)).join(', ');
    const how = `${options.connections} connections, ${options.durationSeconds} s each, median of ${options.rounds} round(s)`;
    const describe = (result: Load) =>
      `p50 ${result.p50} ms, p99 ${result.p99} ms, server CPU ${Math.round(result.cpuMicros)} µs/request` +
      (result.non2xx || result.errors ? `; ${result.non2xx} non-2xx, ${result.errors} errors` : '');
    return [
      { figure: `${label}: GET /health`, value: `${Math.round(health.requestsPerSecond)} req/s`, detail: `${describe(health)} (${how})` },
      { figure: `${label}: GET /profile`, value: `${Math.round(profile.requestsPerSecond)} req/s`, detail: `${describe(profile)}; server RSS ${rss} after` },
      { figure: `${label}: /profile ÷ /health throughput`, value: (profile.requestsPerSecond / health.requestsPerSecond).toFixed(2), detail: `rounds: ${ratios}` },
    ];
  } finally {
    await server.stop();
    server.cleanup?.();
  }
}

async function readStatus(pid: number | undefined): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
}

/** CPU time (user + system, µs) a process has used so far, from /proc (Linux); NaN elsewhere. */
async function cpuMicros(pid: number | undefined): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them, in clock ticks (100 Hz).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(baseUrl: string, urlPath: string, token: string | undefined, options: ApiBenchOptions, pid?: number): Promise<Load> {
  const cpuBefore = await cpuMicros(pid);
  const result = await autocannon({
    url: `${baseUrl}${urlPath}`,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const cpu = (await cpuMicros(pid)) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    cpuMicros: cpu / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A user with a password and a PPSN, through the public API; returns an access token. */
async function signUp(server: RunningServer): Promise<string> {
  const api = async (method: string, urlPath: string, body: unknown, token?: string) => {
    const response = await fetch(`${server.baseUrl}/api/maxout${urlPath}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const email = `bench-${randomBytes(6).toString('hex')}@example.invalid`;
  await api('POST', '/auth/register', { email, details: { dob: '1985-06-01', maritalStatus: 'single' } });
  const link = await waitFor(() => {
    const mail = server.logLines().find((line) => line.msg === 'mail' && line.to === email);
    return mail ? /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(String(mail.body))?.[1] : undefined;
  });
  await api('POST', '/reset-password', { token: link, password: PASSWORD, password_confirmation: PASSWORD });
  const session = await api('POST', '/auth/login', { email, password: PASSWORD });
  const token = String(session.access_token);
  await api('POST', '/edit-profile', { first_name: 'Bench', surname: 'Mark', ppsn: `1234567${ppsnCheckCharacter('1234567')}`, annual_income: 52000 }, token);
  return token;
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the set-password mail never reached the server log');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** DATABASE_URL, or a fresh database on a throwaway cluster. */
export async function postgresUrl(): Promise<{ url: string; label: string; dispose(): Promise<void> } | undefined> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, label: 'DATABASE_URL', dispose: async () => {} };
  if (!findPostgresBin()) return undefined;
  const { startCluster } = await import('../tests/support/postgresGlobalSetup.ts');
  const cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE maxout_bench');
  await admin.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = '/maxout_bench';
  return { url: url.toString(), label: `throwaway ${cluster.version}`, dispose: async () => cluster.stop() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('--only takes pglite or postgres');
  const rows = await benchApi({ connections: numberArg('connections', 50), durationSeconds: numberArg('duration', 5), rounds: numberArg('rounds', 3), only });
  printTable('MaxOut API bench', rows);
}
