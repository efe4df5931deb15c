import * as v from 'valibot';
import { ForgotPasswordRequestSchema, ResetLinkSchema, ResetPasswordRequestSchema } from '../../domain/schemas/auth.ts';
import { type ApiDescription, JSON_BODY_ERRORS, TOO_MANY } from '../http/openapi.ts';

export const MessageAnswerSchema = v.object({ message: v.string() });

/** routes/password.ts */
export const passwordApi: ApiDescription = {
  'POST /send-password-reminder': {
    summary: 'Email a reset link (the same answer whether or not the account exists)',
    body: ForgotPasswordRequestSchema,
    responses: { 200: { description: 'Accepted.', schema: MessageAnswerSchema }, ...JSON_BODY_ERRORS, 429: TOO_MANY },
  },
  'GET /reset-password/:token': {
    summary: 'Whether a mailed link still works, and whether its account has two-step sign-in',
    params: { token: { description: 'The token of the mailed /reset-password/{token} link.', schema: v.string() } },
    responses: { 200: { description: 'The link works.', schema: ResetLinkSchema }, 404: 'No token in the path.', 422: 'The link is invalid, used or expired (`errors.token`).' },
  },
  'POST /reset-password': {
    summary: 'Set or reset the password with a mailed link; every session ends',
    body: ResetPasswordRequestSchema,
    responses: { 200: { description: 'Changed: sign in with it.', schema: MessageAnswerSchema }, ...JSON_BODY_ERRORS, 422: 'A field is invalid, or the link is invalid or used (`errors.token`).', 429: TOO_MANY },
  },
};
