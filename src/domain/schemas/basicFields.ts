/**
 * The field schemas that need no dates: names, email, passwords, tokens and the request/response
 * object helpers (see fields.ts for the rules every field follows). Apart from fields.ts, which
 * re-exports them, so that the sign-in screens do not load the date parsing the date fields need.
 */
import * as v from 'valibot';
import * as m from './messages.ts';

/** Ends the pipe here if an earlier rule failed (see the module comment). */
export function stop<T>() {
  return v.transform<T, T>((value) => value);
}

// ---------------------------------------------------------------------------------------------
// Object helpers

/**
 * The message function for request and response objects. A missing required key gets the
 * message its own field schema gives for `undefined` (so a missing email says "Email is
 * required", as an empty one does); an unknown key in a strict object says so; a non-object
 * input is an invalid request.
 */
export function objectMessage(entries: v.ObjectEntries) {
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.expected === 'never') return m.UNKNOWN_FIELD;
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && Object.prototype.hasOwnProperty.call(entries, key)) {
      const schema = entries[key];
      const result = schema ? v.safeParse(schema, undefined) : undefined;
      return result?.issues?.[0]?.message ?? m.REQUIRED;
    }
    // A missing nested object (e.g. no `details`) is a missing field; anything else is malformed.
    return issue.input === undefined ? m.REQUIRED : m.INVALID_REQUEST;
  };
}

/** A request body: unknown fields are rejected; missing fields get their own messages. */
export function requestObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.strictObject(entries, objectMessage(entries));
}

/** A response body: unknown fields are dropped (the server may add fields before the client knows them). */
export function responseObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, objectMessage(entries));
}

// ---------------------------------------------------------------------------------------------
// Text

/** Required text: trimmed, not empty. */
export const requiredTextField = v.pipe(v.string(m.REQUIRED), v.trim(), v.nonEmpty(m.REQUIRED));

// RFC 5322 dot-atom local part (so o'brien@… passes, which valibot's `email` rejects — a common
// Irish address) and a domain of DNS labels ending in an alphabetic TLD.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,64}(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Email: trimmed and lower-cased, so "Ann@X.ie " registers and logs in as "ann@x.ie". */
export const emailField = v.pipe(
  v.string(m.EMAIL_REQUIRED),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(m.EMAIL_REQUIRED),
  stop<string>(),
  v.maxLength(254, m.EMAIL_INVALID), // RFC 5321 path limit
  stop<string>(),
  v.regex(EMAIL_RE, m.EMAIL_INVALID),
);

// Letters of any script (Ó, á, ß, combining marks), spaces, hyphens and apostrophes
// (straight, typographic ’ and ‘, and the modifier letter ʼ that phones sometimes insert).
const NAME_CHARACTERS_RE = /^[\p{L}\p{M} '’‘ʼ\-‐]+$/u;
const HAS_LETTER_RE = /\p{L}/u;

/**
 * A person's name: trimmed, NFC-normalised (so a decomposed "Ó" counts as one letter), at
 * least 2 characters, letters / spaces / hyphens / apostrophes only. Quotes other than the
 * apostrophe, digits, ';', '=', '(' and other SQL or markup metacharacters are rejected.
 */
export const nameField = v.pipe(
  v.string(m.REQUIRED),
  v.trim(),
  v.normalize('NFC'),
  v.nonEmpty(m.REQUIRED),
  stop<string>(),
  v.minLength(2, m.MIN_2_CHARACTERS),
  stop<string>(),
  v.maxLength(100, m.MAX_100_CHARACTERS),
  stop<string>(),
  v.regex(NAME_CHARACTERS_RE, m.NAME_CHARACTERS),
  stop<string>(),
  // "- '" is made only of allowed characters but is not a name.
  v.regex(HAS_LETTER_RE, m.NAME_CHARACTERS),
);

/** The login password: required only (never trimmed; a password may contain spaces). */
export const passwordField = v.pipe(
  v.string(m.PASSWORD_REQUIRED),
  v.nonEmpty(m.PASSWORD_REQUIRED),
  stop<string>(),
  // No real password is longer; refusing more keeps the hash work bounded.
  v.maxCodePoints(128, m.PASSWORD_MAX),
);

/**
 * A new password (reset / set): 8 to 128 characters counted as code points, no composition
 * rules (security checklist A3).
 */
export const newPasswordField = v.pipe(
  v.string(m.PASSWORD_REQUIRED),
  v.nonEmpty(m.PASSWORD_REQUIRED),
  stop<string>(),
  v.minCodePoints(8, m.PASSWORD_MIN),
  stop<string>(),
  v.maxCodePoints(128, m.PASSWORD_MAX),
);

/** A non-empty opaque token (refresh token, reset token). */
export const tokenField = v.pipe(v.string(m.TOKEN_REQUIRED), v.nonEmpty(m.TOKEN_REQUIRED), v.maxLength(4096, m.TOKEN_INVALID));
