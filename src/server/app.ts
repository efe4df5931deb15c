import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { API_PREFIX } from '../domain/constants.ts';
import type { Database } from './db/index.ts';
import { ApiError, errorResponse } from './http/errors.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { passwordRoutes } from './routes/password.ts';
import { profileRoutes } from './routes/profile.ts';
import type { AuthRateLimits } from './services/authLimits.ts';
import type { Clock } from './services/clock.ts';
import type { Logger } from './services/logger.ts';
import type { Mailer } from './services/mailer.ts';
import type { SESSION_LIMITS } from './services/sessions.ts';

export interface AppDeps {
  database: Database;
  log: Logger;
  clock: Clock;
  /** Origin of the SPA as users reach it, without a trailing slash; mailed links start with it. */
  publicUrl: string;
  /** HS256 key of the access tokens (and the refresh-token successor derivation). */
  jwtSecret: Uint8Array;
  /** AES-256-GCM key (32 bytes) for fields encrypted at rest (PPSN). */
  encryptionKey: Uint8Array;
  /** Outbox + delivery (log line in development, SMTP when configured). */
  mailer: Mailer;
  /** How many reverse proxies to trust for X-Forwarded-For (TRUST_PROXY); 0 or absent: use the socket address. */
  trustProxy?: number;
  /** Overrides of the brute-force limits (tests). */
  rateLimits?: Partial<AuthRateLimits>;
  /** Overrides of the session lifetimes and grace window (tests). */
  sessionLimits?: Partial<typeof SESSION_LIMITS>;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by requireAuth (src/server/http/requireAuth.ts) on authenticated routes. */
    userId: string;
    /** The session family of the access token; set by requireAuth. */
    familyId: string;
  };
};

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
};

/** The API as a Hono app; usable in tests through `app.request()` without a port. */
export function createApiApp(deps: AppDeps) {
  const api = new Hono<AppEnv>().basePath(API_PREFIX);

  api.use('*', async (c, next) => {
    await next();
    // Personal data must not linger in shared caches or the back/forward cache.
    c.header('Cache-Control', 'no-store');
  });
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
    }),
  );

  api.route('/', healthRoutes(deps));
  api.route('/', authRoutes(deps));
  api.route('/', passwordRoutes(deps));
  api.route('/', profileRoutes(deps));

  api.notFound((c) => c.json({ message: 'Not found.' }, 404));
  return api;
}

/** Request paths may carry a secret: the SPA's /reset-password/{token} page. Logs keep only its shape. */
export function redactPath(path: string): string {
  return path.replace(/\/reset-password\/[^/]+/i, '/reset-password/[redacted]');
}

/** The whole server: security headers, request ids and logs, the API, and the error shape. */
export function createApp(deps: AppDeps, options: { mountStatic?: (app: Hono<AppEnv>) => void } = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    deps.log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
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
    deps.log.error('unhandled error', {
      requestId: c.get('requestId'),
      path: redactPath(c.req.path),
      error: error instanceof Error ? error.message : String(error),
    });
    // Generic by design: no stack, SQL or path leaves the server; the id finds the log line.
    return c.json({ message: 'Server error, please try again later.', requestId: c.get('requestId') }, 500);
  });

  app.route('/', createApiApp(deps));
  options.mountStatic?.(app);
  app.notFound((c) => c.json({ message: 'Not found.' }, 404));
  return app;
}
