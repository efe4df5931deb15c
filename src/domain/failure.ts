/**
 * How an expected failure of an API call looks everywhere in the browser: the API client makes
 * it (src/api/client.ts `toApiFailure`), machines keep it as data (`{ ok: false, error }`), the
 * pure rules in src/domain turn it into the texts of spec section 8, screens show those texts.
 */
export type ApiFailure = {
  /** HTTP status, or null when no response arrived (offline, timeout, aborted). */
  status: number | null;
  /** The server's `message` when it sent one; otherwise a transport description, or null. */
  message: string | null;
  /**
   * Where `message` came from. `'server'`: the `message` of the API's JSON error body
   * (`{ message, errors? }`), written for the user and shown as is. `'network'`: no usable body (a
   * transport failure, an unexpected response shape, a client-side description); for diagnosis only.
   */
  source: 'server' | 'network';
  /** The server's field map, `{ "details.dob": ["message", …] }`. */
  fieldErrors?: Record<string, string[]>;
  /** The server's machine-readable reason, when it gave one (`email_unverified`, `two_factor_required`, `step_up_required`). */
  code?: string;
};

/** The server asks for the password (or a code) again before this payment (POST /security/step-up, then retry). */
export const STEP_UP_REQUIRED_CODE = 'step_up_required';

export function isStepUpRequired(failure: ApiFailure | null | undefined): boolean {
  return failure?.status === 403 && failure.code === STEP_UP_REQUIRED_CODE;
}

/** A failure with no response at all: what an outage (a rejected promise, a missing effect) becomes. */
export function networkFailure(message: string | null = null): ApiFailure {
  return { status: null, message, source: 'network' };
}
