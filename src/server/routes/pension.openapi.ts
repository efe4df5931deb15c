import * as v from 'valibot';
import { dayjs } from '../../domain/dates.ts';
import {
  ContributeAnswerSchema,
  ContributionsAnswerSchema,
  DirectDebitAnswerSchema,
  PensionInfoRequestSchema,
  contributionRequestSchema,
  directDebitPauseRequestSchema,
  directDebitRequestSchema,
  idempotencyKeyField,
} from '../../domain/schemas/pension.ts';
import { UserSchema } from '../../domain/schemas/user.ts';
import { EMAIL_UNVERIFIED, type ApiDescription, JSON_BODY_ERRORS, SIGNED_IN_ERRORS } from '../http/openapi.ts';

/** The request shapes; their dates (tax year, start date) are checked against today. */
export const ContributionRequestSchema = contributionRequestSchema(dayjs('2026-01-01'));
export const DirectDebitRequestSchema = directDebitRequestSchema(dayjs('2026-01-01'));
export const DirectDebitPauseRequestSchema = directDebitPauseRequestSchema(dayjs('2026-01-01'));

/** routes/pension.ts */
export const pensionApi: ApiDescription = {
  'POST /pension-info': {
    summary: "Pension setup: income, pension paid, marital status, plan ID; a married user's spouse income and basis of assessment (refused by name for a single profile)",
    signedIn: true,
    body: PensionInfoRequestSchema,
    responses: { 200: { description: 'The user.', schema: UserSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS },
  },
  'GET /contributions': {
    summary: 'The contributions ledger and what may be paid',
    signedIn: true,
    responses: { 200: { description: 'Years, sums, sources and contributions.', schema: ContributionsAnswerSchema }, ...SIGNED_IN_ERRORS },
  },
  'POST /contribute': {
    summary: 'Pay a contribution, once per Idempotency-Key',
    signedIn: true,
    headers: { 'Idempotency-Key': { description: '8–100 of A-Z a-z 0-9 _ -; the same for a retry of the same payment.', schema: idempotencyKeyField, required: true } },
    body: ContributionRequestSchema,
    responses: {
      201: { description: 'Paid (a replay carries `Idempotent-Replayed: true`).', schema: ContributeAnswerSchema, headers: { 'Idempotent-Replayed': '`true` on a replay.' } },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      402: 'The payment was declined.',
      403: EMAIL_UNVERIFIED,
      409: { description: 'The first request with this key still waits for the provider.', headers: { 'Retry-After': 'Seconds to wait.' } },
      422: 'A field or the Idempotency-Key is invalid, or the key was used for another payment.',
    },
  },
  'GET /direct-debit': {
    summary: 'The monthly direct debit mandate',
    signedIn: true,
    responses: { 200: { description: 'The mandate, or null.', schema: DirectDebitAnswerSchema }, ...SIGNED_IN_ERRORS },
  },
  'POST /direct-debit': {
    summary: 'Set up or change the direct debit',
    signedIn: true,
    body: DirectDebitRequestSchema,
    responses: { 200: { description: 'The mandate.', schema: DirectDebitAnswerSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 403: EMAIL_UNVERIFIED },
  },
  'POST /direct-debit/cancel': {
    summary: 'Cancel the direct debit',
    signedIn: true,
    responses: { 200: { description: 'No mandate any more.', schema: v.object({ mandate: v.null() }) }, ...SIGNED_IN_ERRORS, 404: 'No mandate.' },
  },
  'POST /direct-debit/pause': {
    summary: 'Pause the direct debit: no collection up to `until` (default 31 December this year), none made up later',
    signedIn: true,
    body: DirectDebitPauseRequestSchema,
    responses: { 200: { description: 'The mandate, with `paused_until`.', schema: DirectDebitAnswerSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 404: 'No mandate.' },
  },
  'POST /direct-debit/resume': {
    summary: 'Resume a paused direct debit: it collects again from today; the dates the pause skipped stay skipped',
    signedIn: true,
    responses: {
      200: { description: 'The mandate, collecting again.', schema: DirectDebitAnswerSchema },
      ...SIGNED_IN_ERRORS,
      403: EMAIL_UNVERIFIED,
      404: 'No mandate.',
      409: 'The mandate is not paused.',
    },
  },
};
