import type { ApiFailure } from './failure.ts';
import { SOMETHING_WENT_WRONG } from './schemas/sessionMessages.ts';

/** A request that got no usable response (it rejected: offline, timeout, a bug): an outage, not a refusal. */
export const NO_RESPONSE: ApiFailure = { status: null, message: null, source: 'network' };

/**
 * The text a screen shows for a failed request: the server's own message (written for the user), or
 * the generic retry message when there is none (an outage, or a bare status such as a 502). A
 * transport description ("Failed to fetch") is for logs, not for users.
 */
export function failureMessage(error: ApiFailure): string {
  const fromServer = error.source === 'server' ? error.message?.trim() : '';
  return fromServer ? fromServer : SOMETHING_WENT_WRONG;
}

/** Field errors as a form shows them: the first message per field. */
export type FieldErrors = Readonly<Record<string, string>>;

const NO_FIELD_ERRORS: FieldErrors = Object.freeze({});
const fieldErrorsCache = new WeakMap<ApiFailure, FieldErrors>();

/**
 * The first message of each field of a refusal (`{ errors: { field: [messages] } }`). The same
 * failure always gives the same object, so a view that returns it does not make a form apply its
 * server errors again on every snapshot.
 */
export function fieldErrorsOf(error: ApiFailure | null | undefined): FieldErrors {
  if (!error?.fieldErrors) return NO_FIELD_ERRORS;
  let errors = fieldErrorsCache.get(error);
  if (!errors) {
    const firsts: Record<string, string> = {};
    for (const [field, messages] of Object.entries(error.fieldErrors)) if (messages[0]) firsts[field] = messages[0];
    errors = Object.keys(firsts).length > 0 ? Object.freeze(firsts) : NO_FIELD_ERRORS;
    fieldErrorsCache.set(error, errors);
  }
  return errors;
}
