/**
 * The messages of spec sections 2 and 8 that the first page's code shows (sign-in and register
 * errors, the session's end, the loading view). Kept apart from messages.ts, which re-exports them,
 * because the build puts a module in one chunk whole: imported by the first page's code,
 * messages.ts would bring every message of every form with it.
 */

// Alerts of spec section 8.
export const LOGIN_INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';
export const LOGIN_FORMAT = 'Please check your email and password format.';
export const SERVER_ERROR = 'Server error, team has been notified. Please try again later.';
export const GENERIC_ERROR = 'Something went wrong, team has been notified. Please try again later.';
/** The general "try again" text: register without any detail, PAYE authorisation, outages of refresh and recovery. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';
/** Register: field errors came without a server message (not in the spec). */
export const CHECK_HIGHLIGHTED_FIELDS = 'Please check the highlighted fields and try again.';
export const NO_REFRESH_TOKEN = 'No refresh token';
/** The full-screen view shown until authentication is initialised (spec section 2, Layout). */
export const LOADING = 'Loading...';
/** "Login failed: {message}" (spec section 8, rule 5). */
export function loginFailed(message: string): string {
  return `Login failed: ${message}`;
}

/** "Something went wrong. Please try again. (Error: {message})" (spec section 8, register). */
export function registerFailed(message: string): string {
  return `${SOMETHING_WENT_WRONG} (Error: ${message})`;
}
