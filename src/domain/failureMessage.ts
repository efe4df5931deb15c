import type { ApiFailure } from './failure.ts';
import { SOMETHING_WENT_WRONG } from './schemas/messages.ts';

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
