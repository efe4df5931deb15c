import type { Context } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from '../appEnv.ts';
import type { Services } from '../services/index.ts';
import type { MoneyRefusal, StepUpReason } from '../services/moneyMovement.ts';
import type { PayOptions } from '../services/pensionLedger.ts';
import { ApiError, VALIDATION_MESSAGE } from './errors.ts';
import { requireAuth } from './requireAuth.ts';
import { requireTwoFactorSession } from './requireTwoFactorSession.ts';
import { requireVerifiedEmail } from './requireVerifiedEmail.ts';
import { STEP_UP_REQUIRED, STEP_UP_REQUIRED_CODE, TWO_FACTOR_SESSION_REQUIRED_TO_PAY } from './schemas.ts';

/** The 403 body of {@link requireStepUp}: `code` tells a client to ask for the password (or a code) and retry. */
export type StepUpRequiredBody = {
  message: string;
  error: string;
  code: typeof STEP_UP_REQUIRED_CODE;
  reason: StepUpReason;
};

/**
 * The middleware of every route that moves money (a contribution, a direct debit mandate, a
 * round-up): a signed-in user whose email address is verified (403 `email_unverified`), and once
 * two-step sign-in is on, a session that gave a code (403 `two_factor_required`). Further checks
 * such routes need belong in this list, so that every money-moving route gets them at once.
 *
 * Inside the handler, once the amount is known, a money-moving route also calls:
 * - {@link requireStepUp} with the amount (and whether the payee is new): a large amount or a new
 *   account needs the password or a code again within the last minutes (POST /security/step-up),
 *   else 403 `{ code: 'step_up_required', reason }`;
 * - {@link moneyLimitsFor} as the `options` of `pensionLedger.pay`, so the daily and tax-year
 *   ceilings are judged in the payment's own transaction; a `refused` outcome goes to
 *   {@link throwMoneyRefusal} (422 on `amount`).
 */
export function requireMoneyMovement(services: Pick<Services, 'accessTokens' | 'sessions' | 'twoFactor'>) {
  return every(requireAuth(services), requireVerifiedEmail(), requireTwoFactorSession(services, TWO_FACTOR_SESSION_REQUIRED_TO_PAY));
}

/**
 * 403 `step_up_required` unless this payment needs no step-up, or the session stepped up within
 * the window. `newPayee`: the money comes from (or goes to) an account the user never used with us.
 */
export async function requireStepUp(c: Context<AppEnv>, { moneyMovement }: Pick<Services, 'moneyMovement'>, intent: { amountCents: number; newPayee?: boolean }): Promise<void> {
  const reason = moneyMovement.stepUpReason(intent);
  if (reason === null || (await moneyMovement.hasSteppedUp(c.var.familyId, c.var.userId))) return;
  c.var.log.info({ userId: c.var.userId, reason, path: c.req.routePath }, 'money.step_up_required');
  const body: StepUpRequiredBody = { message: STEP_UP_REQUIRED, error: STEP_UP_REQUIRED, code: STEP_UP_REQUIRED_CODE, reason };
  throw new ApiError(403, STEP_UP_REQUIRED, undefined, undefined, body);
}

/** The ledger options that judge a payment against the user's daily and tax-year ceilings. */
export function moneyLimitsFor({ moneyMovement }: Pick<Services, 'moneyMovement'>, userId: string, intent: { amountCents: number; taxYear: number }): PayOptions {
  return { admit: (tx) => moneyMovement.admit(tx, userId, intent) };
}

/** A payment over a ceiling: 422 on `amount`, saying how much room is left. */
export function throwMoneyRefusal(c: Context<AppEnv>, refusal: MoneyRefusal): never {
  c.var.log.info({ userId: c.var.userId, limit: refusal.limit, path: c.req.routePath }, 'money.limit_reached');
  throw new ApiError(422, VALIDATION_MESSAGE, { [refusal.field]: [refusal.message] });
}
