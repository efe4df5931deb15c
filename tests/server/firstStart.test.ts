/**
 * The embedded database's first start: a DATA_DIR without a database becomes a copy of the
 * initialised template (src/server/db/pgliteTemplate.ts) and is migrated; an existing one is
 * opened as it is; a copy cut short is made again. PGlite only (the postgres project skips it).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { pgliteTemplateDir } from '../../src/server/db/pgliteTemplate.ts';
import { queryRows, testDatabaseKind } from '../support/testDatabase.ts';

describe.skipIf(testDatabaseKind() !== 'pglite')('first start of the embedded database', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function dataDir() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'maxout-first-start-'));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  }
  const tables = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
    (await queryRows<{ name: string }>(database, sql`select table_name as name from information_schema.tables where table_schema = 'public'`)).map((row) => row.name);

  it('copies the template into a new DATA_DIR, migrates it, and keeps what is written across restarts', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(existsSync(path.join(pgliteTemplateDir(), 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dir}.copying`)).toBe(false);
    expect(await tables(first)).toEqual(expect.arrayContaining(['users', 'session_families', 'refresh_tokens']));
    await first.db.execute(sql`insert into users (email, date_of_birth, marital_status) values ('kept@example.ie', '1990-01-01', 'single')`);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await queryRows(again, sql`select email from users`)).toEqual([{ email: 'kept@example.ie' }]);
    await again.close();
    // The template itself is never written to.
    expect(readdirSync(pgliteTemplateDir())).not.toContain('postmaster.pid');
  });

  it('makes the copy again when an earlier one was cut short', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    writeFileSync(path.join(dir, 'half-copied-file'), 'x');
    writeFileSync(`${dir}.copying`, '');
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(existsSync(path.join(dir, 'half-copied-file'))).toBe(false);
    expect(existsSync(`${dir}.copying`)).toBe(false);
    expect(await tables(database)).toContain('users');
    await database.close();
  });
});
