import type { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import type { Services } from './services/index.ts';
import type { Logger } from './services/logger.ts';
import type { UserRow } from './services/users.ts';

/** What createApp (app.ts) is given. */
export interface AppDeps {
  /** Built once per process by createServices (services/index.ts). */
  services: Services;
  /** How many reverse proxies to trust for X-Forwarded-For (TRUST_PROXY); 0 or absent: the socket address. */
  trustProxy?: number | undefined;
  /** Serve GET /metrics on this app to a bearer of this token (METRICS_TOKEN); absent: not served here. */
  metricsToken?: string | undefined;
  /** Serve the API reference page (/api/maxout/reference): development only. */
  apiReference?: boolean | undefined;
}

/** Hono's environment for every route and middleware: the per-request variables (`c.var.…`). */
export type AppEnv = {
  Variables: {
    /** A fresh UUID per request; also the X-Request-Id response header and a 500's `requestId`. */
    requestId: string;
    /** The request's logger: the root logger bound to `requestId`, so every line of a request carries it. */
    log: Logger;
    /** The client's address for per-address rate limits (http/clientAddress.ts, TRUST_PROXY aware). */
    clientAddress: string;
    /** The client's network for per-address limits: the IPv4 address, or the IPv6 /64 (http/clientAddress.ts). */
    clientNetwork: string;
    /** Set by requireAuth (http/requireAuth.ts) on authenticated routes. */
    userId: string;
    /** The session family of the access token; set by requireAuth. */
    familyId: string;
    /** The signed-in user's row, loaded with the session check; set by requireAuth. */
    user: UserRow;
  };
};

/** Builds route modules, middleware and handlers typed with {@link AppEnv}. */
export const factory = createFactory<AppEnv>();

/**
 * A route module (routes/<resource>.ts): a function of the services that returns a sub-app
 * built with `factory.createApp()`; routes/index.ts lists every module.
 */
export type RouteModule = (services: Services) => Hono<AppEnv>;
