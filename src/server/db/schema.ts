import { sql } from 'drizzle-orm';
import { SECURITY_EVENT_KINDS } from '../../domain/schemas/security.ts';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  /** Pension paid this tax year outside MaxOut. The year's pension and taxback are derived from the contributions ledger plus this. */
  paidPensionCents: cents('paid_pension_cents').notNull().default(0),
  /** The spouse's or civil partner's income (married users); null when not recorded (taken as none). */
  spouseAnnualIncomeCents: cents('spouse_annual_income_cents'),
  /** How a married user is assessed; null means joint, Revenue's default for a married couple. Cleared when the user is single. */
  assessmentBasis: text('assessment_basis', { enum: ['joint', 'separate', 'separate-treatment'] }),
  payeA1Authorized: boolean('paye_a1_authorized').notNull().default(false),
  optOutPayeAuth: boolean('opt_out_paye_auth').notNull().default(false),
  /** When a mailed set-password (or reset) link was used: the address is proven. Null: unverified. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
  /**
   * Bumped by every password set or reset. A session records the version its sign-in read and
   * stops working when they differ, so a sign-in racing a reset cannot outlive it.
   */
  credentialVersion: integer('credential_version').notNull().default(0),
  /** When the PAYE A1 authorisation in force lapses (at most 4 years after signing); null when none was signed. */
  payeA1LapsesAt: timestamp('paye_a1_lapses_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /**
   * Set when the user closed the account: the row is then only the identity the records the law
   * makes us keep refer to (services/userData.ts), and it is deleted once `retain_until` passes.
   */
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  /** The last day a kept record of a closed account must be held (YYYY-MM-DD). */
  retainUntil: date('retain_until', { mode: 'string' }),
  /**
   * A legal hold (a Revenue enquiry or a dispute is open): while set, nothing of the user's is
   * deleted when its retention ends; housekeeping deletes it once the hold is lifted.
   */
  legalHoldAt: timestamp('legal_hold_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  check('users_assessment_basis', sql`${t.assessmentBasis} in ('joint', 'separate', 'separate-treatment')`),
  check('users_spouse_income_not_negative', sql`${t.spouseAnnualIncomeCents} >= 0`),
]);

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
    /** The device as its owner sees it in Settings → Security: "Chrome on Windows" (src/domain/devices.ts). */
    browser: text('browser'),
    /** Approximate place from the address at sign-in: 'Local network', 'Internet address 203.0.113.x'. */
    place: text('place'),
    /**
     * When this session proved the second factor: signed in with a code (or a recovery code), or
     * turned two-step sign-in on, which takes a code. Null for a password-only session; with
     * two-step sign-in on, such a session cannot sign the PAYE authorisation.
     */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true, mode: 'date' }),
    /**
     * When this session last proved the user again (password or code) before moving money: a
     * large payment or a new account needs one within the last few minutes (services/moneyMovement.ts).
     */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true, mode: 'date' }),
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

/**
 * Signed PAYE A1 authorisations (the agent declaration), kept as evidence: what the taxpayer
 * declared, the agent details they signed for, and when. The PPSN and the signature image are
 * AES-256-GCM envelopes bound to the row (services/payeAuthorisations.ts). A row is never updated
 * except to record that it was superseded; signing again adds a new row. `retain_until` is when
 * the evidence may be deleted: 6 years after the end of the tax year in which it lapses.
 * No cascade from users: the evidence outlives the account for as long as Revenue requires.
 */
export const payeAuthorisations = pgTable(
  'paye_authorisations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    ppsnEncrypted: text('ppsn_encrypted').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    email: text('email').notNull(),
    documentHolder: text('document_holder', { enum: ['self'] }).notNull(),
    signatureEncrypted: text('signature_encrypted').notNull(),
    taxAgencyName: text('tax_agency_name').notNull(),
    tain: text('tain').notNull(),
    agentAddress: text('agent_address').notNull(),
    agentSignatory: text('agent_signatory').notNull(),
    /** The time the client's browser gave (authorized_at), as evidence only; `signed_at` is the server's. */
    clientAuthorizedAt: timestamp('client_authorized_at', { withTimezone: true, mode: 'date' }),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
    lapsesAt: timestamp('lapses_at', { withTimezone: true, mode: 'date' }).notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true, mode: 'date' }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    /** The client address the declaration came from (evidence of who signed). */
    clientAddress: text('client_address'),
  },
  (t) => [
    index('paye_authorisations_user_idx').on(t.userId),
    index('paye_authorisations_retain_idx').on(t.retainUntil),
    // At most one declaration in force per user (signing locks the user row; this makes it a rule).
    uniqueIndex('paye_authorisations_current_idx').on(t.userId).where(sql`${t.supersededAt} is null`),
  ],
);

