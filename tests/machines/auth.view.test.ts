import { describe, expect, it } from 'vitest';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { AuthContext } from '../../machines/auth/auth.types.ts';
import { authView } from '../../machines/auth/auth.view.ts';
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
  authView(authMachine.resolveState({ value, context: context(overrides) }));

describe('auth view', () => {
  it('shows the full-screen loading view only while the stored session is restored', () => {
    expect(viewOf('restoring')).toMatchObject({ loading: true, signedIn: false, user: null });
    expect(viewOf({ signedOut: 'idle' })).toMatchObject({ loading: false, signedIn: false });
  });

  it('is resuming while a session stored at start is checked, and only then', () => {
    expect(viewOf('restoring', { hadStoredSession: true })).toMatchObject({ loading: true, resuming: true });
    expect(viewOf('restoring', { hadStoredSession: false })).toMatchObject({ loading: true, resuming: false });
    expect(viewOf({ signedIn: 'active' }, { hadStoredSession: true, user: aUser(), accessToken: 'a' })).toMatchObject({ loading: false, resuming: false });
    expect(viewOf({ signedOut: 'idle' }, { hadStoredSession: true })).toMatchObject({ loading: false, resuming: false });
  });

  it('is signed in while the tokens refresh, with the user as last loaded', () => {
    const user = aUser({ first_name: 'Siobhán' });
    expect(viewOf({ signedIn: 'refreshing' }, { user, accessToken: 'a' })).toEqual({ loading: false, resuming: false, signedIn: true, user, accountLabel: 'Siobhán' });
  });

  it('labels the account menu with the first name, or "Account" (spec section 2)', () => {
    expect(viewOf({ signedIn: 'active' }, { user: aUser({ first_name: '  Aoife ' }) }).accountLabel).toBe('Aoife');
    expect(viewOf({ signedIn: 'active' }, { user: aUser({ first_name: '' }) }).accountLabel).toBe('Account');
    expect(viewOf({ signedIn: 'active' }, { user: aUser({ first_name: '   ' }) }).accountLabel).toBe('Account');
    expect(viewOf({ signedOut: 'idle' }).accountLabel).toBe('Account');
  });

  it('gives the same object while what it shows is the same: a recorded activity does not re-render the layout', () => {
    const user = aUser();
    const before = viewOf({ signedIn: 'active' }, { user, activitySinceRefresh: false });
    expect(viewOf({ signedIn: 'idle' }, { user, activitySinceRefresh: true })).toBe(before);
    expect(viewOf({ signedIn: 'active' }, { user: aUser() })).not.toBe(before);
  });
});
