import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

describe(`GET /api/maxout/health (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('answers 200 {status: ok} while the database answers', async () => {
    const res = await t.request('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(t.database.kind).toBe(testDatabaseKind());
  });

  it('answers 503 once the database is gone', async () => {
    const database = await createTestDatabase();
    const broken = await createTestApp({ database });
    expect((await broken.request('GET', '/health')).status).toBe(200);
    await database.close();
    const res = await broken.request('GET', '/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable' });
  });

  it('GET /ready: 200 while serving; 503 once stopping, when every answer also closes its connection, while /health stays 200', async () => {
    const stopping = await createTestApp({ database: t.database });
    const ready = await stopping.request('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.connection).toBeUndefined();
    stopping.services.lifecycle.beginStopping();
    const draining = await stopping.request('GET', '/ready');
    expect(draining.status).toBe(503);
    expect(draining.body).toEqual({ status: 'stopping' });
    const health = await stopping.request('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.headers.connection).toBe('close');
  });
});
