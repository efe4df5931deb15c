/**
 * vitest globalSetup of the `e2e` project: builds the SPA once, starts one real server
 * (`node --import tsx src/server/main.ts`) on a free port with a fresh PGlite DATA_DIR, waits for
 * /api/maxout/health, and provides `baseUrl`. Beside it, a second server whose clock starts at
 * PINNED_START (pinnedClock.ts), for the journeys that depend on the date (`pinnedServer`). Server stdout/stderr go to
 * test-results/e2e-server.log (read it with serverLog.ts). Teardown stops the server's whole
 * process group and removes the data directory.
 *
 * E2E_SKIP_BUILD=1 reuses an existing dist/ (the build is skipped only if dist/index.html exists).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, installHint } from '../support/systemDeps.mjs';
import { PINNED_START } from './pinnedClock.ts';
import { createSeededUser, markPayeAuthorised, type SeededUser } from './seedUsers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** Absolute path of the server's log (JSON lines). */
    serverLogPath: string;
    /** A user with a password, an annual income and a PAYE A1 authorisation (see seedUsers.ts). */
    payeUser: SeededUser;
    /** More PAYE-authorised users, one per Form 11 journey (each claim and saved progress starts empty). */
    form11Users: SeededUser[];
    /** PAYE-authorised users for the first-time journeys (firstTimeFigures.test.ts), one per journey that sends a claim. */
    firstTimeUsers: SeededUser[];
    /** PAYE-authorised users for claimLines.test.ts and pensionRefundYears.test.ts, one per viewport each. */
    claimLineUsers: SeededUser[];
    /** The server whose clock started at PINNED_START (see pinnedClock.ts), its log, and when it was launched (ms, this clock). */
    pinnedServer: { baseUrl: string; serverLogPath: string; launchedAt: number };
  }
}

/**
 * How many users the Form 11 tests get: form11.test.ts takes one per journey that sends or saves a
 * claim from the front; form11FlowPaths.test.ts takes the last one.
 */
const FORM11_USERS = 9;
/** firstTimeFigures.test.ts: the refund-so-far and Tax Refund page journeys (desktop and phone); narrow.test.ts: the last one. */
const FIRST_TIME_USERS = 5;
/** claimLines.test.ts (the first two) and pensionRefundYears.test.ts (the last two): one claim per viewport. */
const CLAIM_LINE_USERS = 4;
/** A first start on an empty data directory (see setup): generous, as it only bounds a hung start. */
const FRESH_START_TIMEOUT_MS = 180_000;

