import { describe, expect, it } from 'vitest';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { AuthContext } from '../../machines/auth/auth.types.ts';
import { signInView } from '../../machines/auth/signIn.view.ts';
import { registerErrorView } from '../../src/domain/authErrors.ts';
import { aUser } from '../support/builders.ts';

const context = (overrides: Partial<AuthContext> = {}): AuthContext => ({
  user: null,
  accessToken: null,
  refreshToken: null,
  remember: false,
  redirectTo: null,
  loginError: null,
  twoFactorChallenge: null,
  codeError: null,
  registerError: null,
  refreshError: null,
  idleSignOut: null,
  lastActivityAt: 0,
  activitySinceRefresh: false,
  hadStoredSession: false,
  ...overrides,
});
const viewOf = (value: Parameters<typeof authMachine.resolveState>[0]['value'], overrides: Partial<AuthContext> = {}) =>
  signInView(authMachine.resolveState({ value, context: context(overrides) }));

const DUPLICATE = registerErrorView({
  status: 422,
  message: 'The given data was invalid.',
  source: 'server',
  fieldErrors: { email: ['An account with this email already exists'], 'details.dob': ['You must be at least 16 years old to register', 'Second'] },
});

describe('sign-in view', () => {
  it('the forms may be sent only while nobody is signed in and nothing is on its way', () => {
    expect(viewOf({ signedOut: 'idle' })).toEqual({
      busy: false,
      login: { step: 'password', canSubmit: true, error: null, notice: null },
      code: { canSubmit: false, error: null },
      register: { canSubmit: true, error: null, fieldErrors: {}, emailTaken: false },
    });
    const signingIn = viewOf({ signedOut: 'signingIn' });
    expect([signingIn.busy, signingIn.login.canSubmit, signingIn.register.canSubmit]).toEqual([true, false, false]);
    expect(viewOf('restoring').login.canSubmit).toBe(false);
    expect(viewOf({ signedIn: 'active' }, { user: aUser() }).register.canSubmit).toBe(false);
  });

  it('a login of an account with two-step sign-in shows the code step until the code is checked', () => {
    const awaiting = viewOf({ signedOut: 'awaitingCode' }, { twoFactorChallenge: 'c', codeError: 'That code is not correct.' });
    expect(awaiting.login).toEqual({ step: 'code', canSubmit: false, error: null, notice: null });
    expect(awaiting.code).toEqual({ canSubmit: true, error: 'That code is not correct.' });
    const verifying = viewOf({ signedOut: 'verifyingCode' }, { twoFactorChallenge: 'c' });
    expect([verifying.login.step, verifying.code.canSubmit, verifying.busy]).toEqual(['code', false, true]);
  });

  it('after an inactivity sign-out the login says why, worked out from the 50-minute warning and its 5-minute countdown', () => {
    expect(viewOf({ signedOut: 'idle' }, { idleSignOut: { returnTo: '/settings' } }).login.notice).toBe(
      'You were signed out after 55 minutes without activity. Log in again to go back to where you were.',
    );
    // Signed in again (or never signed out for inactivity): nothing to say.
    expect(viewOf({ signedOut: 'idle' }).login.notice).toBeNull();
    expect(viewOf({ signedIn: 'active' }, { user: aUser(), idleSignOut: { returnTo: '/settings' } }).login.notice).toBeNull();
  });

  it('shows the login error as the machine worded it (spec section 8)', () => {
    expect(viewOf({ signedOut: 'idle' }, { loginError: 'Invalid email or password. Please check your credentials and try again.' }).login.error).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
  });

  it('a refused registration: the banner, and the first message of each field on the form’s own field names', () => {
    const view = viewOf({ signedOut: 'idle' }, { registerError: DUPLICATE });
    expect(view.register.error).toBe('The given data was invalid.');
    expect(view.register.fieldErrors).toEqual({ email: 'An account with this email already exists', dob: 'You must be at least 16 years old to register' });
    // The address has an account: the screen offers Log in and Reset password instead of a dead end.
    expect(view.register.emailTaken).toBe(true);
  });

  it('gives the same field errors object for the same refusal, so the form applies them once', () => {
    const a = viewOf({ signedOut: 'idle' }, { registerError: DUPLICATE });
    const b = viewOf({ signedOut: 'idle' }, { registerError: DUPLICATE });
    expect(a.register.fieldErrors).toBe(b.register.fieldErrors);
    expect(viewOf({ signedOut: 'idle' }).register.fieldErrors).toBe(viewOf({ signedOut: 'idle' }).register.fieldErrors);
  });
});
