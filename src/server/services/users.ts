import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { EditProfileRequest } from '../../domain/schemas/auth.ts';
import { dayjs } from '../../domain/dates.ts';
import { centsToEuro, euroToCents } from '../../domain/money.ts';
import { pensionProgress } from '../../domain/pension.ts';
import { isMaskedPpsn, maskPpsn } from '../../domain/schemas/fields.ts';
import type { Form11Entry } from '../../domain/schemas/form11Entry.ts';
import type { AssessmentBasis, SavedClaimFigures } from '../../domain/tax/index.ts';
import { claimOwnerOf } from './claimFigures.ts';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { type Keyring, decryptField, encryptField } from './crypto.ts';
import { type Form11EntryRow, type Form11EntryService, toApiForm11Entry } from './form11Entries.ts';
import type { PensionLedgerService } from './pensionLedger.ts';

export type UserRow = typeof users.$inferSelect;

/** The user as the API returns it (spec section 3). Money: euro numbers, except taxback in cents. */
export interface ApiUser {
  first_name: string | null;
  surname: string | null;
  ppsn: string | null;
  date_of_birth: string;
  email: string;
  annual_income: number | null;
  paid_pension: number;
  pension: number;
  marital_status: 'single' | 'married';
  /** Married users: the spouse's income (euro), null when not recorded; null for a single user. */
  spouse_annual_income: number | null;
  /** Married users: the basis of assessment, 'joint' unless they chose otherwise; null for a single user. */
  assessment_basis: AssessmentBasis | null;
  pension_plan_id: string | null;
  taxback: number;
  form11: Form11Entry[];
  paye_a1_authorized: boolean;
  opt_out_paye_auth: boolean;
  /** The address is proven (a mailed set-password or reset link was used). */
  email_verified: boolean;
}

/** Whether the user's PAYE A1 authorisation is in force at `now` (signed and not lapsed). */
export function isPayeAuthorisationInForce(row: Pick<UserRow, 'payeA1Authorized' | 'payeA1LapsesAt'>, now: Date): boolean {
  return row.payeA1Authorized && (row.payeA1LapsesAt === null || row.payeA1LapsesAt.getTime() > now.getTime());
}

/** Associated data for the PPSN ciphertext: binds it to its row, so it cannot be moved to another user. */
export function ppsnAad(userId: string): string {
  return `users.ppsn:${userId}`;
}

export function encryptPpsn(keyring: Keyring, userId: string, ppsn: string): string {
  return encryptField(keyring, ppsn, ppsnAad(userId));
}

/**
 * The user as the API returns it. `pension` is derived, never stored: this tax year's succeeded
 * contributions (`contributedCents`, from the ledger) plus paid_pension; `taxback` (cents) is the
 * relief that pension earns up to the age-related limit, judged on `today` (the Irish date).
 */
export function toApiUser(
  row: UserRow,
  keyring: Keyring,
  extra: { form11?: Form11Entry[]; contributedCents?: number; today?: string; now?: Date; memo?: ApiUserMemo } = {},
): ApiUser {
  const pensionCents = (extra.contributedCents ?? 0) + row.paidPensionCents;
  const today = extra.today ?? irishToday(extra.now ?? new Date());
  const user = {
    date_of_birth: row.dateOfBirth,
    annual_income: row.annualIncomeCents === null ? null : centsToEuro(row.annualIncomeCents),
    paid_pension: centsToEuro(row.paidPensionCents),
    pension: centsToEuro(pensionCents),
    marital_status: row.maritalStatus,
    spouse_annual_income: row.spouseAnnualIncomeCents === null ? null : centsToEuro(row.spouseAnnualIncomeCents),
    assessment_basis: row.assessmentBasis,
  };
  const taxback = remembered(extra.memo?.taxback, `${today}|${JSON.stringify(user)}`, () => euroToCents(pensionProgress(user, dayjs(today)).taxback));
  return {
    first_name: row.firstName,
    surname: row.surname,
    // Masked in every answer; the full value only through POST /profile/ppsn-reveal (audited).
    ppsn:
      row.ppsnEncrypted === null
        ? null
        : remembered(extra.memo?.maskedPpsn, `${row.id}|${row.ppsnEncrypted}`, () => maskPpsn(decryptField(keyring, row.ppsnEncrypted!, ppsnAad(row.id)))),
    date_of_birth: row.dateOfBirth,
    email: row.email,
    annual_income: row.annualIncomeCents === null ? null : centsToEuro(row.annualIncomeCents),
    paid_pension: centsToEuro(row.paidPensionCents),
    pension: centsToEuro(pensionCents),
    marital_status: row.maritalStatus,
    spouse_annual_income: row.maritalStatus === 'married' && row.spouseAnnualIncomeCents !== null ? centsToEuro(row.spouseAnnualIncomeCents) : null,
    assessment_basis: row.maritalStatus === 'married' ? (row.assessmentBasis ?? 'joint') : null,
    pension_plan_id: row.pensionPlanId,
    taxback,
    form11: extra.form11 ?? [],
    // In force: signed and not lapsed (GET /paye-authorization gives the lapse date).
    paye_a1_authorized: isPayeAuthorisationInForce(row, extra.now ?? new Date()),
    opt_out_paye_auth: row.optOutPayeAuth,
    email_verified: row.emailVerifiedAt !== null,
  };
}

