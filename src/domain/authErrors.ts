/**
 * Error texts of the login and register screens (spec section 8, "Error catalogue").
 *
 * Pure: the auth machine calls these when an actor resolves `{ ok: false, error }` and stores the
 * resulting strings in its context; screens only render them.
 */

import {
  DATE_OF_BIRTH_INVALID,
  GENERIC_ERROR as LOGIN_GENERIC_ERROR,
  LOGIN_FORMAT as LOGIN_INVALID_FORMAT,
  LOGIN_INVALID_CREDENTIALS,
  SERVER_ERROR as LOGIN_SERVER_ERROR,
  loginFailed,
  registerFailed,
} from './schemas/messages.ts';

/**
 * Where an error's `message` came from.
 *
 * - `'server'`: the message is the `message` field of the API's JSON error body
 *   (`{ message, errors? }`, see src/server/http/errors.ts). It was written for the user and the
 *   spec says to show it as is.
 * - `'network'`: there was no usable response body: a transport failure (offline, timeout,
 *   aborted, CORS), an unexpected response shape, or a client-side description. The text is for
 *   diagnosis; the login screen wraps it as "Login failed: …".
 *
 * The API client (src/api/client.ts, `toApiFailure`) always sets it. When it is missing, it is
 * inferred: a message that came with an HTTP status is the server's, one without a status
 * (no response at all) is the network's.
 */
export type ErrorSource = 'server' | 'network';

/** The `error` of an actor result `{ ok: false, error }`; structurally the API client's `ApiFailure`. */
export interface AuthFailure {
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** The server's message, a transport description, or null. */
  message: string | null;
  /** Where `message` came from; see {@link ErrorSource}. Inferred when absent. */
  source?: ErrorSource;
  /** The server's field map, `{ "details.dob": ["message", …] }`. */
  fieldErrors?: Record<string, string[]>;
}

// The texts themselves live with every other message in schemas/messages.ts.
export { LOGIN_INVALID_CREDENTIALS, LOGIN_INVALID_FORMAT, LOGIN_SERVER_ERROR, LOGIN_GENERIC_ERROR };

/** Register: a date of birth the client could not parse (checked before anything is sent). */
export const INVALID_DATE_OF_BIRTH = DATE_OF_BIRTH_INVALID;
/** Register: no field errors and no message at all (an outage). */
export const REGISTER_GENERIC_ERROR = 'Something went wrong. Please try again.';
/** Register: field errors came without a server message. */
export const REGISTER_FIELDS_ERROR = 'Please check the highlighted fields and try again.';

function text(message: string | null | undefined): string | null {
  if (typeof message !== 'string') return null;
  return message.trim() === '' ? null : message;
}

/** The source of an error, inferred when the producer did not say (see {@link ErrorSource}). */
export function errorSource(error: Pick<AuthFailure, 'status' | 'source'>): ErrorSource {
  if (error.source) return error.source;
  return error.status === null ? 'network' : 'server';
}

/** The server-provided message of an error, or null when it has none. */
export function serverMessage(error: AuthFailure): string | null {
  return errorSource(error) === 'server' ? text(error.message) : null;
}

/**
 * The login failure message, with the exact precedence of spec section 8:
 * 1. a server-provided message, as is;
 * 2. 401 → invalid credentials; 3. 422 → check the format; 4. ≥ 500 → server error;
 * 5. "Login failed: {message}" for any other (non-server) message, else the generic text.
 */
export function loginErrorMessage(error: AuthFailure): string {
  const fromServer = serverMessage(error);
  if (fromServer !== null) return fromServer;
  if (error.status === 401) return LOGIN_INVALID_CREDENTIALS;
  if (error.status === 422) return LOGIN_INVALID_FORMAT;
  if (error.status !== null && error.status >= 500) return LOGIN_SERVER_ERROR;
  const other = text(error.message);
  return other !== null ? loginFailed(other) : LOGIN_GENERIC_ERROR;
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
export function registerErrorView(error: AuthFailure): RegisterErrorView {
  const fieldErrors = firstFieldErrors(error.fieldErrors);
  if (Object.keys(fieldErrors).length > 0) {
    return { message: text(error.message) ?? REGISTER_FIELDS_ERROR, fieldErrors };
  }
  const message = text(error.message);
  return {
    message: message === null ? REGISTER_GENERIC_ERROR : registerFailed(message),
    fieldErrors: {},
  };
}
