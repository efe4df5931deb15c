import * as v from 'valibot';
import { dayjs } from '../../domain/dates.ts';
import { PpsnRevealRequestSchema, editProfileRequestSchema } from '../../domain/schemas/auth.ts';
import { UserSchema } from '../../domain/schemas/user.ts';
import { type ApiDescription, CODE_PROVED_ONLY, JSON_BODY_ERRORS, SIGNED_IN_ERRORS, TOO_MANY } from '../http/openapi.ts';

/** The edit-profile body's shape; the date of birth is checked against today. */
export const EditProfileRequestSchema = editProfileRequestSchema(dayjs('2026-01-01'));
export const PpsnRevealAnswerSchema = v.object({ ppsn: v.nullable(v.string()) });

/** routes/profile.ts */
export const profileApi: ApiDescription = {
  'GET /profile': { summary: 'The signed-in user', signedIn: true, responses: { 200: { description: 'The user.', schema: UserSchema }, ...SIGNED_IN_ERRORS } },
  'POST /edit-profile': {
    summary: "Change profile fields (the fields the server owns are refused; a spouse's income and basis of assessment only for a married profile)",
    signedIn: true,
    body: EditProfileRequestSchema,
    responses: { 200: { description: 'The updated user.', schema: UserSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS },
  },
  'POST /profile/ppsn-reveal': {
    summary: 'The full PPSN (every other answer masks it); each call is audited',
    signedIn: true,
    body: PpsnRevealRequestSchema,
    responses: { 200: { description: 'The PPSN, null before one is recorded.', schema: PpsnRevealAnswerSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 403: CODE_PROVED_ONLY, 422: 'Wrong or missing password (`errors.password`).', 429: TOO_MANY },
  },
};
