import { sql } from 'drizzle-orm';
import { SECURITY_EVENT_KINDS } from '../../domain/schemas/security.ts';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Database schema. Money is integer cents; timestamps are timestamptz; secrets (refresh and
 * reset tokens) are stored only as SHA-256 hashes; the PPSN is stored encrypted (AES-256-GCM).
 * Only SQL that both PGlite (PostgreSQL 18) and PostgreSQL 15 understand.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** Lower-cased and trimmed; unique. */
  email: text('email').notNull().unique(),
  /** argon2id PHC string; null until the user sets a password from the mailed link. */
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  surname: text('surname'),
  /** AES-256-GCM envelope (see services/crypto.ts); never stored in clear. */
  ppsnEncrypted: text('ppsn_encrypted'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  maritalStatus: text('marital_status', { enum: ['single', 'married'] }).notNull(),
  pensionPlanId: text('pension_plan_id'),
  annualIncomeCents: cents('annual_income_cents'),
  paidPensionCents: cents('paid_pension_cents').notNull().default(0),
  pensionCents: cents('pension_cents').notNull().default(0),
  taxbackCents: cents('taxback_cents').notNull().default(0),
  payeA1Authorized: boolean('paye_a1_authorized').notNull().default(false),
  optOutPayeAuth: boolean('opt_out_paye_auth').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One row per sign-in: the refresh-token family. Revoking it ends the session everywhere
 * (access tokens carry the family id and are checked against this row).
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull(),
    createdAt: createdAt(),
    /** Absolute lifetime: no refresh after this, however active the session. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Idle lifetime is judged from here. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokeReason: text('revoke_reason'),
    /** The device as its owner sees it in Settings → Security: "Chrome on Windows" (src/domain/devices.ts). */
    browser: text('browser'),
    /** Approximate place from the address at sign-in: 'Local network', 'Internet address 203.0.113.x'. */
    place: text('place'),
  },
  (t) => [index('session_families_user_idx').on(t.userId)],
);

/** Every refresh token ever issued in a family; only the newest is live, the previous one has a short grace. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when this token was exchanged for its successor. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    /** The successor, so a refresh inside the grace window can answer with the same pair. */
    replacedById: uuid('replaced_by_id'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Set-password and reset-password links: single use, short-lived, stored hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['set', 'reset'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/** Every message the product sends, kept; printed in development, sent over SMTP when configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  error: text('error'),
});

/** Fixed-window counters shared by every API process (rate limits live in the database). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Form 11 claims: one row per user and tax year, so re-submitting answers updates the claim
 * instead of creating a second one. `snapshot` holds what was entered per category (form slug or
 * income type id); `category_status` and `category_refund_cents` the decision and the estimated
 * refund (cents; negative for tax due on income) per category.
 */
export const form11Entries = pgTable(
  'form11_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull().default({}),
    categoryStatus: jsonb('category_status').$type<Record<string, 'pending' | 'approved' | 'rejected'>>().notNull().default({}),
    categoryRefundCents: jsonb('category_refund_cents').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form11_entries_user_year_idx').on(t.userId, t.year)],
);

/** What a user can see of their account's security in Settings → Security (kept 90 days). */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Insertion order: events of the same millisecond (a sign-in and its new device) list in order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SECURITY_EVENT_KINDS }).notNull(),
    createdAt: createdAt(),
    /** The session family concerned, when there is one (no foreign key: families are pruned, events stay). */
    familyId: uuid('family_id'),
    browser: text('browser'),
    place: text('place'),
    /** A short machine-readable qualifier ('reset', 'code', 'recovery_code'); never a secret or personal value. */
    detail: text('detail'),
  },
  (t) => [index('security_events_user_created_idx').on(t.userId, t.createdAt, t.seq)],
);

/**
 * Two-step sign-in (TOTP, RFC 6238), one row per user who started setting it up. The secret is an
 * AES-256-GCM envelope bound to the user; `enabled_at` is null until a first code confirmed it.
 * `last_step` is the newest 30-second step accepted, so a code is never accepted twice.
 */
export const twoFactorSettings = pgTable('two_factor_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes (10 per enabling), stored as keyed hashes; `used_at` once spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * A password that was right, waiting for its second step: POST /auth/login answers with the
 * challenge, POST /auth/two-factor completes it. Stored hashed, short-lived, few attempts, single use.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);
