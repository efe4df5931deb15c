import * as v from 'valibot';
import { dayjs } from '../../domain/dates.ts';
import { LoginRequestSchema, LogoutRequestSchema, RefreshRequestSchema, ResendVerificationRequestSchema, registerRequestSchema } from '../../domain/schemas/auth.ts';
import { TwoFactorLoginRequestSchema, TwoFactorRequiredSchema } from '../../domain/schemas/security.ts';
import { SessionResponseSchema } from '../../domain/schemas/user.ts';
import { type ApiDescription, JSON_BODY_ERRORS, SIGNED_IN_ERRORS, TOO_MANY } from '../http/openapi.ts';

/** The registration body's shape; the date rules (16 or older, not in the future) are checked against today. */
export const RegisterRequestSchema = registerRequestSchema(dayjs('2026-01-01'));
export const ResendVerificationAnswerSchema = v.object({ message: v.string(), email_verified: v.boolean() });

/** routes/auth.ts */
export const authApi: ApiDescription = {
  'POST /auth/register': {
    summary: 'Register (no password: a set-password link is emailed) and sign in',
    body: RegisterRequestSchema,
    responses: { 201: { description: 'Signed in.', schema: SessionResponseSchema }, ...JSON_BODY_ERRORS, 422: 'A field is invalid, or the address is registered.', 429: TOO_MANY },
  },
  'POST /auth/login': {
    summary: 'Sign in with email and password',
    description: 'With two-step sign-in on, answers a challenge for POST /auth/two-factor instead of a session.',
    body: LoginRequestSchema,
    responses: {
      200: { description: 'A session, or `{ two_factor_required: true, challenge }`.', schema: v.union([SessionResponseSchema, TwoFactorRequiredSchema]) },
      ...JSON_BODY_ERRORS,
      401: 'Wrong email or password.',
      429: TOO_MANY,
    },
  },
  'POST /auth/two-factor': {
    summary: 'Second step of a sign-in: an authenticator or recovery code',
    body: TwoFactorLoginRequestSchema,
    responses: { 200: { description: 'Signed in.', schema: SessionResponseSchema }, ...JSON_BODY_ERRORS, 401: 'Wrong code (`errors.code`) or a spent challenge (`errors.challenge`).', 429: TOO_MANY },
  },
  'POST /auth/refresh': {
    summary: 'A new access and refresh token for a refresh token (rotated on every use)',
    body: RefreshRequestSchema,
    responses: { 200: { description: 'The new pair.', schema: SessionResponseSchema }, ...JSON_BODY_ERRORS, 401: 'Unknown, ended or reused refresh token.' },
  },
  'POST /auth/resend-verification': {
    summary: 'Email a new set-password link (proves the address)',
    signedIn: true,
    body: ResendVerificationRequestSchema,
    responses: { 200: { description: 'Sent, or already verified.', schema: ResendVerificationAnswerSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 429: TOO_MANY },
  },
  'POST /auth/logout': {
    summary: 'End the session of the refresh token (or of the access token)',
    body: LogoutRequestSchema,
    responses: { 200: { description: 'The same answer whether or not the token was known.', schema: v.object({}), headers: { 'Clear-Site-Data': '`"cache", "storage"`' } }, ...JSON_BODY_ERRORS },
  },
};
