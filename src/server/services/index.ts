import { type AuditService, createAuditService } from './audit.ts';
import type { Database } from '../db/index.ts';
import { type AccessTokenService, createAccessTokenService } from './accessTokens.ts';
import { type AccountService, createAccountService } from './accounts.ts';
import { type AnswerService, createAnswerService } from './answers.ts';
import { AUTH_RATE_LIMITS, type AuthRateLimits } from './authLimits.ts';
import type { Clock } from './clock.ts';
import type { Keyring } from './crypto.ts';
import type { Logger } from './logger.ts';
import { type Form11EntryService, createForm11EntryService } from './form11Entries.ts';
import { type AccountMail, createAccountMail } from './mailTemplates.ts';
import { type Mailer, type MailTransport, createMailer } from './mailer.ts';
import { type HousekeepingOutcome, type Metrics, createMetrics } from './metrics.ts';
import { type PasswordService, passwordService } from './passwords.ts';
import { type PayeAuthorisationService, createPayeAuthorisationService } from './payeAuthorisations.ts';
import { DEV_DIRECT_DEBIT_CREDITOR, DEV_PAYE_AGENT } from '../config.ts';
import type { AgentDetails } from '../../domain/schemas/payeAuthorisation.ts';
import { type DirectDebitService, createDirectDebitService } from './directDebits.ts';
import { type BankAccountService, createBankAccountService } from './bankAccounts.ts';
import { type BankProvider, type SandboxBank, type SandboxBankOptions, createSandboxBank } from './bankProvider.ts';
import { type RoundupService, createRoundupService } from './roundups.ts';
import { type PaymentProvider, createSandboxPaymentProvider, databaseSandboxLedger } from './paymentProvider.ts';
import { type MoneyLimits, type MoneyMovementService, createMoneyMovementService } from './moneyMovement.ts';
import { type PensionLedgerService, createPensionLedgerService } from './pensionLedger.ts';
import { type PasswordTokenService, createPasswordTokenService } from './passwordTokens.ts';
import { type RateLimiter, createRateLimiter } from './rateLimit.ts';
import { type ReencryptionService, createReencryptionService } from './reencryption.ts';
import { type RefundCalculator, createRefundCalculator } from './refundCalculator.ts';
import { type SecurityEventService, createSecurityEventService } from './securityEvents.ts';
import { type SESSION_LIMITS, type SessionService, createSessionService } from './sessions.ts';
import { type TwoFactorService, createTwoFactorService } from './twoFactor.ts';
import { type UserDataService, createUserDataService } from './userData.ts';
import { type UserService, createUserService } from './users.ts';

/** What the services are built from: the database, keys and settings of one server process. */
export interface ServiceDeps {
  database: Database;
  /** The process's root logger; requests log through a child of it (`c.var.log`). */
  log: Logger;
  clock: Clock;
  /** Origin of the SPA as users reach it, without a trailing slash; mailed links start with it. */
  publicUrl: string;
  /** HS256 key of the access tokens (and the refresh-token successor derivation): the current one. */
  jwtSecret: Uint8Array;
  /** Every access-token key by id, when keys rotate (JWT_SECRETS); absent: `jwtSecret` alone, tokens without `kid`. */
  jwtKeys?: { currentId: string; keys: Map<string, Uint8Array> } | undefined;
  /** AES-256-GCM keys for fields encrypted at rest (PPSN, IBAN, signature, TOTP secret): the current one encrypts, every one decrypts. */
  keyring: Keyring;
  /** The tax agent named on PAYE A1 declarations (PAYE_AGENT_*); development defaults when absent. */
  payeAgent?: AgentDetails | undefined;
  /** The creditor named on direct debit mandates (DIRECT_DEBIT_CREDITOR); the development default when absent. */
  directDebitCreditor?: string | undefined;
  /** Whether this is a test deployment (not NODE_ENV=production): the app shows a "test mode" ribbon. Default true. */
  testMode?: boolean | undefined;
  /** Where mail goes after the outbox: the log in development, SMTP when configured, memory in tests. */
  mailTransport: MailTransport;
  /** Overrides of the brute-force limits (tests). */
  rateLimits?: Partial<AuthRateLimits> | undefined;
  /** Waits (the login's progressive delay); tests record instead of waiting. Default: a timer. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Overrides of the session lifetimes and grace window (tests). */
  sessionLimits?: Partial<typeof SESSION_LIMITS> | undefined;
  /** Where contributions are paid from; the sandbox (no money moves, its records in the database) when absent. */
  paymentProvider?: PaymentProvider | undefined;
  /** How long a pending payment is held before housekeeping asks the provider about it (PAYMENT_LEASE_SECONDS); PAYMENT_LEASE_MS when absent. */
  paymentLeaseMs?: number | undefined;
  /** The money limits (MONEY_* settings; tests): daily and tax-year ceilings, the step-up threshold. */
  moneyLimits?: Partial<MoneyLimits> | undefined;
  /** Fault injection for the crash test only (FAULT_INJECTION): runs after the provider answered, before the answer is recorded. */
  afterCollect?: ((reference: string) => void) | undefined;
  /** Where linked bank accounts are read from; the sandbox bank (its consent page served by this server) when absent. */
  bankProvider?: BankProvider | undefined;
  /** The sandbox bank's knobs (tests, the benchmark): its reads per day, extra purchases per day. */
  sandboxBankOptions?: Pick<SandboxBankOptions, 'readsPerDay' | 'extraPurchasesPerDay'> | undefined;
  /** Fault injection for the round-up crash test only (FAULT_INJECTION=kill-after-claim): runs after a batch took its round-ups, before it is paid. */
  afterRoundupClaim?: ((batchId: string) => void) | undefined;
}

