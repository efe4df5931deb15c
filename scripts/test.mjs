#!/usr/bin/env node
// `npm test`: system dependencies, then type check, lint and every vitest project, in that
// order, stopping at the first failure with its name and exit code. Extra arguments go to vitest
// (`npm test -- --project unit`).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, canAptInstall, installHint, missingSystemDeps } from '../tests/support/systemDeps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const timings = [];

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

const REPORT = 'test-results/vitest-report.json';

/** The plain closing line that any CI can read: "tests: N passed, N failed[, N skipped]". */
function printCounts() {
  if (!existsSync(REPORT)) return;
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`\ntests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

function printTimings() {
  if (timings.length === 0) return;
  const width = Math.max(...timings.map((t) => t.name.length));
  console.log('\nnpm test timings:');
  for (const t of timings) console.log(`  ${t.name.padEnd(width)}  ${seconds(t.ms).padStart(8)}  ${t.ok ? 'ok' : 'FAILED'}`);
}

function fail(step, code) {
  printTimings();
  console.error(`\nnpm test: step "${step}" failed (exit ${code}).`);
  process.exit(code || 1);
}

function run(name, file, args) {
  return new Promise((resolve) => {
    console.log(`\n▶ ${name}`);
    const started = performance.now();
    const child = spawn(process.execPath, [file, ...args], { stdio: 'inherit', env: process.env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const status = code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1);
      timings.push({ name, ms: performance.now() - started, ok: status === 0 });
      resolve(status);
    });
  });
}

// 1. System programs npm does not install.
{
  const started = performance.now();
  let missing = missingSystemDeps();
  if (missing.length > 0 && canAptInstall()) {
    aptInstall(missing.map((m) => m.pkg));
    missing = missingSystemDeps();
  }
  timings.push({ name: 'system dependencies', ms: performance.now() - started, ok: missing.length === 0 });
  if (missing.length > 0) {
    console.error(installHint(missing));
    process.exit(1);
  }
}

// 2. Type check, lint, tests.
rmSync(REPORT, { force: true });
const steps = [
  ['tsc -p .', 'node_modules/typescript/bin/tsc', ['-p', '.']],
  ['eslint .', 'node_modules/eslint/bin/eslint.js', ['.']],
  ['vitest run', 'node_modules/vitest/vitest.mjs', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`, ...process.argv.slice(2)]],
];
for (const [name, file, args] of steps) {
  const code = await run(name, file, args);
  if (code !== 0) {
    printCounts();
    fail(name, code);
  }
}
printTimings();
printCounts();
