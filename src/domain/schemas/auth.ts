/**
 * Request bodies of the auth and profile calls (spec section 7). Strict objects: a field the
 * endpoint does not take is an error, not silently dropped, so a client typo or a mass-
 * assignment attempt (e.g. `paye_a1_authorized` in /edit-profile) fails loudly.
 * Schemas that check an age take `today`.
 */
import * as v from 'valibot';
import type { Dayjs } from 'dayjs';
import {
  amountField,
  apiDateOfBirthField,
  assessmentBasisField,
  booleanField,
  emailField,
  maritalStatusField,
  nameField,
  newPasswordField,
  passwordField,
  ppsnOrMaskedField,
  requestObject,
  responseObject,
  spouseIncomeField,
  stop,
  tokenField,
} from './fields.ts';
import * as m from './messages.ts';
import { profilePensionPlanIdField, registerPensionPlanIdField } from './profile.ts';

/** POST /auth/login */
export const LoginRequestSchema = requestObject({
  email: emailField,
  password: passwordField,
  /** Remember me: the server gives the session its longer absolute lifetime. */
  remember: v.optional(booleanField),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** POST /auth/register: `{ email, details: { dob, maritalStatus, pensionPlanId? } }`, dob as YYYY-MM-DD. */
export function registerRequestSchema(today: Dayjs) {
  return requestObject({
    email: emailField,
    details: requestObject({
      dob: apiDateOfBirthField(today),
      maritalStatus: maritalStatusField,
      pensionPlanId: registerPensionPlanIdField,
    }),
  });
}
export type RegisterRequest = v.InferOutput<ReturnType<typeof registerRequestSchema>>;
export type RegisterRequestInput = v.InferInput<ReturnType<typeof registerRequestSchema>>;

/** POST /auth/refresh */
export const RefreshRequestSchema = requestObject({
  refresh_token: tokenField,
});
export type RefreshRequest = v.InferOutput<typeof RefreshRequestSchema>;

/**
 * POST /auth/logout. The refresh token is optional: a client that lost it (e.g. a per-tab
 * session) can still end its access token's session.
 */
export const LogoutRequestSchema = requestObject({
  refresh_token: v.optional(tokenField),
});
export type LogoutRequest = v.InferOutput<typeof LogoutRequestSchema>;

/** POST /auth/resend-verification: no fields (an empty object, or no body at all). */
export const ResendVerificationRequestSchema = requestObject({});

/** POST /profile/ppsn-reveal: the account password, again (the full PPSN is shown only to whoever knows it). */
export const PpsnRevealRequestSchema = requestObject({ password: passwordField });

/** POST /send-password-reminder */
export const ForgotPasswordRequestSchema = requestObject({
  email: emailField,
});
export type ForgotPasswordRequest = v.InferOutput<typeof ForgotPasswordRequestSchema>;

/** POST /reset-password: the new password twice; a mismatch is reported on the confirmation. */
export const ResetPasswordRequestSchema = v.pipe(
  requestObject({
    token: tokenField,
    password: newPasswordField,
    // stop(): an empty confirmation is "required", not also "do not match".
    password_confirmation: v.pipe(v.string(m.REQUIRED), v.nonEmpty(m.REQUIRED), stop<string>()),
    /**
     * Also turn two-step sign-in off (the authenticator app is lost): the mailed link proves the
     * address, so the owner can always get back in. Ignored when two-step sign-in is off.
     */
    turn_off_two_factor: v.optional(booleanField),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      m.PASSWORDS_DO_NOT_MATCH,
    ),
    ['password_confirmation'],
  ),
);
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequestSchema>;

/**
 * GET /reset-password/{token}: the link still works. `two_factor`: its account has two-step
 * sign-in on, so the page offers to turn it off with the new password (the link holder may do
 * that anyway; a new account never has it).
 */
export const ResetLinkSchema = responseObject({ two_factor: v.boolean() });
export type ResetLink = v.InferOutput<typeof ResetLinkSchema>;

/**
 * POST /edit-profile: every field optional; only those present change. `pension_plan_id: null`
 * (or '') clears the plan ID. Server-owned fields (email, taxback, paye_a1_authorized, form11)
 * are not accepted here, nor `pension`, which the server derives from the contributions ledger.
 */
export function editProfileRequestSchema(today: Dayjs) {
  return requestObject({
    first_name: v.optional(nameField),
    surname: v.optional(nameField),
    ppsn: v.optional(ppsnOrMaskedField),
    opt_out_paye_auth: v.optional(booleanField),
    annual_income: v.optional(amountField),
    paid_pension: v.optional(amountField),
    marital_status: v.optional(maritalStatusField),
    pension_plan_id: profilePensionPlanIdField,
    date_of_birth: v.optional(apiDateOfBirthField(today)),
    /** Married users only (the route checks the status the profile will have). */
    spouse_annual_income: v.optional(spouseIncomeField),
    assessment_basis: v.optional(assessmentBasisField),
  });
}
export type EditProfileRequest = v.InferOutput<ReturnType<typeof editProfileRequestSchema>>;
export type EditProfileRequestInput = v.InferInput<ReturnType<typeof editProfileRequestSchema>>;
