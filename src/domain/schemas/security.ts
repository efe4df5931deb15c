/**
 * Settings → Security and two-step sign-in: request bodies (strict, shared by the forms, the API
 * client and the server) and response bodies (lenient, as the client reads them).
 */
import * as v from 'valibot';
import { newPasswordField, passwordField, requestObject, responseObject, stop, tokenField } from './basicFields.ts';
import * as m from './messages.ts';

/** A 6-digit code from the authenticator app, or a recovery code ('abcde-fghjk'). */
export const twoFactorCodeField = v.pipe(
  v.string(m.TWO_FACTOR_CODE_REQUIRED),
  v.trim(),
  v.nonEmpty(m.TWO_FACTOR_CODE_REQUIRED),
  stop<string>(),
  v.regex(/^(\d{3}\s?\d{3}|[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5})$/, m.TWO_FACTOR_CODE_INVALID),
);

/** Only the 6-digit app code (confirming the setup: a recovery code does not exist yet). */
export const appCodeField = v.pipe(
  v.string(m.TWO_FACTOR_CODE_REQUIRED),
  v.trim(),
  v.nonEmpty(m.TWO_FACTOR_CODE_REQUIRED),
  stop<string>(),
  v.regex(/^\d{3}\s?\d{3}$/, m.APP_CODE_INVALID),
  v.transform((code) => code.replace(/\s/g, '')),
);

/** POST /security/change-password: the current password, then the new one twice (mismatch reported on the confirmation). */
export const ChangePasswordRequestSchema = v.pipe(
  requestObject({
    current_password: passwordField,
    password: newPasswordField,
    password_confirmation: v.pipe(v.string(m.REQUIRED), v.nonEmpty(m.REQUIRED), stop<string>()),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, m.PASSWORDS_DO_NOT_MATCH),
    ['password_confirmation'],
  ),
);
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequestSchema>;

/** POST /auth/two-factor: the challenge login answered with, and a code. */
export const TwoFactorLoginRequestSchema = requestObject({
  challenge: tokenField,
  code: twoFactorCodeField,
});
export type TwoFactorLoginRequest = v.InferOutput<typeof TwoFactorLoginRequestSchema>;

/**
 * POST /security/two-factor/setup: the account password, so a stolen session (or whoever
 * registered the address first) cannot put their own authenticator on the account.
 */
export const SetupTwoFactorRequestSchema = requestObject({ password: passwordField });

/**
 * POST /security/step-up: proves the user again before moving a large sum or paying from a new
 * account: the password, or a code from the authenticator app when two-step sign-in is on.
 */
export const StepUpRequestSchema = v.pipe(
  requestObject({ password: v.optional(passwordField), code: v.optional(twoFactorCodeField) }),
  v.forward(
    v.check((input) => input.password !== undefined || input.code !== undefined, m.PASSWORD_REQUIRED),
    ['password'],
  ),
);
export type StepUpRequest = v.InferOutput<typeof StepUpRequestSchema>;

/** POST /security/two-factor/confirm */
export const ConfirmTwoFactorRequestSchema = requestObject({ code: appCodeField });

/** POST /security/two-factor/disable: the account password, again. */
export const DisableTwoFactorRequestSchema = requestObject({ password: passwordField });

/** The `:id` of POST /security/devices/:id/sign-out. */
export const DeviceIdSchema = v.pipe(v.string(), v.uuid(m.DEVICE_UNKNOWN));

// ─── Responses ──────────────────────────────────────────────────────────────────────────────────

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'new_device',
  'password_changed',
  'refresh_reuse',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
  'device_signed_out',
  'signed_out_everywhere',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SecurityEventSchema = responseObject({
  id: v.string(),
  /** A kind this client does not know yet is kept as text and shown generically. */
  kind: v.string(),
  at: v.string(),
  browser: v.nullish(v.string(), null),
  place: v.nullish(v.string(), null),
  detail: v.nullish(v.string(), null),
});
export type SecurityEvent = v.InferOutput<typeof SecurityEventSchema>;
export const SecurityEventsResponseSchema = responseObject({ events: v.array(SecurityEventSchema) });

export const DeviceSchema = responseObject({
  id: v.string(),
  browser: v.nullish(v.string(), null),
  place: v.nullish(v.string(), null),
  signed_in_at: v.string(),
  last_seen_at: v.string(),
  remember: v.nullish(v.boolean(), false),
  /** The session this request came from. */
  current: v.nullish(v.boolean(), false),
});
export type Device = v.InferOutput<typeof DeviceSchema>;
export const DevicesResponseSchema = responseObject({ devices: v.array(DeviceSchema) });

export const TwoFactorStatusSchema = responseObject({
  enabled: v.boolean(),
  enabled_at: v.nullish(v.string(), null),
  recovery_codes_left: v.nullish(v.number(), 0),
});
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatusSchema>;

/** The setup answer: the QR code to scan, and the secret to type when scanning is not possible. */
export const TwoFactorSetupSchema = responseObject({
  secret: v.string(),
  otpauth_url: v.string(),
  qr_data_url: v.pipe(v.string(), v.startsWith('data:image/png;base64,')),
});
export type TwoFactorSetup = v.InferOutput<typeof TwoFactorSetupSchema>;

export const RecoveryCodesSchema = responseObject({ recovery_codes: v.array(v.string()) });

/** POST /auth/login when two-step sign-in is on: no tokens yet, a challenge for the code step. */
export const TwoFactorRequiredSchema = responseObject({
  two_factor_required: v.literal(true),
  challenge: tokenField,
});
export type TwoFactorRequired = v.InferOutput<typeof TwoFactorRequiredSchema>;

export const MessageResponseSchema = responseObject({ message: v.nullish(v.string(), null) });
