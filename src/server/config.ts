import path from 'node:path';
import * as v from 'valibot';
import type { AgentDetails } from '../domain/schemas/payeAuthorisation.ts';
import type { LogLevel } from './services/logger.ts';

/**
 * The agent details used when none are configured: a development agency, so the declaration can be
 * signed locally. A deployment sets the PAYE_AGENT_* variables to the registered agency's.
 */
export const DEV_PAYE_AGENT: AgentDetails = {
  taxAgencyName: 'MaxOut Tax Services (development)',
  tain: 'DEV0001',
  agentAddress: '1 Example Street, Dublin 2, D02 X285',
  agentSignature: 'MaxOut Tax Services',
};

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
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
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
  /** Seconds a payment attempt is held before housekeeping asks the provider about it (recovery after a crash). */
  PAYMENT_LEASE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'PAYMENT_LEASE_SECONDS must be a whole number of seconds, 1 or more')), '120'),
  /**
   * Tests only: `kill-after-collect` ends the process (SIGKILL) after the payment provider answered, before the answer is
   * recorded; `kill-after-claim` after a round-up batch took its round-ups, before it is paid.
   */
  FAULT_INJECTION: v.optional(v.picklist(['kill-after-collect', 'kill-after-claim'], 'FAULT_INJECTION must be kill-after-collect or kill-after-claim')),
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.regex(/^(\d|true|false)$/, 'TRUST_PROXY must be a hop count 0-9, true or false')), '0'),
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
  encryptionKey: string | undefined;
  /** ENCRYPTION_KEYS as given (parsed into a keyring by services/secrets.ts). */
  encryptionKeys: string | undefined;
  /** ENCRYPTION_KEY_CURRENT: the key id that encrypts, when not the keyring's first. */
  encryptionKeyCurrent: string | undefined;
  /** Trusted proxy hops for X-Forwarded-For (0: use the socket address). */
  trustProxy: number;
  /** How long a payment attempt is held before housekeeping recovers it (ms). */
  paymentLeaseMs: number;
  /** A fault to inject (tests of crash recovery); never in production. */
  faultInjection: 'kill-after-collect' | 'kill-after-claim' | undefined;
  /** The tax agent of the PAYE A1 declaration. */
  payeAgent: AgentDetails;
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
  if (env.DATABASE_URL && !env.JWT_SECRET) problems.push('JWT_SECRET: required in production with DATABASE_URL (every process must share it)');
  if (env.DATABASE_URL && !env.ENCRYPTION_KEY && !env.ENCRYPTION_KEYS) {
    problems.push('ENCRYPTION_KEY: required in production with DATABASE_URL, or the keyring ENCRYPTION_KEYS (every process must share it)');
  }
  if (env.FAULT_INJECTION) problems.push('FAULT_INJECTION: never in production (it crashes the server on purpose)');
  if (env.TRUST_PROXY === undefined || env.TRUST_PROXY === '') problems.push('TRUST_PROXY: set it explicitly in production (0 when no proxy of yours sets X-Forwarded-For)');
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
  const problems = productionProblems(env);
  if (env.ENCRYPTION_KEY_CURRENT && !env.ENCRYPTION_KEYS) problems.push('ENCRYPTION_KEY_CURRENT: only with ENCRYPTION_KEYS (it names one of its keys)');
  if (env.ENCRYPTION_KEY && env.ENCRYPTION_KEYS) problems.push('ENCRYPTION_KEYS: set it or ENCRYPTION_KEY, not both (put the single key into the keyring)');
  if (!result.success || problems.length > 0) {
    const lines = [...(result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`)), ...problems].map((line) => `  ${line}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
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
    encryptionKey: e.ENCRYPTION_KEY,
    encryptionKeys: e.ENCRYPTION_KEYS,
    encryptionKeyCurrent: e.ENCRYPTION_KEY_CURRENT,
    trustProxy: e.TRUST_PROXY === 'true' ? 1 : e.TRUST_PROXY === 'false' ? 0 : Number(e.TRUST_PROXY),
    paymentLeaseMs: Number(e.PAYMENT_LEASE_SECONDS) * 1000,
    faultInjection: e.FAULT_INJECTION,
    payeAgent: { taxAgencyName: e.PAYE_AGENT_NAME, tain: e.PAYE_AGENT_TAIN, agentAddress: e.PAYE_AGENT_ADDRESS, agentSignature: e.PAYE_AGENT_SIGNATORY },
  };
}
