import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/** Plain JSON: what the screen shows besides the form. */
export interface ResetPasswordContext {
  /** Why the last attempt failed: the server's answer (field messages included), or an outage. */
  error: ApiFailure | null;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type ResetPasswordEvent =
  /**
   * The form was submitted: the link's token (from the URL) and the new password twice (the form
   * checks they match before sending; the server checks again). `turn_off_two_factor`: the
   * authenticator app is lost, so the link also turns two-step sign-in off (ignored when it is off).
   */
  { type: 'password.submit'; token: string; password: string; password_confirmation: string; turn_off_two_factor?: boolean };

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/** `busy`: the new password is being saved (the button shows progress). */
export type ResetPasswordTag = 'busy';

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

export interface SavePasswordInput {
  token: string;
  password: string;
  password_confirmation: string;
  turn_off_two_factor?: boolean;
}

/**
 * POST /reset-password. Expected failures (a spent or unknown link, a too common password, a rate
 * limit) resolve as data; only an outage rejects.
 */
export type SavePasswordResult = { ok: true } | { ok: false; error: ApiFailure };

export type SavePasswordLogic = PromiseActorLogic<SavePasswordResult, SavePasswordInput>;
