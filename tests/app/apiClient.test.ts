// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createSessionClient, getJson, publicClient, toApiFailure } from '../../src/api/client.ts';
import * as v from 'valibot';

type Handler = (request: Request) => Response | Promise<Response>;

let seen: Request[] = [];
function serve(handler: Handler) {
  seen = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    seen.push(request.clone());
    return handler(request);
  });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let http: ApiClient;

/** A session client whose owner hands out 'old-token' and, on a 401, 'fresh-token' (or ends the session). */
function hooks(overrides: { currentPath?: () => string; refreshed?: string | null } = {}) {
  const onUnauthorized = vi.fn(async () => (overrides.refreshed === undefined ? 'fresh-token' : overrides.refreshed));
  http = createSessionClient({ getAccessToken: () => 'old-token', currentPath: overrides.currentPath ?? (() => '/landing'), onUnauthorized });
  return { onUnauthorized };
}

describe('API client', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/landing');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON to /api/maxout with the bearer token', async () => {
    hooks();
    serve(() => json(200, { status: 'ok' }));
    await expect(getJson(http, 'health', v.object({ status: v.string() }))).resolves.toEqual({ status: 'ok' });
    expect(new URL(seen[0]!.url).pathname).toBe('/api/maxout/health');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer old-token');
  });

  it('on a 401 asks the session owner once and retries once with the fresh token', async () => {
    const { onUnauthorized } = hooks();
    serve((request) => (request.headers.get('authorization') === 'Bearer fresh-token' ? json(200, { ok: true }) : json(401, { message: 'Unauthenticated.' })));
    await expect(http.get('profile').json()).resolves.toEqual({ ok: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual(['Bearer old-token', 'Bearer fresh-token']);
  });

  it('does not loop when the retried request is refused again', async () => {
    const { onUnauthorized } = hooks();
    serve(() => json(401, { message: 'Unauthenticated.' }));
    const failure = await toApiFailure(await http.get('profile').json().catch((e: unknown) => e));
    expect(failure).toMatchObject({ status: 401, message: 'Unauthenticated.', source: 'server' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
  });

  it('surfaces the 401 when the session could not be refreshed', async () => {
    const { onUnauthorized } = hooks({ refreshed: null });
    serve(() => json(401, { message: 'Unauthenticated.' }));
    const error = await http.get('profile').json().catch((e: unknown) => e);
    expect((await toApiFailure(error)).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });

  it.each(['auth/login', 'auth/register', 'auth/refresh', 'auth/logout'])('leaves a 401 from %s to the caller', async (path) => {
    const { onUnauthorized } = hooks();
    serve(() => json(401, { message: 'Invalid email or password.' }));
    const failure = await toApiFailure(await http.post(path, { json: {} }).json().catch((e: unknown) => e));
    expect(failure).toMatchObject({ status: 401, message: 'Invalid email or password.', source: 'server' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves a 401 to the screen while the page is under /auth/', async () => {
    const { onUnauthorized } = hooks({ currentPath: () => '/auth/login' });
    serve(() => json(401, { message: 'Unauthenticated.' }));
    await http.get('profile').json().catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps failures to data: field errors, bodies without a message, and no response at all', async () => {
    hooks();
    serve(() => json(422, { message: 'The given data was invalid.', errors: { email: ['Email is required'] } }));
    expect(await toApiFailure(await http.post('auth/register', { json: {} }).json().catch((e: unknown) => e))).toEqual({
      status: 422,
      message: 'The given data was invalid.',
      source: 'server',
      fieldErrors: { email: ['Email is required'] },
    });

    serve(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await toApiFailure(await http.get('profile').json().catch((e: unknown) => e))).toMatchObject({ status: 502, message: null, source: 'server' });

    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await toApiFailure(await http.get('profile').json().catch((e: unknown) => e))).toEqual({
      status: null,
      message: 'Failed to fetch',
      source: 'network',
    });
  });

  it('treats a response of the wrong shape as a failure, not as data', async () => {
    hooks();
    serve(() => json(200, { status: 42 }));
    const error = await getJson(http, 'health', v.object({ status: v.string() })).catch((e: unknown) => e);
    expect(await toApiFailure(error)).toMatchObject({ status: null, source: 'network' });
  });

  it('the public client sends no session token and leaves a 401 to the caller; a token given explicitly is sent', async () => {
    const { onUnauthorized } = hooks();
    serve(() => json(401, { message: 'Unauthenticated.' }));
    const failure = await toApiFailure(await getJson(publicClient, 'profile', v.object({})).catch((e: unknown) => e));
    expect(failure.status).toBe(401);
    expect(seen[0]!.headers.get('authorization')).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();

    serve(() => json(200, {}));
    await getJson(publicClient, 'profile', v.object({}), { accessToken: 'just-received' });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer just-received');
  });
});
