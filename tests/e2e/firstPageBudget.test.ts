import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../scripts/viteRoutePreloads.ts';

/**
 * The first page's weight budget (docs/performance.md: /welcome JS + CSS ≤ 155 kB gzip -9), on the
 * production build this project's globalSetup made. The files are those `npm run bench` counts:
 * what index.html loads (entry script, modulepreloads, stylesheets) and what the build lists for
 * /welcome's screen (route-preloads.json: its lazy chunk with its static imports and styles).
 */
const dist = path.resolve(import.meta.dirname, '../../dist');
const BUDGET_BYTES = 155_000;

function firstPageFiles(): { initial: string[]; welcome: string[] } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = (html.match(/<(script|link)\b[^>]*>/gi) ?? []).flatMap((tag) => {
    const url = /\b(?:src|href)="\/([^"]+)"/i.exec(tag)?.[1];
    const rel = /\brel="([^"]+)"/i.exec(tag)?.[1] ?? '';
    return url && (/^<script/i.test(tag) || rel === 'stylesheet' || rel === 'modulepreload') ? [url] : [];
  });
  const preloads = JSON.parse(readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
  const welcome = preloads.find((route) => route.path === '/welcome')?.files ?? [];
  return { initial, welcome };
}

describe('the first page’s budget', () => {
  it('/welcome loads at most 155 kB of JS and CSS (gzip -9)', () => {
    const { initial, welcome } = firstPageFiles();
    // Not vacuous: an entry script, a stylesheet and the welcome screen's own chunk are counted.
    expect(initial.some((file) => file.endsWith('.js'))).toBe(true);
    expect(initial.some((file) => file.endsWith('.css'))).toBe(true);
    expect(welcome.some((file) => /WelcomeScreen-.*\.js$/.test(file))).toBe(true);
    const files = [...new Set([...initial, ...welcome])];
    const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, entry) => sum + entry.gzip, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('the machines’ descriptions are left out of the build (they are for the inspector and the diagrams)', () => {
    const { initial } = firstPageFiles();
    const code = initial.filter((file) => file.endsWith('.js')).map((file) => readFileSync(path.join(dist, file), 'utf8'));
    // Not vacuous: the auth machine is on the first page, with its states and transitions.
    expect(code.some((source) => source.includes('session.unauthorized'))).toBe(true);
    for (const source of code) expect(source).not.toContain('Keep-alive follows the user');
  });

  it('the round-ups machine and the HTTP client load after sign-in, not with the first page', () => {
    const { initial } = firstPageFiles();
    const code = initial.filter((file) => file.endsWith('.js')).map((file) => readFileSync(path.join(dist, file), 'utf8'));
    expect(code.length).toBeGreaterThan(0);
    // An event only the round-ups machine takes, and a hook name of ky's options.
    for (const source of code) {
      expect(source).not.toContain('roundups.confirm');
      expect(source).not.toContain('beforeRetry');
    }
  });
});
