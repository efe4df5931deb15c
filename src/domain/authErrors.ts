/**
 * Error texts of the login and register screens (spec section 8, "Error catalogue").
 *
 * Pure: the auth machine calls these when an actor resolves `{ ok: false, error }` and stores the
 * resulting strings in its context; screens only render them.
 */

import type { ApiFailure } from './failure.ts';
import {
  CHECK_HIGHLIGHTED_FIELDS,
  GENERIC_ERROR,
  LOGIN_FORMAT,
  LOGIN_INVALID_CREDENTIALS,
  SERVER_ERROR,
  SOMETHING_WENT_WRONG,
  loginFailed,
  registerFailed,
} from './schemas/sessionMessages.ts';

function text(message: string | null | undefined): string | null {
  if (typeof message !== 'string') return null;
  return message.trim() === '' ? null : message;
}

/** The server-provided message of an error, or null when it has none. */
export function serverMessage(error: ApiFailure): string | null {
  return error.source === 'server' ? text(error.message) : null;
}

/**
 * The login failure message, with the exact precedence of spec section 8:
 * 1. a server-provided message, as is;
 * 2. 401 → invalid credentials; 3. 422 → check the format; 4. ≥ 500 → server error;
 * 5. "Login failed: {message}" for any other (non-server) message, else the generic text.
 */
export function loginErrorMessage(error: ApiFailure): string {
  const fromServer = serverMessage(error);
  if (fromServer !== null) return fromServer;
  if (error.status === 401) return LOGIN_INVALID_CREDENTIALS;
  if (error.status === 422) return LOGIN_FORMAT;
  if (error.status !== null && error.status >= 500) return SERVER_ERROR;
  const other = text(error.message);
  return other !== null ? loginFailed(other) : GENERIC_ERROR;
}

/** What the register screen shows: a banner message and the first message per field. */
export interface RegisterErrorView {
  message: string;
  /** Field key as the server sent it (e.g. `details.dob`) → its first message. */
  fieldErrors: Record<string, string>;
}

/** The first message of every field that has one; fields with an empty list are dropped. */
export function firstFieldErrors(fieldErrors: Record<string, readonly string[]> | undefined): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages.find((m) => text(m) !== null);
    if (message !== undefined) first[field] = message;
  }
  return first;
}

/**
 * The register failure view (spec section 8): with server field errors, the first message per
 * field plus the server message; otherwise "Something went wrong. Please try again. (Error: {message})"
 * (without the parenthesis when there is no message at all).
 */
export function registerErrorView(error: ApiFailure): RegisterErrorView {
  const fieldErrors = firstFieldErrors(error.fieldErrors);
  if (Object.keys(fieldErrors).length > 0) {
    return { message: text(error.message) ?? CHECK_HIGHLIGHTED_FIELDS, fieldErrors };
  }
  const message = text(error.message);
  return {
    message: message === null ? SOMETHING_WENT_WRONG : registerFailed(message),
    fieldErrors: {},
  };
}
