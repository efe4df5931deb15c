/**
 * `npm run bench:lighthouse`: Lighthouse scores of the first screens a new user sees and of the
 * pages a signed-in user lives on, printed, never asserted (not part of `npm test`).
 *
 * 1. Production build (skip with `--skip-build` to reuse dist/).
 * 2. The real server on a free port with a temporary DATA_DIR (embedded PGlite), serving dist/.
 * 3. Debian's Chromium, headless, driven by Lighthouse's default (mobile) preset: a mid-range
 *    phone with simulated slow 4G and a 4× slower CPU.
 * 4. For each page: performance, accessibility and best-practices scores, FCP, LCP, TBT, CLS,
 *    Speed Index and the bytes transferred; the median run of `--runs N` (default 1).
 *
 * Signed-in pages (/landing, /tax-refund-questions, a Form 11 page, /settings): a user is made
 * through the API as the browser tests make theirs (registered, password from the mailed link,
 * an annual income; the PAYE A1 flag set in the database while the server is stopped), signed in
 * through the API with "remember me", and the tokens put in the localStorage of a Chromium profile
 * of their own (what the login page stores). Lighthouse clears caches and service workers before
 * each page, never localStorage, so every page loads cold and signed in.
 *
 * The preset's 4× is relative to the machine that runs it, so the figures come with that machine's
 * Lighthouse benchmark index (a faster machine slowed 4× is a faster phone). Chromium's own CPU
 * calibration takes 1000 for a mid-range phone (a Pixel 5) and 264 for a low-end one; to stand for
 * the same phone on another machine, pass `--cpu-slowdown N` (index ÷ N is the phone's index).
 *
 * Usage: npm run bench:lighthouse [-- --runs 3] [-- --skip-build] [-- --save DIR] [-- --cpu-slowdown 6]
 *        [-- /welcome /auth/login …] [-- --signed-in /landing …]
 * (pages before `--signed-in` are measured signed out, those after it signed in).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium as playwrightChromium } from 'playwright-core';
import { createSeededUser, markPayeAuthorised } from '../tests/e2e/seedUsers.ts';
import { CHROMIUM_PATH } from '../tests/support/systemDeps.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = Math.max(1, Number(runsAt >= 0 ? args[runsAt + 1] : 1) || 1);
const skipBuild = args.includes('--skip-build');
const saveAt = args.indexOf('--save');
/** `--save DIR`: every run's full Lighthouse report as JSON there (long tasks, script bootup, …), and its trace. */
const saveDir = saveAt >= 0 ? args[saveAt + 1] : undefined;
const cpuAt = args.indexOf('--cpu-slowdown');
/** Lighthouse's mobile preset slows the CPU 4×; another factor only with `--cpu-slowdown N`. */
const cpuSlowdown = cpuAt >= 0 ? Number(args[cpuAt + 1]) : 4;
if (!(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown takes a number of 1 or more');
const signedInAt = args.indexOf('--signed-in');
const isPage = (arg: string, i: number) => arg.startsWith('/') && args[i - 1] !== '--runs' && args[i - 1] !== '--save' && args[i - 1] !== '--cpu-slowdown';
const pages = args.filter((arg, i) => isPage(arg, i) && (signedInAt < 0 || i < signedInAt));
const signedInPages = args.filter((arg, i) => isPage(arg, i) && signedInAt >= 0 && i > signedInAt);
if (pages.length === 0 && signedInPages.length === 0) {
  pages.push('/welcome', '/auth/login');
  // The pages a signed-in user lives on; Rent Tax Credit stands for the Form 11 pages.
  signedInPages.push('/landing', '/tax-refund-questions', '/form11/rent-tax-credit', '/settings');
}

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
  /** Where the page ended up (a guard's redirect would show here). */
  finalPath: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  bytes: number;
  /** The machine's speed as Lighthouse measured it before the run (higher is faster). */
  benchmarkIndex: number;
}

function median<T>(items: T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
}

async function measure(url: string, port: number): Promise<Figures> {
  let result: Awaited<ReturnType<typeof lighthouse>>;
  // A trace Lighthouse could not read (NO_NAVSTART now and then on a loaded machine) is its own
  // failure, not the page's: run again, up to three times, rather than print NaN.
  for (let attempt = 1; ; attempt += 1) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      ...(cpuSlowdown === 4 ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === 3) break;
    process.stdout.write(`(${result.lhr.runtimeError.code}, again) `);
  }
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}`;
    writeFileSync(path.join(saveDir, `${name}.json`), JSON.stringify(result.lhr));
    // The page's trace too (open it in Chromium's performance panel): which task is which.
    if (result.artifacts.Trace) writeFileSync(path.join(saveDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    finalPath: new URL(result.lhr.finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    bytes: value('total-byte-weight'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
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
const signedInProfileDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-lighthouse-chromium-signed-in-'));
const logPath = path.join(dataDir, 'server.log');
const serverPort = await freePort();
const debugPort = await freePort();
const baseUrl = `http://127.0.0.1:${serverPort}`;
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  STATIC_DIR: path.join(root, 'dist'),
  PUBLIC_URL: baseUrl,
  // Info: the set-password mail of the signed-in user is read from the log.
  LOG_LEVEL: signedInPages.length > 0 ? 'info' : 'warn',
};
// The embedded default (printed mail); NODE_ENV=production would require SMTP_URL and TRUST_PROXY.
delete serverEnv.NODE_ENV;
delete serverEnv.DATABASE_URL;
delete serverEnv.SMTP_URL;

