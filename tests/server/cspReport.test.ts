/**
 * Content-Security-Policy reports and logout clean-up (both databases): the CSP names the report
 * endpoint; POST /csp-report logs violations of both report formats with URLs cut to their path;
 * logout answers with Clear-Site-Data.
 */
import { describe, expect, it } from 'vitest';
import { CLEAR_SITE_DATA_ON_LOGOUT } from '../../src/server/routes/auth.ts';
import { testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const URL_PATH = '/api/maxout/csp-report';

describe(`CSP reports and Clear-Site-Data (${testDatabaseKind()})`, () => {
  const t = useTestApp();
  const post = (body: string, type: string) => t.app.request(URL_PATH, { method: 'POST', headers: { 'content-type': type }, body });

  it('names the report endpoint in the Content-Security-Policy', async () => {
    const res = await t.request('GET', '/health');
    expect(res.headers['content-security-policy']).toContain(`report-uri ${URL_PATH}`);
  });

  it('logs a classic report without the query of any URL', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'https://maxout.ie/reset-password/SECRETTOKEN?x=1',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example/x.js?token=abc#frag',
        'source-file': 'https://maxout.ie/assets/index.js',
        'line-number': 12,
        disposition: 'enforce',
      },
    };
    const res = await post(JSON.stringify(report), 'application/csp-report');
    expect(res.status).toBe(204);
    const line = t.log.lines.find((entry) => entry.msg === 'security.csp_violation');
    expect(line).toMatchObject({ directive: 'script-src-elem', blocked: 'https://evil.example/x.js', line: 12, disposition: 'enforce' });
    expect(JSON.stringify(line)).not.toContain('token=abc');
    expect(JSON.stringify(line)).not.toContain('SECRETTOKEN');
  });

  it('logs each violation of a Reporting API list', async () => {
    const reports = [
      { type: 'csp-violation', body: { documentURL: 'https://maxout.ie/', effectiveDirective: 'img-src', blockedURL: 'https://tracker.example/p.gif', disposition: 'enforce' } },
      { type: 'deprecation', body: { id: 'x' } },
      { type: 'csp-violation', body: { documentURL: 'https://maxout.ie/', effectiveDirective: 'script-src', blockedURL: 'inline' } },
    ];
    expect((await post(JSON.stringify(reports), 'application/reports+json')).status).toBe(204);
    const lines = t.log.lines.filter((entry) => entry.msg === 'security.csp_violation');
    expect(lines.map((line) => line.directive)).toEqual(['img-src', 'script-src']);
  });

  it('refuses what is not a report without a 5xx', async () => {
    expect((await post('{}', 'text/plain')).status).toBe(415);
    expect((await post('{', 'application/csp-report')).status).toBe(400);
    expect((await post('{"csp-report": 1}', 'application/csp-report')).status).toBe(422);
    expect((await post('[1, null, {"type":"csp-violation","body":[]}]', 'application/reports+json')).status).toBe(422);
    expect((await post(JSON.stringify({ 'csp-report': { pad: 'x'.repeat(20_000) } }), 'application/csp-report')).status).toBe(413);
  });

  it('answers logout with Clear-Site-Data for cache and storage', async () => {
    const res = await t.request('POST', '/auth/logout', {});
    expect(res.status).toBe(200);
    expect(res.headers['clear-site-data']).toBe(CLEAR_SITE_DATA_ON_LOGOUT);
    expect(CLEAR_SITE_DATA_ON_LOGOUT).toBe('"cache", "storage"');
  });
});