/**
 * The contributions ledger: one row per payment into the user's pension, in cents, with the tax
 * year it counts for. The user's pension for a year is the sum of its succeeded rows plus
 * paid_pension; nothing else stores it. `idempotency_key` is unique per user, so a retried or
 * duplicated request finds the first one's row instead of paying again; `request_hash` tells a
 * genuine retry from a different request that reused the key.
 */
export const contributions = pgTable(
  'contributions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    taxYear: integer('tax_year').notNull(),
    kind: text('kind', { enum: ['one_off', 'direct_debit', 'round_up'] }).notNull(),
    /** The account or card it was paid from, as the user saw it (e.g. "Sandbox debit card"). */
    sourceLabel: text('source').notNull(),
    /**
     * `pending` from before the provider is asked until its answer is recorded (a crash in between
     * leaves it so, for the recovery in services/pensionLedger.ts); `failed`: the provider never
     * received it (found so after an interrupted attempt), so nothing was paid.
     */
    status: text('status', { enum: ['pending', 'succeeded', 'declined', 'failed'] }).notNull(),
    /**
     * When a process last took charge of a pending payment (asking the provider). Null: nobody is
     * on it. A pending row whose lock is older than the lease is recovered by asking the provider.
     */
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    /** The payment provider's reference of the collection. */
    providerReference: text('provider_reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    mandateId: uuid('mandate_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contributions_user_key_idx').on(t.userId, t.idempotencyKey),
    index('contributions_pending_idx')
      .on(t.lockedAt)
      .where(sql`${t.status} = 'pending'`),
    index('contributions_user_year_idx').on(t.userId, t.taxYear),
    check('contributions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The sandbox payment provider's own records (services/paymentProvider.ts): what a real provider
 * keeps on its side, one row per collection reference, so that asking it later "did you collect
 * this?" has an answer that survives a crash of ours. Not read by anything but the sandbox.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text('reference').primaryKey(),
  amountCents: cents('amount_cents').notNull(),
  outcome: text('outcome', { enum: ['succeeded', 'declined'] }).notNull(),
  providerReference: text('provider_reference'),
  createdAt: createdAt(),
});

/**
 * Direct debit mandates (SEPA style): the IBAN encrypted at rest, bound to its row; a monthly
 * amount collected on `day_of_month` from `start_date`. Cancelling keeps the row (the mandate and
 * its acceptance are evidence) with `cancelled_at` set; at most one active mandate per user.
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Unique mandate reference shown to the user and the bank. */
    reference: text('reference').notNull().unique(),
    /** AES-256-GCM envelope (services/crypto.ts), associated data `direct_debit_mandates.iban:<id>`. */
    ibanEncrypted: text('iban_encrypted').notNull(),
    /** Country and check digits plus last four, for display without decrypting. */
    ibanMasked: text('iban_masked').notNull(),
    amountCents: cents('amount_cents').notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /**
     * Paused: no collection dated on or before this Irish date, and none made up later. Resuming
     * sets it to yesterday, so the dates the pause skipped stay skipped by the catch-up run.
     */
    pausedUntil: date('paused_until', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('direct_debit_mandates_active_idx').on(t.userId).where(sql`${t.cancelledAt} is null`),
    check('direct_debit_amount_positive', sql`${t.amountCents} > 0`),
    check('direct_debit_day_of_month', sql`${t.dayOfMonth} between 1 and 28`),
  ],
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
    /** The credential version the password check read: a reset meanwhile makes the challenge useless. */
    credentialVersion: integer('credential_version').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/**
 * Bank links (open-banking account-information consents), one per time the user went through
 * the bank's consent page. `status` as the API shows it (src/domain/schemas/roundups.ts); the
 * reads judge `active` against `expires_at` too, so an expired link never reads. `renews_id`
 * names the link a renewal replaces; `expiry_mailed_at` makes the "expiring" mail go once.
 */
export const bankConsents = pgTable(
  'bank_consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which BankProvider holds it ('sandbox'). */
    provider: text('provider').notNull(),
    /** The provider's id of the consent. */
    providerReference: text('provider_reference').notNull(),
    status: text('status', { enum: ['awaiting', 'active', 'expiring', 'expired', 'revoked', 'replaced', 'cancelled', 'refused'] }).notNull(),
    renewsId: uuid('renews_id'),
    createdAt: createdAt(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    expiryMailedAt: timestamp('expiry_mailed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('bank_consents_user_idx').on(t.userId), uniqueIndex('bank_consents_provider_ref_idx').on(t.provider, t.providerReference)],
);

/**
 * Linked bank accounts. The IBAN is encrypted (bound to the row) and kept masked for display,
 * with a keyed hash that is unique per user: a renewed or repeated link finds the same account
 * by it and keeps its id, settings and history (providers issue new account ids per consent).
 * At most one account per user is `funding` (round-ups are collected from it).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The link it is read through now (the latest one that named it). */
    consentId: uuid('consent_id')
      .notNull()
      .references(() => bankConsents.id),
    providerAccountId: text('provider_account_id').notNull(),
    /** The bank's name. */
    displayName: text('display_name').notNull(),
    /** The account's name at the bank ("Current account"). */
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** AES-256-GCM envelope, associated data `bank_accounts.iban:<id>`. */
    ibanEncrypted: text('iban_encrypted').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    /** HMAC of the IBAN under a key derived from the field key: finds the account again without decrypting. */
    ibanHash: text('iban_hash').notNull(),
    roundups: boolean('roundups').notNull(),
    funding: boolean('funding').notNull().default(false),
    roundupsFrom: date('roundups_from', { mode: 'string' }).notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true, mode: 'date' }),
    /** The provider said "not before" (a 429's retry time): no read until then. */
    syncRetryAt: timestamp('sync_retry_at', { withTimezone: true, mode: 'date' }),
    /** The last balance read (signed cents) and when, for the minimum-balance check. */
    balanceCents: cents('balance_cents'),
    balanceAt: timestamp('balance_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('bank_accounts_user_iban_idx').on(t.userId, t.ibanHash),
    uniqueIndex('bank_accounts_funding_idx').on(t.userId).where(sql`${t.funding}`),
    index('bank_accounts_next_sync_idx').on(t.nextSyncAt),
  ],
);