/** Every service, built once per process by {@link createServices} and handed to the routes. */
export interface Services {
  log: Logger;
  clock: Clock;
  /** What the app shows of this deployment's configuration (GET /app-info). */
  appInfo: { testMode: boolean; directDebitCreditor: string };
  /** Whether the database answers (GET /health). */
  health: { check(): Promise<boolean> };
  users: UserService;
  /** Form 11 claims, one per user and tax year. */
  form11Entries: Form11EntryService;
  /** Everything held about a user: the data download, closing the account, and purging what was kept once its time is up. */
  userData: UserDataService;
  /** The refund engine for a signed-in user (POST /tax/refund-calculate). */
  refundCalculator: RefundCalculator;
  /** Answers and income declarations into the year's claim (POST /answer, /answer-multiple, /income-forms). */
  answers: AnswerService;
  /** Signed PAYE A1 declarations (evidence) and the authorisation in force. */
  payeAuthorisations: PayeAuthorisationService;
  accounts: AccountService;
  /** Where contribution money comes from (the sandbox by default). */
  payments: PaymentProvider;
  /** The contributions ledger: pays once per idempotency key; the year's pension is derived from it. */
  pensionLedger: PensionLedgerService;
  /** Direct debit mandates and their monthly collections. */
  directDebits: DirectDebitService;
  /** Where linked accounts are read from (open-banking AIS; the sandbox bank by default). */
  bankProvider: BankProvider;
  /** The sandbox bank when it is the provider (its consent page is a route of ours), else null. */
  sandboxBank: SandboxBank | null;
  /** Linked bank accounts: linking and renewing, reading transactions, the links' lifecycle. */
  bankAccounts: BankAccountService;
  /** Round-ups into the pension through the ledger, exactly once; the cap, floor and pause; the graph. */
  roundups: RoundupService;
  /** What every money-moving call shares: step-up for large amounts and new accounts, daily and tax-year ceilings. */
  moneyMovement: MoneyMovementService;
  sessions: SessionService;
  accessTokens: AccessTokenService;
  passwords: PasswordService;
  passwordTokens: PasswordTokenService;
  rateLimiter: RateLimiter;
  /** The brute-force limits in force (AUTH_RATE_LIMITS with any overrides). */
  rateLimits: AuthRateLimits;
  mailer: Mailer;
  accountMail: AccountMail;
  /** Records access to sensitive data (a PPSN reveal). */
  audit: AuditService;
  /** Waits `ms` (the login's progressive delay). */
  sleep(ms: number): Promise<void>;
  /** The account's security log (Settings → Security), kept 90 days. */
  securityEvents: SecurityEventService;
  /** Two-step sign-in: TOTP secrets, recovery codes and sign-in challenges. */
  twoFactor: TwoFactorService;
  /** Moves encrypted values to the current key after a rotation (`npm run ops -- reencrypt`). */
  reencryption: ReencryptionService;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics;
  /**
   * Whether this process is stopping (SIGTERM): GET /ready then answers 503 and every answer
   * closes its connection. While it also drains (the proxy is still sending it requests), reads
   * (GET, HEAD) answer 503 so the proxy retries them elsewhere and takes the instance out.
   */
  lifecycle: { readonly stopping: boolean; readonly draining: boolean; beginStopping(options?: { drain: boolean }): void; drained(): void };
  /**
   * Periodic clean-up, safe in every process: old rate-limit windows, long-ended sessions,
   * accounts never verified within 48 hours, payment attempts and round-up batches cut short by a
   * crash, bank links expiring (mailed once) or ended, the bank reads that are due, mail left
   * undelivered. Each job runs on one instance at a time (`Database.exclusively`); a job another
   * instance is running is skipped here. A failing job is logged and counted; the others still run.
   */
  housekeeping(): Promise<HousekeepingReport>;
}

