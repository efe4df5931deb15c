import { every } from 'hono/combine';
import type { Services } from '../services/index.ts';
import { requireAuth } from './requireAuth.ts';

/**
 * The middleware of every route that moves money (a contribution, a direct debit mandate): a
 * signed-in user, and the further checks such routes need. A check that the user's email address
 * is verified belongs in this list, so that every money-moving route gets it at once.
 */
export function requireMoneyMovement(services: Pick<Services, 'accessTokens' | 'sessions'>) {
  return every(requireAuth(services));
}
