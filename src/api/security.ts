import * as v from 'valibot';
import {
  type ChangePasswordRequest,
  DevicesResponseSchema,
  MessageResponseSchema,
  RecoveryCodesSchema,
  SecurityEventsResponseSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../domain/schemas/security.ts';
import { type ApiClient, getJson, postJson } from './client.ts';

/**
 * Settings → Security: one typed function per call, each with the signed-in session's client.
 * Answers are validated with valibot; a refusal rejects with ky's HTTPError (see `toApiFailure`).
 */

/** GET /security/events: the last 90 days, newest first. */
export async function getSecurityEvents(client: ApiClient, signal?: AbortSignal) {
  return (await getJson(client, 'security/events', SecurityEventsResponseSchema, { signal })).events;
}

/** GET /security/devices: the open sessions, most recently used first; `current` is this one. */
export async function getDevices(client: ApiClient, signal?: AbortSignal) {
  return (await getJson(client, 'security/devices', DevicesResponseSchema, { signal })).devices;
}

/** POST /security/devices/:id/sign-out */
export function signOutDevice(client: ApiClient, id: string, signal?: AbortSignal) {
  return postJson(client, `security/devices/${encodeURIComponent(id)}/sign-out`, {}, v.object({ current: v.boolean() }), { signal });
}

/** POST /security/sign-out-everywhere: every other device; this one stays signed in. */
export function signOutEverywhereElse(client: ApiClient, signal?: AbortSignal) {
  return postJson(client, 'security/sign-out-everywhere', {}, v.object({ signed_out: v.number() }), { signal });
}

/** POST /security/change-password: other devices are signed out; this session stays. */
export function changePassword(client: ApiClient, body: ChangePasswordRequest, signal?: AbortSignal) {
  return postJson(client, 'security/change-password', body, MessageResponseSchema, { signal });
}

/** GET /security/two-factor */
export function getTwoFactorStatus(client: ApiClient, signal?: AbortSignal) {
  return getJson(client, 'security/two-factor', TwoFactorStatusSchema, { signal });
}

/** POST /security/two-factor/setup with the account password: a new secret, as a QR code (PNG data URL) and as text. */
export function startTwoFactorSetup(client: ApiClient, password: string, signal?: AbortSignal) {
  return postJson(client, 'security/two-factor/setup', { password }, TwoFactorSetupSchema, { signal });
}

/** POST /security/step-up: the password (or a code) again before a large payment or a new account. */
export function stepUp(client: ApiClient, proof: { password: string } | { code: string }, signal?: AbortSignal) {
  return postJson(client, 'security/step-up', proof, v.object({ stepped_up_until: v.string() }), { signal });
}

/** POST /security/two-factor/confirm: turns it on; the answer's recovery codes are shown once. */
export async function confirmTwoFactor(client: ApiClient, code: string, signal?: AbortSignal) {
  return (await postJson(client, 'security/two-factor/confirm', { code }, RecoveryCodesSchema, { signal })).recovery_codes;
}

/** POST /security/two-factor/disable: needs the account password. */
export function disableTwoFactor(client: ApiClient, password: string, signal?: AbortSignal) {
  return postJson(client, 'security/two-factor/disable', { password }, v.object({ enabled: v.boolean() }), { signal });
}
