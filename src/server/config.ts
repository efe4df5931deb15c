import path from 'node:path';
import * as v from 'valibot';
import type { AgentDetails } from '../domain/schemas/payeAuthorisation.ts';
import type { LogLevel } from './services/logger.ts';

/**
 * The agent details used when none are configured, so the declaration can be signed locally. They
 * read like a real agency's (the page says "test mode" instead); production refuses to start with
 * them: a deployment sets the PAYE_AGENT_* variables to the registered agency's.
 */
export const DEV_PAYE_AGENT: AgentDetails = {
  taxAgencyName: 'MaxOut Tax Services',
  tain: 'MX00001',
  agentAddress: '2 Grand Canal Square, Dublin 2, D02 X285',
  agentSignature: 'MaxOut Tax Services',
};

/** The creditor named on direct debit mandates when none is configured (production refuses it). */
export const DEV_DIRECT_DEBIT_CREDITOR = 'MaxOut Pensions';

/** The settings whose development defaults production refuses, with the default each would take. */
const DEVELOPMENT_DEFAULTS = {
  PAYE_AGENT_NAME: DEV_PAYE_AGENT.taxAgencyName,
  PAYE_AGENT_TAIN: DEV_PAYE_AGENT.tain,
  PAYE_AGENT_ADDRESS: DEV_PAYE_AGENT.agentAddress,
  PAYE_AGENT_SIGNATORY: DEV_PAYE_AGENT.agentSignature,
  DIRECT_DEBIT_CREDITOR: DEV_DIRECT_DEBIT_CREDITOR,
} as const;

/**
 * Why a secret is too weak to sign tokens with, or null: fewer than 10 different characters (one
 * character repeated, "abababab…", a word padded out) is guessable however long it is.
 */
export function weakSecret(text: string): string | null {
  return new Set(text).size < 10 ? 'too few different characters' : null;
}

