/**
 * The built SPA as the server sends it: a small fixture dist/ precompressed by the build's own
 * step (scripts/vitePrecompress.ts), then served through createApp + mountSpa. Content
 * negotiation (brotli, gzip, identity), Vary, cache headers, the history fallback.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/vitePrecompress.ts';
import { flowModulesOf, framesOf, routesOf, sessionFlowsOf } from '../../scripts/viteRoutePreloads.ts';
import { createApp } from '../../src/server/app.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, mountSpa } from '../../src/server/http/spa.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const SCRIPT = `export const lines = [${Array.from({ length: 200 }, (_, i) => `"line ${i} of a hashed module"`).join(',')}];\n`;
const STYLES = `${Array.from({ length: 100 }, (_, i) => `.c${i} { color: #${(i * 99).toString(16).padStart(3, '0')}; }`).join('\n')}\n`;
const INDEX = `<!doctype html><html lang="en-IE"><head><title>MaxOut</title><script type="module" src="/assets/app-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';

describe(`static files of the built SPA (${testDatabaseKind()})`, () => {
  const t = useTestApp();
  let dist: string;
  let app: ReturnType<typeof createApp>;
  let written: Awaited<ReturnType<typeof precompressDirectory>>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'maxout-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'favicon.svg'), ICON);
    writeFileSync(path.join(dist, 'assets/app-AbC123.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets/app-XyZ789.css'), STYLES);
    written = await precompressDirectory(dist);
    app = createApp({ services: t.services }, { mountStatic: (root) => mountSpa(root, dist, t.log) });
  });

  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') => app.request(urlPath, { method, headers });
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it('writes brotli and gzip variants, smaller than the file, only for files of 1 kB and more', () => {
    const byFile = Object.fromEntries(written.map((entry) => [entry.file.replace(/\\/g, '/'), entry]));
    for (const file of ['index.html', 'assets/app-AbC123.js', 'assets/app-XyZ789.css']) {
      expect(byFile[file]?.br, file).toBeLessThan(byFile[file]!.raw);
      expect(byFile[file]?.gzip, file).toBeLessThan(byFile[file]!.raw);
    }
    expect(byFile['favicon.svg']).toEqual({ file: 'favicon.svg', raw: ICON.length });
  });

  it('sends brotli when the browser accepts it, with Content-Encoding, Vary and a year of immutable caching', async () => {
    const res = await get('/assets/app-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and honours an explicit refusal of brotli', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/app-XyZ789.css', { 'accept-encoding': acceptEncoding });
      expect(res.headers.get('content-encoding'), acceptEncoding).toBe('gzip');
      expect(res.headers.get('content-type')).toMatch(/^text\/css/);
      expect(gunzipSync(await bytes(res)).toString()).toBe(STYLES);
    }
  });

  it('falls back to the file itself without Accept-Encoding, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const res = await get('/assets/app-AbC123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect((await bytes(res)).toString()).toBe(SCRIPT);
    }
  });

  it('answers HEAD with the headers of the chosen variant and no body', async () => {
    const res = await get('/assets/app-AbC123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBe(written.find((entry) => entry.file.endsWith('.js'))!.br);
    expect((await bytes(res)).length).toBe(0);
  });

  it('sends index.html for / and for any app route, compressed when accepted, never cached without revalidation', async () => {
    for (const urlPath of ['/', '/auth/login', '/pension/overview?tab=2']) {
      const res = await get(urlPath, { 'accept-encoding': 'br' });
      expect(res.status, urlPath).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe(REVALIDATE_CACHE);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(await bytes(res)).toString()).toBe(INDEX);
    }
    const plain = await get('/settings');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe(REVALIDATE_CACHE);
    expect(await plain.text()).toBe(INDEX);
  });

  it("names a route's screen files in its page when the build listed them, in every encoding", async () => {
    const withList = mkdtempSync(path.join(os.tmpdir(), 'maxout-dist-'));
    try {
      writeFileSync(path.join(withList, 'index.html'), INDEX);
      const files = ['assets/LoginScreen-Ab12.js', 'assets/LoginScreen-Cd34.css'];
      writeFileSync(
        path.join(withList, 'route-preloads.json'),
        JSON.stringify([
          { path: '/auth/login', files },
          { path: '/reset-password/$token', files: ['assets/Reset-Ef56.js'] },
          { path: '/landing', files: ['assets/Shell-Aa11.js'], later: ['assets/Overview-Bb22.js', 'assets/Overview-Cc33.css'] },
        ]),
      );
      const listed = createApp({ services: t.services }, { mountStatic: (root) => mountSpa(root, withList, t.log) });
      const expected = INDEX.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/LoginScreen-Ab12.js"><link rel="preload" as="style" crossorigin href="/assets/LoginScreen-Cd34.css"></head>',
      );
      const br = await listed.request('/auth/login?redirect=%2Fprofile', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('cache-control')).toBe(REVALIDATE_CACHE);
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(br.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(brotliDecompressSync(await bytes(br)).toString()).toBe(expected);
      const gzip = await listed.request('/auth/login', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(await bytes(gzip)).toString()).toBe(expected);
      const plain = await listed.request('/auth/login/');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await plain.text()).toBe(expected);
      expect(await (await listed.request('/reset-password/abc')).text()).toContain('href="/assets/Reset-Ef56.js"');
      // A signed-in page names its first paint's files, and the rest in an inert template the page
      // moves into its head once its frame has painted.
      expect(await (await listed.request('/landing')).text()).toBe(
        INDEX.replace(
          '</head>',
          '<link rel="modulepreload" crossorigin href="/assets/Shell-Aa11.js"><template id="after-first-paint"><link rel="modulepreload" crossorigin href="/assets/Overview-Bb22.js"><link rel="preload" as="style" crossorigin href="/assets/Overview-Cc33.css"></template></head>',
        ),
      );
      // Paths of no listed route get index.html as it is.
      for (const other of ['/welcome', '/auth/login/more', '/reset-password/']) expect(await (await listed.request(other)).text(), other).toBe(INDEX);
    } finally {
      rmSync(withList, { recursive: true, force: true });
    }
  });

  it("the build finds every lazily loaded screen's route in the router", () => {
    const routes = routesOf(readFileSync(path.join(import.meta.dirname, '../../src/app/router.tsx'), 'utf8'));
    expect(routes).toContainEqual({ path: '/welcome', module: './screens/auth/WelcomeScreen.tsx', flows: [] });
    expect(routes).toContainEqual({ path: '/auth/login', module: './screens/auth/LoginScreen.tsx', flows: [] });
    expect(routes).toContainEqual({ path: '/reset-password/$token', module: './screens/auth/ResetPasswordScreen.tsx', flows: ['resetPassword'] });
    expect(routes).toContainEqual({ path: '/form11/final-form', module: './screens/form11/FinalFormScreen.tsx', flows: ['incomeDeclaration', 'form11Flow'] });
    // Routes showing a shared component (the placeholder) have no screen of their own to name.
    expect(routes.map((route) => route.path)).not.toContain('/');
  });

  it("the build finds the module of every flow a route preloads, so its chunk is named beside the screen's", () => {
    const modules = flowModulesOf(readFileSync(path.join(import.meta.dirname, '../../src/app/flows/catalogue.ts'), 'utf8'));
    const routes = routesOf(readFileSync(path.join(import.meta.dirname, '../../src/app/router.tsx'), 'utf8'));
    for (const flow of routes.flatMap((route) => route.flows)) expect(modules.get(flow)?.at(-1), flow).toMatch(/^\.\.\/effects\/\w+\.ts$/);
    expect(modules.get('overview')).toEqual(['../effects/overviewEffects.ts']);
    // Loaded in two steps, both named.
    expect(modules.get('form11Flow')).toEqual(['../../domain/schemas/form11/index.ts', '../effects/form11FlowEffects.ts']);
  });

  it('the build names the signed-in frame and the session flows it starts at sign-in beside the screen of every signed-in route, and of no public one', () => {
    const frames = framesOf(readFileSync(path.join(import.meta.dirname, '../../src/app/router.tsx'), 'utf8'));
    for (const signedIn of ['/landing', '/settings', '/tax-refund-questions', '/form11/$formSlug', '/direct-debit']) {
      expect(frames.get(signedIn), signedIn).toEqual(['./layout/SignedInFrame.tsx', './layout/SignedInShell.tsx']);
    }
    for (const open of ['/welcome', '/auth/login', '/reset-password/$token']) expect(frames.has(open), open).toBe(false);
    // The round-ups and the guided flow (with the tax engine) load once the page has painted, not before.
    expect(sessionFlowsOf(readFileSync(path.join(import.meta.dirname, '../../src/app/flows/catalogue.ts'), 'utf8'))).toEqual(['verifyEmail']);
  });

  it('serves a small file as it is, revalidated, and keeps the security headers on static answers', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe(REVALIDATE_CACHE);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await res.text()).toBe(ICON);
  });

  it('answers a missing hashed asset with 404, not the HTML page, and leaves /api to the API', async () => {
    const asset = await get('/assets/app-Old000.js');
    expect(asset.status).toBe(404);
    expect(asset.headers.get('content-type')).toMatch(/^application\/json/);
    const api = await get('/api/maxout/no-such-thing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: expect.any(String) });
    expect((await get('/api/maxout/health')).status).toBe(200);
  });
});
