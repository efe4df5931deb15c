/**
 * Small gates of the security checklist (both databases): Hono at a version without the JWK
 * algorithm-confusion flaw and every JWT verification pinned to an algorithm (C10); the
 * security headers on every API route and no CORS grant to any origin (E3); no floating-point
 * money column (H6).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discoverRoutes } from '../support/apiRoutes.ts';
import { queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}

describe(`checklist gates (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('C10: runs Hono 4.11.4 or newer, and every JWT verification names its algorithms', () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/hono/package.json'), 'utf8')) as { version: string };
    const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
    expect(major * 1e6 + minor * 1e3 + patch, `hono ${version}`).toBeGreaterThanOrEqual(4_011_004);
    const files = sourceFiles(path.join(root, 'src')).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    // jose's jwtVerify: the options right after the call name the algorithms.
    const calls = files.flatMap(({ file, text }) => [...text.matchAll(/\bjwtVerify\s*\(/g)].filter((m) => !/import/.test(text.slice(Math.max(0, (m.index ?? 0) - 40), m.index))).map((m) => ({ file, call: text.slice(m.index, (m.index ?? 0) + 300) })));
    expect(calls.length).toBeGreaterThan(0);
    for (const { file, call } of calls) expect(call, path.relative(root, file)).toMatch(/algorithms\s*:\s*\[\s*'HS256'\s*\]/);
    // Hono's own JWT helpers are not used; if they ever are, each call must name its algorithm.
    for (const { file, text } of files.filter(({ text }) => /from 'hono\/(jwt|jwk)'/.test(text))) expect(text, path.relative(root, file)).toMatch(/alg\s*:/);
  });

  it('E3: every API route answers with nosniff, no-referrer, COOP same-origin and no-store, and grants CORS to no origin', async () => {
    for (const route of discoverRoutes(t.app)) {
      const url = route.path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, '00000000-0000-4000-8000-000000000000');
      for (const origin of ['null', 'https://evil.example']) {
        const res = await t.app.request(url, { method: route.method, headers: { origin, 'content-type': 'application/json' }, body: route.method === 'GET' ? undefined : '{}' });
        await res.arrayBuffer();
        const where = `${route.method} ${route.path} from ${origin}`;
        expect(res.headers.get('access-control-allow-origin'), where).toBeNull();
        expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
        expect(res.headers.get('referrer-policy'), where).toBe('no-referrer');
        expect(res.headers.get('cross-origin-opener-policy'), where).toBe('same-origin');
        expect(res.headers.get('cache-control'), where).toBe('no-store');
      }
      const preflight = await t.app.request(url, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': route.method } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('H6: stores no amount as a floating-point number', async () => {
    const rows = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
      t.database,
      sql`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' and data_type in ('real', 'double precision')`,
    );
    expect(rows).toEqual([]);
  });
});
