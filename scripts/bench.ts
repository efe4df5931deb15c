/**
 * `npm run bench`: figures, no pass/fail.
 *
 * 1. Production build (`vite build --manifest`, so lazy route chunks can be traced without
 *    changing vite.config.ts).
 * 2. gzip -9 size of the JS and CSS that /welcome loads: what dist/index.html references (entry
 *    script, stylesheets, modulepreloads) plus, through dist/.vite/manifest.json, the static
 *    imports of those chunks and any lazily loaded chunk whose source is the welcome screen.
 * 3. The largest JS chunk in dist/assets.
 * 4. What the server sends for them: the build's brotli (.br) and gzip (.gz) files
 *    (scripts/vitePrecompress.ts), as a browser accepting brotli receives them.
 * 5. Server start: spawn the compiled server as `npm start` does → first 200 from
 *    /api/maxout/health, with a fresh DATA_DIR and again with the now existing one; RSS and
 *    CPU time of the server once healthy. The PGlite template that a fresh DATA_DIR copies is
 *    prepared first, as `npm run build` does.
 * 6. The API: `npm run bench:api`'s figures (scripts/benchApi.ts), unless `--no-api`.
 * 7. Round-ups (scripts/benchRoundups.ts), unless `--no-roundups`: ingest of about 100,000
 *    sandbox transactions (budget ≥ 5,000 rows/s; a resync adds none), apply of 10,000
 *    round-ups (≤ 1 s), RSS growth (≤ 100 MB), on PGlite and PostgreSQL.
 *
 * `--runs N` repeats each server start N times and reports the median (default 1).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchApi } from './benchApi.ts';
import { benchRoundups } from './benchRoundups.ts';
import { COMPILED_SERVER, type Row, kb, mb, median, ms, numberArg, printTable, root, startServer } from './benchSupport.ts';

const dist = path.join(root, 'dist');
const runs = numberArg('runs', 1);
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

// ─── 4. What the server sends ──────────────────────────────────────────────────────────────

/** Bytes on the wire for `files` with this Accept-Encoding: the precompressed sibling when the build wrote one. */
const served = (files: Iterable<string>, extension: '.br' | '.gz') => {
  let total = 0;
  let compressed = 0;
  let count = 0;
  for (const file of files) {
    count += 1;
    const variant = path.join(dist, file + extension);
    if (existsSync(variant)) {
      compressed += 1;
      total += statSync(variant).size;
    } else {
      total += statSync(path.join(dist, file)).size;
    }
  }
  return { total, detail: `${compressed} of ${count} file(s) precompressed` };
};
const welcomeAll = [...welcomeJs, ...welcomeCss];
const brotliServed = served(welcomeAll, '.br');
const gzipServed = served(welcomeAll, '.gz');
rows.push({ figure: '/welcome JS + CSS as served, brotli', value: kb(brotliServed.total), detail: brotliServed.detail });
rows.push({ figure: '/welcome JS + CSS as served, gzip', value: kb(gzipServed.total), detail: gzipServed.detail });

// ─── Largest chunk ──────────────────────────────────────────────────────────────────────

const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const largest = assets.map((f) => ({ f, size: statSync(path.join(dist, 'assets', f)).size })).sort((a, b) => b.size - a.size)[0];
if (largest) {
  const { gz } = sizes([`assets/${largest.f}`]);
  rows.push({ figure: 'largest JS chunk (gzip -9)', value: kb(gz), detail: `${largest.f}, ${kb(largest.size)} raw; ${assets.length} JS chunk(s) in all` });
}

// ─── 5. Server start ───────────────────────────────────────────────────────────────────────

// The rest of `npm run build`: the compiled server and the PGlite template.
for (const [label, args] of [
  ['Compiling the server', ['--import', 'tsx', 'scripts/buildServer.ts']],
  ['Preparing the PGlite template', [COMPILED_SERVER.replace('main.js', 'db/pgliteTemplate.js')]],
] as const) {
  process.stdout.write(`${label}… `);
  const step = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (step.status !== 0) {
    console.error(`\nfailed:\n${step.stdout}${step.stderr}`);
    process.exit(step.status ?? 1);
  }
  console.log(step.stdout.trim());
}

interface StartResult {
  ms: number;
  rssKb: number;
  cpuMs: number;
  dbMs?: number | undefined;
}

async function timedStart(dataDir: string): Promise<StartResult> {
  const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: dist });
  try {
    const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    const dbLine = server.logLines().find((line) => line.msg === 'database ready');
    return { ms: server.readyMs, rssKb: server.rssKb, cpuMs, dbMs: typeof dbLine?.ms === 'number' ? dbLine.ms : undefined };
  } finally {
    await server.stop();
  }
}

const fresh: StartResult[] = [];
const existing: StartResult[] = [];
const dirs: string[] = [];
try {
  for (let i = 0; i < runs; i++) {
    process.stdout.write(`Server start ${i + 1}/${runs}: fresh DATA_DIR… `);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'maxout-bench-'));
    dirs.push(dir);
    const first = await timedStart(dir);
    fresh.push(first);
    process.stdout.write(`${Math.round(first.ms)} ms; existing DATA_DIR… `);
    const second = await timedStart(dir);
    existing.push(second);
    console.log(`${Math.round(second.ms)} ms`);
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
const note = runs > 1 ? ` (median of ${runs})` : '';
const startDetail = (results: StartResult[]) => {
  const db = results.map((r) => r.dbMs).filter((v): v is number => v !== undefined);
  return `server CPU ${ms(median(results.map((r) => r.cpuMs)))}${db.length ? `, database ready after ${ms(median(db))} (server log)` : ''}`;
};
rows.push({ figure: `start → /health 200, fresh DATA_DIR${note}`, value: ms(median(fresh.map((r) => r.ms))), detail: startDetail(fresh) });
rows.push({ figure: `start → /health 200, existing DATA_DIR${note}`, value: ms(median(existing.map((r) => r.ms))), detail: startDetail(existing) });
rows.push({ figure: 'server RSS after start (fresh / existing)', value: `${mb(median(fresh.map((r) => r.rssKb)))} / ${mb(median(existing.map((r) => r.rssKb)))}` });

// ─── 6. API ────────────────────────────────────────────────────────────────────────────────

if (!process.argv.includes('--no-api')) {
  rows.push(...(await benchApi({ connections: 50, durationSeconds: numberArg('duration', 5), rounds: numberArg('rounds', 3) })));
}

// ─── 7. Round-ups ──────────────────────────────────────────────────────────────────────────

if (!process.argv.includes('--no-roundups')) {
  rows.push(...(await benchRoundups()));
}

// ─── Table ─────────────────────────────────────────────────────────────────────────────────

printTable('MaxOut bench', rows);
