import { every } from 'hono/combine';
import type { Services } from '../services/index.ts';
import { requireAuth } from './requireAuth.ts';
import { requireVerifiedEmail } from './requireVerifiedEmail.ts';

/**
 * The middleware of every route that moves money (a contribution, a direct debit mandate): a
 * signed-in user whose email address is verified (403 `email_unverified` otherwise), and any
 * further checks such routes need, so that every money-moving route gets them at once.
 */
export function requireMoneyMovement(services: Pick<Services, 'accessTokens' | 'sessions'>) {
  return every(requireAuth(services), requireVerifiedEmail());
}
