import type { Context } from 'hono';
import { factory, type AppEnv } from '../appEnv.ts';
import type { Services } from '../services/index.ts';
import type { UserRow } from '../services/users.ts';
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
export function requireAuth(services: Pick<Services, 'accessTokens' | 'sessions'>) {
  const { sessions } = services;
  return factory.createMiddleware(async (c, next) => {
    await authenticateRequest(c, services, async (familyId, userId) => {
      const user = await sessions.authenticate(familyId, userId);
      return user && { user };
    });
    await next();
  });
}

/**
 * What {@link requireAuth} does, for a handler that reads more in the session check's query
 * (`load` gets the token's family and user and answers undefined for a session that is not
 * open). Sets the same variables and throws the same 401; returns what `load` read.
 */
export async function authenticateRequest<T extends { user: UserRow }>(
  c: Context<AppEnv>,
  { accessTokens }: Pick<Services, 'accessTokens'>,
  load: (familyId: string, userId: string) => Promise<T | undefined>,
): Promise<T> {
  const token = bearerToken(c.req.header('authorization'));
  const claims = token ? await accessTokens.verify(token) : null;
  const principal = claims ? await load(claims.familyId, claims.userId) : undefined;
  if (!claims || !principal) {
    throw new ApiError(401, UNAUTHENTICATED, undefined, { 'WWW-Authenticate': 'Bearer' });
  }
  c.set('userId', claims.userId);
  c.set('familyId', claims.familyId);
  c.set('user', principal.user);
  return principal;
}
