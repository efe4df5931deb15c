import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../app.ts';
import { verifyAccessToken } from '../services/accessTokens.ts';
import { createSessionService } from '../services/sessions.ts';
import { ApiError } from './errors.ts';
import { UNAUTHENTICATED } from './schemas.ts';

/** Reads `Authorization: Bearer <jwt>`; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Requires a valid access token whose session family is still open: logout, a reuse alarm or
 * a password change ends access at once, not only when the 15-minute token expires.
 * Sets `userId` and `familyId`. Every failure is 401 `{ message: 'Unauthenticated.' }`.
 */
export function requireAuth(deps: Pick<AppDeps, 'database' | 'clock' | 'jwtSecret'>) {
  const sessions = createSessionService({ db: deps.database.db, clock: deps.clock, jwtSecret: deps.jwtSecret });
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const claims = token ? await verifyAccessToken(deps.jwtSecret, token, deps.clock.now()) : null;
    if (!claims || !(await sessions.isActive(claims.familyId, claims.userId))) {
      throw new ApiError(401, UNAUTHENTICATED, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    c.set('userId', claims.userId);
    c.set('familyId', claims.familyId);
    await next();
  });
}