/**
 * Round-up batches: one per POST /roundups/apply (unique per user and Idempotency-Key). In one
 * transaction a batch takes the pending round-ups it pays; it is paid through the pension
 * ledger with the key `roundups-<id>` and follows its contribution: `applied` when it
 * succeeded, `declined` (its round-ups released, pending again) otherwise; `empty` when
 * nothing was pending. A batch left `processing` past the payment lease is driven again by
 * housekeeping with the same ledger key, so it is paid at most once.
 */
export const roundupBatches = pgTable(
  'roundup_batches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['processing', 'applied', 'declined', 'empty'] }).notNull(),
    count: integer('count').notNull().default(0),
    amountCents: cents('amount_cents').notNull().default(0),
    /** The account collected from. */
    fundingAccountId: uuid('funding_account_id'),
    /** The ledger's row of the payment (no foreign key: contributions outlive closed accounts' batches). */
    contributionId: uuid('contribution_id'),
    /** When a process last took charge of driving it; past the lease, housekeeping takes it over. */
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roundup_batches_user_key_idx').on(t.userId, t.idempotencyKey),
    index('roundup_batches_processing_idx')
      .on(t.lockedAt)
      .where(sql`${t.status} = 'processing'`),
    index('roundup_batches_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Transactions read from linked accounts. A booked row is identified by its fingerprint
 * (booking date, amount, currency, normalised description, n-th that day: src/domain/roundups.ts),
 * never by the provider's id, so reading again, pending → booked and a new consent add nothing.
 * Pending rows never round up and are replaced at every read. `roundup_cents` is decided when
 * read (and again when the pause changes); `batch_id` is the batch paying it, `declined_at` set
 * when the user declined it, `withdrawn_at` when the bank no longer lists it (and it was unpaid).
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /**
     * The account's user (no foreign key of its own: the account's cascades, and a bulk read
     * writes tens of thousands of rows, each foreign key a lookup per row).
     */
    userId: uuid('user_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    /** The provider's id as last read (it changes with every consent: reference only). */
    providerTransactionId: text('provider_transaction_id'),
    status: text('status', { enum: ['booked', 'pending'] }).notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** ISO 20022 bank transaction code (PMNT-CCRD-POSD). */
    code: text('code'),
    roundupCents: integer('roundup_cents').notNull(),
    roundupReason: text('roundup_reason', { enum: ['pending', 'refund', 'transfer', 'cash', 'whole_euro', 'not_eur', 'before_start', 'paused'] }),
    batchId: uuid('batch_id').references(() => roundupBatches.id),
    declinedAt: timestamp('declined_at', { withTimezone: true, mode: 'date' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_transactions_account_fingerprint_idx').on(t.accountId, t.fingerprint),
    index('bank_transactions_account_date_idx').on(t.accountId, t.bookingDate),
    index('bank_transactions_pending_roundups_idx')
      .on(t.userId)
      .where(sql`${t.batchId} is null and ${t.declinedAt} is null and ${t.withdrawnAt} is null and ${t.roundupCents} > 0`),
    index('bank_transactions_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    check('bank_transactions_roundup_range', sql`${t.roundupCents} between 0 and 99`),
    check('bank_transactions_pending_no_roundup', sql`${t.status} = 'booked' or ${t.roundupCents} = 0`),
  ],
);

/** A user's round-up limits (GET/PATCH /roundups/settings); no row = all off. */
export const roundupSettings = pgTable('roundup_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weeklyCapCents: cents('weekly_cap_cents'),
  balanceFloorCents: cents('balance_floor_cents'),
  /** Both inclusive (Irish dates); purchases booked in between do not round up. */
  pausedFrom: date('paused_from', { mode: 'string' }),
  pausedUntil: date('paused_until', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The sandbox bank's own records (services/bankProvider.ts): what a bank keeps of a consent
 * request — who asked (a hash, not our user id: a bank knows its customer, not our ids), what
 * the customer chose on its page and the code the return URL carries (hashed). Read by nothing
 * but the sandbox.
 */
export const sandboxBankConsents = pgTable('sandbox_bank_consents', {
  reference: text('reference').primaryKey(),
  customer: text('customer').notNull(),
  /** Our consent id, echoed in the return URL. */
  consentId: text('consent_id').notNull(),
  status: text('status', { enum: ['awaiting', 'approved', 'cancelled', 'refused', 'revoked'] }).notNull(),
  bank: text('bank'),
  /** The indexes of the accounts the customer ticked. */
  accounts: jsonb('accounts').$type<number[]>(),
  codeHash: text('code_hash'),
  createdAt: createdAt(),
  /** The consent page stops answering after this (the request expires). */
  requestExpiresAt: timestamp('request_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  /** When the approved consent ends (the validity the customer chose). */
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
});

/**
 * The server instances running on this database (one row each, kept fresh by a heartbeat and
 * removed at a graceful stop). A starting instance compares its keys with the live ones' through
 * these fingerprints (keyed hashes, never the keys) and refuses to start on a mismatch.
 */
export const serverInstances = pgTable('server_instances', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** HMAC-SHA256 of a fixed text under JWT_SECRET. */
  jwtFingerprint: text('jwt_fingerprint').notNull(),
  /** Key id → HMAC-SHA256 of a fixed text under that key, for every key of the keyring. */
  keyFingerprints: jsonb('key_fingerprints').$type<Record<string, string>>().notNull(),
  /** The key id this instance encrypts with. */
  currentKeyId: text('current_key_id').notNull(),
});
