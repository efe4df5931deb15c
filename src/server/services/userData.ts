import { and, eq, inArray, is, isNotNull, isNull, sql } from 'drizzle-orm';
import { type PgColumn, PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { formatDisplayDate } from '../../domain/dates.ts';
import { formatMoney } from '../../domain/money.ts';
import type { Db } from '../db/index.ts';
import * as schema from '../db/schema.ts';
import { directDebitMandates, mailOutbox, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { type Keyring, decryptField } from './crypto.ts';
import { ibanAad } from './directDebits.ts';
import type { Logger } from './logger.ts';
import { payeAad } from './payeAuthorisations.ts';
import type { SessionService } from './sessions.ts';
import { type ApiUser, type UserRow, irishToday } from './users.ts';

/**
 * Everything MaxOut holds about a user, found by reflection over the Drizzle schema: every table
 * with a `user_id` column is the user's (a table added later is exported and handled at closing
 * without touching this file), plus the user's own row and the mail sent to their address.
 *
 * What happens to each table when the account is closed is a policy below. Personal data is
 * erased; what the law makes us keep stays, each row until its own date, and the housekeeping
 * job deletes it then:
 * - Form 11 claims: Revenue requires the evidence for credits, reliefs and income to be kept
 *   for 6 years from the end of the tax year the claim relates to (shared reference §8, R42).
 * - A table without a policy is kept 6 years from closing (the longest period that applies to
 *   the records we hold) and logged, so a new table never loses records by default; a test
 *   fails until it has its own policy.
 */

/** Column names whose values are secrets or ciphertext: never exported. */
export const SECRET_COLUMN = /(^|_)(hash|secret|token|encrypted|key|otp|totp|recovery)(_|$)/;

export const RETENTION_YEARS = 6;

export type ClosePolicy =
  | {
      kind: 'erase';
      /** What it is, for the closing screen's "erased now" list. */
      label: string;
    }
  | {
      kind: 'retain';
      /** One kept record, in words ("Your Form 11 claim for 2024"). */
      describe(row: Record<string, unknown>): string;
      /** Why the law makes us keep it. */
      reason: string;
      /** The last day it is kept (YYYY-MM-DD), from the row and the closing date. */
      retainUntil(row: Record<string, unknown>, closedOn: string): string;
      /** What closing does to the kept rows besides keeping them (e.g. a mandate stops collecting). */
      atClose?(tx: Db, userId: string, now: Date): Promise<void>;
    };

/** The last day of the year `years` after `year` (the 6-year rule counts from the end of the tax year). */
export function endOfYearAfter(year: number, years: number): string {
  return `${year + years}-12-31`;
}

/** The year of a timestamp or date value as a row holds it. */
function yearOf(value: unknown, fallback: string): number {
  if (value instanceof Date) return value.getUTCFullYear();
  const text = typeof value === 'string' ? value : fallback;
  return Number(text.slice(0, 4));
}

/** The earlier of two YYYY-MM-DD dates (or Dates), as YYYY-MM-DD. */
function earlier(a: unknown, b: string): string {
  const text = a instanceof Date ? a.toISOString().slice(0, 10) : typeof a === 'string' ? a.slice(0, 10) : b;
  return text < b ? text : b;
}

/** What each audit action recorded, in the words the closing shows (never the action's code). */
const AUDIT_ACTION_WORDS: Readonly<Record<string, string>> = {
  'paye_authorisation.signed': 'your PPSN and signature were stored when you signed your PAYE authorisation',
  'ppsn.revealed': 'your PPSN was shown to you',
  'ppsn.exported': 'your PPSN was included in a download of your data',
};

/** A contribution row by its outcome: only a succeeded one was paid into the pension. */
const CONTRIBUTION_WORDS: Readonly<Record<string, string>> = {
  succeeded: 'A pension contribution',
  pending: 'A pension payment not yet confirmed',
  declined: 'A pension payment your bank declined',
  failed: 'A pension payment that was not made',
};

/** Every table with a user_id column, by database name. A test keeps it complete. */
export const CLOSE_POLICIES: Readonly<Record<string, ClosePolicy>> = {
  session_families: { kind: 'erase', label: 'Your sign-ins and devices' },
  password_tokens: { kind: 'erase', label: 'Set-password and reset links' },
  security_events: { kind: 'erase', label: 'Your security events (sign-ins, password and two-step changes)' },
  two_factor_settings: { kind: 'erase', label: 'Your two-step sign-in secret' },
  recovery_codes: { kind: 'erase', label: 'Your two-step recovery codes' },
  two_factor_challenges: { kind: 'erase', label: 'Sign-ins waiting for a two-step code' },
  // Bank links are revoked at the bank first (beforeClose), then everything read through them goes;
  // the round-ups paid stay as contributions (below).
  bank_consents: { kind: 'erase', label: 'Your bank links (revoked at the bank first)' },
  bank_accounts: { kind: 'erase', label: 'Your linked bank accounts' },
  bank_transactions: { kind: 'erase', label: 'The transactions read from your linked accounts, and their round-ups not yet paid' },
  roundup_batches: { kind: 'erase', label: 'Your round-up collections (what was paid stays as contributions)' },
  roundup_settings: { kind: 'erase', label: 'Your round-up settings (weekly cap, minimum balance, pause)' },
  audit_log: {
    kind: 'retain',
    describe: (row) => `A record that ${AUDIT_ACTION_WORDS[String(row.action)] ?? 'your PPSN or signature was used'}, on ${formatDisplayDate(row.at as Date)}`,
    reason: 'Records of who used your PPSN or signature are kept for 6 years to show it was handled lawfully.',
    retainUntil: (row, closedOn) => endOfYearAfter(yearOf(row.at, closedOn), RETENTION_YEARS),
  },
  paye_authorisations: {
    kind: 'retain',
    describe: (row) =>
      `Your signed PAYE authorisation (PAYE A1) of ${formatDisplayDate(earlier(row.signedAt, '9999-12-31'))}, as you signed it: with the name, PPSN, date of birth and email address you declared on it`,
    reason: 'Revenue requires a tax agent to keep the signed authorisation for 6 years after it ends; closing the account ends it.',
    // It ends at the earliest of its 4-year lapse, being replaced by a newer one, and the closing.
    retainUntil: (row, closedOn) =>
      endOfYearAfter(yearOf(earlier(row.supersededAt ?? row.lapsesAt, earlier(row.lapsesAt, closedOn)), closedOn), RETENTION_YEARS),
  },
  contributions: {
    kind: 'retain',
    // Amount and day tell two payments of one year apart.
    describe: (row) =>
      `${CONTRIBUTION_WORDS[String(row.status)] ?? 'A pension payment'} of ${formatMoney(row.amountCents, { cents: true })} on ${formatDisplayDate(row.createdAt as Date)}, for tax year ${String(row.taxYear)}`,
    reason: 'Payments are financial and tax records, kept for 6 years from the end of the tax year they count for.',
    retainUntil: (row) => endOfYearAfter(Number(row.taxYear), RETENTION_YEARS),
  },
  direct_debit_mandates: {
    kind: 'retain',
    describe: (row) => `Your direct debit mandate ${String(row.reference)} (its bank account is shown only masked)`,
    reason: 'A mandate and its acceptance are the evidence for the collections made under it, kept for 6 years after it ends; closing cancels it.',
    retainUntil: (row, closedOn) => endOfYearAfter(yearOf(earlier(row.cancelledAt, closedOn), closedOn), RETENTION_YEARS),
    // Nothing is collected from a closed account.
    atClose: async (tx, userId, now) => {
      await tx
        .update(directDebitMandates)
        .set({ cancelledAt: now, updatedAt: now })
        .where(and(eq(directDebitMandates.userId, userId), isNull(directDebitMandates.cancelledAt)));
    },
  },
  form11_entries: {
    kind: 'retain',
    describe: (row) => `Your Form 11 claim for ${String(row.year)}: what you entered, our estimate and its status`,
    reason: 'Revenue requires evidence for tax credits and reliefs to be kept for 6 years from the end of the tax year the claim is for.',
    retainUntil: (row) => endOfYearAfter(Number(row.year), RETENTION_YEARS),
  },
};

/** The default for a table no policy names: kept, never lost (see the module comment). */
function defaultPolicy(table: string): ClosePolicy {
  return {
    kind: 'retain',
    describe: () => `Records in ${table.replace(/_/g, ' ')}`,
    reason: 'Financial and tax records are kept for 6 years.',
    retainUntil: (_row, closedOn) => endOfYearAfter(Number(closedOn.slice(0, 4)), RETENTION_YEARS),
  };
}

interface UserTable {
  name: string;
  table: PgTable;
  /** JS property → database column name, for the exported columns only. */
  exported: [key: string, column: string][];
  userId: PgColumn;
  id: PgColumn | undefined;
}

let cachedTables: UserTable[] | undefined;

/** The tables holding a user's rows: every table of the schema with a `user_id` column. */
export function userTables(): UserTable[] {
  cachedTables ??= (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) => {
      const config = getTableConfig(table);
      const byName = new Map(config.columns.map((column) => [column.name, column]));
      const userId = byName.get('user_id');
      if (!userId) return [];
      const columns = Object.entries(table as unknown as Record<string, unknown>).filter(
        (entry): entry is [string, PgColumn] => config.columns.includes(entry[1] as PgColumn),
      );
      return [
        {
          name: config.name,
          table,
          exported: columns.filter(([, column]) => !SECRET_COLUMN.test(column.name)).map(([key, column]) => [key, column.name] as [string, string]),
          userId,
          id: byName.get('id'),
        },
      ];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return cachedTables;
}

export function closePolicyOf(table: string): ClosePolicy {
  return CLOSE_POLICIES[table] ?? defaultPolicy(table);
}

/** A row with database column names, secrets left out, dates as ISO strings. */
function exportRow(row: Record<string, unknown>, exported: readonly [string, string][]): Record<string, unknown> {
  return Object.fromEntries(exported.map(([key, column]) => [column, row[key] instanceof Date ? (row[key] as Date).toISOString() : (row[key] ?? null)]));
}

const USER_COLUMNS = Object.entries(users as unknown as Record<string, unknown>).filter(
  (entry): entry is [string, PgColumn] => getTableConfig(users).columns.includes(entry[1] as PgColumn),
);
const USER_EXPORTED = USER_COLUMNS.filter(([, column]) => !SECRET_COLUMN.test(column.name)).map(([key, column]) => [key, column.name] as [string, string]);

export interface KeptRecord {
  table: string;
  what: string;
  reason: string;
  /** YYYY-MM-DD */
  until: string;
}

export interface RetentionPlan {
  /** What closing erases at once. */
  erased: string[];
  /** What is kept, each with its reason and last day. */
  kept: KeptRecord[];
  /** The last day anything is kept (then the identity on the account goes too), or null when nothing is. */
  keptUntil: string | null;
}

export const EXPORT_FORMAT = 'maxout-export/1';

export interface UserExport {
  format: typeof EXPORT_FORMAT;
  exported_at: string;
  /** The profile as the app shows it, but the PPSN in clear: it is the user's own. */
  profile: ApiUser;
  /** Every table holding the user's rows, by database name; secret columns left out. */
  tables: Record<string, Record<string, unknown>[]>;
  /** Messages sent to the user's address (their text holds one-time links, so only what and when). */
  mail: { subject: string; created_at: string; sent_at: string | null }[];
  /** Columns left out of every table because they hold secrets or ciphertext. */
  left_out: string;
}

export function createUserDataService(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  sessions: SessionService;
  /** To put the user's own IBANs and signatures in clear into their download. */
  keyring: Keyring;
  toApiUser: (row: UserRow) => Promise<ApiUser>;
  /** The stored PPSN in clear (the API masks it; the user's own export carries it whole). */
  revealPpsn: (row: UserRow) => string | null;
  /** What must happen outside the database before the rows go (bank links revoked at the bank). */
  beforeClose?: ((userId: string) => Promise<void>) | undefined;
}) {
  const { db, clock, log, sessions } = deps;

  /**
   * The user's own encrypted values that belong in their download, in clear: the IBAN of each
   * mandate and the signature of each PAYE declaration. A value that cannot be decrypted is null.
   */
  function ownSecrets(table: string, row: Record<string, unknown>): Record<string, string | null> {
    const open = (value: unknown, aad: string) => {
      try {
        return decryptField(deps.keyring, String(value), aad);
      } catch {
        log.warn({ table, id: row.id }, 'export.value_unreadable');
        return null;
      }
    };
    if (table === 'direct_debit_mandates') return { iban: open(row.ibanEncrypted, ibanAad(String(row.id))) };
    if (table === 'paye_authorisations') return { signature: open(row.signatureEncrypted, payeAad(String(row.id), 'signature')) };
    return {};
  }

  async function rowsOf(table: UserTable, userId: string, tx: Db = db): Promise<Record<string, unknown>[]> {
    return (await tx.select().from(table.table).where(eq(table.userId, userId))) as Record<string, unknown>[];
  }

  async function plan(userId: string, closedOn: string, tx: Db = db): Promise<RetentionPlan & { rows: Map<string, { row: Record<string, unknown>; until: string }[]> }> {
    const erased: string[] = [];
    const kept: KeptRecord[] = [];
    const rows = new Map<string, { row: Record<string, unknown>; until: string }[]>();
    for (const table of userTables()) {
      const policy = closePolicyOf(table.name);
      if (policy.kind === 'erase') {
        erased.push(policy.label);
        continue;
      }
      const found = await rowsOf(table, userId, tx);
      const dated = found.map((row) => ({ row, until: policy.retainUntil(row, closedOn) }));
      rows.set(table.name, dated);
      for (const { row, until } of dated) kept.push({ table: table.name, what: policy.describe(row), reason: policy.reason, until });
    }
    kept.sort((a, b) => a.until.localeCompare(b.until) || a.what.localeCompare(b.what));
    const keptUntil = kept.reduce<string | null>((last, record) => (last === null || record.until > last ? record.until : last), null);
    // The address stays on a kept PAYE declaration (it is part of what was signed), so it is not "erased".
    const declarationsKept = (rows.get('paye_authorisations') ?? []).length > 0;
    erased.push(
      declarationsKept ? 'Your sign-in: the account’s email address, your password and sessions (a kept PAYE authorisation keeps the address you declared on it, see below)' : 'Your email address, password and sign-in',
      'Your pension plan ID and the income you told us',
      'The emails we sent you',
      ...(keptUntil === null ? ['Your name, PPSN and date of birth'] : []),
    );
    if (keptUntil !== null) {
      kept.push({
        table: 'users',
        what: 'Your name, PPSN, date of birth and marital status, so the records above identify you',
        reason: 'A kept tax record must show whose it is.',
        until: keptUntil,
      });
    }
    return { erased, kept, keptUntil, rows };
  }

  return {
    /** What closing the account would erase and keep today. */
    async retentionPlan(userId: string): Promise<RetentionPlan> {
      const { erased, kept, keptUntil } = await plan(userId, irishToday(clock.now()));
      return { erased, kept, keptUntil };
    },

    /** Everything held about the user, as one JSON document (GDPR Art. 15 and 20). */
    async exportFor(user: UserRow): Promise<UserExport> {
      const tables: Record<string, Record<string, unknown>[]> = { users: [exportRow(user as unknown as Record<string, unknown>, USER_EXPORTED)] };
      for (const table of userTables()) {
        tables[table.name] = (await rowsOf(table, user.id)).map((row) => ({ ...exportRow(row, table.exported), ...ownSecrets(table.name, row) }));
      }
      const mail = await db
        .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, user.email))
        .orderBy(mailOutbox.createdAt);
      return {
        format: EXPORT_FORMAT,
        exported_at: clock.now().toISOString(),
        profile: { ...(await deps.toApiUser(user)), ppsn: deps.revealPpsn(user) },
        tables,
        mail: mail.map((m) => ({ subject: m.subject, created_at: m.createdAt.toISOString(), sent_at: m.sentAt?.toISOString() ?? null })),
        left_out: 'Password hashes, tokens and encrypted copies of fields (the PPSN is in the profile in clear; each mandate’s IBAN and each signature are in their rows in clear).',
      };
    },

    /**
     * Closes the account in one transaction: sessions ended, erasable tables emptied, the mail
     * sent to the address deleted, the user row reduced to the identity kept records need (or
     * deleted when nothing is kept). Returns what was kept.
     */
    async close(user: UserRow): Promise<RetentionPlan> {
      await deps.beforeClose?.(user.id);
      const closedOn = irishToday(clock.now());
      const result = await db.transaction(async (tx) => {
        const planned = await plan(user.id, closedOn, tx);
        for (const table of userTables()) {
          const policy = closePolicyOf(table.name);
          if (policy.kind === 'erase') await tx.delete(table.table).where(eq(table.userId, user.id));
          else if (!(table.name in CLOSE_POLICIES)) log.warn({ table: table.name }, 'account.close.table_without_policy');
          else await policy.atClose?.(tx, user.id, clock.now());
        }
        await tx.delete(mailOutbox).where(eq(mailOutbox.recipient, user.email));
        if (planned.keptUntil === null) {
          await tx.delete(users).where(eq(users.id, user.id));
        } else {
          await tx
            .update(users)
            .set({
              // A unique address nobody can receive mail at, so the real one can register again.
              email: `closed-${user.id}@closed.invalid`,
              passwordHash: null,
              pensionPlanId: null,
              annualIncomeCents: null,
              paidPensionCents: 0,
              spouseAnnualIncomeCents: null,
              assessmentBasis: null,
              payeA1Authorized: false,
              // Closing ends the PAYE authorisation now, and no session of the old password survives.
              payeA1LapsesAt: clock.now(),
              credentialVersion: sql`${users.credentialVersion} + 1`,
              optOutPayeAuth: true,
              closedAt: clock.now(),
              retainUntil: planned.keptUntil,
              updatedAt: clock.now(),
            })
            .where(eq(users.id, user.id));
        }
        return { erased: planned.erased, kept: planned.kept, keptUntil: planned.keptUntil };
      });
      // Sessions are gone with their rows; this also covers a family created while closing.
      await sessions.revokeAllForUser(user.id, 'logout');
      return result;
    },

    /**
     * Housekeeping: kept records of closed accounts whose day has passed are deleted, and a
     * closed account with nothing left is deleted with them.
     */
    async purgeExpired(): Promise<number> {
      const today = irishToday(clock.now());
      // A closed account under a legal hold keeps everything until the hold is lifted.
      const closed = await db.select().from(users).where(and(isNotNull(users.closedAt), isNull(users.legalHoldAt)));
      let purged = 0;
      for (const user of closed) {
        const closedOn = irishToday(user.closedAt ?? clock.now());
        for (const table of userTables()) {
          const policy = closePolicyOf(table.name);
          if (policy.kind !== 'retain' || !table.id) continue;
          const expired = (await rowsOf(table, user.id)).filter((row) => policy.retainUntil(row, closedOn) < today).map((row) => row.id);
          if (expired.length > 0) await db.delete(table.table).where(inArray(table.id, expired));
        }
        const left = await plan(user.id, closedOn);
        if (left.keptUntil === null) {
          await db.delete(users).where(eq(users.id, user.id));
          purged += 1;
        } else if (left.keptUntil !== user.retainUntil) {
          await db.update(users).set({ retainUntil: left.keptUntil }).where(eq(users.id, user.id));
        }
      }
      return purged;
    },

    /** How many rows a user has in each of their tables (tests, and the operator's view). */
    async countRows(userId: string): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const table of userTables()) {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table.table).where(eq(table.userId, userId));
        counts[table.name] = Number(row?.n ?? 0);
      }
      return counts;
    },
  };
}

export type UserDataService = ReturnType<typeof createUserDataService>;
