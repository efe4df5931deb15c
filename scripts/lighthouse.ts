/**
 * `npm run bench:lighthouse`: Lighthouse scores of the first screens a new user sees, printed,
 * never asserted (not part of `npm test`).
 *
 * 1. Production build (skip with `--skip-build` to reuse dist/).
 * 2. The real server on a free port with a temporary DATA_DIR (embedded PGlite), serving dist/.
 * 3. Debian's Chromium, headless, driven by Lighthouse's default (mobile) preset: a mid-range
 *    phone with simulated slow 4G and a 4× slower CPU.
 * 4. For each page: performance, accessibility and best-practices scores, FCP, LCP, TBT, CLS,
 *    Speed Index and the bytes transferred; the median run of `--runs N` (default 1).
 *
 * Usage: npm run bench:lighthouse [-- --runs 3] [-- --skip-build] [-- --save DIR] [-- /welcome /auth/login …]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/support/systemDeps.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = Math.max(1, Number(runsAt >= 0 ? args[runsAt + 1] : 1) || 1);
const skipBuild = args.includes('--skip-build');
const saveAt = args.indexOf('--save');
/** `--save DIR`: every run's full Lighthouse report as JSON there (long tasks, script bootup, …). */
const saveDir = saveAt >= 0 ? args[saveAt + 1] : undefined;
const pages = args.filter((arg, i) => arg.startsWith('/') && args[i - 1] !== '--runs' && args[i - 1] !== '--save');
if (pages.length === 0) pages.push('/welcome', '/auth/login');

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-sync',
];

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

async function waitFor(url: string, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs} ms`);
}

/** Stops a process started with `detached: true` and everything it started. */
async function stopGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  bytes: number;
}

function median<T>(items: T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
}

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(path.join(saveDir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    bytes: value('total-byte-weight'),
  };
}

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`Lighthouse needs Chromium at ${CHROMIUM_PATH} (apt-get install chromium).`);
  process.exit(1);
}

if (!skipBuild || !existsSync(path.join(root, 'dist/index.html'))) {
  process.stdout.write('Building the production bundle… ');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    console.error(`\nvite build failed:\n${build.stdout}${build.stderr}`);
    process.exit(build.status ?? 1);
  }
  console.log('done');
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-lighthouse-'));
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-lighthouse-chromium-'));
const serverPort = await freePort();
const debugPort = await freePort();
const baseUrl = `http://127.0.0.1:${serverPort}`;
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  STATIC_DIR: path.join(root, 'dist'),
  LOG_LEVEL: 'warn',
};
// The embedded default (printed mail); NODE_ENV=production would require SMTP_URL and TRUST_PROXY.
delete serverEnv.NODE_ENV;
delete serverEnv.DATABASE_URL;
delete serverEnv.SMTP_URL;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, detached: true, stdio: 'ignore', env: serverEnv });
const chromium = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profileDir}`, 'about:blank'], {
  detached: true,
  stdio: 'ignore',
});

const rows: string[][] = [];
try {
  await waitFor(`${baseUrl}/api/maxout/health`, 'The server');
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 'Chromium');
  for (const page of pages) {
    const results: Figures[] = [];
    for (let run = 0; run < runs; run += 1) {
      process.stdout.write(`Lighthouse ${page} (run ${run + 1}/${runs})… `);
      results.push(await measure(`${baseUrl}${page}`, debugPort));
      console.log(`performance ${results.at(-1)!.performance}`);
    }
    const f = median(results, (r) => r.performance);
    rows.push([
      page,
      String(f.performance),
      String(f.accessibility),
      String(f.bestPractices),
      `${Math.round(f.fcpMs)} ms`,
      `${Math.round(f.lcpMs)} ms`,
      `${Math.round(f.tbtMs)} ms`,
      f.cls.toFixed(3),
      `${Math.round(f.speedIndexMs)} ms`,
      `${(f.bytes / 1024).toFixed(1)} kB`,
    ]);
  }
} finally {
  await stopGroup(chromium);
  await stopGroup(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}

const header = ['page', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'transferred'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(`\nLighthouse mobile preset (simulated slow 4G, 4× CPU), median of ${runs} run(s):\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));