/** The housekeeping jobs, by name, in the order they run. */
export const HOUSEKEEPING_JOBS = [
  'rate-limits',
  'sessions',
  'security-events',
  'two-factor',
  'paye-evidence',
  'closed-accounts',
  'direct-debits',
  'payment-recovery',
  'roundup-recovery',
  'bank-links',
  'bank-reads',
  'unverified-accounts',
  'mail',
] as const;
export type HousekeepingJob = (typeof HOUSEKEEPING_JOBS)[number];
/** What each job of one housekeeping run came to. */
export type HousekeepingReport = Record<HousekeepingJob, HousekeepingOutcome>;

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
  const payments = deps.paymentProvider ?? createSandboxPaymentProvider(databaseSandboxLedger(db));
  const pensionLedger = createPensionLedgerService({ db, payments, now: () => clock.now(), leaseMs: deps.paymentLeaseMs, afterCollect: deps.afterCollect });
  const directDebits = createDirectDebitService({ db, clock, keyring: deps.keyring, ledger: pensionLedger });
  const users = createUserService({ db, clock, keyring: deps.keyring, form11Entries, pensionLedger });
  const sessions = createSessionService({ db, clock, jwtSecret: deps.jwtSecret, limits: deps.sessionLimits });
  const passwordTokens = createPasswordTokenService({ db, clock, sessions });
  const rateLimiter = createRateLimiter(db, clock);
  const securityEvents = createSecurityEventService({ db, clock });
  const twoFactor = createTwoFactorService({ db, clock, keyring: deps.keyring });
  const refundCalculator = createRefundCalculator({ clock, pensionLedger });
  const answers = createAnswerService({ db, form11Entries, refundCalculator });
  const payeAuthorisations = createPayeAuthorisationService({ db, clock, keyring: deps.keyring, agent: deps.payeAgent ?? DEV_PAYE_AGENT });
  const accounts = createAccountService({ db, users, sessions, passwords: passwordService, passwordTokens, mail: accountMail });
  const sandboxBank = deps.bankProvider ? null : createSandboxBank({ db, clock, rateLimiter, ...deps.sandboxBankOptions });
  const bankProvider = deps.bankProvider ?? sandboxBank!.provider;
  const bankAccounts = createBankAccountService({ db, clock, keyring: deps.keyring, provider: bankProvider, rateLimiter, mail: accountMail, log, publicUrl: deps.publicUrl });
  const moneyMovement = createMoneyMovementService({ db, clock, limits: deps.moneyLimits });
  const roundups = createRoundupService({ db, clock, log, ledger: pensionLedger, bankAccounts, moneyMovement, leaseMs: deps.paymentLeaseMs, afterClaim: deps.afterRoundupClaim });
  const userData = createUserDataService({
    db,
    clock,
    log,
    sessions,
    keyring: deps.keyring,
    toApiUser: (row) => users.toApi(row),
    revealPpsn: (row) => users.revealPpsn(row),
    // Bank links are revoked at the bank before their rows are erased.
    beforeClose: (userId) => bankAccounts.revokeAllForUser(userId),
  });
  const metrics = createMetrics({ database });
  let stopping = false;
  let draining = false;

  const jobs: Record<HousekeepingJob, () => Promise<unknown>> = {
    'rate-limits': () => rateLimiter.prune(),
    sessions: () => sessions.prune(),
    'security-events': () => securityEvents.prune(),
    'two-factor': () => twoFactor.prune(),
    'paye-evidence': () => payeAuthorisations.purgeExpired(),
    'closed-accounts': () => userData.purgeExpired(),
    // Each date once (ledger keys), whichever process runs it.
    'direct-debits': () => directDebits.collectDue(),
    // Payments cut short by a crash: booked or failed as the provider says they went.
    'payment-recovery': async () => {
      const recovered = await pensionLedger.recoverStale();
      if (recovered.booked + recovered.declined + recovered.failed > 0) log.info({ ...recovered }, 'housekeeping.payments_recovered');
    },
    // Round-up batches cut short: paid through the ledger with the same key, or released.
    'roundup-recovery': async () => {
      const batches = await roundups.recoverStale();
      if (batches.applied + batches.declined + batches.waiting + batches.refused > 0) log.info({ ...batches }, 'housekeeping.roundup_batches_recovered');
    },
    // Bank links expiring (mailed once) or ended.
    'bank-links': async () => {
      const links = await bankAccounts.lifecycle();
      if (links.mailed + links.expired > 0) log.info({ ...links }, 'housekeeping.bank_links');
    },
    // The bank reads that are due (at most 4 a day per account, honouring the bank's retry time).
    'bank-reads': async () => {
      const reads = await bankAccounts.syncDue();
      if (reads.synced + reads.deferred + reads.ended + reads.failed > 0) log.info({ ...reads }, 'housekeeping.bank_reads');
    },
    'unverified-accounts': async () => {
      const deleted = await users.deleteUnverified();
      if (deleted > 0) log.info({ count: deleted }, 'housekeeping.unverified_accounts_deleted');
    },
    mail: () => mailer.recoverStale(),
  };

  return {
    log,
    clock,
    appInfo: { testMode: deps.testMode ?? true, directDebitCreditor: deps.directDebitCreditor ?? DEV_DIRECT_DEBIT_CREDITOR },
    health: {
      check: () =>
        database.ping().then(
          () => true,
          () => false,
        ),
    },
    users,
    form11Entries,
    userData,
    refundCalculator,
    answers,
    payeAuthorisations,
    accounts,
    payments,
    pensionLedger,
    directDebits,
    bankProvider,
    sandboxBank,
    bankAccounts,
    roundups,
    moneyMovement,
    sessions,
    accessTokens: createAccessTokenService({ jwtSecret: deps.jwtSecret, jwtKeys: deps.jwtKeys, clock }),
    passwords: passwordService,
    passwordTokens,
    rateLimiter,
    rateLimits: { ...AUTH_RATE_LIMITS, ...deps.rateLimits },
    mailer,
    accountMail,
    audit: createAuditService({ db, clock }),
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    securityEvents,
    twoFactor,
    reencryption: createReencryptionService({ db, keyring: deps.keyring }),
    metrics,
    lifecycle: {
      get stopping() {
        return stopping;
      },
      get draining() {
        return draining;
      },
      beginStopping: (options) => {
        stopping = true;
        draining = options?.drain ?? false;
      },
      drained: () => {
        draining = false;
      },
    },
    housekeeping: async () => {
      const report = {} as HousekeepingReport;
      // One job after another: each holds a connection for its lock while its queries use others.
      for (const job of HOUSEKEEPING_JOBS) {
        const started = performance.now();
        let ran: { from: Date; to: Date } | undefined;
        let outcome: HousekeepingOutcome;
        try {
          const held = await database.exclusively(`housekeeping:${job}`, async () => {
            const from = new Date();
            await jobs[job]();
            ran = { from, to: new Date() };
          });
          outcome = held ? 'ok' : 'skipped';
        } catch (error) {
          outcome = 'failed';
          log.warn({ err: error, job }, 'housekeeping job failed');
        }
        metrics.housekeepingRun(job, outcome, (performance.now() - started) / 1000);
        // While it held the job's lock: what shows that no job ever ran on two instances at once.
        log.debug({ job, outcome, ...(ran ? { heldFrom: ran.from.toISOString(), heldUntil: ran.to.toISOString() } : {}) }, 'housekeeping.job');
        report[job] = outcome;
      }
      return report;
    },
  };
}
