import { dayjs } from '../../domain/dates.ts';
import { PayeAuthorisationAnswerSchema, PayeAuthorisationStatusSchema, payeAuthorisationRequestSchema } from '../../domain/schemas/payeAuthorisation.ts';
import { type ApiDescription, JSON_BODY_ERRORS, SIGNED_IN_ERRORS, TOO_MANY } from '../http/openapi.ts';

/** The declaration's shape; its dates are checked against today. */
export const PayeAuthorisationRequestSchema = payeAuthorisationRequestSchema(dayjs('2026-01-01'));

/** routes/paye.ts */
export const payeApi: ApiDescription = {
  'GET /paye-authorization': {
    summary: 'The agent details to sign for, and the authorisation in force',
    signedIn: true,
    responses: { 200: { description: 'Agent, authorisation (or null), two-step status.', schema: PayeAuthorisationStatusSchema }, ...SIGNED_IN_ERRORS },
  },
  'POST /paye-authorization': {
    summary: 'Sign the PAYE A1 agent declaration',
    signedIn: true,
    body: PayeAuthorisationRequestSchema,
    responses: {
      200: { description: 'Authorised; `user` is the profile as it now stands.', schema: PayeAuthorisationAnswerSchema },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      403: '`code: "email_unverified"`, or `code: "two_factor_required"` when two-step sign-in is on and this session gave no code.',
      429: TOO_MANY,
    },
  },
};
