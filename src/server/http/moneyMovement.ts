import { every } from 'hono/combine';
import type { Services } from '../services/index.ts';
import { requireAuth } from './requireAuth.ts';
import { requireVerifiedEmail } from './requireVerifiedEmail.ts';

/**
 * The middleware of every route that moves money (a contribution, a direct debit mandate): a
 * signed-in user whose email address is verified (403 `email_unverified` otherwise). Further
 * checks such routes need belong in this list, so that every money-moving route gets them at once.
 */
export function requireMoneyMovement(services: Pick<Services, 'accessTokens' | 'sessions'>) {
  return every(requireAuth(services), requireVerifiedEmail());
}
