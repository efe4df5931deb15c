import type { Context } from 'hono';
import * as v from 'valibot';
import { API_DATE_FORMAT, dayjs } from '../../domain/dates.ts';
import * as m from '../../domain/schemas/messages.ts';
import {
  type ContributionsAnswer,
  type DirectDebitAnswer,
  PensionInfoRequestSchema,
  contributionRequestSchema,
  directDebitPauseRequestSchema,
  directDebitRequestSchema,
  idempotencyKeyField,
  spouseFieldErrors,
} from '../../domain/schemas/pension.ts';
import { centsToEuro, euroToCents } from '../../domain/money.ts';
import { assignableTaxYears, contributionFigures } from '../../domain/taxYear.ts';
import { type AppEnv, factory } from '../appEnv.ts';
import { ApiError, VALIDATION_MESSAGE, readJson } from '../http/errors.ts';
import { moneyLimitsFor, requireMoneyMovement, requireStepUp, throwMoneyRefusal } from '../http/moneyMovement.ts';
import { requireAuth } from '../http/requireAuth.ts';
import { UNAUTHENTICATED } from '../http/schemas.ts';
import type { Services } from '../services/index.ts';
import { toApiContribution } from '../services/pensionLedger.ts';
import { irishToday } from '../services/users.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The Idempotency-Key header, validated: a missing or malformed key is a 422 on that "field". */
export function idempotencyKey(c: Context<AppEnv>): string {
  const parsed = v.safeParse(idempotencyKeyField, c.req.header(IDEMPOTENCY_HEADER));
  if (!parsed.success) throw new ApiError(422, VALIDATION_MESSAGE, { [IDEMPOTENCY_HEADER]: [m.IDEMPOTENCY_KEY_INVALID] });
  return parsed.output;
}

/**
 * Pension setup, the contributions ledger and direct debits, for the signed-in user only:
 * POST /pension-info, GET /contributions, POST /contribute (Idempotency-Key), GET and POST
 * /direct-debit, POST /direct-debit/cancel, POST /direct-debit/pause, POST /direct-debit/resume.
 */
