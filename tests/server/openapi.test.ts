/**
 * The API description (OpenAPI 3.1) is generated from each route's own description
 * (src/server/routes/<resource>.openapi.ts) and cannot drift: this file checks that every route
 * of the app is described and nothing else is, and that the checks name exactly the route or
 * status that is missing. The statuses themselves are compared after every server test file
 * (tests/support/testDatabase.ts: what the server answered against the document).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { type ApiDescription, type OpenApiDocument, apiRouteKeys, describedRouteProblems, unlistedStatuses } from '../../src/server/http/openapi.ts';
import { API_DESCRIPTION, OPTIONAL_ROUTES, apiDocument } from '../../src/server/routes/openapi.ts';
import { apiDescriptionProblems, send, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

/** Every `$ref` in the document, so each can be checked to resolve. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refs(inner, found);
    }
  }
  return found;
}

describe(`the generated API description (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('describes every route of the app, and no route the app does not have', () => {
    expect(describedRouteProblems(apiRouteKeys(t.app), API_DESCRIPTION, OPTIONAL_ROUTES)).toEqual([]);
  });

  it('names a route that is missing from the description, and a description whose route is gone', () => {
    const { ['POST /auth/login']: _login, ...withoutLogin } = API_DESCRIPTION;
    const withExtra: ApiDescription = { ...API_DESCRIPTION, 'POST /roundups/undo': { summary: 'x', responses: { 200: 'ok' } } };
    expect(describedRouteProblems(apiRouteKeys(t.app), withoutLogin, OPTIONAL_ROUTES)).toEqual(['POST /auth/login is not in the API description: add it to its routes/<resource>.openapi.ts']);
    expect(describedRouteProblems(apiRouteKeys(t.app), withExtra, OPTIONAL_ROUTES)).toEqual([
      'POST /roundups/undo is described but the app has no such route: remove it from its routes/<resource>.openapi.ts',
    ]);
  });

  it('names a status a route answered that its description does not list', async () => {
    const document = apiDocument(apiRouteKeys(t.app));
    const counts = [
      { method: 'POST', route: '/api/maxout/auth/login', status: 401, count: 3 },
      { method: 'POST', route: '/api/maxout/auth/login', status: 418, count: 1 },
      { method: 'POST', route: '/api/maxout/security/devices/:id/sign-out', status: 409, count: 1 },
      { method: 'GET', route: '/api/maxout/roundups', status: 200, count: 1 },
      { method: 'GET', route: '(none)', status: 404, count: 2 },
    ];
    expect(unlistedStatuses(counts, document)).toEqual([
      'GET /roundups answered 200 but is not in the API description',
      'POST /auth/login answered 418, which its API description does not list',
      'POST /security/devices/:id/sign-out answered 409, which its API description does not list',
    ]);
    // And from a real answer: a test route's status is compared like any other once it is in the document.
    const document418: OpenApiDocument = structuredClone(document);
    delete document418.paths['/health']!.get!.responses['200'];
    expect((await send(t.app, 'GET', '/health')).status).toBe(200);
    expect(unlistedStatuses(await t.services.metrics.requestCounts(), document418)).toEqual(['GET /health answered 200, which its API description does not list']);
    expect(await apiDescriptionProblems(t)).toEqual([]);
  });

  it('is served as OpenAPI 3.1 at /api/maxout/openapi.json, from the routes’ own valibot schemas', async () => {
    const res = await t.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const document = res.body as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/api/maxout' }]);
    const login = document.paths['/auth/login']!.post!;
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '413', '415', '422', '429', '500']);
    const loginBody = (login.requestBody as { content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } } }).content['application/json'].schema;
    expect(Object.keys(loginBody.properties)).toEqual(expect.arrayContaining(['email', 'password', 'remember']));
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(document.paths['/profile']!.get!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/security/devices/{id}/sign-out']!.post!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(document.paths['/contribute']!.post!.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]);
    expect(document.components.schemas.User).toMatchObject({ type: 'object' });
    // Every reference resolves to a named schema.
    for (const ref of refs(document)) expect(document.components.schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    // The development reference page is not in a production app's document.
    expect(document.paths['/reference']).toBeUndefined();
  });

  it('has a readable reference page in development only', async () => {
    const development = createApp({ services: t.services, apiReference: true });
    const page = await development.request('/api/maxout/reference');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('/auth/login');
    expect(html).toContain('Sign in with email and password');
    expect(html).not.toContain('<script');
    expect((await send(development, 'GET', '/openapi.json')).body.paths['/reference']).toBeDefined();
    expect((await t.request('GET', '/reference')).status).toBe(404);
  });
});
