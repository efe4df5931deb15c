/** Types of the password recovery machine (forgot password + reset password screens). */

export interface RecoveryFailure {
  status: number | null;
  message: string | null;
  fieldErrors?: Record<string, string[]>;
}

export type RecoveryResult = { ok: true; message?: string } | { ok: false; error: RecoveryFailure };

export interface ReminderInput {
  email: string;
}

export interface ResetInput {
  token: string;
  password: string;
  password_confirmation: string;
}

export interface PasswordResetContext {
  /** The server's confirmation text after a reminder was requested. */
  notice: string | null;
  error: RecoveryFailure | null;
}

export type PasswordResetEvent =
  | { type: 'reminder.submit'; email: string }
  | { type: 'reset.submit'; token: string; password: string; password_confirmation: string }
  | { type: 'recovery.retry' };
