import { factory } from '../appEnv.ts';
import type { Services } from '../services/index.ts';
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
 * a password change ends access at once, not only when the 15-minute token expires. One query
 * checks the family and loads its user. Sets `userId`, `familyId` and `user`. Every failure is
 * 401 `{ message: 'Unauthenticated.' }`.
 */
export function requireAuth({ accessTokens, sessions }: Pick<Services, 'accessTokens' | 'sessions'>) {
  return factory.createMiddleware(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const claims = token ? await accessTokens.verify(token) : null;
    const user = claims ? await sessions.authenticate(claims.familyId, claims.userId) : undefined;
    if (!claims || !user) {
      throw new ApiError(401, UNAUTHENTICATED, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    c.set('userId', claims.userId);
    c.set('familyId', claims.familyId);
    c.set('user', user);
    await next();
  });
}