/** Environment, validated once at boot so a typo fails loudly instead of half-working. */
const Env = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'PORT must be a number')), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'))),
  STATIC_DIR: v.optional(v.string(), 'dist'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('PUBLIC_URL must be a URL'))),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error']), 'info'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'SMTP_URL must be smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'MaxOut <no-reply@maxout.ie>'),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'), v.check((text) => weakSecret(text) === null, 'JWT_SECRET is too predictable: use 32 or more random characters (openssl rand -base64 48)'))),
  /**
   * The signing keys of access tokens, for a rotation: `<key id>:<secret>` entries separated by
   * commas, the current key first (it signs; the others only verify, until their tokens expired).
   */
  JWT_SECRETS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\s*[A-Za-z0-9_-]{1,32}:[^,:\s]{32,}\s*(,\s*[A-Za-z0-9_-]{1,32}:[^,:\s]{32,}\s*)*$/, 'JWT_SECRETS must be <key id>:<secret of 32 or more characters> entries separated by commas, the current key first'),
      v.check((text) => text.split(',').every((entry) => weakSecret(entry.trim().split(':')[1] ?? '') === null), 'JWT_SECRETS: a secret is too predictable: use 32 or more random characters'),
    ),
  ),
  /** Production on the embedded database: accept keys generated into DATA_DIR/secrets (next to the data they protect). */
  ALLOW_KEYS_IN_DATA_DIR: v.optional(v.picklist(['true', 'false'], 'ALLOW_KEYS_IN_DATA_DIR must be true or false')),
  ENCRYPTION_KEY: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters'))),
  /** The keyring: `id:hex` entries separated by commas, the current key first (see README, key rotation). */
  ENCRYPTION_KEYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\s*[A-Za-z0-9_-]{1,32}:[0-9a-f]{64}\s*(,\s*[A-Za-z0-9_-]{1,32}:[0-9a-f]{64}\s*)*$/i, 'ENCRYPTION_KEYS must be <key id>:<64 hex characters> entries separated by commas, the current key first'),
    ),
  ),
  /**
   * Which key of ENCRYPTION_KEYS encrypts new values (default: the first). Lets a rotation across
   * several processes first hand out a new key for decrypting only, then switch to it.
   */
  ENCRYPTION_KEY_CURRENT: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/, 'ENCRYPTION_KEY_CURRENT must be a key id of ENCRYPTION_KEYS'))),
  /** Number of reverse proxies in front of the server whose X-Forwarded-For entries are believed; 0 = none. */
  /** The tax agent named on every PAYE A1 declaration (development defaults below; set them in production). */
  PAYE_AGENT_NAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(2, 'PAYE_AGENT_NAME must be at least 2 characters'), v.maxLength(200)), DEV_PAYE_AGENT.taxAgencyName),
  PAYE_AGENT_TAIN: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Z0-9]{4,12}$/, 'PAYE_AGENT_TAIN must be 4-12 capital letters or digits')), DEV_PAYE_AGENT.tain),
  PAYE_AGENT_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.minLength(5, 'PAYE_AGENT_ADDRESS must be at least 5 characters'), v.maxLength(300)), DEV_PAYE_AGENT.agentAddress),
  PAYE_AGENT_SIGNATORY: v.optional(v.pipe(v.string(), v.trim(), v.minLength(2, 'PAYE_AGENT_SIGNATORY must be at least 2 characters'), v.maxLength(200)), DEV_PAYE_AGENT.agentSignature),
  /** The creditor named on the SEPA direct debit mandate the user accepts (development default below; set it in production). */
  DIRECT_DEBIT_CREDITOR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(2, 'DIRECT_DEBIT_CREDITOR must be at least 2 characters'), v.maxLength(70, 'DIRECT_DEBIT_CREDITOR must be at most 70 characters (the SEPA limit)')), DEV_DIRECT_DEBIT_CREDITOR),
  /** Seconds a payment attempt is held before housekeeping asks the provider about it (recovery after a crash). */
  PAYMENT_LEASE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'PAYMENT_LEASE_SECONDS must be a whole number of seconds, 1 or more')), '120'),
  /** Money limits per user, in whole euro: paid in over any 24 hours, paid in for one tax year, and the amount above which the password is asked again. */
  MONEY_DAILY_LIMIT: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'MONEY_DAILY_LIMIT must be a whole number of euro, 1 or more'))),
  MONEY_TAX_YEAR_LIMIT: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'MONEY_TAX_YEAR_LIMIT must be a whole number of euro, 1 or more'))),
  MONEY_STEP_UP_ABOVE: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'MONEY_STEP_UP_ABOVE must be a whole number of euro'))),
  /**
   * Production with the sandbox bank (the only bank provider wired yet: invented accounts and transactions, no real bank
   * is asked). Like the payment sandbox, it is the default in every mode; unlike it, production starts with it only when
   * told to, as a demonstration would be.
   */
  ALLOW_SANDBOX_BANK: v.optional(v.picklist(['true', 'false'], 'ALLOW_SANDBOX_BANK must be true or false')),
  /** The sandbox bank's extra card purchases per account and day (demonstrations and browser tests: the daily prompt shows on the day an account is linked). */
  SANDBOX_BANK_EXTRA_PURCHASES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'SANDBOX_BANK_EXTRA_PURCHASES must be a whole number 0-99')), '0'),
  /** Test mode only: the server's clock reads this instant when it starts (ISO 8601, with a zone) and runs on. */
  CLOCK_START: v.optional(v.pipe(v.string(), v.isoTimestamp('CLOCK_START must be an ISO 8601 instant, e.g. 2026-11-20T10:00:00.000Z'))),
  /**
   * Tests only: `kill-after-collect` ends the process (SIGKILL) after the payment provider answered, before the answer is
   * recorded; `kill-after-claim` after a round-up batch took its round-ups, before it is paid.
   */
  FAULT_INJECTION: v.optional(v.picklist(['kill-after-collect', 'kill-after-claim'], 'FAULT_INJECTION must be kill-after-collect or kill-after-claim')),
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.regex(/^(\d|true|false)$/, 'TRUST_PROXY must be a hop count 0-9, true or false')), '0'),
  /** This process is one of several instances behind a proxy on one PostgreSQL (deploy/README.md). */
  CLUSTER: v.optional(v.picklist(['true', 'false', '1', '0'], 'CLUSTER must be true or false'), 'false'),
  /** A name for this instance in logs and the instance registry; host:pid when unset. */
  INSTANCE_NAME: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'INSTANCE_NAME must be 1-64 letters, digits, _ . : -'))),
  /** GET /metrics on the main port, for a scraper that sends this bearer token. */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(24, 'METRICS_TOKEN must be at least 24 characters'))),
  /** GET /metrics on a port of its own (METRICS_HOST, default 127.0.0.1), without a token. */
  METRICS_PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'METRICS_PORT must be a number'))),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  /** After SIGTERM: seconds of answering as usual (with `Connection: close`, /ready 503) before the listener closes. */
  SHUTDOWN_DRAIN_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}(\.\d+)?$/, 'SHUTDOWN_DRAIN_SECONDS must be a number of seconds'))),
  /** After the listener closes: at most this long for the requests in flight to finish. */
  SHUTDOWN_TIMEOUT_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds')), '20'),
  /** How often the housekeeping jobs run (each on one instance at a time). */
  HOUSEKEEPING_INTERVAL_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'HOUSEKEEPING_INTERVAL_SECONDS must be a whole number of seconds, 1 or more')), '600'),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  staticDir: string;
  publicUrl: string;
  logLevel: LogLevel;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  /** JWT_SECRETS as given (parsed by services/secrets.ts): access-token keys by id, the current first. */
  jwtSecrets: string | undefined;
  encryptionKey: string | undefined;
  /** ENCRYPTION_KEYS as given (parsed into a keyring by services/secrets.ts). */
  encryptionKeys: string | undefined;
  /** ENCRYPTION_KEY_CURRENT: the key id that encrypts, when not the keyring's first. */
  encryptionKeyCurrent: string | undefined;
  /** Trusted proxy hops for X-Forwarded-For (0: use the socket address). */
  trustProxy: number;
  /** How long a payment attempt is held before housekeeping recovers it (ms). */
  paymentLeaseMs: number;
  /** Extra card purchases per day on each sandbox bank account (SANDBOX_BANK_EXTRA_PURCHASES). */
  sandboxBankExtraPurchases: number;
  /** The instant the server's clock reads at start (CLOCK_START, browser tests); never in production. */
  clockStart: Date | undefined;
  /** A fault to inject (tests of crash recovery); never in production. */
  faultInjection: 'kill-after-collect' | 'kill-after-claim' | undefined;
  /** The tax agent of the PAYE A1 declaration. */
  payeAgent: AgentDetails;
  /** The creditor named on direct debit mandates. */
  directDebitCreditor: string;
  /** Not production (NODE_ENV unset): the app shows a "test mode" ribbon; agent and creditor may be the development defaults. */
  testMode: boolean;
  /** One of several instances on one PostgreSQL (CLUSTER=true). */
  cluster: boolean;
  /** This instance's name (INSTANCE_NAME, else host:pid). */
  instanceName: string | undefined;
  /** Bearer token of GET /metrics on the main port; absent: not served there. */
  metricsToken: string | undefined;
  /** A separate listener for GET /metrics; absent: none. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** After SIGTERM, how long the instance keeps answering before it stops accepting (ms). */
  shutdownDrainMs: number;
  /** After that, how long requests in flight may take to finish (ms). */
  shutdownTimeoutMs: number;
  housekeepingIntervalMs: number;
  /** MONEY_* overrides of the money limits, in cents (services/moneyMovement.ts has the defaults). */
  moneyLimits: { dailyCents?: number; taxYearCents?: number; stepUpAboveCents?: number };
}

