/**
 * A database error inside a request (both databases). Drizzle's error message carries the SQL
 * parameters ("params: …") and PostgreSQL's detail quotes the row ("Failing row contains (…)",
 * "Key (email)=(…)"); neither may reach a log line. The request's lines carry its id, and the
 * error line keeps what an operator needs: SQLSTATE code, constraint, the SQL text with
 * placeholders.
 *
 * Each test breaks the schema on purpose (a CHECK constraint, a renamed table) and puts it back.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ppsnCheckCharacter } from '../../src/domain/schemas/fields.ts';
import { sha256Hex } from '../../src/server/services/crypto.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const EMAIL = 'siobhan.secret@example.ie';
const DOB = '1987-03-14';
const FIRST_NAME = 'Siobhánsecret';
const SURNAME = 'Ní Privatename';
const PPSN = `8765432${ppsnCheckCharacter('8765432')}`;
const ENVELOPE = /v(1|2\.[A-Za-z0-9_-]{1,32})\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\./;

/** Words that only a leaked message, detail or parameter list would put into a line. */
const LEAK_MARKERS = ['params:', 'Failing row', 'Key (', 'detail', 'Failed query'];

describe(`a database error inside a request is logged without values (${testDatabaseKind()})`, () => {
  const t = useTestApp();
  const undo: string[] = [];

  afterEach(async () => {
    while (undo.length > 0) await t.database.db.execute(sql.raw(undo.pop()!));
  });

  async function breakSchema(statement: string, revert: string) {
    await t.database.db.execute(sql.raw(statement));
    undo.push(revert);
  }

  async function signedIn(t: TestApp) {
    const res = await t.request('POST', '/auth/register', { email: EMAIL, details: { dob: DOB, maritalStatus: 'single' } });
    expect(res.status).toBe(201);
    return res.body as { access_token: string; refresh_token: string };
  }

  /** The lines of one request, and everything logged, after checking that nothing leaked. */
  function linesOf(requestId: string, secrets: string[]) {
    const everything = JSON.stringify(t.log.lines);
    for (const secret of secrets) expect(everything, `a log line contains ${secret}`).not.toContain(secret);
    expect(everything).not.toMatch(ENVELOPE);
    for (const marker of LEAK_MARKERS) expect(everything, `a log line contains "${marker}"`).not.toContain(marker);
    return t.log.lines.filter((line) => line.requestId === requestId);
  }

  it('an UPDATE that violates a constraint (edit-profile with a PPSN): 500, request id on its lines, no personal value', async () => {
    const session = await signedIn(t);
    await breakSchema(
      'ALTER TABLE users ADD CONSTRAINT users_test_no_ppsn CHECK (ppsn_encrypted IS NULL)',
      'ALTER TABLE users DROP CONSTRAINT users_test_no_ppsn',
    );
    const res = await t.request(
      'POST',
      '/edit-profile',
      { first_name: FIRST_NAME, surname: SURNAME, ppsn: PPSN, date_of_birth: DOB },
      { authorization: `Bearer ${session.access_token}` },
    );
    expect(res.status).toBe(500);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'requestId']);

    const lines = linesOf(res.body.requestId, [EMAIL, DOB, FIRST_NAME, SURNAME, PPSN, session.access_token, session.refresh_token]);
    expect(lines.map((line) => line.msg)).toEqual(['unhandled error', 'request']);
    const error = lines[0]!.err as Record<string, unknown>;
    expect(error.query).toMatch(/^update "users" set .*\$1/);
    expect(error.cause).toMatchObject({ code: '23514', constraint: 'users_test_no_ppsn', message: 'database error 23514' });
    expect(lines[1]).toMatchObject({ status: 500, path: '/api/maxout/edit-profile' });
  });

  it('an INSERT that violates a constraint (registration): the email and date of birth stay out of the log', async () => {
    await breakSchema(
      "ALTER TABLE users ADD CONSTRAINT users_test_blocked CHECK (email NOT LIKE 'siobhan%')",
      'ALTER TABLE users DROP CONSTRAINT users_test_blocked',
    );
    const res = await t.request('POST', '/auth/register', { email: EMAIL, details: { dob: DOB, maritalStatus: 'married' } });
    expect(res.status).toBe(500);

    const lines = linesOf(res.body.requestId, [EMAIL, DOB, 'married']);
    const error = lines.find((line) => line.msg === 'unhandled error')?.err as Record<string, unknown>;
    expect(error.cause).toMatchObject({ code: '23514', constraint: 'users_test_blocked' });
    expect(lines.every((line) => line.requestId === res.body.requestId)).toBe(true);
  });

  it('a query on a missing table (refresh): neither the refresh token nor its hash reaches the log', async () => {
    const session = await signedIn(t);
    await breakSchema('ALTER TABLE refresh_tokens RENAME TO refresh_tokens_moved', 'ALTER TABLE refresh_tokens_moved RENAME TO refresh_tokens');
    const res = await t.request('POST', '/auth/refresh', { refresh_token: session.refresh_token });
    expect(res.status).toBe(500);

    const lines = linesOf(res.body.requestId, [session.refresh_token, sha256Hex(session.refresh_token), EMAIL]);
    const error = lines.find((line) => line.msg === 'unhandled error')?.err as Record<string, unknown>;
    // 42P01: undefined_table
    expect(JSON.stringify(error)).toContain('42P01');
  });
});
