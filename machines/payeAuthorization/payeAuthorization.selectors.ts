import type { SnapshotFrom } from 'xstate';
import { OPT_OUT_UPDATE_FAILED, PAYE_AUTHORISATION_FAILED } from '../../src/domain/schemas/messages.ts';
import { failureMessage } from '../../src/domain/failureMessage.ts';
import type { PayeAuthorizationMachine } from './payeAuthorization.machine.ts';

export type PayeAuthorizationSnapshot = SnapshotFrom<PayeAuthorizationMachine>;

export const selectIsBusy = (s: Pick<PayeAuthorizationSnapshot, 'hasTag'>) => s.hasTag('busy');
export const selectIsSubmitting = (s: Pick<PayeAuthorizationSnapshot, 'matches'>) => s.matches('submitting');
export const selectIsEnabling = (s: Pick<PayeAuthorizationSnapshot, 'matches'>) => s.matches('enabling');

/** Which view the screen shows. */
export const selectView = (s: Pick<PayeAuthorizationSnapshot, 'matches'>): 'loading' | 'unavailable' | 'optedOut' | 'unverified' | 'form' | 'leaving' => {
  if (s.matches('loading') || s.matches('ready')) return 'loading';
  if (s.matches('unverified') || s.matches('resending')) return 'unverified';
  if (s.matches('unavailable')) return 'unavailable';
  if (s.matches('optedOut') || s.matches('enabling')) return 'optedOut';
  if (s.matches('done') || s.matches('declined')) return 'leaving';
  return 'form';
};

/** Authorize is enabled (spec section 5: first name, surname and signature present, and nothing on its way). */
export const selectCanAuthorize = (s: Pick<PayeAuthorizationSnapshot, 'can'>) => s.can({ type: 'paye.authorize' });
export const selectCanDecline = (s: Pick<PayeAuthorizationSnapshot, 'can'>) => s.can({ type: 'paye.decline' });
export const selectCanEnable = (s: Pick<PayeAuthorizationSnapshot, 'can'>) => s.can({ type: 'paye.enable' });
export const selectCanResend = (s: Pick<PayeAuthorizationSnapshot, 'can'>) => s.can({ type: 'paye.resend' });
export const selectIsResending = (s: Pick<PayeAuthorizationSnapshot, 'matches'>) => s.matches('resending');
/** A new verification link went out during this visit. */
export const selectLinkSent = (s: Pick<PayeAuthorizationSnapshot, 'context'>) => s.context.linkSent;

export const selectValues = (s: Pick<PayeAuthorizationSnapshot, 'context'>) => s.context.values;
export const selectAgent = (s: Pick<PayeAuthorizationSnapshot, 'context'>) => s.context.agent;

/**
 * What the form says about two-step sign-in: `recommend` while it is off (it is optional, and
 * recommended before signing); `signInAgain` when it is on but this session gave no code (the
 * server refuses the signature until the user logs in again with one); null otherwise.
 */
export const selectTwoFactorAdvice = (s: Pick<PayeAuthorizationSnapshot, 'context'>): 'recommend' | 'signInAgain' | null => {
  const standing = s.context.twoFactor;
  if (!standing) return null;
  if (!standing.enabled) return 'recommend';
  return standing.sessionVerified ? null : 'signInAgain';
};

/**
 * The failure worded for the user: a failed authorisation is the spec's 'Something went wrong.
 * Please try again.', unless the server refused it (403) saying what to do first (log in again
 * with a code, confirm the email address); a failed opt-in 'Failed to update preference. Please
 * try again.' (spec section 8); loading the agent details says the server's message when it gave one.
 */
export const selectErrorMessage = (s: Pick<PayeAuthorizationSnapshot, 'context' | 'matches'>): string | null => {
  if (!s.context.error) return null;
  if (s.matches('failed')) {
    const { status, source, message } = s.context.error;
    return status === 403 && source === 'server' && message?.trim() ? message.trim() : PAYE_AUTHORISATION_FAILED;
  }
  if (s.matches('optedOut')) return OPT_OUT_UPDATE_FAILED;
  return failureMessage(s.context.error);
};

/** The server's first message per form field ('form_data.ppsn' → 'ppsn'), shown under the inputs. */
export const selectFieldErrors = (s: Pick<PayeAuthorizationSnapshot, 'context'>): Record<string, string> => {
  const errors = s.context.error?.fieldErrors ?? {};
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [[field.replace(/^form_data\./, ''), messages[0]]] : [])),
  );
};
