/**
 * What the bench scripts share: starting the real server (compiled, as `npm start` runs it)
 * on a free loopback port, waiting for /api/maxout/health, reading its JSON log lines, stopping
 * its whole process group, and printing a table of figures.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../', import.meta.url));

export interface Row {
  figure: string;
  value: string;
  detail?: string | undefined;
}

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /health. */
  readyMs: number;
  /** Resident memory of the server process right after it became healthy (KiB). */
  rssKb: number;
  /** Every JSON line the server printed so far. */
  logLines(): Record<string, unknown>[];
  stop(): Promise<void>;
}

/** The compiled server that `npm start` runs (scripts/buildServer.ts). */
export const COMPILED_SERVER = 'build/server/server/main.js';

/**
 * The options `npm start` gives node before the server: the words between `node` and the
 * compiled server in package.json's `serve` script (the Dockerfile's CMD gives the same).
 */
export function serverNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts.serve ?? '').trim().split(/\s+/);
  const end = words.indexOf(COMPILED_SERVER);
  return end > 0 && words[0] === 'node' ? words.slice(1, end) : [];
}

/** How the server is started: compiled (as `npm start`) when built, else the TypeScript through tsx (as `npm run dev`); with `npm start`'s node options either way. */
export function serverCommand(): string[] {
  return [...serverNodeFlags(), ...(existsSync(path.join(root, COMPILED_SERVER)) ? [COMPILED_SERVER] : ['--import', 'tsx', 'src/server/main.ts'])];
}

/** Starts the server with `env` on top of this process's environment (DATABASE_URL removed unless given). */
export async function startServer(env: Record<string, string | undefined>): Promise<RunningServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  // The embedded default (printed mail); NODE_ENV=production would require SMTP_URL and TRUST_PROXY.
  delete childEnv.NODE_ENV;
  delete childEnv.DATABASE_URL;
  delete childEnv.SMTP_URL;
  Object.assign(childEnv, env, { PORT: String(port) });
  const started = performance.now();
  const child = spawn(process.execPath, serverCommand(), { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const running: RunningServer = {
    baseUrl,
    child,
    readyMs: NaN,
    rssKb: NaN,
    logLines: () =>
      output.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    stop: () => stopProcessGroup(child),
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`server not healthy after 120 s:\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/maxout/health`);
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    running.readyMs = performance.now() - started;
    running.rssKb = rssKb(child.pid);
    return running;
  } catch (error) {
    await running.stop();
    throw error;
  }
}

export function rssKb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

export async function stopProcessGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

export function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export function mb(kib: number): string {
  return `${(kib / 1024).toFixed(0)} MB`;
}

/** The numeric value of `--name N` on the command line, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function printTable(title: string, rows: Row[]) {
  if (rows.length === 0) return;
  const w1 = Math.max(...rows.map((r) => r.figure.length));
  const w2 = Math.max(...rows.map((r) => r.value.length));
  const line = `+-${'-'.repeat(w1)}-+-${'-'.repeat(w2)}-+`;
  console.log(`\n${title} — node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, ${os.loadavg()[0]?.toFixed(1)} load`);
  console.log(line);
  for (const row of rows) console.log(`| ${row.figure.padEnd(w1)} | ${row.value.padStart(w2)} |${row.detail ? ` ${row.detail}` : ''}`);
  console.log(line);
}
