/**
 * Requests and answers of the account calls behind /settings: the PAYE opt-out, closing the
 * account and what closing keeps. Shared by the API client and the server.
 */
import * as v from 'valibot';
import { booleanField, passwordField, requestObject, responseObject } from './fields.ts';

/** POST /paye-opt-out: true stops refund processing under the PAYE authorisation until set back to false. */
export const PayeOptOutRequestSchema = requestObject({
  opt_out_paye_auth: booleanField,
});
export type PayeOptOutRequest = v.InferOutput<typeof PayeOptOutRequestSchema>;

/** POST /account/close: the current password confirms it is the user. */
export const CloseAccountRequestSchema = requestObject({
  password: passwordField,
});
export type CloseAccountRequest = v.InferOutput<typeof CloseAccountRequestSchema>;

const KeptRecordSchema = responseObject({
  what: v.string(),
  reason: v.string(),
  /** YYYY-MM-DD */
  until: v.string(),
});

/** GET /account/retention, and the answer of POST /account/close: what is erased, what is kept until when. */
export const RetentionPlanSchema = responseObject({
  erased: v.array(v.string()),
  kept: v.array(KeptRecordSchema),
  keptUntil: v.nullable(v.string()),
});
export type RetentionPlan = v.InferOutput<typeof RetentionPlanSchema>;
