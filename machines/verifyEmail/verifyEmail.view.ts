import type { SnapshotFrom } from 'xstate';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { VerifyEmailMachine } from './verifyEmail.machine.ts';

export interface VerifyEmailView {
  /** Show the banner: the address is not proven. */
  show: boolean;
  email: string;
  /** "Resend link" is pressed and waiting. */
  resending: boolean;
  canResend: boolean;
  /** "We have emailed you a new link." */
  linkSent: boolean;
  /** Why the last resend failed, in words, or null. */
  error: string | null;
}

/** What the banner shows: one pure function of the machine's snapshot. */
export function verifyEmailView(snapshot: SnapshotFrom<VerifyEmailMachine>): VerifyEmailView {
  const { context } = snapshot;
  return {
    show: !snapshot.matches('verified') && !snapshot.matches('deciding'),
    email: context.email,
    resending: snapshot.hasTag('busy'),
    canResend: snapshot.can({ type: 'verifyEmail.resend' }),
    linkSent: context.linkSent,
    error: context.error ? failureMessage(context.error) : null,
  };
}
