/**
 * The embedded database's named prepared statements (src/server/db/pgliteStatements.ts): the
 * same rows, counts and errors as PGlite's own `query`, statements that outlive a schema
 * change, a bounded number of statements, and PGlite's locks kept. PGlite only; the
 * server-postgres project skips the file.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementQuery } from '../../src/server/db/pgliteStatements.ts';
import { testDatabaseKind } from '../support/testDatabase.ts';

describe.skipIf(testDatabaseKind() !== 'pglite')('PGlite named prepared statements', () => {
  let client: PGlite;
  let query: ReturnType<typeof createStatementQuery>;

  beforeAll(async () => {
    client = await PGlite.create();
    query = createStatementQuery(client, 3);
    await client.exec(`
      create table things (
        id uuid primary key default gen_random_uuid(), name text not null unique, born date, seen timestamptz,
        amount bigint, ratio numeric(6,2), flag boolean, tags text[], doc jsonb, raw bytea
      )`);
  });
  afterAll(() => client.close());

  const preparedCount = async () => (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  it('answers as PGlite’s query does: values of every type in, rows (object and array mode) and counts out', async () => {
    const insert = 'insert into things (name, born, seen, amount, ratio, flag, tags, doc, raw) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *';
    const values = (name: string) => [name, '1990-05-01', new Date('2026-01-15T10:00:00.000Z'), 12345678901234n, '12.50', true, ['a', 'b,c', 'd"e'], { nested: [1, 'two'] }, new Uint8Array([0, 1, 255])];
    const ours = await query(insert, values('ours'));
    const theirs = await client.query(insert, values('theirs'));
    const withoutIds = (rows: unknown[]) => rows.map((row) => ({ ...(row as object), id: undefined, name: undefined }));
    expect(withoutIds(ours.rows)).toEqual(withoutIds(theirs.rows));
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);

    const select = 'select name, tags, doc, amount from things where name = any($1) order by name';
    for (const rowMode of ['object', 'array'] as const) {
      expect(await query(select, [['ours', 'theirs']], { rowMode })).toEqual(await client.query(select, [['ours', 'theirs']], { rowMode }));
    }
    // Null and undefined parameters are SQL NULL.
    expect((await query('select $1::text is null as a, $2::int is null as b', [null, undefined])).rows).toEqual([{ a: true, b: true }]);

    const update = await query('update things set flag = $1 where name like $2', [false, '%s']);
    expect(update.affectedRows).toBe(2);
    expect(update.rows).toEqual([]);
    expect((await query('delete from things where name = $1', ['theirs'])).affectedRows).toBe(1);
  });

  it('reports a database error as PGlite does (code, SQL text, values) and the next query works', async () => {
    await query('insert into things (name) values ($1)', ['unique-name']);
    const failure = await query('insert into things (name) values ($1)', ['unique-name']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: 'insert into things (name) values ($1)', params: ['unique-name'] });
    // A statement that does not parse is not kept.
    await expect(query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect((await query('select count(*)::int as n from things where name = $1', ['unique-name'])).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when a schema change altered its rows', async () => {
    await client.exec('create table widgets (id int primary key)');
    await query('insert into widgets values ($1)', [1]);
    expect((await query('select * from widgets where id = $1', [1])).rows).toEqual([{ id: 1 }]);
    await client.exec(`alter table widgets add column colour text default 'blue'`);
    expect((await query('select * from widgets where id = $1', [1])).rows).toEqual([{ id: 1, colour: 'blue' }]);
  });

  it('keeps at most `capacity` statements, closing the least recently used', async () => {
    for (let i = 0; i < 6; i++) {
      await query(`select $1::int + ${i} as n`, [1]);
      expect(await preparedCount()).toBeLessThanOrEqual(3);
    }
    expect((await query('select $1::int + 5 as n', [1])).rows).toEqual([{ n: 6 }]);
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into things (name) values ('in-transaction')`);
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedSignal;
    let answered = false;
    const read = query<{ n: number }>('select count(*)::int as n from things where name = $1', ['in-transaction']).then((result) => {
      answered = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    // It ran after the rollback: it never saw the uncommitted row, and did not end up inside the transaction.
    expect((await read).rows).toEqual([{ n: 0 }]);
  });
});