/**
 * Results of the pure parts of {@link toApiUser} that cost most (the relief computation parses
 * dates; the PPSN mask decrypts), by their exact inputs: the same inputs give the same result, so
 * a remembered one is never stale. The PPSN key is the row id and its ciphertext: a changed PPSN
 * is a new ciphertext, and only its mask is kept, never the number.
 */
export interface ApiUserMemo {
  taxback: Map<string, number>;
  maskedPpsn: Map<string, string>;
  /** A claim's figures, by everything they are worked out from (claimFigures.figuresKey). */
  claims: Map<string, SavedClaimFigures>;
}

/** Entries per memo map; a full map starts again empty (bounded memory, no eviction bookkeeping). */
const MEMO_SIZE = 10_000;

function remembered<T>(memo: Map<string, T> | undefined, key: string, compute: () => T): T {
  const known = memo?.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (memo) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(key, value);
  }
  return value;
}

/** Today's calendar date in Ireland, as YYYY-MM-DD (age rules are judged on the Irish date). */
export function irishToday(now: Date): string {
  // Ireland is UTC+0 or UTC+1 (since 1916), so its date changes only on a whole UTC hour: one
  // answer serves the whole hour. Formatting with a time zone costs about 60 µs, GET /profile
  // asks twice.
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (!(hour >= 0)) return IRISH_DATE.format(now);
  if (hour !== lastIrishDate.hour) lastIrishDate = { hour, date: IRISH_DATE.format(now) };
  return lastIrishDate.date;
}

// Made once: building a formatter with a time zone costs far more than formatting with it.
const IRISH_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin', year: 'numeric', month: '2-digit', day: '2-digit' });
let lastIrishDate = { hour: NaN, date: '' };

/** The tax year (the calendar year in Ireland) that `pension` and `taxback` count. */
export function taxYearOf(now: Date): number {
  return Number(irishToday(now).slice(0, 4));
}

/** How long an account may stay unverified before the sweep deletes it (the set-password mail says so). */
export const UNVERIFIED_ACCOUNT_TTL_MS = 48 * 3_600_000;

/** A new account as registration creates it: no password until the mailed link is used. */
export interface NewUser {
  email: string;
  dateOfBirth: string;
  maritalStatus: UserRow['maritalStatus'];
  pensionPlanId: string | null;
}

/**
 * Accounts and profiles. The hot reads are prepared statements (planned once per connection);
 * money is converted between API euros and stored cents here, and the PPSN is encrypted and
 * decrypted here, so routes only see API shapes.
 */
