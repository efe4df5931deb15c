/**
 * `npm run bench`: figures, no pass/fail.
 *
 * 1. Production build (`vite build --manifest`, so lazy route chunks can be traced without
 *    changing vite.config.ts).
 * 2. gzip -9 size of the JS and CSS that /welcome loads: what dist/index.html references (entry
 *    script, stylesheets, modulepreloads) plus, through dist/.vite/manifest.json, the static
 *    imports of those chunks and any lazily loaded chunk whose source is the welcome screen.
 * 3. The largest JS chunk in dist/assets.
 * 4. Server start: spawn `node --import tsx src/server/main.ts` → first 200 from
 *    /api/maxout/health, with a fresh DATA_DIR and again with the now existing one; RSS after start.
 *
 * `--runs N` repeats each server start N times and reports the median (default 1).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = path.join(root, 'dist');
const runsArg = process.argv.indexOf('--runs');
const runs = Math.max(1, Number(runsArg >= 0 ? process.argv[runsArg + 1] : 1) || 1);

interface Row {
  figure: string;
  value: string;
  detail?: string;
}
const rows: Row[] = [];

// ─── 1. Build ──────────────────────────────────────────────────────────────────────────────

process.stdout.write('Building the production bundle… ');
const buildStarted = performance.now();
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--logLevel', 'warn'], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.status !== 0) {
  console.error(`\nvite build failed:\n${build.stdout}${build.stderr}`);
  process.exit(build.status ?? 1);
}
const buildMs = performance.now() - buildStarted;
console.log(`${Math.round(buildMs)} ms`);
rows.push({ figure: 'vite build (wall)', value: ms(buildMs) });

// ─── 2. What /welcome loads ────────────────────────────────────────────────────────────────

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifestPath = path.join(dist, '.vite/manifest.json');
const manifest: Record<string, ManifestChunk> = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, chunk }]));
// The manifest is for this script only; leave dist/ as `npm run build` would (it is served as is).
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
  const url = /\b(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
  if (!url || /^https?:/i.test(url)) continue;
  const isScript = /^<script/i.test(tag);
  const rel = /\brel="([^"]+)"/i.exec(tag)?.[1] ?? '';
  if (isScript || rel === 'stylesheet' || rel === 'modulepreload') initial.add(url.replace(/^\//, ''));
}

/** A chunk, its static imports (they load with it) and their CSS, recursively. */
function withStaticImports(file: string, into: Set<string>) {
  if (into.has(file)) return;
  into.add(file);
  const entry = byFile.get(file);
  if (!entry) return;
  for (const css of entry.chunk.css ?? []) into.add(css);
  for (const key of entry.chunk.imports ?? []) {
    const imported = manifest[key];
    if (imported) withStaticImports(imported.file, into);
  }
}

const welcomeFiles = new Set<string>();
for (const file of initial) withStaticImports(file, welcomeFiles);
const lazyWelcome = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry && /welcome/i.test(chunk.src ?? ''));
for (const chunk of lazyWelcome) withStaticImports(chunk.file, welcomeFiles);

const sizes = (files: Iterable<string>) => {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gz };
};
const welcomeJs = [...welcomeFiles].filter((f) => f.endsWith('.js'));
const welcomeCss = [...welcomeFiles].filter((f) => f.endsWith('.css'));
const js = sizes(welcomeJs);
const css = sizes(welcomeCss);
rows.push({ figure: '/welcome JS (gzip -9)', value: kb(js.gz), detail: `${kb(js.raw)} raw, ${welcomeJs.length} file(s)${lazyWelcome.length ? `, incl. lazy ${lazyWelcome.map((c) => c.file).join(' ')}` : ''}` });
rows.push({ figure: '/welcome CSS (gzip -9)', value: kb(css.gz), detail: `${kb(css.raw)} raw, ${welcomeCss.length} file(s)` });
rows.push({ figure: '/welcome JS + CSS (gzip -9)', value: kb(js.gz + css.gz) });

// ─── 3. Largest chunk ──────────────────────────────────────────────────────────────────────

const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const largest = assets.map((f) => ({ f, size: statSync(path.join(dist, 'assets', f)).size })).sort((a, b) => b.size - a.size)[0];
if (largest) {
  const { gz } = sizes([`assets/${largest.f}`]);
  rows.push({ figure: 'largest JS chunk (gzip -9)', value: kb(gz), detail: `${largest.f}, ${kb(largest.size)} raw; ${assets.length} JS chunk(s) in all` });
}

// ─── 4. Server start ───────────────────────────────────────────────────────────────────────

interface StartResult {
  ms: number;
  rssKb: number;
  dbMs?: number;
}

async function startServer(dataDir: string): Promise<StartResult> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: dist, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`server not healthy after 120 s:\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/maxout/health`);
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - started;
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN);
    const dbLine = output.split('\n').find((line) => line.includes('"database ready"'));
    const dbMs = dbLine ? (JSON.parse(dbLine) as { ms?: number }).ms : undefined;
    return { ms, rssKb, dbMs };
  } finally {
    await stop(child);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timeout = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 5_000);
  await exited;
  clearTimeout(timeout);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

const fresh: StartResult[] = [];
const existing: StartResult[] = [];
const dirs: string[] = [];
try {
  for (let i = 0; i < runs; i++) {
    process.stdout.write(`Server start ${i + 1}/${runs}: fresh DATA_DIR… `);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'maxout-bench-'));
    dirs.push(dir);
    const first = await startServer(dir);
    fresh.push(first);
    process.stdout.write(`${Math.round(first.ms)} ms; existing DATA_DIR… `);
    const second = await startServer(dir);
    existing.push(second);
    console.log(`${Math.round(second.ms)} ms`);
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
const note = runs > 1 ? ` (median of ${runs})` : '';
const dbNote = (results: StartResult[]) => {
  const db = results.map((r) => r.dbMs).filter((v): v is number => v !== undefined);
  return db.length ? `database ready after ${ms(median(db))} (server log)` : undefined;
};
rows.push({ figure: `start → /health 200, fresh DATA_DIR${note}`, value: ms(median(fresh.map((r) => r.ms))), detail: dbNote(fresh) });
rows.push({ figure: `start → /health 200, existing DATA_DIR${note}`, value: ms(median(existing.map((r) => r.ms))), detail: dbNote(existing) });
rows.push({ figure: 'server RSS after start (fresh / existing)', value: `${mb(median(fresh.map((r) => r.rssKb)))} / ${mb(median(existing.map((r) => r.rssKb)))}` });

// ─── Table ─────────────────────────────────────────────────────────────────────────────────

function ms(value: number) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
function kb(bytes: number) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
function mb(kib: number) {
  return `${(kib / 1024).toFixed(0)} MB`;
}

const w1 = Math.max(...rows.map((r) => r.figure.length));
const w2 = Math.max(...rows.map((r) => r.value.length));
const line = `+-${'-'.repeat(w1)}-+-${'-'.repeat(w2)}-+`;
console.log(`\nMaxOut bench — node ${process.version}, ${os.cpus().length} CPU(s), ${os.loadavg()[0]?.toFixed(1)} load`);
console.log(line);
for (const row of rows) console.log(`| ${row.figure.padEnd(w1)} | ${row.value.padStart(w2)} |${row.detail ? ` ${row.detail}` : ''}`);
console.log(line);