function startServer(): ChildProcess {
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, detached: true, stdio: ['ignore', log, log], env: serverEnv });
  closeSync(log);
  return child;
}

function startChromium(userDataDir: string): ChildProcess {
  return spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${userDataDir}`, 'about:blank'], {
    detached: true,
    stdio: 'ignore',
  });
}

/** A signed-in user's tokens in the profile's localStorage, as the login page stores them with "remember me". */
async function storeSession(userDataDir: string, user: { email: string; password: string }) {
  const login = await fetch(`${baseUrl}/api/maxout/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, remember: true }),
  });
  if (!login.ok) throw new Error(`POST /auth/login answered ${login.status}`);
  const tokens = (await login.json()) as { access_token: string; refresh_token: string };
  const context = await playwrightChromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const page = await context.newPage();
    // Any page of the origin will do; the health answer loads no app code.
    await page.goto(`${baseUrl}/api/maxout/health`);
    await page.evaluate(({ access, refresh }) => {
      localStorage.setItem('remember_me', 'true');
      localStorage.setItem('session', access);
      localStorage.setItem('refresh_token', refresh);
    }, { access: tokens.access_token, refresh: tokens.refresh_token });
  } finally {
    await context.close();
  }
}

async function measurePages(list: string[], signedIn: boolean) {
  for (const page of list) {
    const results: Figures[] = [];
    for (let run = 0; run < runs; run += 1) {
      process.stdout.write(`Lighthouse ${page}${signedIn ? ' (signed in)' : ''} (run ${run + 1}/${runs})… `);
      results.push(await measure(`${baseUrl}${page}`, debugPort));
      console.log(`performance ${results.at(-1)!.performance}`);
    }
    benchmarkIndexes.push(...results.map((r) => r.benchmarkIndex));
    const f = median(results, (r) => r.performance);
    rows.push([
      `${page}${signedIn ? ' (signed in)' : ''}${f.finalPath === page ? '' : ` → ${f.finalPath}`}`,
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
}

const rows: string[][] = [];
const benchmarkIndexes: number[] = [];
let server = startServer();
let chromium: ChildProcess | undefined;
try {
  await waitFor(`${baseUrl}/api/maxout/health`, 'The server');
  if (pages.length > 0) {
    chromium = startChromium(profileDir);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 'Chromium');
    await measurePages(pages, false);
    await stopGroup(chromium);
  }
  if (signedInPages.length > 0) {
    process.stdout.write('Making a signed-in user… ');
    const user = await createSeededUser(baseUrl, logPath, 'lighthouse');
    // No API grants the PAYE A1 flag without the signed form: set in the database (PGlite has one owner).
    await stopGroup(server);
    await markPayeAuthorised(path.join(dataDir, 'pglite'), user.email);
    server = startServer();
    await waitFor(`${baseUrl}/api/maxout/health`, 'The server');
    await storeSession(signedInProfileDir, user);
    console.log('done');
    chromium = startChromium(signedInProfileDir);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 'Chromium');
    await measurePages(signedInPages, true);
  }
} finally {
  if (chromium) await stopGroup(chromium);
  await stopGroup(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
  rmSync(signedInProfileDir, { recursive: true, force: true });
}

const header = ['page', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'transferred'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
const hostIndex = Math.round(median(benchmarkIndexes, (index) => index));
console.log(`\nLighthouse mobile preset (simulated slow 4G, ${cpuSlowdown}× CPU${cpuSlowdown === 4 ? '' : ' instead of 4×'}), median of ${runs} run(s).`);
console.log(`This machine's benchmark index: ${hostIndex} (median of the runs), so the phone simulated scores about ${Math.round(hostIndex / cpuSlowdown)} (a Pixel 5: about 1000).\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));