/**
 * What NODE_ENV=production refuses to start without: real mail (printed links are for a
 * developer's machine), keys from the environment when the database is shared (keys generated
 * into one machine's DATA_DIR would differ per process and be lost with it), and an explicit
 * TRUST_PROXY (a wrong guess either lets clients choose their own address for the rate limits,
 * or counts every user as the proxy). Empty when nothing is missing.
 */
export function productionProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.SMTP_URL) problems.push('SMTP_URL: required in production (without it emails, with their links, are printed to the log)');
  if (env.DATABASE_URL && !env.JWT_SECRET && !env.JWT_SECRETS) problems.push('JWT_SECRET: required in production with DATABASE_URL (every process must share it)');
  if (env.DATABASE_URL && !env.ENCRYPTION_KEY && !env.ENCRYPTION_KEYS) {
    problems.push('ENCRYPTION_KEY: required in production with DATABASE_URL, or the keyring ENCRYPTION_KEYS (every process must share it)');
  }
  if (env.FAULT_INJECTION) problems.push('FAULT_INJECTION: never in production (it crashes the server on purpose)');
  if (env.CLOCK_START) problems.push('CLOCK_START: never in production (it moves the server’s clock)');
  if (!env.DATABASE_URL && !env.ENCRYPTION_KEY && !env.ENCRYPTION_KEYS && env.ALLOW_KEYS_IN_DATA_DIR !== 'true') {
    problems.push(
      'ENCRYPTION_KEYS: required in production, also on the embedded database: a key generated into DATA_DIR would sit next to the data it protects, so a copy of DATA_DIR would carry both (set ALLOW_KEYS_IN_DATA_DIR=true to accept that)',
    );
  }
  // Users would link accounts that do not exist and see round-ups of purchases nobody made.
  if (env.ALLOW_SANDBOX_BANK !== 'true') {
    problems.push('ALLOW_SANDBOX_BANK: the bank provider is the sandbox bank (invented accounts and transactions; no real one is wired yet): set ALLOW_SANDBOX_BANK=true to run production with it');
  }
  if (env.TRUST_PROXY === undefined || env.TRUST_PROXY === '') problems.push('TRUST_PROXY: set it explicitly in production (0 when no proxy of yours sets X-Forwarded-For)');
  // Users sign the PAYE A1 and accept the mandate with these names: never the development ones.
  for (const [name, fallback] of Object.entries(DEVELOPMENT_DEFAULTS)) {
    const value = env[name]?.trim();
    if (!value || value === fallback) problems.push(`${name}: required in production (the development default "${fallback}" is shown to users who sign with it)`);
  }
  return problems;
}

