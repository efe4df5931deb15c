import * as v from 'valibot';
import type { LoginRequest, RegisterRequest } from '../domain/schemas/auth.ts';
import { SessionResponseSchema, UserSchema } from '../domain/schemas/user.ts';
import { getJson, http, postJson } from './client.ts';

/** One typed function per call of spec section 7 (auth and profile). */

const MessageResponse = v.object({ message: v.optional(v.string()) });

export function login(body: LoginRequest, signal?: AbortSignal) {
  return postJson('auth/login', body, SessionResponseSchema, signal);
}

export function register(body: RegisterRequest, signal?: AbortSignal) {
  return postJson('auth/register', body, SessionResponseSchema, signal);
}

export function refresh(refreshToken: string, signal?: AbortSignal) {
  return postJson('auth/refresh', { refresh_token: refreshToken }, SessionResponseSchema, signal);
}

/** The server revokes the refresh-token family; failures are only logged by the caller. */
export async function logout(refreshToken: string, signal?: AbortSignal) {
  await http.post('auth/logout', { json: { refresh_token: refreshToken }, signal });
}

/**
 * The profile with an explicit token: used at start-up and right after sign-in, before the
 * session owner knows the token.
 */
export function getProfile(signal?: AbortSignal, accessToken?: string) {
  if (accessToken) {
    return http
      .get('profile', { signal, headers: { Authorization: `Bearer ${accessToken}` } })
      .json()
      .then((body) => v.parse(UserSchema, body));
  }
  return getJson('profile', UserSchema, signal);
}

export function editProfile(changes: Record<string, unknown>, signal?: AbortSignal) {
  return postJson('edit-profile', changes, UserSchema, signal);
}

export function sendPasswordReminder(email: string, signal?: AbortSignal) {
  return postJson('send-password-reminder', { email }, MessageResponse, signal);
}

export function resetPassword(body: { token: string; password: string; password_confirmation: string }, signal?: AbortSignal) {
  return postJson('reset-password', body, MessageResponse, signal);
}
