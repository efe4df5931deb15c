import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import { RESET_LINK_SENT } from '../../src/domain/schemas/messages.ts';
import type { ForgotPasswordMachine } from './forgotPassword.machine.ts';

type Snapshot = Pick<SnapshotFrom<ForgotPasswordMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

export interface ForgotPasswordView {
  /** The email form, or "check your email" once the server accepted the request. */
  step: 'form' | 'sent';
  /** The request is on its way: the button shows progress. */
  busy: boolean;
  /** The form may be submitted now (asked of the machine, so the button never copies its rules). */
  canSubmit: boolean;
  /** The server's confirmation, or the usual wording when it sent none; null before. */
  notice: string | null;
  /** Why the last request failed, worded for the user, or null. */
  error: string | null;
}

/** Forgot password as /auth/forgot-password shows it. */
export function forgotPasswordView(snapshot: Snapshot): ForgotPasswordView {
  const sent = snapshot.matches('sent');
  return {
    step: sent ? 'sent' : 'form',
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can({ type: 'reminder.submit', email: '' }),
    notice: sent ? (snapshot.context.notice ?? RESET_LINK_SENT) : null,
    error: snapshot.context.error ? failureMessage(snapshot.context.error) : null,
  };
}