const isTrue = (value: string | undefined) => value === 'true' || value === '1';

/**
 * What CLUSTER=true refuses to start without, in any mode: one shared PostgreSQL (the embedded
 * database serves one process) and keys from the environment (keys generated into one
 * machine's DATA_DIR differ per instance). Whether the keys are the *same* as the running
 * instances' is checked against the database at start (services/instances.ts).
 */
export function clusterProblems(env: Record<string, string | undefined>): string[] {
  if (!isTrue(env.CLUSTER)) return [];
  const problems: string[] = [];
  if (!env.DATABASE_URL) problems.push('DATABASE_URL: required with CLUSTER=true (the instances share one PostgreSQL; the embedded database serves one process)');
  if (!env.JWT_SECRET) problems.push('JWT_SECRET: required with CLUSTER=true (every instance must sign and check tokens with the same secret)');
  if (!env.ENCRYPTION_KEY && !env.ENCRYPTION_KEYS) problems.push('ENCRYPTION_KEYS: required with CLUSTER=true, or ENCRYPTION_KEY (every instance must hold the same keys)');
  if (env.METRICS_PORT && env.METRICS_PORT === env.PORT) problems.push('METRICS_PORT: must differ from PORT');
  return problems;
}

/**
 * The server's first log line: on the embedded development default (no SMTP_URL) it says that
 * emails and their links are printed to the log.
 */
