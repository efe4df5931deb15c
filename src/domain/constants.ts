/** Business constants from spec section 9 and the inactivity rules of section 4. */

/** API base path (spec section 7: /api/{product}). */
export const API_PREFIX = '/api/maxout';

/** Minimum age to register, in whole years. */
export const MIN_REGISTRATION_AGE = 16;

/** Inactivity: the first timer, after which the warning dialog opens (50 minutes). */
export const IDLE_WARNING_MS = 3_000_000;
/** Inactivity: the second timer, the hard idle limit of a session (1 hour). */
export const SESSION_IDLE_LIMIT_MS = 3_600_000;
/** Inactivity: the countdown shown in the warning dialog, in seconds. */
export const LOGOUT_COUNTDOWN_SECONDS = 300;
/** Inactivity: this tab's activity is reported at most this often (a mouse move fires far more often than timers need). */
export const ACTIVITY_REPORT_INTERVAL_MS = 1_000;
/** Inactivity: other tabs hear of this tab's activity at most this often. */
export const ACTIVITY_BROADCAST_INTERVAL_MS = 15_000;

/** Access tokens live this long (the server signs them; the client refreshes before they end). */
export const ACCESS_TOKEN_TTL_MS = 900_000;
/**
 * A signed-in tab refreshes its tokens this often while its user is active (here or in another
 * tab), so the server's 1-hour idle limit never ends a session someone is reading without calling
 * the API, and does end one nobody attends.
 */
export const SESSION_REFRESH_INTERVAL_MS = 600_000;

/** Round-ups: the pending sum must exceed this many cents before the daily prompt shows. */
export const ROUNDUP_THRESHOLD_CENTS = 2000;
/** Round-ups: a closed prompt stays closed for one day. */
export const ROUNDUP_SNOOZE_MS = 86_400_000;

/** PAYE A1 authorisation: in force at most 4 years; evidence kept 6 years. */
export const PAYE_AUTHORISATION_YEARS = 4;
export const PAYE_EVIDENCE_RETENTION_YEARS = 6;

/** Signature pad: emits its image this long after a stroke ends. */
export const SIGNATURE_EMIT_DELAY_MS = 100;

/**
 * The id of the HTML page's `<template>` listing the files a signed-in page fetches once its first
 * frame has painted (the server writes it from route-preloads.json, the app moves its links into
 * the page's head then).
 */
export const AFTER_FIRST_PAINT_ID = 'after-first-paint';
