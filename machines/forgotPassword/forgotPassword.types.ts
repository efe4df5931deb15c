import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/** Plain JSON: what the screen shows besides the form. */
export interface ForgotPasswordContext {
  /** The server's confirmation after a link was requested (null when it sent none). */
  notice: string | null;
  /** Why the last request failed: the server's answer, or an outage. Cleared by the next request. */
  error: ApiFailure | null;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type ForgotPasswordEvent =
  /** The form was submitted with a valid email (the form validates before sending). */
  | { type: 'reminder.submit'; email: string }
  /** "Send another link": back to the form, which keeps the email typed before. */
  | { type: 'reminder.again' };

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/** `busy`: a request is on its way (the button shows progress). */
export type ForgotPasswordTag = 'busy';

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

export interface SendReminderInput {
  email: string;
}

/**
 * POST /send-password-reminder. Expected failures (validation, rate limit) resolve as data; only an
 * outage rejects. The server answers the same whether or not the account exists.
 */
export type SendReminderResult = { ok: true; message: string | null } | { ok: false; error: ApiFailure };

export type SendReminderLogic = PromiseActorLogic<SendReminderResult, SendReminderInput>;
