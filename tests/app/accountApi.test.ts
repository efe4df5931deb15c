// @vitest-environment happy-dom
/**
 * The account calls of src/api/account.ts against a stubbed fetch: paths, bodies, the bearer
 * token, the download's file name, and answers validated before use.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAccount, downloadExport, exportFileName, getRetentionPlan, setPayeOptOut } from '../../src/api/account.ts';
import { createSessionClient } from '../../src/api/client.ts';
import { aUser } from '../support/builders.ts';

const USER = aUser({ opt_out_paye_auth: true });
const PLAN = { erased: ['Your email address'], kept: [{ what: 'Your Form 11 claim for 2024', reason: 'Revenue', until: '2030-12-31', table: 'form11_entries' }], keptUntil: '2030-12-31' };

let seen: { method: string; path: string; authorization: string | null; body: unknown }[] = [];
function serve(handler: (path: string) => Response) {
  seen = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const text = await request.clone().text();
    const path = new URL(request.url).pathname;
    seen.push({ method: request.method, path, authorization: request.headers.get('authorization'), body: text ? JSON.parse(text) : undefined });
    return handler(path);
  });
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const client = () => createSessionClient({ getAccessToken: () => 'token-1', onUnauthorized: async () => null, currentPath: () => '/settings' });

afterEach(() => vi.unstubAllGlobals());

describe('account API calls', () => {
  it('POST /paye-opt-out sends the one flag and reads the user', async () => {
    serve(() => json(200, USER));
    const user = await setPayeOptOut(client(), true);
    expect(user.opt_out_paye_auth).toBe(true);
    expect(seen).toEqual([{ method: 'POST', path: '/api/maxout/paye-opt-out', authorization: 'Bearer token-1', body: { opt_out_paye_auth: true } }]);
  });

  it('GET /export gives the file and the name the server chose', async () => {
    serve(() => json(200, { format: 'maxout-export/1' }, { 'content-disposition': 'attachment; filename="maxout-data-2026-11-25.json"' }));
    const { blob, fileName } = await downloadExport(client(), '2000-01-01');
    expect(fileName).toBe('maxout-data-2026-11-25.json');
    expect(JSON.parse(await blob.text())).toEqual({ format: 'maxout-export/1' });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/maxout/export' });
  });

  it('the file name falls back to a dated one and never takes a path', () => {
    expect(exportFileName(null, '2026-11-25')).toBe('maxout-data-2026-11-25.json');
    expect(exportFileName('attachment; filename="../../etc/passwd"', '2026-11-25')).toBe('maxout-data-2026-11-25.json');
    expect(exportFileName('attachment; filename="x.json"', '2026-11-25')).toBe('x.json');
  });

  it('the retention plan and closing read the same shape; a wrong answer is a failure, not data', async () => {
    serve((path) => (path.endsWith('/account/close') ? json(200, PLAN) : json(200, PLAN)));
    expect((await getRetentionPlan(client())).keptUntil).toBe('2030-12-31');
    expect((await closeAccount(client(), 'pw')).kept[0]).toEqual({ what: 'Your Form 11 claim for 2024', reason: 'Revenue', until: '2030-12-31' });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['GET', '/api/maxout/account/retention', undefined],
      ['POST', '/api/maxout/account/close', { password: 'pw' }],
    ]);
    serve(() => json(200, { erased: 'nope' }));
    await expect(getRetentionPlan(client())).rejects.toThrow();
  });
});
