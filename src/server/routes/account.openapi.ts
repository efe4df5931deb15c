import * as v from 'valibot';
import { CloseAccountRequestSchema, PayeOptOutRequestSchema, RetentionPlanSchema } from '../../domain/schemas/account.ts';
import { UserSchema } from '../../domain/schemas/user.ts';
import { type ApiDescription, CODE_PROVED_ONLY, JSON_BODY_ERRORS, SIGNED_IN_ERRORS, TOO_MANY } from '../http/openapi.ts';

/** GET /export: one JSON file of everything held about the user (services/userData.ts). */
export const DataExportSchema = v.object({
  format: v.string(),
  exported_at: v.string(),
  profile: v.record(v.string(), v.unknown()),
  tables: v.record(v.string(), v.array(v.record(v.string(), v.unknown()))),
  mail: v.array(v.object({ subject: v.string(), created_at: v.string(), sent_at: v.nullable(v.string()) })),
  left_out: v.unknown(),
});

/** routes/account.ts */
export const accountApi: ApiDescription = {
  'POST /paye-opt-out': {
    summary: 'Opt out of (or back into) the PAYE authorisation',
    signedIn: true,
    body: PayeOptOutRequestSchema,
    responses: { 200: { description: 'The updated user.', schema: UserSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS },
  },
  'GET /export': {
    summary: 'Download everything held about the user',
    signedIn: true,
    responses: { 200: { description: 'The file (`Content-Disposition: attachment`).', schema: DataExportSchema, headers: { 'Content-Disposition': 'attachment; filename=…' } }, ...SIGNED_IN_ERRORS, 403: CODE_PROVED_ONLY },
  },
  'GET /account/retention': {
    summary: 'What closing the account would erase, and keep until when',
    signedIn: true,
    responses: { 200: { description: 'The plan.', schema: RetentionPlanSchema }, ...SIGNED_IN_ERRORS },
  },
  'POST /account/close': {
    summary: 'Close the account (password required); every session ends',
    signedIn: true,
    body: CloseAccountRequestSchema,
    responses: { 200: { description: 'What was kept, until when.', schema: RetentionPlanSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 403: CODE_PROVED_ONLY, 422: 'Wrong password (`errors.password`).', 429: TOO_MANY },
  },
};
