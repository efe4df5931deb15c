import { sql } from 'drizzle-orm';
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
  /** When a mailed set-password (or reset) link was used: the address is proven. Null: unverified. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
  /**
   * Bumped by every password set or reset. A session records the version its sign-in read and
   * stops working when they differ, so a sign-in racing a reset cannot outlive it.
   */
  credentialVersion: integer('credential_version').notNull().default(0),
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
    /** The user's credential version when this session was created (see users.credential_version). */
    credentialVersion: integer('credential_version').notNull().default(0),
    /**
     * A keyed hash of the client (user agent and network) that last refreshed: a replay inside the
     * grace window is honoured only from the same client.
     */
    clientHash: text('client_hash'),
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

/**
 * Who read or did what to sensitive data, never the data itself (checklist G6): for example a
 * PPSN reveal. `requestId` finds the request's log lines.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_user_idx').on(t.userId)],
);
