/**
 * A pooled PostgreSQL connection that the server drops while idle (a restart, an administrator,
 * a failover) must not end the process: the pool reports it and replaces the connection.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

describe.runIf(testDatabaseKind() === 'postgres')('losing an idle PostgreSQL connection', () => {
  const t = useTestApp();

  it('is reported, not thrown, and the next query gets a new connection', async () => {
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const lost: Error[] = [];
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 1, onIdleError: (error) => lost.push(error) });
    try {
      const [before] = await queryRows<{ pid: number }>(database, sql`select pg_backend_pid() as pid`);
      await queryRows(t.database, sql`select pg_terminate_backend(${before!.pid})`);
      await expect.poll(() => lost.length, { timeout: 5_000 }).toBe(1);
      const [after] = await queryRows<{ pid: number }>(database, sql`select pg_backend_pid() as pid`);
      expect(after!.pid).not.toBe(before!.pid);
    } finally {
      await database.close();
    }
  });
});
