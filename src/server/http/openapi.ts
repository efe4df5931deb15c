/**
 * The API description: OpenAPI 3.1, generated from each route's own description (its valibot
 * schemas and the statuses it answers, in `routes/<resource>.openapi.ts`), converted to JSON
 * Schema by @valibot/to-json-schema. Served at /api/maxout/openapi.json (routes/openapi.ts).
 *
 * It cannot drift unnoticed: every server test compares what the server answered (the request
 * counters of /metrics, by route pattern and status) with the document, and names any route or
 * status missing from it (`describedRouteProblems`, `unlistedStatuses`, used by
 * tests/support/testDatabase.ts).
 */
import { type ConversionConfig, type JsonSchema, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { API_PREFIX } from '../../domain/constants.ts';
import type { RequestCount } from '../services/metrics.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `METHOD /path` under the API prefix, in Hono's syntax: `POST /security/devices/:id/sign-out`. */
export type RouteKey = `${HttpMethod} /${string}`;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any valibot schema, whatever its types
type AnySchema = v.BaseSchema<any, any, any>;

export interface ResponseDescription {
  description: string;
  /** The JSON body; absent: the error shape `{ message, errors? }` for 4xx/5xx, no body otherwise. */
  schema?: AnySchema;
  /** A body that is not JSON (the reference page's HTML). */
  contentType?: string;
  /** Response headers that matter to a client, by name: what each says. */
  headers?: Record<string, string>;
}

export interface ParameterDescription {
  description: string;
  schema: AnySchema;
  required?: boolean;
}

/** One route: what it does, who may call it, what it takes, and every status it answers. */
export interface RouteDescription {
  summary: string;
  description?: string;
  /** Needs `Authorization: Bearer <access token>`. */
  signedIn?: boolean;
  /** The JSON body it reads (its own exported request schema). */
  body?: AnySchema;
  /** A body of another content type (the CSP report). */
  bodyContentTypes?: string[];
  query?: Record<string, ParameterDescription>;
  params?: Record<string, ParameterDescription>;
  headers?: Record<string, ParameterDescription>;
  /** Every status the route answers, 500 and 413 excepted (see {@link EVERY_ROUTE}). */
  responses: Record<number, ResponseDescription | string>;
}

export type ApiDescription = Partial<Record<RouteKey, RouteDescription>>;

/** The error body of every 4xx and 5xx answer (http/errors.ts). */
export const ErrorSchema = v.object({
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  requestId: v.optional(v.string()),
  code: v.optional(v.string()),
});

/** Statuses of a route that reads a JSON body (http/errors.ts readJson). */
export const JSON_BODY_ERRORS = {
  400: 'The body is not valid JSON.',
  415: 'The body is not `application/json`.',
  422: 'A field is invalid or unknown: `errors` maps each field to its messages.',
} as const;
/** The status of a route behind requireAuth. */
export const SIGNED_IN_ERRORS = { 401: { description: 'No valid access token, or its session has ended.', headers: { 'WWW-Authenticate': '`Bearer`' } } } as const;
export const TOO_MANY: ResponseDescription = { description: 'Too many attempts: try again after `Retry-After` seconds.', headers: { 'Retry-After': 'Seconds to wait.' } };
/** Once two-step sign-in is on, actions that protect the account or reveal it need a session proved with a code. */
export const CODE_PROVED_ONLY: ResponseDescription = { description: '`code: "two_factor_required"`: two-step sign-in is on and this session was signed in without a code.' };
export const EMAIL_UNVERIFIED: ResponseDescription = { description: '`code: "email_unverified"`: the account’s address is not verified yet.' };

/** Statuses every route may answer, added to each operation: a server error, and the body limit of the whole API (app.ts). */
export const EVERY_ROUTE: Record<number, ResponseDescription> = {
  500: { description: 'Server error: a generic message and the `requestId` that finds the log line.' },
};
const BODY_LIMIT: Record<number, ResponseDescription> = { 413: { description: 'The body is larger than 256 kB.' } };
/** A read while the instance stops: the proxy retries it on another instance (main.ts, graceful stop). */
const DRAINING: Record<number, ResponseDescription> = { 503: { description: 'This instance is stopping: try again (a proxy retries it elsewhere).', headers: { 'Retry-After': 'Seconds to wait.' } } };

const OPENAPI_PATH_PARAM = /:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g;

/** `/security/devices/:id/sign-out` → `/security/devices/{id}/sign-out`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(OPENAPI_PATH_PARAM, '{$1}');
}

/** `POST /api/maxout/x/:id` → `POST /x/:id`; routes outside the API are not described. */
export function routeKeyOf(method: string, fullPath: string): RouteKey | null {
  if (!fullPath.startsWith(`${API_PREFIX}/`)) return null;
  return `${method.toUpperCase()} ${fullPath.slice(API_PREFIX.length)}` as RouteKey;
}

/** The concrete routes of a Hono app under the API prefix (middleware and wildcards left out). */
export function apiRouteKeys(app: { routes: readonly { method: string; path: string }[] }): RouteKey[] {
  const keys = new Set<RouteKey>();
  for (const route of app.routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) || route.path.includes('*')) continue;
    const key = routeKeyOf(route.method, route.path);
    if (key) keys.add(key);
  }
  return [...keys];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: Record<string, unknown> }>;
}

