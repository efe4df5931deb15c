import { dayjs } from '../../domain/dates.ts';
import { contributionRelief } from '../../domain/pension.ts';
import * as m from '../../domain/schemas/messages.ts';
import {
  BALANCE_FLOOR_CODE,
  PENSION_PLAN_REQUIRED_CODE,
  RoundupsApplyRequestSchema,
  RoundupsClearRequestSchema,
  roundupSettingsRequestSchema,
  type ApplyAnswerInput,
  type ClearAnswer,
} from '../../domain/schemas/roundups.ts';
import { reliefDayFor } from '../../domain/taxYear.ts';
import { factory } from '../appEnv.ts';
import { ApiError, readJson } from '../http/errors.ts';
import { requireMoneyMovement, throwMoneyRefusal } from '../http/moneyMovement.ts';
import { requireAuth } from '../http/requireAuth.ts';
import type { Services } from '../services/index.ts';
import { toApiContribution } from '../services/pensionLedger.ts';
import { irishToday } from '../services/users.ts';
import { optionalJson } from './bankAccounts.ts';
import { idempotencyKey } from './pension.ts';

/** The `code` of a 409 when round-ups are pending but no euro account is chosen to collect from. */
export const FUNDING_ACCOUNT_REQUIRED_CODE = 'funding_account_required';

/**
 * Round-ups, for the signed-in user only: POST /roundups/apply (moves money: a verified email
 * address, two-step sessions as for every payment, an Idempotency-Key and the daily and tax-year
 * money limits, as /contribute), POST /roundups/clear, GET and PATCH /roundups/settings, GET /graph.
 * No step-up: a batch only moves the user's own spare change from an account they linked at their
 * bank into their own plan, so a stolen session gains nothing by it (the weekly cap bounds it too).
 */
export function roundupRoutes(services: Services) {
  const { roundups, users, clock } = services;
  const auth = requireAuth(services);
  const moneyMoving = requireMoneyMovement(services);
  const today = () => irishToday(clock.now());

  return factory
    .createApp()
    .post('/roundups/apply', moneyMoving, async (c) => {
      const key = idempotencyKey(c);
      await optionalJson(c, RoundupsApplyRequestSchema);
      const outcome = await roundups.apply(c.var.user, key);
      c.var.log.info({ userId: c.var.userId, outcome: outcome.kind, ...('batch' in outcome ? { batchId: outcome.batch.id, count: outcome.batch.count, replayed: outcome.replayed } : {}) }, 'roundups.apply');
      switch (outcome.kind) {
        case 'planRequired':
          // The pension-plan alert's own words (spec §8): the client shows them as they are.
          return c.json({ message: m.PENSION_PLAN_REQUIRED_TEXT, error: m.PENSION_PLAN_REQUIRED_TITLE, code: PENSION_PLAN_REQUIRED_CODE }, 409);
        case 'noFundingAccount':
          return c.json({ message: m.NO_FUNDING_ACCOUNT, code: FUNDING_ACCOUNT_REQUIRED_CODE }, 409);
        case 'balanceFloor':
          return c.json({ message: outcome.known ? m.BALANCE_FLOOR_REACHED : m.BALANCE_UNKNOWN, code: BALANCE_FLOOR_CODE }, 409);
        case 'inProgress':
          throw new ApiError(409, m.PAYMENT_IN_PROGRESS, undefined, { 'Retry-After': '2' });
        case 'refused':
          return throwMoneyRefusal(c, outcome.refusal);
        case 'declined':
          throw new ApiError(402, m.ROUNDUPS_DECLINED, undefined, outcome.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
      }
      if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
      const user = await users.toApi(c.var.user);
      if (outcome.kind === 'empty') {
        const answer: ApplyAnswerInput = { applied: { count: 0, amount: 0 }, contribution: null, user };
        return c.json(answer, 200);
      }
      const amount = outcome.batch.amountCents / 100;
      const day = dayjs(today());
      // The relief this payment earned: this year's figures before it (the ledger now includes it).
      const relief =
        outcome.replayed || outcome.contribution.taxYear !== day.year()
          ? undefined
          : contributionRelief({ ...user, pension: user.pension - amount }, amount, reliefDayFor(outcome.contribution.taxYear, day));
      const answer: ApplyAnswerInput = {
        applied: { count: outcome.batch.count, amount },
        contribution: toApiContribution(outcome.contribution),
        user,
        ...(relief === undefined ? {} : { relief }),
      };
      return c.json(answer, 201);
    })

    .post('/roundups/clear', auth, async (c) => {
      await optionalJson(c, RoundupsClearRequestSchema);
      const declined = await roundups.clear(c.var.userId);
      c.var.log.info({ userId: c.var.userId, count: declined.count }, 'roundups.cleared');
      const answer: ClearAnswer = { declined: { count: declined.count, amount: declined.cents / 100 } };
      return c.json(answer, 200);
    })

    .get('/roundups/settings', auth, async (c) => c.json(await roundups.settings(c.var.userId), 200))

    .patch('/roundups/settings', auth, async (c) => {
      const body = await readJson(c, roundupSettingsRequestSchema(dayjs(today())));
      const settings = await roundups.updateSettings(c.var.userId, body);
      c.var.log.info({ userId: c.var.userId, fields: Object.keys(body).sort() }, 'roundups.settings_updated');
      return c.json(settings, 200);
    })

    .get('/graph', auth, async (c) => c.json(await roundups.graph(c.var.userId), 200));
}
