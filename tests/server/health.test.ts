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
});
