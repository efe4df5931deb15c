import type { RateRule } from './rateLimit.ts';

const MINUTE = 60_000;

/**
 * Brute-force and abuse limits (checklist A5, B5). Fixed windows counted in the database.
 * Login counts failed attempts only (a hit is taken before the password check and given back
 * on success). Per-account limits use the e-mail address as the subject whether or not an
 * account exists, so a 429 reveals nothing about existence. A user locked out of login can
 * still reset the password by mail.
 */
export const AUTH_RATE_LIMITS = {
  /** Failed logins for one e-mail address: 10 per 15 minutes (ASVS allows up to 100 per hour). */
  loginPerAccount: { name: 'login:account', limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins from one client address, over all accounts: 100 per 15 minutes. */
  loginPerAddress: { name: 'login:address', limit: 100, windowMs: 15 * MINUTE },
  /** Registrations from one client address: 100 per hour (each one sends a mail). */
  registerPerAddress: { name: 'register:address', limit: 100, windowMs: 60 * MINUTE },
  /** Reset-link requests for one e-mail address: 5 per 15 minutes. */
  forgotPerAccount: { name: 'forgot:account', limit: 5, windowMs: 15 * MINUTE },
  /** Reset-link requests from one client address: 50 per 15 minutes. */
  forgotPerAddress: { name: 'forgot:address', limit: 50, windowMs: 15 * MINUTE },
  /** Failed reset/set-password submissions from one client address: 30 per 15 minutes. */
  resetPerAddress: { name: 'reset:address', limit: 30, windowMs: 15 * MINUTE },
  /** New verification links for one account: 3 per hour (each one sends a mail). */
  resendPerAccount: { name: 'resend:account', limit: 3, windowMs: 60 * MINUTE },
  /** New verification links from one client address: 20 per hour. */
  resendPerAddress: { name: 'resend:address', limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

export type AuthRateLimits = typeof AUTH_RATE_LIMITS;