export function startupNotice(config: Pick<ServerConfig, 'smtpUrl'>): string {
  return config.smtpUrl
    ? 'MaxOut server starting; emails are sent over SMTP'
    : 'MaxOut server starting in development mode: emails, with their set-password and reset links, are printed to this log (set SMTP_URL to send them)';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const result = v.safeParse(Env, env);
  const problems = [...clusterProblems(env), ...productionProblems(env)];
  if (env.ENCRYPTION_KEY_CURRENT && !env.ENCRYPTION_KEYS) problems.push('ENCRYPTION_KEY_CURRENT: only with ENCRYPTION_KEYS (it names one of its keys)');
  if (env.JWT_SECRET && env.JWT_SECRETS) problems.push('JWT_SECRETS: set it or JWT_SECRET, not both (put the single secret into JWT_SECRETS)');
  if (env.ENCRYPTION_KEY && env.ENCRYPTION_KEYS) problems.push('ENCRYPTION_KEYS: set it or ENCRYPTION_KEY, not both (put the single key into the keyring)');
  if (!result.success || problems.length > 0) {
    const lines = [...(result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`)), ...problems];
    // One problem is one line; several are listed one per line.
    throw new Error(lines.length === 1 ? `Invalid configuration: ${lines[0]}` : `Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = result.output;
  const port = Number(e.PORT);
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    staticDir: path.resolve(e.STATIC_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    jwtSecrets: e.JWT_SECRETS,
    encryptionKey: e.ENCRYPTION_KEY,
    encryptionKeys: e.ENCRYPTION_KEYS,
    encryptionKeyCurrent: e.ENCRYPTION_KEY_CURRENT,
    trustProxy: e.TRUST_PROXY === 'true' ? 1 : e.TRUST_PROXY === 'false' ? 0 : Number(e.TRUST_PROXY),
    paymentLeaseMs: Number(e.PAYMENT_LEASE_SECONDS) * 1000,
    sandboxBankExtraPurchases: Number(e.SANDBOX_BANK_EXTRA_PURCHASES),
    clockStart: e.CLOCK_START === undefined ? undefined : new Date(e.CLOCK_START),
    faultInjection: e.FAULT_INJECTION,
    moneyLimits: {
      ...(e.MONEY_DAILY_LIMIT ? { dailyCents: Number(e.MONEY_DAILY_LIMIT) * 100 } : {}),
      ...(e.MONEY_TAX_YEAR_LIMIT ? { taxYearCents: Number(e.MONEY_TAX_YEAR_LIMIT) * 100 } : {}),
      ...(e.MONEY_STEP_UP_ABOVE ? { stepUpAboveCents: Number(e.MONEY_STEP_UP_ABOVE) * 100 } : {}),
    },
    payeAgent: { taxAgencyName: e.PAYE_AGENT_NAME, tain: e.PAYE_AGENT_TAIN, agentAddress: e.PAYE_AGENT_ADDRESS, agentSignature: e.PAYE_AGENT_SIGNATORY },
    directDebitCreditor: e.DIRECT_DEBIT_CREDITOR,
    testMode: env.NODE_ENV !== 'production',
    cluster: isTrue(e.CLUSTER),
    instanceName: e.INSTANCE_NAME,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT === undefined ? undefined : Number(e.METRICS_PORT),
    metricsHost: e.METRICS_HOST,
    // Behind a proxy the drain lets it notice (its keep-alive connections end, /ready says 503);
    // alone, Ctrl-C or SIGTERM stops at once after the requests in flight.
    shutdownDrainMs: Number(e.SHUTDOWN_DRAIN_SECONDS ?? (isTrue(e.CLUSTER) ? '3' : '0')) * 1000,
    shutdownTimeoutMs: Number(e.SHUTDOWN_TIMEOUT_SECONDS) * 1000,
    housekeepingIntervalMs: Number(e.HOUSEKEEPING_INTERVAL_SECONDS) * 1000,
  };
}
