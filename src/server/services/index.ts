import type { Database } from '../db/index.ts';
import { type AccessTokenService, createAccessTokenService } from './accessTokens.ts';
import { type AccountService, createAccountService } from './accounts.ts';
import { AUTH_RATE_LIMITS, type AuthRateLimits } from './authLimits.ts';
import type { Clock } from './clock.ts';
import type { Logger } from './logger.ts';
import { type Form11EntryService, createForm11EntryService } from './form11Entries.ts';
import { type AccountMail, createAccountMail } from './mailTemplates.ts';
import { type Mailer, type MailTransport, createMailer } from './mailer.ts';
import { type PasswordService, passwordService } from './passwords.ts';
import { type PasswordTokenService, createPasswordTokenService } from './passwordTokens.ts';
import { type RateLimiter, createRateLimiter } from './rateLimit.ts';
import { type RefundCalculator, createRefundCalculator } from './refundCalculator.ts';
import { type SecurityEventService, createSecurityEventService } from './securityEvents.ts';
import { type SESSION_LIMITS, type SessionService, createSessionService } from './sessions.ts';
import { type TwoFactorService, createTwoFactorService } from './twoFactor.ts';
import { type UserService, createUserService } from './users.ts';

/** What the services are built from: the database, keys and settings of one server process. */
export interface ServiceDeps {
  database: Database;
  /** The process's root logger; requests log through a child of it (`c.var.log`). */
  log: Logger;
  clock: Clock;
  /** Origin of the SPA as users reach it, without a trailing slash; mailed links start with it. */
  publicUrl: string;
  /** HS256 key of the access tokens (and the refresh-token successor derivation). */
  jwtSecret: Uint8Array;
  /** AES-256-GCM key (32 bytes) for fields encrypted at rest (PPSN). */
  encryptionKey: Uint8Array;
  /** Where mail goes after the outbox: the log in development, SMTP when configured, memory in tests. */
  mailTransport: MailTransport;
  /** Overrides of the brute-force limits (tests). */
  rateLimits?: Partial<AuthRateLimits> | undefined;
  /** Overrides of the session lifetimes and grace window (tests). */
  sessionLimits?: Partial<typeof SESSION_LIMITS> | undefined;
}

/** Every service, built once per process by {@link createServices} and handed to the routes. */
export interface Services {
  log: Logger;
  clock: Clock;
  /** Whether the database answers (GET /health). */
  health: { check(): Promise<boolean> };
  users: UserService;
  /** Form 11 claims, one per user and tax year. */
  form11Entries: Form11EntryService;
  /** The refund engine for a signed-in user (POST /tax/refund-calculate). */
  refundCalculator: RefundCalculator;
  accounts: AccountService;
  sessions: SessionService;
  accessTokens: AccessTokenService;
  passwords: PasswordService;
  passwordTokens: PasswordTokenService;
  rateLimiter: RateLimiter;
  /** The brute-force limits in force (AUTH_RATE_LIMITS with any overrides). */
  rateLimits: AuthRateLimits;
  mailer: Mailer;
  accountMail: AccountMail;
  /** The account's security log (Settings → Security), kept 90 days. */
  securityEvents: SecurityEventService;
  /** Two-step sign-in: TOTP secrets, recovery codes and sign-in challenges. */
  twoFactor: TwoFactorService;
  /** Hourly clean-up of old rate-limit windows and long-ended sessions; safe in every process. */
  housekeeping(): Promise<void>;
}

/**
 * The composition root of the server: each service is built here, once, from the process's
 * dependencies, and nowhere else. A new service is added to {@link Services} and built here;
 * a route module receives the whole `Services` and takes what it needs.
 */
export function createServices(deps: ServiceDeps): Services {
  const { database, log, clock } = deps;
  const db = database.db;
  const mailer = createMailer({ database, log, transport: deps.mailTransport, now: () => clock.now() });
  const accountMail = createAccountMail({ mailer, publicUrl: deps.publicUrl });
  const form11Entries = createForm11EntryService({ db, clock });
  const users = createUserService({ db, clock, encryptionKey: deps.encryptionKey, form11Entries });
  const sessions = createSessionService({ db, clock, jwtSecret: deps.jwtSecret, limits: deps.sessionLimits });
  const passwordTokens = createPasswordTokenService({ db, clock, sessions });
  const rateLimiter = createRateLimiter(db, clock);
  const securityEvents = createSecurityEventService({ db, clock });
  const twoFactor = createTwoFactorService({ db, clock, encryptionKey: deps.encryptionKey });
  const accounts = createAccountService({ db, users, sessions, passwords: passwordService, passwordTokens, mail: accountMail });

  return {
    log,
    clock,
    health: {
      check: () =>
        database.ping().then(
          () => true,
          () => false,
        ),
    },
    users,
    form11Entries,
    refundCalculator: createRefundCalculator({ clock }),
    accounts,
    sessions,
    accessTokens: createAccessTokenService({ jwtSecret: deps.jwtSecret, clock }),
    passwords: passwordService,
    passwordTokens,
    rateLimiter,
    rateLimits: { ...AUTH_RATE_LIMITS, ...deps.rateLimits },
    mailer,
    accountMail,
    securityEvents,
    twoFactor,
    housekeeping: async () => {
      await Promise.all([rateLimiter.prune(), sessions.prune(), securityEvents.prune(), twoFactor.prune()]);
    },
  };
}
