/**
 * Each housekeeping job runs on one instance at a time: a job whose lock another instance holds
 * is skipped (and counted as skipped), the others run. On PostgreSQL the lock is a session-level
 * advisory lock, held here through a second connection pool as a second process would; the
 * embedded database serves one process, where the lock is the process's own.
 */
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/index.ts';
import { HOUSEKEEPING_JOBS } from '../../src/server/services/index.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const kind = testDatabaseKind();

describe(`housekeeping on one instance at a time (${kind})`, () => {
  const t = useTestApp();

  /** A second instance's database handle: its own pool on PostgreSQL, the one client on PGlite. */
  async function otherInstance(): Promise<{ database: Database; close(): Promise<void> }> {
    if (kind === 'pglite') return { database: t.database, close: async () => {} };
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    return { database, close: () => database.close() };
  }

  it('skips a job another instance is running, runs the rest, and runs it once the lock is free', async () => {
    const other = await otherInstance();
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const holding = new Promise<void>((resolve) => (entered = resolve));
      const running = other.database.exclusively('housekeeping:payment-recovery', async () => {
        entered();
        await held;
      });
      await holding;

      const report = await t.services.housekeeping();
      expect(report['payment-recovery']).toBe('skipped');
      expect(HOUSEKEEPING_JOBS.filter((job) => report[job] !== 'ok')).toEqual(['payment-recovery']);

      release();
      expect(await running).toBe(true);
      expect((await t.services.housekeeping())['payment-recovery']).toBe('ok');
      const counts = await t.services.metrics.text();
      expect(counts).toContain('maxout_housekeeping_runs_total{job="payment-recovery",outcome="skipped"} 1');
      expect(counts).toContain('maxout_housekeeping_runs_total{job="payment-recovery",outcome="ok"} 1');
    } finally {
      await other.close();
    }
  });

  it('never runs one job twice at once, however many runs start together', async () => {
    const other = await otherInstance();
    try {
      let inside = 0;
      let most = 0;
      const job = async () => {
        inside++;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inside--;
      };
      const ran = await Promise.all([0, 1, 2, 3].map((i) => (i % 2 === 0 ? t.database : other.database).exclusively('housekeeping:test', job)));
      expect(most).toBe(1);
      expect(ran.filter(Boolean)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a failing job is logged and counted; the other jobs still run', async () => {
    const original = t.services.pensionLedger.recoverStale;
    t.services.pensionLedger.recoverStale = () => Promise.reject(new Error('provider unreachable'));
    try {
      const report = await t.services.housekeeping();
      expect(report['payment-recovery']).toBe('failed');
      expect(report.mail).toBe('ok');
      expect(t.log.lines).toContainEqual(expect.objectContaining({ msg: 'housekeeping job failed', job: 'payment-recovery' }));
    } finally {
      t.services.pensionLedger.recoverStale = original;
    }
  });
});
