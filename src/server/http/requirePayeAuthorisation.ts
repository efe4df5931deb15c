import * as m from '../../domain/schemas/messages.ts';
import { factory } from '../appEnv.ts';
import { ApiError } from './errors.ts';

/**
 * After requireAuth: refuses (403) a signed-in user who has not authorised MaxOut as PAYE agent,
 * or who opted out — we may only submit a claim for someone who authorised us (spec section 4,
 * "Opting out blocks refund processing until re-enabled").
 */
export const requirePayeAuthorisation = factory.createMiddleware(async (c, next) => {
  const { payeA1Authorized, optOutPayeAuth } = c.var.user;
  if (!payeA1Authorized || optOutPayeAuth) throw new ApiError(403, m.PAYE_AUTHORISATION_REQUIRED);
  await next();
});
