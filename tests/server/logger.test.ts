/**
 * The logger's redaction rules (services/logRedaction.ts), through the real pino logger: what
 * a call site hands it and what the line then holds. No database needed.
 */
import { describe, expect, it } from 'vitest';
import { createLogger, createMailPrinter, memoryDestination } from '../../src/server/services/logger.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const TOKEN = 'Q6nsAe78iWJtRiPXfOZgep8IviG5jFfM1Ms94UPrnKA';
const UUID = '9d80d6db-30fe-491c-b421-3ee55093fbd7';

function capture() {
  const destination = memoryDestination();
  return { log: createLogger({ level: 'debug', destination }), lines: destination.lines, destination };
}

describe('log redaction', () => {
  it('redacts fields by name at any depth, and keeps the others', () => {
    const { log, lines } = capture();
    log.info(
      {
        userId: UUID,
        email: 'ann@example.ie',
        password: 'hunter2 hunter2',
        ppsn: '1234567T',
        headers: { authorization: 'Basic abc', cookie: 'sid=1', accept: 'application/json' },
        nested: [{ refresh_token: 'short' }, { dateOfBirth: '1990-01-01' }],
        params: ['anything'],
        status: 200,
        remember: true,
      },
      'event',
    );
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'event',
      userId: UUID,
      email: '[redacted]',
      password: '[redacted]',
      ppsn: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' },
      nested: [{ refresh_token: '[redacted]' }, { dateOfBirth: '[redacted]' }],
      params: '[redacted]',
      status: 200,
      remember: true,
    });
  });

  it('masks secrets by shape wherever they are, the message included', () => {
    const { log, lines } = capture();
    log.warn({ note: `auth Bearer ${TOKEN} and ${JWT}`, list: [`ppsn 1234567TA here`] }, `mail to ann.o'brien+x@example.ie failed, link /reset-password/${TOKEN}`);
    const text = JSON.stringify(lines[0]);
    for (const secret of ['ann.o', 'example.ie', TOKEN, JWT, '1234567TA']) expect(text).not.toContain(secret);
    expect(lines[0]!.msg).toBe('mail to [email] failed, link /reset-password/[token]');
    expect(lines[0]!.note).toBe('auth Bearer [redacted] and [jwt]');
    expect(lines[0]!.list).toEqual(['ppsn [ppsn] here']);
  });

  it('keeps UUIDs, ISO times and short identifiers readable', () => {
    const { log, lines } = capture();
    log.info({ familyId: UUID, at: new Date('2026-01-15T10:00:00Z'), code: '23505', fields: ['ppsn', 'first_name'] }, 'auth.login');
    expect(lines[0]).toMatchObject({ familyId: UUID, at: '2026-01-15T10:00:00.000Z', code: '23505', fields: ['ppsn', 'first_name'] });
  });

  it('reduces a database error to its code and names, dropping message, detail and params', () => {
    const { log, lines } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ann@example.ie) already exists.',
      constraint: 'users_email_key',
      table: 'users',
    });
    const wrapped = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: ann@example.ie'), {
      query: 'insert into "users" ("email") values ($1)',
      params: ['ann@example.ie'],
      cause,
    });
    log.error({ err: wrapped }, 'unhandled error');
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('ann@example.ie');
    expect(text).not.toContain('already exists');
    expect(text).not.toContain('params');
    expect(lines[0]!.err).toMatchObject({
      message: 'database query failed',
      query: 'insert into "users" ("email") values ($1)',
      cause: { code: '23505', constraint: 'users_email_key', table: 'users', message: 'database error 23505' },
    });
  });

  it('keeps an ordinary error message (masked by shape) and stack frames, from either argument position', () => {
    const { log, lines } = capture();
    log.error(new Error(`could not reach smtp for bob@example.ie`), 'mail delivery failed');
    log.error({ err: new TypeError('x is not a function') }, 'boom');
    expect(lines[0]).toMatchObject({ msg: 'mail delivery failed', err: { type: 'Error', message: 'could not reach smtp for [email]' } });
    expect((lines[0]!.err as { stack: string[] }).stack[0]).toMatch(/^at /);
    expect(lines[1]).toMatchObject({ err: { type: 'TypeError', message: 'x is not a function' } });
  });

  it('binds a child logger’s fields (the request id) to every line', () => {
    const { log, lines } = capture();
    const child = log.child({ requestId: UUID });
    child.info('one');
    child.warn({ status: 500 }, 'two');
    expect(lines.map((line) => line.requestId)).toEqual([UUID, UUID]);
  });

  it('honours the level', () => {
    const destination = memoryDestination();
    const log = createLogger({ level: 'warn', destination });
    log.info('dropped');
    log.warn('kept');
    expect(destination.lines.map((line) => line.msg)).toEqual(['kept']);
  });

  it('leaves the development mail line whole: it exists to carry the recipient and the link', () => {
    const { destination } = capture();
    createMailPrinter(destination).info({ to: 'ann@example.ie', subject: 'Set your password', body: `http://x/reset-password/${TOKEN}` }, 'mail');
    expect(destination.lines[0]).toMatchObject({ level: 'info', msg: 'mail', to: 'ann@example.ie', body: `http://x/reset-password/${TOKEN}` });
  });
});
