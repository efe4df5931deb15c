import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/** Plain JSON: what the screen shows besides the form. */
export interface ResetPasswordContext {
  /** The link's token (from the URL). */
  token: string;
  /**
   * The link's account has two-step sign-in on (the form offers to turn it off), or not; null
   * while the check has not said (it failed or is under way): the offer is shown, as it says
   * "only if two-step sign-in is on".
   */
  twoFactor: boolean | null;
  /** Why the link or the last attempt failed: the server's answer (field messages included), or an outage. */
  error: ApiFailure | null;
}

export interface ResetPasswordInput {
  token: string;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type ResetPasswordEvent =
  /**
   * The form was submitted: the new password twice (the form checks they match before sending;
   * the server checks again). `turn_off_two_factor`: the authenticator app is lost, so the link
   * also turns two-step sign-in off (ignored when it is off).
   */
  { type: 'password.submit'; password: string; password_confirmation: string; turn_off_two_factor?: boolean };

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/** `loading`: the link is being checked. `busy`: the new password is being saved (the button shows progress). */
export type ResetPasswordTag = 'loading' | 'busy';

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

export interface CheckLinkInput {
  token: string;
}

/** GET /reset-password/{token}. A spent or unknown link is a failure naming `token`; only an outage rejects. */
export type CheckLinkResult = { ok: true; twoFactor: boolean } | { ok: false; error: ApiFailure };

export type CheckLinkLogic = PromiseActorLogic<CheckLinkResult, CheckLinkInput>;

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
