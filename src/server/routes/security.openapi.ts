import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  ConfirmTwoFactorRequestSchema,
  DeviceIdSchema,
  DevicesResponseSchema,
  DisableTwoFactorRequestSchema,
  SetupTwoFactorRequestSchema,
  StepUpRequestSchema,
  RecoveryCodesSchema,
  SecurityEventsResponseSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../../domain/schemas/security.ts';
import { type ApiDescription, CODE_PROVED_ONLY, JSON_BODY_ERRORS, SIGNED_IN_ERRORS, TOO_MANY } from '../http/openapi.ts';

export const DeviceSignOutAnswerSchema = v.object({ current: v.boolean() });
export const SignOutEverywhereAnswerSchema = v.object({ signed_out: v.number() });
export const PasswordChangedAnswerSchema = v.object({ message: v.string(), signed_out: v.number() });
export const TwoFactorOffAnswerSchema = v.object({ enabled: v.literal(false) });
export const SteppedUpAnswerSchema = v.object({ stepped_up_until: v.string() });

/** routes/security.ts (Settings → Security) */
export const securityApi: ApiDescription = {
  'GET /security/events': { summary: 'The security log of the last 90 days, newest first', signedIn: true, responses: { 200: { description: 'Events.', schema: SecurityEventsResponseSchema }, ...SIGNED_IN_ERRORS } },
  'GET /security/devices': { summary: 'The open sessions, most recently used first', signedIn: true, responses: { 200: { description: 'Devices.', schema: DevicesResponseSchema }, ...SIGNED_IN_ERRORS } },
  'POST /security/devices/:id/sign-out': {
    summary: 'End one session of the user',
    signedIn: true,
    params: { id: { description: 'The device (session family) id.', schema: DeviceIdSchema } },
    responses: { 200: { description: 'Ended; `current` says whether it was this one.', schema: DeviceSignOutAnswerSchema }, ...SIGNED_IN_ERRORS, 403: CODE_PROVED_ONLY, 404: 'Not a session of the user, or already ended.', 422: 'The id is no UUID.' },
  },
  'POST /security/sign-out-everywhere': {
    summary: 'End every other session; this one stays',
    signedIn: true,
    responses: { 200: { description: 'How many ended.', schema: SignOutEverywhereAnswerSchema }, ...SIGNED_IN_ERRORS, 403: CODE_PROVED_ONLY },
  },
  'POST /security/change-password': {
    summary: 'Change the password; the other sessions end and a notice is mailed',
    signedIn: true,
    body: ChangePasswordRequestSchema,
    responses: { 200: { description: 'Changed.', schema: PasswordChangedAnswerSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 403: CODE_PROVED_ONLY, 422: 'Wrong current password, or the new one is refused.', 429: TOO_MANY },
  },
  'GET /security/two-factor': { summary: 'Whether two-step sign-in is on', signedIn: true, responses: { 200: { description: 'Status.', schema: TwoFactorStatusSchema }, ...SIGNED_IN_ERRORS } },
  'POST /security/two-factor/setup': {
    summary: 'Start two-step sign-in with the password: a new secret and its QR code',
    signedIn: true,
    body: SetupTwoFactorRequestSchema,
    responses: {
      200: { description: 'The secret, until confirmed.', schema: TwoFactorSetupSchema },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      403: '`code: "email_unverified"`: the address is not proven yet.',
      409: 'Already on.',
      422: 'Wrong or missing password.',
      429: TOO_MANY,
    },
  },
  'POST /security/step-up': {
    summary: 'Prove it is still the user (password, or a code when two-step sign-in is on) before a large payment or one to a new account',
    signedIn: true,
    body: StepUpRequestSchema,
    responses: {
      200: { description: 'Money routes accept this session until then.', schema: SteppedUpAnswerSchema },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      403: '`code: "two_factor_required"`: two-step sign-in is on and this session was signed in without a code.',
      422: 'Wrong password or code.',
      429: TOO_MANY,
    },
  },
  'POST /security/two-factor/confirm': {
    summary: 'Turn two-step sign-in on with a code from the app',
    signedIn: true,
    body: ConfirmTwoFactorRequestSchema,
    responses: { 200: { description: 'The recovery codes, shown once.', schema: RecoveryCodesSchema }, ...JSON_BODY_ERRORS, ...SIGNED_IN_ERRORS, 409: 'Already on.', 422: 'Wrong code, or no setup started.' },
  },
  'POST /security/two-factor/disable': {
    summary: 'Turn two-step sign-in off (password required)',
    signedIn: true,
    body: DisableTwoFactorRequestSchema,
    responses: {
      200: { description: 'Off.', schema: TwoFactorOffAnswerSchema },
      ...JSON_BODY_ERRORS,
      ...SIGNED_IN_ERRORS,
      403: '`code: "two_factor_required"`: this session was signed in without a code.',
      422: 'Wrong password.',
      429: TOO_MANY,
    },
  },
};
