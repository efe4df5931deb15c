#!/usr/bin/env node
// `npm test`: system dependencies, then type check, lint and every vitest project, all at once,
// stopping at the first failure with its name and exit code. The steps run side by side because
// none waits for another and the browser tests spend most of their time waiting on the browser:
// on two cores the suite takes about the time of its longest step instead of the sum. The
// browser tests get their own vitest process (its files run in its own pool next to the others').
// Each step's output is printed in one piece when it ends, so the logs do not interleave.
// Extra arguments go to a single vitest run (`npm test -- --project unit`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, canAptInstall, installHint, missingSystemDeps } from '../tests/support/systemDeps.mjs';
import { JSON_REPORTS, JUNIT_REPORTS, vitestReportArgs } from './vitestReports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const timings = [];

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

const REPORTS = JSON_REPORTS;

/** The plain closing line that any CI can read: "tests: N passed, N failed[, N skipped]". */
function printCounts() {
  const reports = REPORTS.filter((file) => existsSync(file)).map((file) => JSON.parse(readFileSync(file, 'utf8')));
  if (reports.length === 0) return;
  const sum = (key) => reports.reduce((total, report) => total + report[key], 0);
  const skipped = sum('numPendingTests') + sum('numTodoTests');
  console.log(`\ntests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

function printTimings() {
  if (timings.length === 0) return;
  const width = Math.max(...timings.map((t) => t.name.length));
  console.log('\nnpm test timings:');
  for (const t of timings) console.log(`  ${t.name.padEnd(width)}  ${seconds(t.ms).padStart(8)}  ${t.status}`);
}

const running = new Set();

/** Runs one step with its output kept until it ends; resolves to its exit status. */
function run(name, file, args) {
  return new Promise((resolve) => {
    console.log(`▶ ${name} started`);
    const started = performance.now();
    // Children write to a pipe, not a terminal: keep vitest's colours when ours is one.
    const env = process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env;
    const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const step = { name, child, stopped: false };
    running.add(step);
    child.on('close', (code, signal) => {
      running.delete(step);
      const status = code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1);
      const ms = performance.now() - started;
      timings.push({ name, ms, status: step.stopped ? 'stopped' : status === 0 ? 'ok' : 'FAILED' });
      console.log(`\n━━━ ${name} (${seconds(ms)}${step.stopped ? ', stopped after another step failed' : ''}) ━━━`);
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
  });
}

function stopAll(signal = 'SIGTERM') {
  for (const step of running) {
    step.stopped = true;
    step.child.kill(signal);
  }
}
// Between steps (while system packages install, say) nothing is running to stop: exit at once.
process.on('SIGINT', () => (running.size === 0 ? process.exit(130) : stopAll('SIGINT')));
process.on('SIGTERM', () => (running.size === 0 ? process.exit(143) : stopAll('SIGTERM')));

// 1. System programs npm does not install.
{
  const started = performance.now();
  let missing = missingSystemDeps();
  if (missing.length > 0 && canAptInstall()) {
    aptInstall(missing.map((m) => m.pkg));
    missing = missingSystemDeps();
  }
  timings.push({ name: 'system dependencies', ms: performance.now() - started, status: missing.length === 0 ? 'ok' : 'FAILED' });
  if (missing.length > 0) {
    console.error(installHint(missing));
    process.exit(1);
  }
}

// 2. Type check, lint, tests: side by side.
for (const report of [...REPORTS, ...JUNIT_REPORTS]) rmSync(report, { force: true });
mkdirSync('test-results', { recursive: true });
const vitest = 'node_modules/vitest/vitest.mjs';
const vitestArgs = (report) => vitestReportArgs(report, JUNIT_REPORTS[REPORTS.indexOf(report)]);
const extra = process.argv.slice(2);
const steps = [
  ['tsc -p .', 'node_modules/typescript/bin/tsc', ['-p', '.']],
  ['eslint .', 'node_modules/eslint/bin/eslint.js', ['.']],
  ...(extra.length > 0
    ? [['vitest run', vitest, [...vitestArgs(REPORTS[0]), ...extra]]]
    : [
        ['vitest run --project e2e', vitest, [...vitestArgs(REPORTS[1]), '--project', 'e2e']],
        // One worker per core (vitest's default leaves one core free, which here only idles
        // while the browser tests wait).
        ['vitest run --project !e2e', vitest, [...vitestArgs(REPORTS[0]), '--project', '!e2e', `--maxWorkers=${availableParallelism()}`]],
      ]),
];
const started = performance.now();
let failed;
await Promise.all(
  steps.map(async ([name, file, args]) => {
    const code = await run(name, file, args);
    if (code !== 0 && !failed) {
      failed = { name, code };
      stopAll();
    }
  }),
);
timings.push({ name: 'all steps (wall)', ms: performance.now() - started, status: failed ? 'FAILED' : 'ok' });
printTimings();
printCounts();
if (failed) {
  console.error(`\nnpm test: step "${failed.name}" failed (exit ${failed.code}).`);
  process.exit(failed.code || 1);
}
