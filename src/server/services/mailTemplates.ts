import type { Mailer, MailMessage } from './mailer.ts';

/** The messages the product sends. Plain text; links carry the token in the path (spec: /reset-password/{token}). */

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}

export function setPasswordMail(publicUrl: string, to: string, token: string): MailMessage {
  const link = resetLink(publicUrl, token);
  return {
    to,
    subject: 'Welcome to MaxOut: set your password',
    body: [
      'Welcome to MaxOut.',
      '',
      'To finish creating your account and confirm this email address, choose a password using this link (valid for 24 hours):',
      link,
      '',
      'Until you do, MaxOut cannot act for you with Revenue, link a bank account or move money.',
      'An account whose email address is not confirmed within 48 hours of signing up is deleted,',
      'with everything entered in it.',
      '',
      // A new account has no password yet, so "sign in" cannot be the way to a fresh link.
      `If the link has expired, ask for a new one under "Forgot password": ${publicUrl}/auth/forgot-password`,
      '',
      'If you did not sign up for MaxOut, someone entered your address by mistake or on purpose.',
      'You do not need to do anything: do not use the link, and the account will be deleted',
      'within 48 hours.',
    ].join('\n'),
    secrets: [token],
  };
}

export function resetPasswordMail(publicUrl: string, to: string, token: string): MailMessage {
  const link = resetLink(publicUrl, token);
  return {
    to,
    subject: 'Reset your MaxOut password',
    body: [
      'We received a request to reset the password of your MaxOut account.',
      '',
      'Choose a new password using this link (valid for 30 minutes, and only once):',
      link,
      '',
      'If you lost your authenticator app, the same page can also turn two-step sign-in off.',
      '',
      'If you did not ask for this, you can ignore this message; your password stays the same.',
    ].join('\n'),
    secrets: [token],
  };
}

export function passwordChangedMail(publicUrl: string, to: string, purpose: 'set' | 'reset'): MailMessage {
  return {
    to,
    subject: purpose === 'set' ? 'Your MaxOut password was set' : 'Your MaxOut password was changed',
    body: [
      purpose === 'set' ? 'The password of your MaxOut account was set.' : 'The password of your MaxOut account was changed.',
      'For your security, every device that was signed in has been signed out.',
      '',
      `If this was not you, reset your password at once: ${publicUrl}/auth/forgot-password`,
    ].join('\n'),
  };
}

export function sessionReuseMail(publicUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'We signed out one of your MaxOut sessions',
    body: [
      'A sign-in token of your MaxOut account was used again after it had been replaced. This can',
      'mean that someone else has a copy of it, so we have signed that session out on every device',
      'where it was open.',
      '',
      'If you were simply signed out of an open tab, sign in again and nothing more is needed.',
      `If you did not expect this, reset your password now: ${publicUrl}/auth/forgot-password`,
    ].join('\n'),
  };
}

export function passwordChangedInSettingsMail(publicUrl: string, to: string): MailMessage {
  return {
    to,
    subject: 'Your MaxOut password was changed',
    body: [
      'The password of your MaxOut account was changed in Settings.',
      'Every other device that was signed in has been signed out.',
      '',
      `If this was not you, reset your password at once: ${publicUrl}/auth/forgot-password`,
    ].join('\n'),
  };
}

export function twoFactorChangedMail(publicUrl: string, to: string, enabled: boolean): MailMessage {
  return {
    to,
    subject: enabled ? 'Two-step sign-in is on for your MaxOut account' : 'Two-step sign-in was turned off for your MaxOut account',
    body: [
      enabled
        ? 'Two-step sign-in was turned on: signing in now also asks for a code from your authenticator app. Keep your recovery codes somewhere safe.'
        : 'Two-step sign-in was turned off: signing in now asks for your password only.',
      '',
      `If this was not you, reset your password at once: ${publicUrl}/auth/forgot-password`,
      `and review the signed-in devices under Settings: ${publicUrl}/settings`,
    ].join('\n'),
  };
}

/** A bank link ends within 7 days: renewing it keeps the accounts, their settings and history. */
export function bankLinkExpiringMail(publicUrl: string, to: string, bankName: string, expiresOn: string): MailMessage {
  return {
    to,
    subject: `Your ${bankName} link with MaxOut ends on ${expiresOn}`,
    body: [
      `MaxOut can read your ${bankName} accounts until ${expiresOn}. After that we cannot see new card`,
      'purchases, so no new round-ups are added until you renew the link.',
      '',
      `Renew it in a minute, at your bank, from Bank Accounts: ${publicUrl}/linked-bank-accounts`,
      'Your accounts keep their settings and history.',
    ].join('\n'),
  };
}

/** Someone reached the per-account cap of wrong passwords or codes: the owner hears of it once per window. */
export function guessingStoppedMail(publicUrl: string, to: string, factor: 'password' | 'code'): MailMessage {
  return {
    to,
    subject: 'Someone is trying to guess their way into your MaxOut account',
    body: [
      factor === 'password'
        ? 'Many wrong passwords were tried for your MaxOut account in the last hour, so we stopped checking passwords from new devices for now.'
        : 'Your password was entered correctly, then many wrong two-step codes were tried, so we stopped checking codes from new devices for now.',
      'You can still sign in from a device you used before.',
      '',
      factor === 'password'
        ? `If you cannot, or if this was not you, reset your password: ${publicUrl}/auth/forgot-password`
        : `Someone knows your password: change it now under Settings, or reset it: ${publicUrl}/auth/forgot-password`,
    ].join('\n'),
  };
}

/** The account mails, addressed with the server's public URL and sent through the mailer. */
export function createAccountMail(deps: { mailer: Mailer; publicUrl: string }) {
  const { mailer, publicUrl } = deps;
  return {
    setPassword: (to: string, token: string) => mailer.send(setPasswordMail(publicUrl, to, token)),
    resetPassword: (to: string, token: string) => mailer.send(resetPasswordMail(publicUrl, to, token)),
    passwordChanged: (to: string, purpose: 'set' | 'reset') => mailer.send(passwordChangedMail(publicUrl, to, purpose)),
    /** A refresh token was reused and its session family ended. */
    sessionReuse: (to: string) => mailer.send(sessionReuseMail(publicUrl, to)),
    passwordChangedInSettings: (to: string) => mailer.send(passwordChangedInSettingsMail(publicUrl, to)),
    twoFactorChanged: (to: string, enabled: boolean) => mailer.send(twoFactorChangedMail(publicUrl, to, enabled)),
    /** A bank link ends within 7 days (sent once per link). */
    bankLinkExpiring: (to: string, bankName: string, expiresOn: string) => mailer.send(bankLinkExpiringMail(publicUrl, to, bankName, expiresOn)),
    guessingStopped: (to: string, factor: 'password' | 'code') => mailer.send(guessingStoppedMail(publicUrl, to, factor)),
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
