import type { RateRule } from './rateLimit.ts';

const MINUTE = 60_000;

/**
 * Brute-force and abuse limits (checklist A5, B5). Fixed windows counted in the database.
 * Login counts failed attempts only (a hit is taken before the password check and given back
 * on success). Per-account limits use the e-mail address as the subject whether or not an
 * account exists, so a 429 reveals nothing about existence. "Address" is the client's network:
 * an IPv4 address, or the /64 of an IPv6 one (one subscriber's whole allocation).
 *
 * An account is never blocked outright, because then anyone could keep it blocked: guesses
 * from one address at one account are blocked (429), guesses from one address at any accounts
 * are blocked, and guesses at one account from everywhere only slow down (a progressive delay
 * before the answer), so the owner's right password still works from their own address.
 * A user locked out of login can still reset the password by mail.
 */
export const AUTH_RATE_LIMITS = {
  /** Failed logins at one e-mail address from one network: 10 per 15 minutes, then 429. */
  loginPerAccountAddress: { name: 'login:account-address', limit: 10, windowMs: 15 * MINUTE },
  /**
   * Failed logins at one e-mail address from anywhere, per hour: after `limit` of them every
   * further attempt waits {@link loginDelayMs} before its answer (never a 429).
   */
  loginPerAccount: { name: 'login:account', limit: 5, windowMs: 60 * MINUTE },
  /**
   * Failed logins at one e-mail address from anywhere, per hour, checked at most: past `limit`
   * (ASVS 2.2.1: at most 100 an hour) an attempt is answered 429 without checking the password,
   * unless it comes from a device the account signed in from before (same browser and place).
   * The owner is mailed when the cap is first reached. Counted before the check, so parallel
   * requests cannot pass it.
   */
  loginPerAccountCap: { name: 'login:account-cap', limit: 100, windowMs: 60 * MINUTE },
  /** Failed logins from one network, over all accounts: 100 per 15 minutes, then 429. */
  loginPerAddress: { name: 'login:address', limit: 100, windowMs: 15 * MINUTE },
  /** Registrations from one client address: 100 per hour (each one sends a mail). */
  registerPerAddress: { name: 'register:address', limit: 100, windowMs: 60 * MINUTE },
  /** Reset-link requests for one e-mail address: 5 per 15 minutes. */
  forgotPerAccount: { name: 'forgot:account', limit: 5, windowMs: 15 * MINUTE },
  /** Reset-link requests from one client address: 50 per 15 minutes. */
  forgotPerAddress: { name: 'forgot:address', limit: 50, windowMs: 15 * MINUTE },
  /** Failed reset/set-password submissions from one client address: 30 per 15 minutes. */
  resetPerAddress: { name: 'reset:address', limit: 30, windowMs: 15 * MINUTE },
  /** Failed two-step codes from one client address: 30 per 15 minutes (each challenge also allows 5). */
  twoFactorPerAddress: { name: 'two-factor:address', limit: 30, windowMs: 15 * MINUTE },
  /**
   * Failed two-step codes for one account from anywhere, per hour: past it, 429 unless from a
   * known device (as for passwords). A right password does not give these back.
   */
  twoFactorPerAccount: { name: 'two-factor:account', limit: 20, windowMs: 60 * MINUTE },
  /** Full PPSN reveals for one account: 10 per hour (each is audited). */
  ppsnRevealPerAccount: { name: 'ppsn-reveal:account', limit: 10, windowMs: 60 * MINUTE },
  /** PAYE declarations signed by one account: 5 per day (each keeps a signature image as evidence). */
  payeSignPerAccount: { name: 'paye-sign:account', limit: 5, windowMs: 24 * 60 * MINUTE },
  /** Wrong current passwords for one account (change password, turn off two-step): 10 per 15 minutes. */
  passwordCheckPerAccount: { name: 'password-check:account', limit: 10, windowMs: 15 * MINUTE },
  /** New verification links for one account: 3 per hour (each one sends a mail). */
  resendPerAccount: { name: 'resend:account', limit: 3, windowMs: 60 * MINUTE },
  /** New verification links from one client address: 20 per hour. */
  resendPerAddress: { name: 'resend:address', limit: 20, windowMs: 60 * MINUTE },
  /** CSP violation reports from one network: 200 per hour (a page with a problem sends several). */
  cspReportPerAddress: { name: 'csp-report:address', limit: 200, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

export type AuthRateLimits = typeof AUTH_RATE_LIMITS;

/** The longest wait a login attempt is given (a held request costs the server little). */
export const LOGIN_DELAY_MAX_MS = 5_000;

/**
 * The progressive delay of a login attempt, from the account's failures this hour (this attempt
 * included): none up to the rule's limit, then 0.5 s doubling per failure up to 5 s.
 */
export function loginDelayMs(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, 500 * 2 ** Math.min(16, failures - freeFailures - 1));
}
