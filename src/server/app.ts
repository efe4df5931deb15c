import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { API_PREFIX } from '../domain/constants.ts';
import type { AppDeps, AppEnv } from './appEnv.ts';
import { addressNetwork, clientAddress } from './http/clientAddress.ts';
import { ApiError, errorResponse } from './http/errors.ts';
import { apiRoutes } from './routes/index.ts';
import { openApiRoutes } from './routes/openapi.ts';
import type { Metrics } from './services/metrics.ts';

/** Largest JSON body the API reads; bigger bodies get 413 before they are parsed. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Content-Security-Policy for the SPA and the API. No inline script; styles may be inline
 * because Mantine writes its CSS variables into a <style> element at runtime.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Violations are posted to the API and logged (routes/csp.ts).
  reportUri: [`${API_PREFIX}/csp-report`],
};

/** The API as a Hono app; usable in tests through `app.request()` without a port. */
export function createApiApp(deps: AppDeps) {
  const { services } = deps;
  const api = new Hono<AppEnv>().basePath(API_PREFIX);

  api.use('*', async (c, next) => {
    await next();
    // Personal data must not linger in shared caches or the back/forward cache.
    c.header('Cache-Control', 'no-store');
  });
  // The rest of the body is not read, so the connection cannot carry another request: say so,
  // or a pooling client (or a keep-alive proxy) sends its next request into a closing socket.
  const tooLarge = (c: Context) => c.json({ message: 'The request body is too large.' }, 413, { Connection: 'close' });
  const streamedBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  api.use('*', async (c, next) => {
    // Served by Node, the headers say it all: without Transfer-Encoding the body is Content-Length
    // bytes, or none. hono's bodyLimit asks the request for its body stream first, which makes the
    // Node adapter build a whole web Request (and a stream for a POST's body) on every request,
    // and a POST's JSON is then read through that stream instead of straight from the socket.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming && incoming.headers['transfer-encoding'] === undefined) {
      const declared = incoming.headers['content-length'];
      if (declared !== undefined && Number.parseInt(declared, 10) > MAX_BODY_BYTES) return tooLarge(c);
      return next();
    }
    // A chunked body, or a request not from Node (tests' app.request): counted as it is read.
    return streamedBodyLimit(c, next);
  });

  for (const routes of apiRoutes) api.route('/', routes(services));
  api.route('/', openApiRoutes(api, { reference: deps.apiReference ?? false }));

  api.notFound((c) => c.json({ message: 'Not found.' }, 404));
  return api;
}

/**
 * The pattern of the route that answered (`/api/maxout/security/devices/:id/sign-out`): the last
 * matched route that is not middleware. `(none)` when no route matched (a 404, a static file).
 * Metrics count by it, so their labels stay few whatever paths are asked for.
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    if (route.method !== 'ALL' && !route.path.includes('*')) return route.path;
  }
  return '(none)';
}

/** What a read answers while the instance drains before it stops. */
export const DRAINING = 'This server is stopping. Please try again.';
/** Answered as usual while draining: they report on the instance itself. */
const LIVENESS_PATHS = new Set([`${API_PREFIX}/health`, `${API_PREFIX}/ready`]);

/** GET /metrics in Prometheus's text format. */
export async function metricsResponse(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.text(), { status: 200, headers: { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' } });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** PostgreSQL's "try again" failures: serialization_failure and deadlock_detected, on the error or its cause. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40001' || code === '40P01') return true;
  }
  return false;
}

/** Request paths may carry a secret: the SPA's /reset-password/{token} page. Logs keep only its shape. */
export function redactPath(path: string): string {
  return path.replace(/\/reset-password\/[^/]+/i, '/reset-password/[redacted]');
}

/** The whole server: request context and logs, security headers, the API, and the error shape. */
export function createApp(deps: AppDeps, options: { mountStatic?: (app: Hono<AppEnv>) => void } = {}) {
  const app = new Hono<AppEnv>();
  const trustProxy = deps.trustProxy ?? 0;

  // Request context: a server-chosen id (never the client's, so one id finds one request), a
  // logger bound to it, the client address; then one line per request.
  const { metrics, lifecycle } = deps.services;
  app.use('*', async (c, next) => {
    const started = performance.now();
    const finished = metrics.requestStarted();
    const requestId = randomUUID();
    const log = deps.services.log.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const address = clientAddress(c, trustProxy);
    c.set('clientAddress', address);
    c.set('clientNetwork', addressNetwork(address));
    c.header('X-Request-Id', requestId);
    if (lifecycle.draining && (c.req.method === 'GET' || c.req.method === 'HEAD') && !LIVENESS_PATHS.has(c.req.path)) {
      // The proxy retries a read that answers 503 on another instance and stops sending this one
      // requests for a while, so none is in flight when the listener closes. Writes are served.
      c.header('Retry-After', '1');
      c.res = c.json({ message: DRAINING }, 503);
    } else await next();
    finished();
    // Stopping: every answer ends its connection, so clients and the proxy open new ones
    // elsewhere instead of reusing one that is about to close.
    if (lifecycle.stopping) c.header('Connection', 'close');
    // A body the answer did not wait for (a GET with a body, a 415, a 401 before reading) is left
    // on the connection: close it after this answer instead of keeping it alive, so a pooling
    // client never sends its next request into a connection that is being torn down.
    const declared = Number(c.req.header('content-length') ?? '0');
    if ((declared > 0 || c.req.header('transfer-encoding') !== undefined) && !c.req.raw.bodyUsed) c.header('Connection', 'close');
    const seconds = (performance.now() - started) / 1000;
    metrics.observeRequest(c.req.method, routePattern(c), c.res.status, seconds);
    log.info({ method: c.req.method, path: redactPath(c.req.path), status: c.res.status, ms: Math.round(seconds * 10_000) / 10 }, 'request');
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy,
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      referrerPolicy: 'no-referrer',
      xFrameOptions: 'DENY',
      crossOriginOpenerPolicy: 'same-origin',
      crossOriginResourcePolicy: 'same-origin',
      xContentTypeOptions: 'nosniff',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    // Two transactions that could not both go on (a serialization failure or a deadlock): nothing
    // was written by this one, so the client may simply try again (checklist H3).
    if (isRetryableConflict(error)) {
      (c.var.log ?? deps.services.log).warn({ path: redactPath(c.req.path), err: error }, 'database conflict, answered 503');
      c.header('Retry-After', '1');
      return c.json({ message: 'Another change to your account happened at the same moment. Please try again.', requestId: c.get('requestId') }, 503);
    }
    // The logger reduces the error to safe fields (services/logRedaction.ts): no SQL parameter,
    // database detail or personal value reaches the line.
    (c.var.log ?? deps.services.log).error({ path: redactPath(c.req.path), err: error }, 'unhandled error');
    // Generic by design: no stack, SQL or path leaves the server; the id finds the log line.
    return c.json({ message: 'Server error, please try again later.', requestId: c.get('requestId') }, 500);
  });

  app.route('/', createApiApp(deps));
  const metricsToken = deps.metricsToken;
  if (metricsToken) {
    // Never public: only a scraper holding the token (METRICS_TOKEN) reads it on this port.
    app.get('/metrics', async (c) => {
      const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!given || !sameSecret(given, metricsToken)) {
        c.header('WWW-Authenticate', 'Bearer');
        return c.json({ message: 'Unauthenticated.' }, 401);
      }
      return metricsResponse(metrics);
    });
  }
  options.mountStatic?.(app);
  app.notFound((c) => c.json({ message: 'Not found.' }, 404));
  return app;
}
