/**
 * Backups (`npm run ops -- backup|restore`, services/backup.ts): a backup is taken, the database
 * wiped, the backup restored, and every table compared with what it held; the restored server
 * works on (the old session still signs in). A backup from a newer schema is refused, and so is
 * restoring over accounts without --replace. On the embedded database the real command asks the
 * running server for the backup (PGlite serves one process).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runBackupCommand } from '../../scripts/ops.ts';
import { type BackupFile, createBackup, restoreBackup, schemaTablesInOrder } from '../../src/server/services/backup.ts';
import { markEmailVerified, queryRows, resetDatabase, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const run = promisify(execFile);

describe(`backup and restore (${testDatabaseKind()})`, () => {
  const t = useTestApp({ now: new Date() });

  /** Every table's rows, each as JSON text, sorted: what must come back unchanged. */
  async function everyTable(): Promise<Record<string, string[]>> {
    const tables: Record<string, string[]> = {};
    for (const table of schemaTablesInOrder()) {
      const rows = await queryRows<{ row: string }>(t.database, sql.raw(`select to_jsonb(t)::text as row from "${table.name}" t`));
      tables[table.name] = rows.map((row) => row.row).sort();
    }
    return tables;
  }

  async function seed() {
    const registered = await t.request('POST', '/auth/register', { email: 'saver@example.ie', details: { dob: '1980-02-03', maritalStatus: 'married' } });
    expect(registered.status).toBe(201);
    const auth = { authorization: `Bearer ${registered.body.access_token as string}` };
    await markEmailVerified(t.database, 'saver@example.ie');
    expect((await t.request('POST', '/pension-info', { annual_income: 52_000, paid_pension: 1_000, marital_status: 'married' }, auth)).status).toBe(200);
    const paid = await t.request('POST', '/contribute', { amount: 250, tax_year: new Date().getUTCFullYear(), source: 'sandbox-debit-card' }, { ...auth, 'idempotency-key': 'backup-test-0001' });
    expect(paid.status).toBe(201);
    expect((await t.request('POST', '/auth/register', { email: 'other@example.ie', details: { dob: '1990-05-01', maritalStatus: 'single' } })).status).toBe(201);
    await t.services.mailer.flush();
    return auth;
  }

  it('backs up every table, restores it into a wiped database, and every row is back', async () => {
    const auth = await seed();
    const before = await everyTable();
    expect(before.users).toHaveLength(2);
    expect(before.contributions).toHaveLength(1);
    expect(Object.values(before).filter((rows) => rows.length > 0).length).toBeGreaterThan(5);

    const file = JSON.parse(JSON.stringify(await createBackup(t.database))) as BackupFile;
    await resetDatabase(t.database);
    expect((await everyTable()).users).toEqual([]);
    const counts = await restoreBackup(t.database, file);
    expect(counts.users).toBe(2);
    expect(await everyTable()).toEqual(before);
    // The restored server carries on: the old session is open, the ledger adds up.
    const profile = await t.request('GET', '/profile', undefined, auth);
    expect(profile.status).toBe(200);
    expect(profile.body.pension).toBe(1_250);
  });

  it('refuses a backup from a newer schema, and restoring over accounts without --replace', async () => {
    await seed();
    const file = JSON.parse(JSON.stringify(await createBackup(t.database))) as BackupFile;
    await expect(restoreBackup(t.database, file)).rejects.toThrow(/holds 2 accounts: restoring would erase them/);
    const newer = { ...file, schema: { tag: '9999_from_the_future', when: file.schema.when + 1 } };
    await expect(restoreBackup(t.database, newer, { replace: true })).rejects.toThrow(/newer schema \(9999_from_the_future\)/);
    await expect(restoreBackup(t.database, { format: 'something else' }, { replace: true })).rejects.toThrow(/Not a MaxOut backup/);
    // Nothing was changed by the refusals; --replace restores.
    expect(await restoreBackup(t.database, file, { replace: true })).toMatchObject({ users: 2 });
  });

  it.runIf(testDatabaseKind() === 'pglite')('the command backs up the embedded database while the server runs (the server writes it)', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maxout-backup-'));
    const file = path.join(dataDir, 'backup.json');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    const { spawn } = await import('node:child_process');
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: 'ignore' });
    try {
      for (const deadline = Date.now() + 120_000; !existsSync(path.join(dataDir, 'server.pid')); await new Promise((resolve) => setTimeout(resolve, 100))) {
        if (Date.now() > deadline || server.exitCode !== null) throw new Error('server did not start');
      }
      const backup = await run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'backup', file], { env });
      expect(backup.stdout).toMatch(/^Backed up \d+ tables, \d+ rows to .* \(written by the running server\)\.$/m);
      const written = JSON.parse(readFileSync(file, 'utf8')) as BackupFile;
      expect(written.format).toBe('maxout-backup');
      expect(Object.keys(written.tables)).toEqual(expect.arrayContaining(['users', 'contributions', 'mail_outbox']));
      // The file restores (through the command's own code; the whole round trip is the first test's).
      const out: string[] = [];
      expect(await runBackupCommand({ action: 'restore', file, replace: true }, t.database, (line) => out.push(line), (line) => out.push(line))).toBe(0);
      expect(out).toEqual([expect.stringMatching(/^Restored \d+ tables, \d+ rows from /)]);
    } finally {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
