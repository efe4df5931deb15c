/**
 * The published API figures come with their method and machine (checklist J5): `npm run bench:api`
 * (autocannon against the real server process) reports requests per second, p50/p99 latency and
 * server CPU per request for each endpoint, and its table names Node, the CPUs, memory and OS.
 * Run here briefly (1 round of 1 second, 4 connections) to show the report is whole; the figures
 * themselves come from full runs on a quiet machine.
 */
import { describe, expect, it, vi } from 'vitest';
import { benchApi } from '../../scripts/benchApi.ts';
import { printTable } from '../../scripts/benchSupport.ts';
import { testDatabaseKind } from '../support/testDatabase.ts';

describe.skipIf(testDatabaseKind() !== 'pglite')('npm run bench:api reports its figures with method and machine (J5)', () => {
  it('prints req/s, p50/p99 and CPU per request for /health and /profile, under a header naming the machine', async () => {
    const rows = await benchApi({ connections: 4, durationSeconds: 1, rounds: 1, only: 'pglite' });
    const health = rows.find((row) => row.figure.endsWith('GET /health'));
    const profile = rows.find((row) => row.figure.endsWith('GET /profile'));
    for (const row of [health, profile]) {
      expect(row?.value).toMatch(/^\d+ req\/s$/);
      expect(row?.detail).toMatch(/p50 [\d.]+ ms, p99 [\d.]+ ms, server CPU \d+ µs\/request/);
    }
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      printTable('MaxOut API bench', rows);
    } finally {
      log.mockRestore();
    }
    expect(printed.join('\n')).toMatch(/node v\d+\.\d+\.\d+, \d+ × .+, \d+ GiB, \w+ /);
  }, 180_000);
});