/**
 * Builds the document from the descriptions of the routes the app has (a route absent from this
 * app, such as the development-only reference page in production, is left out). `components`
 * names shared schemas: wherever one appears it becomes a `$ref`.
 */
export function buildOpenApiDocument(options: {
  routes: readonly RouteKey[];
  descriptions: ApiDescription;
  components: Record<string, AnySchema>;
  version: string;
}): OpenApiDocument {
  const definitions = { Error: ErrorSchema, ...options.components };
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    // Checks JSON Schema cannot say (a PPSN's check character, dates relative to today) are left
    // out; their messages come back as 422 field errors.
    errorMode: 'ignore',
    definitions,
    overrideRef: (context) => `#/components/schemas/${context.referenceId}`,
  };
  const convert = (schema: AnySchema, typeMode: 'input' | 'output'): JsonSchema => {
    const { $schema: _schema, $defs: _defs, ...json } = toJsonSchema(schema, { ...config, typeMode: typeMode === 'input' ? 'input' : 'ignore' }) as JsonSchema & {
      $schema?: unknown;
      $defs?: unknown;
    };
    return json;
  };
  const schemas = Object.fromEntries(
    Object.entries(toJsonSchemaDefs(definitions, { ...config, definitions: undefined } as Omit<ConversionConfig, 'definitions'>)).map(([name, schema]) => {
      const { $schema: _schema, $defs: _defs, ...json } = schema as JsonSchema & { $schema?: unknown; $defs?: unknown };
      return [name, json];
    }),
  );

  const present = new Set(options.routes);
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const [key, route] of Object.entries(options.descriptions) as [RouteKey, RouteDescription][]) {
    if (!present.has(key)) continue;
    const [method, path] = key.split(' ') as [HttpMethod, string];
    const tag = path.split('/')[1] ?? 'api';
    tags.add(tag);
    const parameters = [
      ...Object.entries(route.params ?? {}).map(([name, p]) => ({ name, in: 'path', required: true, description: p.description, schema: convert(p.schema, 'input') })),
      ...Object.entries(route.query ?? {}).map(([name, p]) => ({ name, in: 'query', required: p.required ?? false, description: p.description, schema: convert(p.schema, 'input') })),
      ...Object.entries(route.headers ?? {}).map(([name, p]) => ({ name, in: 'header', required: p.required ?? false, description: p.description, schema: convert(p.schema, 'input') })),
    ];
    const content: Record<string, { schema: JsonSchema }> = {};
    if (route.body) content['application/json'] = { schema: convert(route.body, 'input') };
    for (const type of route.bodyContentTypes ?? []) content[type] = { schema: {} };
    const responses: OpenApiOperation['responses'] = {};
    const all = { ...(method === 'GET' ? DRAINING : BODY_LIMIT), ...route.responses, ...EVERY_ROUTE };
    for (const [status, given] of Object.entries(all).sort(([a], [b]) => Number(a) - Number(b))) {
      const response = typeof given === 'string' ? { description: given } : given;
      const code = Number(status);
      const schema = response.schema ?? (code >= 400 ? ErrorSchema : undefined);
      responses[status] = {
        description: response.description,
        ...(response.contentType
          ? { content: { [response.contentType]: { schema: { type: 'string' } } } }
          : schema && code !== 204
            ? { content: { 'application/json': { schema: convert(schema, 'output') } } }
            : {}),
        ...(response.headers ? { headers: Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) } : {}),
      };
    }
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = {
      operationId: operationId(method, path),
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [tag],
      ...(route.signedIn ? { security: [{ bearer: [] }] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'MaxOut API',
      version: options.version,
      description:
        'JSON in and out under /api/maxout. Every error is `{ message, errors?: { field: [messages] } }`. ' +
        'Signed-in calls send `Authorization: Bearer <access_token>` from POST /auth/login.',
    },
    servers: [{ url: API_PREFIX }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}

function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/^:/, 'by-'))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** Routes the app has that no description covers, and descriptions of routes the app does not have. */
export function describedRouteProblems(routes: readonly RouteKey[], descriptions: ApiDescription, optional: readonly RouteKey[] = []): string[] {
  const present = new Set(routes);
  const missing = routes.filter((key) => !(key in descriptions)).map((key) => `${key} is not in the API description: add it to its routes/<resource>.openapi.ts`);
  const stale = (Object.keys(descriptions) as RouteKey[])
    .filter((key) => !present.has(key) && !optional.includes(key))
    .map((key) => `${key} is described but the app has no such route: remove it from its routes/<resource>.openapi.ts`);
  return [...missing, ...stale];
}

/** Statuses the server answered that the document does not list for the route, one line each. */
export function unlistedStatuses(counts: readonly RequestCount[], document: OpenApiDocument): string[] {
  const problems = new Set<string>();
  for (const { method: asked, route, status } of counts) {
    // Hono answers HEAD with the GET route.
    const method = asked === 'HEAD' ? 'GET' : asked;
    const key = routeKeyOf(method, route);
    if (!key) continue;
    const path = openApiPath(key.slice(key.indexOf(' ') + 1));
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) problems.add(`${key} answered ${status} but is not in the API description`);
    else if (!(String(status) in operation.responses)) problems.add(`${key} answered ${status}, which its API description does not list`);
  }
  return [...problems].sort();
}
