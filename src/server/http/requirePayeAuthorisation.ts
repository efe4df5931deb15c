import * as m from '../../domain/schemas/messages.ts';
import { factory } from '../appEnv.ts';
import type { Services } from '../services/index.ts';
import { isPayeAuthorisationInForce } from '../services/users.ts';
import { ApiError } from './errors.ts';

/**
 * After requireAuth: refuses (403) a signed-in user whose PAYE A1 authorisation is not in force
 * (never signed, lapsed after 4 years) or who opted out — we may only submit a claim for someone
 * who authorised us (spec section 4, "Opting out blocks refund processing until re-enabled").
 */
export function requirePayeAuthorisation({ clock }: Pick<Services, 'clock'>) {
  return factory.createMiddleware(async (c, next) => {
    const user = c.var.user;
    if (!isPayeAuthorisationInForce(user, clock.now()) || user.optOutPayeAuth) throw new ApiError(403, m.PAYE_AUTHORISATION_REQUIRED);
    await next();
  });
}
