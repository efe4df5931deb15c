/**
 * How an account's security event reads in Settings → Security (the kinds of GET /security/events).
 * Pure, so the wording is tested without a browser.
 */
export function describeSecurityEvent(kind: string, detail: string | null): string {
  switch (kind) {
    case 'sign_in':
      if (detail === 'registered') return 'Account created and signed in';
      if (detail === 'code') return 'Signed in with password and code';
      if (detail === 'recovery_code') return 'Signed in with password and a recovery code';
      return 'Signed in';
    case 'sign_in_failed':
      return detail === 'code' ? 'Failed sign-in: wrong code' : 'Failed sign-in: wrong password';
    case 'new_device':
      return 'Sign-in from a new device or place';
    case 'password_changed':
      if (detail === 'set') return 'Password set';
      if (detail === 'reset') return 'Password reset with an emailed link';
      return 'Password changed';
    case 'refresh_reuse':
      return 'A sign-in token was used twice: that session was ended to protect your account';
    case 'two_factor_enabled':
      return 'Two-step sign-in turned on';
    case 'two_factor_disabled':
      return 'Two-step sign-in turned off';
    case 'recovery_code_used':
      return 'Recovery code used';
    case 'device_signed_out':
      return 'A device was signed out';
    case 'signed_out_everywhere':
      return 'Signed out everywhere else';
    default:
      return 'Account activity';
  }
}

/** Events a user should look at twice (shown highlighted). */
export function isWarningEvent(kind: string): boolean {
  return kind === 'sign_in_failed' || kind === 'refresh_reuse' || kind === 'two_factor_disabled' || kind === 'new_device';
}
