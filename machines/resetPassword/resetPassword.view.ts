import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../../src/domain/failureMessage.ts';
import { memoLast } from '../shared/memo.ts';
import type { ResetPasswordMachine } from './resetPassword.machine.ts';

type Snapshot = Pick<SnapshotFrom<ResetPasswordMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

/** The form's values as Mantine holds them: named as POST /reset-password names them. */
export interface ResetPasswordFormValues {
  password: string;
  password_confirmation: string;
  /** "I lost my authenticator app": the reset also turns two-step sign-in off. */
  turn_off_two_factor: boolean;
}

export interface ResetPasswordView {
  /**
   * The link being checked, the new-password form, a link that no longer works (its message and
   * the way to a new one, no form), or "Password saved" with the way to log in.
   */
  step: 'checking' | 'form' | 'linkInvalid' | 'saved';
  busy: boolean;
  canSubmit: boolean;
  /** Why the last attempt failed, worded for the user, or null. */
  error: string | null;
  /** The link is spent or unknown: the error offers to request a new one. */
  linkInvalid: boolean;
  /** The server's first message per form field (`password`, `password_confirmation`). */
  fieldErrors: FieldErrors;
  /** "I lost my authenticator app" is offered: the account has two-step sign-in, or the check could not say. */
  offerTwoFactorOff: boolean;
}

const NONE: FieldErrors = Object.freeze({});

/** The refusal's messages of the form's own fields; the token's goes to the banner instead. Same refusal, same object. */
const formFieldErrors = memoLast((error: ApiFailure | null): FieldErrors => {
  const { token: _token, ...fields } = fieldErrorsOf(error);
  return Object.keys(fields).length > 0 ? Object.freeze(fields) : NONE;
});

/** Reset password (/reset-password/{token}) as the screen shows it. */
export function resetPasswordView(snapshot: Snapshot): ResetPasswordView {
  const { error, twoFactor } = snapshot.context;
  return {
    step: snapshot.matches('checking') ? 'checking' : snapshot.matches('linkInvalid') ? 'linkInvalid' : snapshot.matches('saved') ? 'saved' : 'form',
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.can({ type: 'password.submit', password: '', password_confirmation: '' }),
    error: error ? failureMessage(error) : null,
    linkInvalid: Boolean(fieldErrorsOf(error).token),
    fieldErrors: formFieldErrors(error),
    offerTwoFactorOff: twoFactor !== false,
  };
}
