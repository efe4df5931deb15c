/**
 * Server-side additions to the shared request schemas of src/domain/schemas, and the messages
 * the spec leaves to the server ("Password reset and forgot-password error messages: not shown").
 */
export const EMAIL_TAKEN = 'An account with this email already exists';
export const RESET_LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';
export const RESET_LINK_SENT = 'If an account exists for this email, we have sent a link to reset the password.';
export const PASSWORD_CHANGED = 'Your password has been changed. Please log in with your new password.';
export const PASSWORD_SET = 'Your password has been set. Please log in with your new password.';
export const PASSWORD_TOO_COMMON = 'This password is too common and easy to guess. Please choose another one.';
export const UNAUTHENTICATED = 'Unauthenticated.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
export const PASSWORD_WRONG = 'Your password is not correct.';
export const PASSWORD_SAME = 'Choose a password different from your current one.';
export const PASSWORD_CHANGED_HERE = 'Your password has been changed. Your other devices have been signed out.';
export const TWO_FACTOR_WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
export const TWO_FACTOR_EXPIRED = 'This sign-in has expired. Please log in again.';
export const TWO_FACTOR_ALREADY_ON = 'Two-step sign-in is already on.';
export const TWO_FACTOR_NOT_STARTED = 'Start the two-step sign-in setup first.';
export const DEVICE_NOT_FOUND = 'This device is not signed in to your account.';
export const EMAIL_UNVERIFIED =
  'Please confirm your email address first: open the link we emailed you when you signed up and choose your password. No email? Ask for a new link.';
export const EMAIL_UNVERIFIED_CODE = 'email_unverified';
export const VERIFICATION_SENT = 'We have emailed you a new link. It works for 24 hours.';
export const EMAIL_ALREADY_VERIFIED = 'Your email address is already confirmed.';
/** With two-step sign-in on, the PAYE authorisation is signed only from a session that gave a code. */
export const TWO_FACTOR_SESSION_REQUIRED =
  'Two-step sign-in is on for your account, but this session was signed in without a code. To sign the PAYE authorisation, log out and log in again with a code from your authenticator app.';
export const TWO_FACTOR_SESSION_REQUIRED_CODE = 'two_factor_required';
/** The same for every other call that needs a code-proved session once two-step sign-in is on. */
export const TWO_FACTOR_SESSION_REQUIRED_GENERIC =
  'Two-step sign-in is on for your account, but this session was signed in without a code. To do this, log out and log in again with a code from your authenticator app.';
export const TWO_FACTOR_SESSION_REQUIRED_TO_PAY =
  'Two-step sign-in is on for your account, but this session was signed in without a code. To move money, log out and log in again with a code from your authenticator app.';
/** A large payment or a new account: the password (or a code) again first, POST /security/step-up. */
export const STEP_UP_REQUIRED = 'Please confirm it is you: enter your password (or a code from your authenticator app) to make this payment.';
export const STEP_UP_REQUIRED_CODE = 'step_up_required';
/**
 * Turning two-step sign-in off from a session that never gave a code: otherwise someone with only
 * the password (or an older device's session) could turn it off and then sign the PAYE declaration.
 */
export const TWO_FACTOR_SESSION_REQUIRED_TO_DISABLE =
  'This session was signed in without a code. To turn two-step sign-in off, log out and log in again with a code from your authenticator app or a recovery code.';
/** Closing the account: the password given is not the account's. */
export const PASSWORD_INCORRECT = 'The password is not correct.';
/** Closing an account whose password was never set from the mailed link. */
export const PASSWORD_NOT_SET = 'Set a password with the link we emailed you first, then close the account.';