export function pensionRoutes(services: Services) {
  const { users, pensionLedger, directDebits, payments, clock, moneyMovement } = services;
  const auth = requireAuth(services);
  const moneyMoving = requireMoneyMovement(services);
  const today = () => irishToday(clock.now());

  return factory
    .createApp()
    .post('/pension-info', auth, async (c) => {
      const body = await readJson(c, PensionInfoRequestSchema);
      const refused = spouseFieldErrors(body.marital_status, body);
      if (Object.keys(refused).length > 0) throw new ApiError(422, VALIDATION_MESSAGE, refused);
      const updated = await users.updateProfile(c.var.userId, body);
      if (!updated) throw new ApiError(401, UNAUTHENTICATED);
      c.var.log.info({ userId: c.var.userId, fields: Object.keys(body).sort() }, 'pension.info.updated');
      return c.json(await users.toApi(updated), 200);
    })

    .get('/contributions', auth, async (c) => {
      const years = assignableTaxYears(dayjs(today()));
      const [sums, sources, rows] = await Promise.all([
        pensionLedger.contributedByYear(c.var.userId, years),
        payments.sources(c.var.userId),
        pensionLedger.list(c.var.userId),
      ]);
      const answer: ContributionsAnswer = {
        tax_year: years[0] ?? Number(today().slice(0, 4)),
        assignable_years: years,
        contributed: Object.fromEntries(Object.entries(sums).map(([year, cents]) => [year, centsToEuro(cents)])),
        sources: sources.map(({ id, label }) => ({ id, label })),
        contributions: rows.map(toApiContribution),
      };
      return c.json(answer, 200);
    })

    .post('/contribute', moneyMoving, async (c) => {
      const key = idempotencyKey(c);
      const day = dayjs(today());
      const body = await readJson(c, contributionRequestSchema(day));
      const source = (await payments.sources(c.var.userId)).find((s) => s.id === body.source);
      if (!source) throw new ApiError(422, VALIDATION_MESSAGE, { source: [m.SOURCE_UNKNOWN] });
      const amountCents = euroToCents(body.amount);
      await requireStepUp(c, services, { amountCents });
      const outcome = await pensionLedger.pay(
        c.var.userId,
        key,
        { amountCents, taxYear: body.tax_year, kind: 'one_off', sourceId: source.id, sourceLabel: source.label },
        moneyLimitsFor(services, c.var.userId, { amountCents, taxYear: body.tax_year }),
      );
      if (outcome.kind === 'refused') throwMoneyRefusal(c, outcome.refusal);
      if (outcome.kind === 'keyReused') throw new ApiError(422, m.IDEMPOTENCY_KEY_REUSED, { [IDEMPOTENCY_HEADER]: [m.IDEMPOTENCY_KEY_REUSED] });
      // The first request with this key is still waiting for the provider; the client retries later.
      if (outcome.kind === 'inProgress') throw new ApiError(409, m.PAYMENT_IN_PROGRESS, undefined, { 'Retry-After': '2' });
      if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
      // Amounts and ids only: never the source label or anything the user typed.
      c.var.log.info({ userId: c.var.userId, contributionId: outcome.row.id, status: outcome.kind, replayed: outcome.replayed }, 'contribution');
      if (outcome.kind === 'declined') throw new ApiError(402, m.PAYMENT_DECLINED, undefined, outcome.replayed ? { 'Idempotent-Replayed': 'true' } : undefined);
      const user = await users.toApi(c.var.user);
      // The relief this payment earned, by the rule the screen previewed it with: the year's figures before it (the ledger now includes it).
      const thisYear = body.tax_year === day.year();
      const before = thisYear ? { ...user, pension: user.pension - body.amount } : user;
      const contributedBefore = thisYear ? 0 : centsToEuro((await pensionLedger.contributedCents(c.var.userId, body.tax_year)) - outcome.row.amountCents);
      const relief = outcome.replayed ? undefined : contributionFigures(before, body.tax_year, contributedBefore, body.amount, day).relief;
      return c.json({ contribution: toApiContribution(outcome.row), user, ...(relief === undefined ? {} : { relief }) }, 201);
    })

    .get('/direct-debit', auth, async (c) => {
      const mandate = await directDebits.active(c.var.userId);
      const answer: DirectDebitAnswer = { mandate: mandate ? await directDebits.toApi(mandate, today()) : null };
      return c.json(answer, 200);
    })

    .post('/direct-debit', moneyMoving, async (c) => {
      const body = await readJson(c, directDebitRequestSchema(dayjs(today())));
      const amountCents = euroToCents(body.amount);
      const tooLarge = moneyMovement.checkMandate(amountCents);
      if (tooLarge) throwMoneyRefusal(c, tooLarge);
      const newPayee = body.iban !== undefined && !(await directDebits.hasUsedIban(c.var.userId, body.iban));
      await requireStepUp(c, services, { amountCents, newPayee });
      const mandate = await directDebits.save(c.var.userId, body);
      if (!mandate) throw new ApiError(422, VALIDATION_MESSAGE, { iban: [m.REQUIRED] });
      c.var.log.info({ userId: c.var.userId, mandateId: mandate.id }, 'direct_debit.saved');
      const answer: DirectDebitAnswer = { mandate: await directDebits.toApi(mandate, today()) };
      return c.json(answer, 200);
    })

    .post('/direct-debit/cancel', auth, async (c) => {
      const cancelled = await directDebits.cancel(c.var.userId);
      if (!cancelled) throw new ApiError(404, m.NO_MANDATE);
      c.var.log.info({ userId: c.var.userId, mandateId: cancelled.id }, 'direct_debit.cancelled');
      const answer: DirectDebitAnswer = { mandate: null };
      return c.json(answer, 200);
    })

    // Like cancelling, pausing only stops money leaving the user's account: a signed-in session is
    // enough (docs/decisions/030-pausing-a-direct-debit.md).
    .post('/direct-debit/pause', auth, async (c) => {
      const day = dayjs(today());
      const body = await readJson(c, directDebitPauseRequestSchema(day));
      const paused = await directDebits.pause(c.var.userId, body.until ?? day.endOf('year').format(API_DATE_FORMAT));
      if (!paused) throw new ApiError(404, m.NO_MANDATE);
      c.var.log.info({ userId: c.var.userId, mandateId: paused.id, until: paused.pausedUntil }, 'direct_debit.paused');
      const answer: DirectDebitAnswer = { mandate: await directDebits.toApi(paused, today()) };
      return c.json(answer, 200);
    })

    // Resuming starts collections again: the checks of a money-moving route (a proven email, and a
    // session that gave a code once two-step sign-in is on). No step-up: the account and amount are
    // the ones the user accepted on the mandate, which was judged when it was saved.
    .post('/direct-debit/resume', moneyMoving, async (c) => {
      const resumed = await directDebits.resume(c.var.userId);
      if (!resumed) throw new ApiError(404, m.NO_MANDATE);
      if (resumed === 'notPaused') throw new ApiError(409, m.MANDATE_NOT_PAUSED);
      c.var.log.info({ userId: c.var.userId, mandateId: resumed.id }, 'direct_debit.resumed');
      const answer: DirectDebitAnswer = { mandate: await directDebits.toApi(resumed, today()) };
      return c.json(answer, 200);
    });
}
