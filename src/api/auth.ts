import * as v from 'valibot';
import { type LoginRequest, type RegisterRequest, ResetLinkSchema } from '../domain/schemas/auth.ts';
import { type TwoFactorLoginRequest, TwoFactorRequiredSchema } from '../domain/schemas/security.ts';
import { SessionResponseSchema, UserSchema } from '../domain/schemas/user.ts';
import { type ApiClient, type CallOptions, getJson, postJson, publicClient } from './client.ts';

/**
 * One typed function per call of spec section 7 (auth and profile). Calls made without a session
 * (or with a token just received) use the public client; calls of a signed-in session take the
 * session's client.
 */

const MessageResponse = v.object({ message: v.optional(v.string()) });

/** Tokens, or — for an account with two-step sign-in — a challenge for {@link verifyTwoFactor}. */
export function login(body: LoginRequest, signal?: AbortSignal) {
  return postJson(publicClient, 'auth/login', body, v.union([TwoFactorRequiredSchema, SessionResponseSchema]), { signal });
}

/** The code step of a login: the challenge login answered with, and a 6-digit or recovery code. */
export function verifyTwoFactor(body: TwoFactorLoginRequest, signal?: AbortSignal) {
  return postJson(publicClient, 'auth/two-factor', body, SessionResponseSchema, { signal });
}

export function register(body: RegisterRequest, signal?: AbortSignal) {
  return postJson(publicClient, 'auth/register', body, SessionResponseSchema, { signal });
}

export function refresh(refreshToken: string, signal?: AbortSignal) {
  return postJson(publicClient, 'auth/refresh', { refresh_token: refreshToken }, SessionResponseSchema, { signal });
}

/** The server revokes the refresh-token family; failures are only logged by the caller. */
export async function logout(refreshToken: string, signal?: AbortSignal) {
  await publicClient.post('auth/logout', { json: { refresh_token: refreshToken }, signal });
}

/**
 * The profile. At start-up and right after sign-in the token is given explicitly (the session
 * does not hold it yet), through the public client; later through the session's client.
 */
export function getProfile(client: ApiClient, options: CallOptions = {}) {
  return getJson(client, 'profile', UserSchema, options);
}

export function editProfile(client: ApiClient, changes: Record<string, unknown>, signal?: AbortSignal) {
  return postJson(client, 'edit-profile', changes, UserSchema, { signal });
}

const ResendVerificationResponse = v.object({ message: v.string(), email_verified: v.boolean() });

/**
 * A new set-password link for a signed-in user whose address is not yet proven (the "resend
 * link" action of a 403 `email_unverified`); rate-limited by the server (429).
 */
export function resendVerification(client: ApiClient, signal?: AbortSignal) {
  return postJson(client, 'auth/resend-verification', {}, ResendVerificationResponse, { signal });
}

const PpsnRevealResponse = v.object({ ppsn: v.nullable(v.string()) });

/**
 * The signed-in user's PPSN in full (answers carry it masked, "•••••67T"), given the account
 * password again. The server limits how often and records every call in its audit log.
 */
export async function revealPpsn(client: ApiClient, password: string, signal?: AbortSignal): Promise<string | null> {
  return (await postJson(client, 'profile/ppsn-reveal', { password }, PpsnRevealResponse, { signal })).ppsn;
}

export function sendPasswordReminder(email: string, signal?: AbortSignal) {
  return postJson(publicClient, 'send-password-reminder', { email }, MessageResponse, { signal });
}

/** GET /reset-password/{token}: the mailed link still works (else a 422 naming `token`), and whether its account has two-step sign-in. */
export function checkResetLink(token: string, signal?: AbortSignal) {
  return getJson(publicClient, `reset-password/${encodeURIComponent(token)}`, ResetLinkSchema, { signal });
}

export function resetPassword(body: { token: string; password: string; password_confirmation: string; turn_off_two_factor?: boolean }, signal?: AbortSignal) {
  return postJson(publicClient, 'reset-password', body, MessageResponse, { signal });
}
