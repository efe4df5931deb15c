import { dayjs } from '../../domain/dates.ts';
import { idempotencyKeyField } from '../../domain/schemas/pension.ts';
import {
  ApplyAnswerSchema,
  ClearAnswerSchema,
  GraphAnswerSchema,
  RoundupSettingsSchema,
  RoundupsApplyRequestSchema,
  RoundupsClearRequestSchema,
  roundupSettingsRequestSchema,
} from '../../domain/schemas/roundups.ts';
import { EMAIL_UNVERIFIED, type ApiDescription, JSON_BODY_ERRORS, SIGNED_IN_ERRORS } from '../http/openapi.ts';

/** The request shape; its pause date is checked against today. */
export const RoundupSettingsRequestSchema = roundupSettingsRequestSchema(dayjs('2026-01-01'));

/** routes/roundups.ts */
export const roundupsApi: ApiDescription = {
  'POST /roundups/apply': {
    summary: 'Pay the pending round-ups into the pension plan, once per Idempotency-Key',
    signedIn: true,
    headers: { 'Idempotency-Key': { description: '8–100 of A-Z a-z 0-9 _ -; the same for a retry of the same apply.', schema: idempotencyKeyField, required: true } },
    body: RoundupsApplyRequestSchema,
    responses: {
      200: { description: 'Nothing was pending: `applied.count` 0, `contribution` null.', schema: ApplyAnswerSchema },
      201: { description: 'Paid (a replay carries `Idempotent-Replayed: true`).', schema: ApplyAnswerSchema, headers: { 'Idempotent-Replayed': '`true` on a replay.' } },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      402: 'The payment was declined; the round-ups are still pending.',
      403: EMAIL_UNVERIFIED,
      409: {
        description:
          '`code: "pension_plan_required"` (no pension plan ID on the profile: checked first, `message` is the alert’s text), `"funding_account_required"`, `"balance_floor"`; or the first request with this key still pays (`Retry-After`).',
        headers: { 'Retry-After': 'Seconds to wait (a key in flight).' },
      },
      422: 'The Idempotency-Key is invalid, a field is unknown, or paying would pass the daily or tax-year money limit (`errors.amount`). The body may be left out.',
    },
  },
  'POST /roundups/clear': {
    summary: 'Decline the pending round-ups: they are never collected',
    signedIn: true,
    body: RoundupsClearRequestSchema,
    responses: { 200: { description: 'What was declined (euro).', schema: ClearAnswerSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS },
  },
  'GET /roundups/settings': {
    summary: 'The round-up limits: weekly cap, balance floor, pause',
    signedIn: true,
    responses: { 200: { description: 'The settings (euro; null = off).', schema: RoundupSettingsSchema }, ...SIGNED_IN_ERRORS },
  },
  'PATCH /roundups/settings': {
    summary: 'Change the round-up limits (fields left out stay)',
    signedIn: true,
    body: RoundupSettingsRequestSchema,
    responses: { 200: { description: 'The settings.', schema: RoundupSettingsSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS },
  },
  'GET /graph': {
    summary: 'Round-ups paid per month for the last 12 months (euro)',
    signedIn: true,
    responses: { 200: { description: 'Labels (YYYY-MM) and one dataset.', schema: GraphAnswerSchema }, ...SIGNED_IN_ERRORS },
  },
};
