/**
 * What may reach a log line, decided by rule rather than by each call site:
 *
 * 1. By key, at any depth: a field whose name says it holds a secret or personal data
 *    (password, token, secret, authorization, cookie, PPSN, email, recipient, birth date,
 *    signature, SQL params, request body…) is replaced by "[redacted]".
 * 2. Errors are reduced to safe fields. A database error (PostgreSQL or PGlite, bare or wrapped
 *    by Drizzle) keeps only its SQLSTATE code and the names of the constraint, table and
 *    column; its message and detail (which quote values, e.g. "Key (email)=(…) already exists"
 *    or "Failing row contains (…)") and the bound parameters are dropped. Other errors keep
 *    their message (subject to rule 3) and stack frames.
 * 3. By value, over the whole serialised line: email addresses, JWTs, bearer credentials,
 *    long random tokens, PPSN-shaped strings and encrypted-field envelopes are masked, so a
 *    secret interpolated into a message is caught too.
 */

const REDACTED = '[redacted]';

/** Field names whose values never reach a log line. */
const SENSITIVE_KEY =
  /pass(word|wd|phrase)?|secret|token|authori[sz]ation|cookie|ppsn|e-?mail|^to$|^cc$|^bcc$|recipient|birth|^dob$|signature|^params$|^parameters$|^detail$|^body$|^hint$|^where$|(api|private|encryption|signing)_?key$/i;

/**
 * Value patterns masked anywhere in a serialised line; each replacement keeps the JSON valid.
 * `hint` is a substring every match contains, so most lines skip most patterns cheaply.
 */
const VALUE_RULES: { hint?: string; pattern: RegExp; replacement: string }[] = [
  // JSON Web Tokens (access tokens): header.payload.signature, the header starting with {"
  { hint: 'eyJ', pattern: /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g, replacement: '[jwt]' },
  { pattern: /\bBearer\s+[^\s"\\]+/gi, replacement: 'Bearer [redacted]' },
  // Encrypted-field envelopes (services/crypto.ts): v2.<key id>.<iv>.<tag>.<ciphertext>, and the
  // v1.<iv>.<tag>.<ciphertext> of before key ids
  { hint: 'v2.', pattern: /\bv2\.[A-Za-z0-9_-]{1,32}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*/g, replacement: '[encrypted]' },
  { hint: 'v1.', pattern: /\bv1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*/g, replacement: '[encrypted]' },
  { hint: '@', pattern: /[A-Za-z0-9.!#$%&'*+=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, replacement: '[email]' },
  // Refresh and password-link tokens (43 base64url characters), hashes and other long secrets;
  // UUIDs (36 characters) stay readable.
  { pattern: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g, replacement: '[token]' },
  // PPSN: 7 digits, a check letter and an optional second letter. The look-arounds keep UUID
  // segments such as "1234567e-" out.
  { pattern: /(?<![\w-])\d{7}[A-Wa-w][A-IWa-iw]?(?![\w-])/g, replacement: '[ppsn]' },
];

/** Masks every value pattern in a string (rule 3). */
export function scrubText(text: string): string {
  let out = text;
  for (const rule of VALUE_RULES) {
    if (rule.hint === undefined || out.includes(rule.hint)) out = out.replace(rule.pattern, rule.replacement);
  }
  return out;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
  routine?: unknown;
}

/** An error from PostgreSQL or PGlite: a SQLSTATE code and the protocol's error fields. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && ('severity' in error || 'routine' in error || 'constraint' in error);
}

/** Stack frames only: the first lines of a stack repeat the message, which may quote values. */
function frames(stack: unknown): string[] | undefined {
  if (typeof stack !== 'string') return undefined;
  const lines = stack.split('\n').filter((line) => /^\s+at /.test(line)).map((line) => line.trim());
  return lines.length > 0 ? lines.slice(0, 12) : undefined;
}

/** An error as a plain object with only safe fields (rule 2). */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { type: typeof error, message: scrubText(String(error)).slice(0, 500) };
  }
  const e = error as ErrorLike;
  const type = typeof e.name === 'string' ? e.name : 'Error';
  const out: Record<string, unknown> = { type };
  if (isDatabaseError(e)) {
    out.message = `database error ${String(e.code)}`;
    out.code = e.code;
    for (const field of ['constraint', 'table', 'column', 'schema', 'routine'] as const) {
      if (typeof e[field] === 'string') out[field] = e[field];
    }
  } else if (typeof e.query === 'string' && 'params' in e) {
    // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>". The SQL text has
    // placeholders ($1…) for every value; the params are dropped.
    out.message = 'database query failed';
    out.query = scrubText(e.query).slice(0, 1000);
  } else {
    out.message = scrubText(typeof e.message === 'string' ? e.message : String(e.message)).slice(0, 1000);
    if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  }
  const stack = frames(e.stack);
  if (stack) out.stack = stack;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** A log call's fields with rules 1 and 2 applied, recursively (depth-limited). */
export function scrubFields(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value);
  if (value instanceof Date) return value.toISOString();
  if (depth >= 6) return '[nested]';
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return '[bytes]';
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => scrubFields(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) && item !== undefined && item !== null ? REDACTED : scrubFields(item, depth + 1);
  }
  return out;
}