const root = fileURLToPath(new URL('../../', import.meta.url));
export const resultsDir = path.join(root, 'test-results');
const logPath = path.join(resultsDir, 'e2e-server.log');
const pinnedLogPath = path.join(resultsDir, 'e2e-server-pinned.log');

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(installHint([{ pkg: 'chromium', why: `${CHROMIUM_PATH} (e2e tests)` }]));

  mkdirSync(resultsDir, { recursive: true });
  // Screenshots of an earlier run would pass for this run's.
  rmSync(path.join(resultsDir, 'screenshots'), { recursive: true, force: true });
  const timings: string[] = [];

  const distIndex = path.join(root, 'dist/index.html');
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(distIndex)) {
    timings.push('build skipped (E2E_SKIP_BUILD=1)');
  } else {
    const started = performance.now();
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) {
      throw new Error(`vite build failed (exit ${build.status ?? build.signal}):\n${`${build.stdout}${build.stderr}`.trim().split('\n').slice(-40).join('\n')}`);
    }
    timings.push(`build ${Math.round(performance.now() - started)} ms`);
  }

  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  writeFileSync(logPath, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(root, 'dist'),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'info',
    // Enough card purchases in the week before a link that the daily round-up prompt shows at once (tests/e2e/roundups.test.ts).
    SANDBOX_BANK_EXTRA_PURCHASES: '10',
  };
  // The embedded defaults: PGlite in DATA_DIR, mail printed to the log (where tests read links).
  // Not NODE_ENV=production, which refuses to start without SMTP_URL and TRUST_PROXY.
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  // A fresh data directory costs the server its whole database set-up (PGlite's initdb and every
  // migration): 20–25 s on two busy cores when both servers did it at once, and once over a minute
  // on a fresh CI machine. So the main server starts alone, and the pinned one starts while the main
  // one is seeded (nothing to seed on it: its journeys make their own users).
  let child = await launch(env, baseUrl, dataDir, logPath, FRESH_START_TIMEOUT_MS);
  const pinnedDataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-e2e-pinned-'));
  const pinnedPort = await freePort();
  const pinnedBaseUrl = `http://127.0.0.1:${pinnedPort}`;
  writeFileSync(pinnedLogPath, '');
  const pinnedLaunchedAt = Date.now();
  const pinnedChild = launch(
    { ...env, PORT: String(pinnedPort), DATA_DIR: pinnedDataDir, PUBLIC_URL: pinnedBaseUrl, CLOCK_START: PINNED_START },
    pinnedBaseUrl,
    pinnedDataDir,
    pinnedLogPath,
    FRESH_START_TIMEOUT_MS,
  );
  pinnedChild.catch(() => undefined);

  timings.push(`server ready ${Math.round(performance.now() - started)} ms`);

  // A PAYE-authorised user for the route sweep. No API grants the authorisation without the signed
  // A1 form, so the flag is set in the database while the server is stopped (PGlite has one owner).
  const seedStarted = performance.now();
  let payeUser: SeededUser;
  let form11Users: SeededUser[];
  let firstTimeUsers: SeededUser[];
  let claimLineUsers: SeededUser[];
  try {
    // All at once: each one mostly waits for its mail and for password hashing.
    [payeUser, form11Users, firstTimeUsers, claimLineUsers] = await Promise.all([
      createSeededUser(baseUrl, logPath, 'paye'),
      Promise.all(Array.from({ length: FORM11_USERS }, (_, i) => createSeededUser(baseUrl, logPath, `form11-${i}`))),
      Promise.all(Array.from({ length: FIRST_TIME_USERS }, (_, i) => createSeededUser(baseUrl, logPath, `first-${i}`))),
      Promise.all(Array.from({ length: CLAIM_LINE_USERS }, (_, i) => createSeededUser(baseUrl, logPath, `lines-${i}`))),
    ]);
    await stopServer(child, dataDir, { keepData: true });
    await markPayeAuthorised(
      path.join(dataDir, 'pglite'),
      [payeUser, ...form11Users, ...firstTimeUsers, ...claimLineUsers].map((user) => user.email),
    );
    child = await launch(env, baseUrl, dataDir);
  } catch (error) {
    await stopServer(child, dataDir);
    await pinnedChild.then((pinned) => stopServer(pinned, pinnedDataDir)).catch(() => undefined);
    throw error;
  }
  const pinned = await pinnedChild.catch(async (error: unknown) => {
    await stopServer(child, dataDir);
    throw error;
  });
  timings.push(`PAYE user seeded ${Math.round(performance.now() - seedStarted)} ms`);
  console.log(`[e2e] ${baseUrl}: ${timings.join(', ')}; log ${path.relative(root, logPath)}`);

  project.provide('baseUrl', baseUrl);
  project.provide('serverLogPath', logPath);
  project.provide('payeUser', payeUser);
  project.provide('form11Users', form11Users);
  project.provide('firstTimeUsers', firstTimeUsers);
  project.provide('claimLineUsers', claimLineUsers);
  project.provide('pinnedServer', { baseUrl: pinnedBaseUrl, serverLogPath: pinnedLogPath, launchedAt: pinnedLaunchedAt });
  return async () => {
    await Promise.all([stopServer(child, dataDir), stopServer(pinned, pinnedDataDir)]);
  };
}

/** Starts the server (its output appended to the log) and waits until it is healthy. */
async function launch(env: NodeJS.ProcessEnv, baseUrl: string, dataDir: string, log = logPath, timeoutMs = 60_000): Promise<ChildProcess> {
  const logFd = openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    // Own process group, so teardown can stop the server and anything it started.
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env,
  });
  closeSync(logFd);
  process.once('exit', () => {
    if (child.exitCode === null) killGroup(child, 'SIGKILL');
  });
  try {
    await waitForHealth(baseUrl, child, timeoutMs, log);
  } catch (error) {
    await stopServer(child, dataDir);
    throw error;
  }
  return child;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number, log: string) {
  const deadline = Date.now() + timeoutMs;
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exit ${code ?? signal}`;
  });
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${baseUrl}/api/maxout/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-30).join('\n');
  throw new Error(`e2e server did not become healthy (${exited ?? `timeout ${timeoutMs} ms`}). Last log lines:\n${tail}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopServer(child: ChildProcess, dataDir: string, options: { keepData?: boolean } = {}) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child, 'SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
    if ((await Promise.race([exited, timer])) === 'timeout') {
      killGroup(child, 'SIGKILL');
      await exited;
    }
  }
  // The group may hold children that outlived the server process itself.
  killGroup(child, 'SIGKILL');
  if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
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
