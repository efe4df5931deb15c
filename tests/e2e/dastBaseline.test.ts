/**
 * A DAST-style passive baseline (checklist J1) over the built server as it runs in production
 * (the e2e project's server: `npm run build` output, real port): every page and asset the SPA
 * links to, every API route the server declares (with no credentials, with junk, with a wrong
 * content type), error paths and unknown paths are requested, and each answer is checked the way
 * a baseline scanner's passive rules would fail it (ZAP 10010/10011/10020/10021/10035/10036/
 * 10038/10054/10055/10096/10202/90022 and friends): security headers, no cookies, no version or
 * stack leaks, no CORS grant, no caching of API answers, JSON errors. Exits with a list of findings.
 */
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/constants.ts';
import { discoverRoutes } from '../support/apiRoutes.ts';
import { createApp } from '../../src/server/app.ts';
import { baseUrl } from './harness.ts';

/** Every API route, read from the same app definition the server runs (no services needed to list them). */
function apiRoutes(): { method: string; path: string }[] {
  // Building the routes reads no service: a stand-in that answers anything is enough to list them.
  const anything: unknown = new Proxy(() => anything, { get: () => anything, apply: () => anything });
  return discoverRoutes(createApp({ services: anything as never }));
}

interface Finding {
  url: string;
  rule: string;
}

const LEAKS = /(at [\w.<>]+ \(|node_modules|\/src\/server|SQLSTATE|syntax error at or near|postgres|pglite|TypeError|ReferenceError)/i;

function passiveRules(url: string, res: Response, body: string, isApi: boolean): Finding[] {
  const h = res.headers;
  const findings: Finding[] = [];
  const need = (rule: string, ok: boolean) => {
    if (!ok) findings.push({ url, rule });
  };
  need('10035 Strict-Transport-Security max-age ≥ 1 year with includeSubDomains', /max-age=(\d+)/.test(h.get('strict-transport-security') ?? '') && Number(/max-age=(\d+)/.exec(h.get('strict-transport-security')!)![1]) >= 31_536_000 && /includeSubDomains/.test(h.get('strict-transport-security')!));
  need('10021 X-Content-Type-Options nosniff', h.get('x-content-type-options') === 'nosniff');
  const csp = h.get('content-security-policy') ?? '';
  need('10038 Content-Security-Policy present', csp !== '');
  need('10055 CSP: no unsafe-inline/unsafe-eval for scripts', !/script-src[^;]*'unsafe-(inline|eval)'/.test(csp));
  need('10055 CSP: object-src none, base-uri none, frame-ancestors none', /object-src 'none'/.test(csp) && /base-uri 'none'/.test(csp) && /frame-ancestors 'none'/.test(csp));
  need('10020 anti-clickjacking (X-Frame-Options or frame-ancestors)', /DENY|SAMEORIGIN/i.test(h.get('x-frame-options') ?? '') || /frame-ancestors/.test(csp));
  need('10036/10037 no Server or X-Powered-By version leak', !/\d/.test(h.get('server') ?? '') && h.get('x-powered-by') === null);
  need('10010/10011/10054 no cookies set', h.get('set-cookie') === null);
  need('10098 no CORS grant', h.get('access-control-allow-origin') === null);
  need('Referrer-Policy set', (h.get('referrer-policy') ?? '') !== '');
  // Scripts and styles are code, not answers: a library's own `TypeError(...)` in a bundle is no leak.
  const isCode = /javascript|text\/css/.test(h.get('content-type') ?? '');
  need('90022/10023 no stack trace, SQL or file path in the answer', isCode || !LEAKS.test(body));
  if (isApi) {
    need('10049 API answers not cacheable (no-store)', /no-store/.test(h.get('cache-control') ?? ''));
    // The sandbox bank's consent page stands in for a bank's own site: an HTML form, by design.
    const htmlByDesign = /\/sandbox-bank\/consents\//.test(url);
    need('API answers are JSON', htmlByDesign ? /text\/html|application\/json/.test(h.get('content-type') ?? '') : /application\/json/.test(h.get('content-type') ?? '') || res.status === 204);
    need('no 5xx', res.status < 500);
  } else {
    need('pages have a content type', (h.get('content-type') ?? '') !== '');
    need('no 5xx', res.status < 500);
  }
  return findings;
}

describe('DAST-style passive baseline over the built server (J1)', () => {
  it('finds no header, cookie, leak or caching problem on any page, asset or API route', async () => {
    const base = baseUrl();
    const findings: Finding[] = [];
    const requested = new Set<string>();
    const fetchAndCheck = async (path: string, init: RequestInit = {}, label = path) => {
      const res = await fetch(new URL(path, base), { redirect: 'manual', ...init });
      const body = await res.text();
      requested.add(`${init.method ?? 'GET'} ${label}`);
      findings.push(...passiveRules(`${init.method ?? 'GET'} ${label} → ${res.status}`, res, body, path.startsWith(API_PREFIX)));
      return body;
    };

    // Spider: the SPA's entry, what it links to, the public routes, and paths that do not exist.
    const index = await fetchAndCheck('/');
    const linked = [...index.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    for (const path of new Set(linked)) await fetchAndCheck(path);
    for (const path of ['/welcome', '/auth/login', '/auth/register', '/auth/forgot-password', '/reset-password/not-a-token', '/terms-and-conditions', '/landing', '/assets/missing-0000.js', '/.env', '/../../etc/passwd', '/index.html?x=<script>']) {
      await fetchAndCheck(path);
    }

    // Every API route: no credentials, a junk token, a wrong content type and malformed JSON.
    for (const route of apiRoutes()) {
      const path = route.path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?\??/g, '00000000-0000-4000-8000-000000000000');
      const variants: [string, RequestInit][] = [
        ['no credentials', { method: route.method, headers: { 'content-type': 'application/json' }, ...(route.method === 'GET' ? {} : { body: '{}' }) }],
        ['junk token', { method: route.method, headers: { authorization: 'Bearer junk', 'content-type': 'application/json' }, ...(route.method === 'GET' ? {} : { body: '{}' }) }],
      ];
      if (route.method !== 'GET') {
        variants.push(['text/plain', { method: route.method, headers: { 'content-type': 'text/plain' }, body: 'x' }]);
        variants.push(['broken JSON', { method: route.method, headers: { 'content-type': 'application/json' }, body: '{"a":' }]);
      }
      for (const [label, init] of variants) await fetchAndCheck(path, init, `${path} (${label})`);
    }
    await fetchAndCheck(`${API_PREFIX}/no-such-route`);
    await fetchAndCheck(`${API_PREFIX}/auth/login`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }, 'preflight from another origin');

    expect(requested.size).toBeGreaterThan(100);
    expect(findings, findings.map((f) => `${f.rule}: ${f.url}`).join('\n')).toEqual([]);
  }, 120_000);
});