export function createUserService(deps: {
  db: Db;
  clock: Clock;
  keyring: Keyring;
  form11Entries: Form11EntryService;
  pensionLedger: Pick<PensionLedgerService, 'contributedCents' | 'contributedByYear'>;
}) {
  const { db, clock, keyring, form11Entries, pensionLedger } = deps;
  const memo: ApiUserMemo = { taxback: new Map(), maskedPpsn: new Map(), claims: new Map() };

  /** The user from data already read: the claims' figures are worked out for them now (claimFigures.ts). */
  function toApiFrom(data: { user: UserRow; claims: Form11EntryRow[]; contributedCents: number; contributedByYear: Readonly<Record<string, number>> }, now: Date): ApiUser {
    const today = irishToday(now);
    const owner = claimOwnerOf(data.user, data.contributedByYear, today);
    const form11 = data.claims.map((claim) => toApiForm11Entry(claim, owner, memo.claims));
    return toApiUser(data.user, keyring, { form11, contributedCents: data.contributedCents, today, now, memo });
  }
  const byId = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('users_by_id');
  const byEmail = db.select().from(users).where(eq(users.email, sql.placeholder('email'))).prepare('users_by_email');

  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },

    /** By address, compared trimmed and lower-cased as stored. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await byEmail.execute({ email: email.trim().toLowerCase() });
      return row;
    },

    /** Inserts an account; null when the address is taken. `tx` lets registration share its transaction. */
    async create(input: NewUser, tx: Db = db): Promise<string | null> {
      const now = clock.now();
      const [row] = await tx
        .insert(users)
        .values({ ...input, email: input.email.trim().toLowerCase(), passwordHash: null, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      return row?.id ?? null;
    },

    /**
     * Replaces the stored hash with a stronger one of the same password (a rehash at login),
     * only if the stored hash is still `expected`: a password reset that landed meanwhile is
     * never overwritten with the old password. True when it was replaced.
     */
    async rehashPassword(id: string, expected: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, id), eq(users.passwordHash, expected)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Deletes accounts whose address was never proven and that are older than
     * {@link UNVERIFIED_ACCOUNT_TTL_MS} (sessions, links and claims go with them by cascade).
     * Returns how many were deleted.
     */
    async deleteUnverified(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - UNVERIFIED_ACCOUNT_TTL_MS);
      const rows = await db
        .delete(users)
        .where(and(isNull(users.emailVerifiedAt), lt(users.createdAt, cutoff)))
        .returning({ id: users.id });
      return rows.length;
    },

    /** Puts a legal hold on the account (or lifts it): kept records outlive their retention while it is on. False for an unknown address. */
    async setLegalHold(email: string, on: boolean): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ legalHoldAt: on ? clock.now() : null })
        .where(eq(users.email, email.trim().toLowerCase()))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Applies the given fields; undefined when the user no longer exists. */
    async updateProfile(id: string, changes: EditProfileRequest): Promise<UserRow | undefined> {
      const set: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
      if (changes.first_name !== undefined) set.firstName = changes.first_name;
      if (changes.surname !== undefined) set.surname = changes.surname;
      // A masked PPSN is the answer's own value sent back: the stored one stays (the route checked it matches).
      if (changes.ppsn !== undefined && !isMaskedPpsn(changes.ppsn)) set.ppsnEncrypted = encryptPpsn(keyring, id, changes.ppsn);
      if (changes.opt_out_paye_auth !== undefined) set.optOutPayeAuth = changes.opt_out_paye_auth;
      if (changes.annual_income !== undefined) set.annualIncomeCents = euroToCents(changes.annual_income);
      if (changes.paid_pension !== undefined) set.paidPensionCents = euroToCents(changes.paid_pension);
      if (changes.marital_status !== undefined) set.maritalStatus = changes.marital_status;
      if (changes.spouse_annual_income !== undefined) set.spouseAnnualIncomeCents = changes.spouse_annual_income === null ? null : euroToCents(changes.spouse_annual_income);
      if (changes.assessment_basis !== undefined) set.assessmentBasis = changes.assessment_basis;
      // A single user has no spouse: what was recorded for one goes (the routes refuse sending it).
      if (changes.marital_status === 'single') {
        set.spouseAnnualIncomeCents = null;
        set.assessmentBasis = null;
      }
      if (changes.pension_plan_id !== undefined) set.pensionPlanId = changes.pension_plan_id;
      if (changes.date_of_birth !== undefined) set.dateOfBirth = changes.date_of_birth;
      const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
      return row;
    },

    /** The stored PPSN in full (the reveal call; the caller records the access), or null. */
    revealPpsn(row: UserRow): string | null {
      return row.ppsnEncrypted === null ? null : decryptField(keyring, row.ppsnEncrypted, ppsnAad(row.id));
    },

    /**
     * The user as the API returns it: the PPSN masked, the Form 11 claims newest year first with
     * their figures worked out now, the pension and taxback of this tax year derived from the ledger.
     */
    async toApi(row: UserRow): Promise<ApiUser> {
      const now = clock.now();
      const claims = await form11Entries.listForUser(row.id);
      const years = [...new Set([taxYearOf(now), ...claims.map((claim) => claim.year)])];
      const contributedByYear = await pensionLedger.contributedByYear(row.id, years);
      return toApiFrom({ user: row, claims, contributedCents: contributedByYear[String(taxYearOf(now))] ?? 0, contributedByYear }, now);
    },

    /** {@link toApi} from data already read (the session check of GET /profile reads it in the same query). */
    toApiFrom,
  };
}

export type UserService = ReturnType<typeof createUserService>;
