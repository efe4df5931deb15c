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
export const EMAIL_UNVERIFIED =
  'Please confirm your email address first: open the link we emailed you when you signed up and choose your password. No email? Ask for a new link.';
export const EMAIL_UNVERIFIED_CODE = 'email_unverified';
export const VERIFICATION_SENT = 'We have emailed you a new link. It works for 24 hours.';
export const EMAIL_ALREADY_VERIFIED = 'Your email address is already confirmed.';
/** Closing the account: the password given is not the account's. */
export const PASSWORD_INCORRECT = 'The password is not correct.';
/** Closing an account whose password was never set from the mailed link. */
export const PASSWORD_NOT_SET = 'Set a password with the link we emailed you first, then close the account.';
