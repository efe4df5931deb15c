import type { SnapshotFrom } from 'xstate';
import type { FieldErrors } from '../../src/domain/failureMessage.ts';
import type { RegisterErrorView } from '../../src/domain/authErrors.ts';
import { IDLE_WARNING_MS, LOGOUT_COUNTDOWN_SECONDS } from '../../src/domain/constants.ts';
import { EMAIL_TAKEN } from '../../src/domain/schemas/messages.ts';
import { memoLast } from '../shared/memo.ts';
import type { authMachine } from './auth.machine.ts';
import type { AuthEvent } from './auth.types.ts';

type Snapshot = Pick<SnapshotFrom<typeof authMachine>, 'context' | 'hasTag' | 'matches' | 'can'>;

/**
 * The sign-in forms (login, its code step, register) as the public screens show them. They live in
 * the auth root's `signedOut` states, which run the sign-in child (signIn.machine.ts) for each
 * submit and keep what it ended with: the error of the form that asked, or the code step.
 */
export interface SignInView {
  /** A login, a code or a registration is on its way: the submit button shows progress. */
  busy: boolean;
  login: {
    /** The password form, or the code step of two-step sign-in (after the password was right). */
    step: 'password' | 'code';
    /** The form may be submitted now (nobody signed in, nothing on its way). */
    canSubmit: boolean;
    /** Why the last login failed (spec section 8), or null. */
    error: string | null;
    /** Why the user is here: signed out for inactivity (not after a Logout), or null. */
    notice: string | null;
  };
  code: {
    /** The code may be sent now (the step shows and no code is being checked). */
    canSubmit: boolean;
    /** Why the last code was refused, or null. */
    error: string | null;
  };
  register: {
    canSubmit: boolean;
    /** The banner of a refused registration (spec section 8), or null. */
    error: string | null;
    /** Its field messages, named as the form names its fields (`details.dob` → `dob`). */
    fieldErrors: FieldErrors;
    /** The address has an account already: the screen offers Log in and Reset password. */
    emailTaken: boolean;
  };
}

// The payload of these probes does not matter: no transition on these events has a guard that reads it.
const LOGIN_PROBE: AuthEvent = { type: 'login.submit', email: '', password: '', remember: false, at: 0 };
const CODE_PROBE: AuthEvent = { type: 'twoFactor.submit', code: '', at: 0 };
const REGISTER_PROBE: AuthEvent = { type: 'register.submit', payload: { email: '', details: { dob: '', maritalStatus: 'single' } }, at: 0 };

/** An idle session ends when the warning's countdown does: 50 + 5 minutes after the last activity. */
const IDLE_SIGN_OUT_MINUTES = Math.round((IDLE_WARNING_MS + LOGOUT_COUNTDOWN_SECONDS * 1000) / 60_000);
export const IDLE_SIGN_OUT_NOTICE = `You were signed out after ${IDLE_SIGN_OUT_MINUTES} minutes without activity. Log in again to go back to where you were.`;

const NO_FIELD_ERRORS: FieldErrors = Object.freeze({});

/** The same refusal gives the same object, so the form applies it once (useServerErrors). */
const registerFieldErrors = memoLast((error: RegisterErrorView | null): FieldErrors => {
  const entries = Object.entries(error?.fieldErrors ?? {});
  if (entries.length === 0) return NO_FIELD_ERRORS;
  return Object.freeze(Object.fromEntries(entries.map(([field, message]) => [field.replace(/^details\./, ''), message])));
});

export function signInView(snapshot: Snapshot): SignInView {
  const { context } = snapshot;
  const needsCode = snapshot.matches({ signedOut: 'awaitingCode' }) || snapshot.matches({ signedOut: 'verifyingCode' });
  return {
    busy: snapshot.hasTag('busy'),
    login: {
      step: needsCode ? 'code' : 'password',
      canSubmit: snapshot.can(LOGIN_PROBE),
      error: context.loginError,
      notice: context.idleSignOut && snapshot.matches('signedOut') ? IDLE_SIGN_OUT_NOTICE : null,
    },
    code: { canSubmit: snapshot.can(CODE_PROBE), error: context.codeError },
    register: {
      canSubmit: snapshot.can(REGISTER_PROBE),
      error: context.registerError?.message ?? null,
      fieldErrors: registerFieldErrors(context.registerError),
      emailTaken: context.registerError?.fieldErrors.email === EMAIL_TAKEN,
    },
  };
}
