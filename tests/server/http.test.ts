import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, createApp } from '../../src/server/app.ts';
import { readJson } from '../../src/server/http/errors.ts';
import { send, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

describe(`HTTP behaviour of every API response (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  /**
   * A fresh app on the shared database with extra routes under the API prefix (Hono refuses new
   * routes once an app has answered a request, so each test builds its own).
   */
  function appWithTestRoutes() {
    const app = createApp({ services: t.services });
    const Signup = v.object({
      email: v.pipe(v.string(), v.email('Enter a valid email address.')),
      age: v.pipe(v.number(), v.integer(), v.minValue(16, 'You must be at least 16.')),
    });
    app.post('/api/maxout/__test/signup', async (c) => c.json({ received: await readJson(c, Signup) }));
    app.get('/api/maxout/__test/boom', () => {
      throw new Error('secret detail: relation "users" at /srv/app/src/server/routes/x.ts:12');
    });
    // A query error as drizzle wraps PostgreSQL's: the driver's error, with its SQLSTATE, as the cause.
    app.get('/api/maxout/__test/deadlock', () => {
      throw new Error('Failed query: update "users" …', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
    });
    return app;
  }

  it('answers an unknown /api path with 404 JSON {message}', async () => {
    const res = await t.request('GET', '/api/maxout/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('answers an unknown path outside the API with 404 JSON when no SPA is mounted', async () => {
    const res = await t.request('GET', '/api/other');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('sends the security headers, exactly, on API responses', async () => {
    const res = await t.request('GET', '/health');
    const h = res.headers;
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['cache-control']).toBe('no-store');

    const csp = parseCsp(h['content-security-policy'] ?? '');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['base-uri']).toEqual(["'none'"]);
  });

  it('sends no-store and the security headers on errors too', async () => {
    const res = await t.request('GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('logs one line per request with method, path and status, and never the body', async () => {
    const secret = 'hunter2-correct-horse';
    await t.request('POST', '/health', { password: secret });
    await t.request('GET', '/health');

    const requests = t.log.lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 'info', method: 'POST', path: '/api/maxout/health', status: 404 });
    expect(requests[1]).toMatchObject({ level: 'info', method: 'GET', path: '/api/maxout/health', status: 200 });
    expect(requests[1]?.requestId).toEqual(expect.any(String));
    expect(JSON.stringify(t.log.lines)).not.toContain(secret);
  });

  it('refuses a body over 256 KiB with 413 JSON, by declared length', async () => {
    const big = JSON.stringify({ email: 'a@example.ie', age: 30, padding: 'x'.repeat(MAX_BODY_BYTES) });
    const raw = await appWithTestRoutes().request('/api/maxout/__test/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });
    expect(raw.status).toBe(413);
    expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
    // The unread rest of the body makes the connection unusable: the answer says it closes.
    expect(raw.headers.get('connection')).toBe('close');
    expect(await raw.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a streamed body over 256 KiB with 413 JSON when the route reads it', async () => {
    const big = new TextEncoder().encode(JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES + 10) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 64 * 1024) controller.enqueue(big.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await appWithTestRoutes().request('/api/maxout/__test/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it('over a real socket: refuses by declared length or as a chunked body is read, and reads a JSON body without building a web Request', async () => {
    const app = appWithTestRoutes();
    // The Node adapter builds a web Request only when something asks for more than the method,
    // URL, headers and body text: it keeps it under a private symbol.
    const built = (raw: Request) => Object.getOwnPropertySymbols(raw).some((symbol) => symbol.description === 'requestCache' && Boolean((raw as unknown as Record<symbol, unknown>)[symbol]));
    app.post('/api/maxout/__test/built', async (c) => c.json({ before: built(c.req.raw), received: await readJson(c, v.object({ a: v.number() })), after: built(c.req.raw) }));
    app.get('/api/maxout/__test/built', (c) => c.json({ before: built(c.req.raw) }));
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/maxout`;
    try {
      const small = await fetch(`${base}/__test/built`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(await small.json()).toEqual({ before: false, received: { a: 1 }, after: false });
      expect(await (await fetch(`${base}/__test/built`)).json()).toEqual({ before: false });

      const big = JSON.stringify({ a: 1, padding: 'x'.repeat(MAX_BODY_BYTES) });
      const declared = await fetch(`${base}/__test/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
      expect(declared.status).toBe(413);
      expect(declared.headers.get('connection')).toBe('close');
      const chunks = new TextEncoder().encode(big);
      const chunked = await fetch(`${base}/__test/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < chunks.length; i += 64 * 1024) controller.enqueue(chunks.subarray(i, i + 64 * 1024));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(await chunked.json()).toEqual({ message: expect.any(String) });
    } finally {
      server.close();
    }
  });

  it('accepts a body just under the limit', async () => {
    const res = await send(appWithTestRoutes(), 'POST', '/__test/signup', { email: 'a@example.ie', age: 30, padding: 'x'.repeat(MAX_BODY_BYTES - 100) });
    expect(res.status).toBe(200);
    expect(res.body.received).toEqual({ email: 'a@example.ie', age: 30 });
  });

  it('answers a deadlock or serialization failure with a clean 503 that is safe to retry (H3)', async () => {
    const res = await send(appWithTestRoutes(), 'GET', '/__test/deadlock');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(Object.keys(res.body).sort()).toEqual(['message', 'requestId']);
    expect(JSON.stringify(res.body)).not.toMatch(/deadlock|users|Failed query/);
  });

  it('turns an unhandled exception into 500 JSON with a generic message and the request id, no details', async () => {
    const res = await send(appWithTestRoutes(), 'GET', '/__test/boom');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'requestId']);
    expect(res.body.requestId).toEqual(expect.any(String));
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
    const text = JSON.stringify(res.body);
    for (const leak of ['secret detail', 'relation', '/srv/', '.ts', 'Error', '    at ']) expect(text).not.toContain(leak);

    const logged = t.log.lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 'error', requestId: res.body.requestId });
    expect(t.log.lines.find((line) => line.msg === 'request')).toMatchObject({ status: 500, path: '/api/maxout/__test/boom' });
  });

  describe('readJson', () => {
    it('answers the wrong content type with 415 JSON', async () => {
      const res = await appWithTestRoutes().request('/api/maxout/__test/signup', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ email: 'a@example.ie', age: 30 }),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: expect.any(String) });
    });

    it('answers a missing content type with 415 JSON', async () => {
      const res = await appWithTestRoutes().request('/api/maxout/__test/signup', { method: 'POST', body: '{}' });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: expect.any(String) });
    });

    it('answers malformed JSON with 400 JSON', async () => {
      for (const body of ['{"email": ', 'not json', '']) {
        const res = await appWithTestRoutes().request('/api/maxout/__test/signup', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(res.status, `body ${JSON.stringify(body)}`).toBe(400);
        expect(await res.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('answers a schema failure with 422 {message, errors: {field: [messages]}}', async () => {
      const res = await send(appWithTestRoutes(), 'POST', '/__test/signup', { email: 'nope', age: 12 });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: expect.any(String),
        errors: { email: [expect.any(String)], age: [expect.any(String)] },
      });
      expect(res.body.errors.email[0]).toBe('Enter a valid email address.');
      expect(res.body.errors.age[0]).toBe('You must be at least 16.');
    });

    it('answers a JSON value of the wrong shape (array, null, string) with 422, never 500', async () => {
      for (const body of [[], null, 'text', 42]) {
        const res = await send(appWithTestRoutes(), 'POST', '/__test/signup', body);
        expect(res.status, `body ${JSON.stringify(body)}`).toBe(422);
        expect(res.body.message).toEqual(expect.any(String));
      }
    });

    it('passes a valid body through', async () => {
      const res = await send(appWithTestRoutes(), 'POST', '/__test/signup', { email: 'a@example.ie', age: 30 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: { email: 'a@example.ie', age: 30 } });
    });
  });
});

/** `default-src 'self'; script-src 'self'` → { 'default-src': ["'self'"], ... } */
function parseCsp(header: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = values;
  }
  return directives;
}
