import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lte, max, ne, or, sql } from 'drizzle-orm';
import { maskIban } from '../../domain/directDebit.ts';
import { decimalToCents } from '../../domain/money.ts';
import {
  CONSENT_EXPIRY_WARNING_DAYS,
  HISTORY_DAYS,
  RESYNC_OVERLAP_DAYS,
  ROUNDUPS_START_OFFSET_DAYS,
  UNATTENDED_READS_PER_DAY,
  addDays,
  fingerprinter,
  roundupOf,
  type FingerprintFacts,
  type RoundupRules,
} from '../../domain/roundups.ts';
import type { Account, Consent, ConsentStatus, Transaction } from '../../domain/schemas/roundups.ts';
import { formatDisplayDate } from '../../domain/dates.ts';
import type { Db } from '../db/index.ts';
import { bankAccounts, bankConsents, bankTransactions, roundupBatches, roundupSettings, users } from '../db/schema.ts';
import type { BankProvider, BankRead, ProviderAccount, ProviderTransaction, Presence } from './bankProvider.ts';
import type { Clock } from './clock.ts';
import { type Keyring, decryptField, deriveKey, encryptField, hmacSha256 } from './crypto.ts';
import type { Logger } from './logger.ts';
import type { AccountMail } from './mailTemplates.ts';
import type { RateLimiter, RateRule } from './rateLimit.ts';
import { irishToday } from './users.ts';

export type ConsentRow = typeof bankConsents.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankTransactionRow = typeof bankTransactions.$inferSelect;

const DAY_MS = 86_400_000;
/** Unattended reads are spread over the day: 4 a day at most, one every 6 hours. */
export const SYNC_INTERVAL_MS = DAY_MS / UNATTENDED_READS_PER_DAY;
/** Our own count of unattended reads per account (the bank counts too, and answers 429 past its limit). */
export const UNATTENDED_SYNC_RULE: RateRule = { name: 'bank-sync:unattended', limit: UNATTENDED_READS_PER_DAY, windowMs: DAY_MS };
/**
 * Rows of a bank read written per statement (one array parameter per column, so the size is not
 * bound by the 65,535 parameters). Small enough that a piece's statements and their answers stay
 * a few hundred kB: larger ones leave the process's memory fragmented (docs/performance.md).
 */
const WRITE_PIECE = 2_000;
/** Rows read and updated per statement when round-ups are recomputed. */
const UPDATE_CHUNK = 2_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** How far back GET /accounts lists transactions (older ones with a round-up still pending are listed too). */
const LISTED_DAYS = 365;
/** Transactions read per statement when an account is listed. */
const LIST_PAGE = 2_000;

/** Associated data of the IBAN ciphertext: binds it to its account row. */
export function bankIbanAad(accountId: string): string {
  return `bank_accounts.iban:${accountId}`;
}

/** Statuses in which a link still reads (judged with `expires_at` too). */
const LIVE: readonly ConsentStatus[] = ['active', 'expiring'];

/** The status as of `now`: a stored `active` past the warning day reads `expiring`, anything live past its end `expired`. */
export function consentStatusAt(consent: Pick<ConsentRow, 'status' | 'expiresAt'>, now: Date): ConsentStatus {
  if (!LIVE.includes(consent.status) || !consent.expiresAt) return consent.status;
  const left = consent.expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= CONSENT_EXPIRY_WARNING_DAYS * DAY_MS ? 'expiring' : 'active';
}

export function toApiConsent(consent: ConsentRow, now: Date): Consent {
  return { id: consent.id, status: consentStatusAt(consent, now), expires_at: consent.expiresAt?.toISOString() ?? null };
}

/** The columns of a transaction the API shows. */
const listedColumns = {
  id: bankTransactions.id,
  accountId: bankTransactions.accountId,
  occurredAt: bankTransactions.occurredAt,
  bookingDate: bankTransactions.bookingDate,
  amountCents: bankTransactions.amountCents,
  currency: bankTransactions.currency,
  status: bankTransactions.status,
  description: bankTransactions.description,
  roundupCents: bankTransactions.roundupCents,
  roundupReason: bankTransactions.roundupReason,
  batchId: bankTransactions.batchId,
  declinedAt: bankTransactions.declinedAt,
};
type ListedTransaction = Pick<BankTransactionRow, keyof typeof listedColumns>;

/** A transaction as the API shows it; `batchApplied`: the batch holding it was paid. */
export function toApiTransaction(row: ListedTransaction, batchApplied: boolean): Transaction {
  return {
    id: row.id,
    timestamp: row.occurredAt.toISOString(),
    booking_date: row.bookingDate,
    amount: row.amountCents / 100,
    currency: row.currency,
    status: row.status,
    description: row.description,
    roundup: row.roundupCents,
    // Paid (in an applied batch) → true; declined → false; otherwise (waiting, or in a batch being paid) → null.
    roundupApplied: row.declinedAt !== null ? false : row.batchId !== null && batchApplied ? true : null,
    roundup_reason: row.roundupReason,
  };
}

/** What a sync did. */
export type SyncResult =
  | { kind: 'synced'; added: number; withdrawn: number; pending: number }
  /** The link no longer reads (expired or revoked at the bank, or here). */
  | { kind: 'ended' }
  /** Not now: the day's unattended reads are used up, or the bank asked to wait until `until`. */
  | { kind: 'deferred'; until: Date };

export interface SyncReport {
  synced: number;
  deferred: number;
  ended: number;
  failed: number;
}

/**
 * Linked bank accounts: linking through the provider's consent page (and renewing), reading
 * transactions into `bank_transactions` with their round-ups, and the links' lifecycle
 * (active → expiring, mailed once → expired; revoked; replaced by a renewal).
 *
 * Reads: at link completion (the customer is there), then by housekeeping at most 4 times a day
 * per account (`rateLimiter`, and every 6 hours), honouring the bank's `retryAt`. A read goes
 * from the last booked date − 7 days to today: booked rows are inserted by fingerprint (a row read
 * again is the same row), pending rows replaced, and booked rows the bank no longer lists, and
 * that nothing has paid, withdrawn.
 */
export function createBankAccountService(deps: {
  db: Db;
  clock: Clock;
  keyring: Keyring;
  provider: BankProvider;
  rateLimiter: RateLimiter;
  mail: AccountMail;
  log: Logger;
  /** Origin of the SPA: the bank sends the browser back to `<publicUrl>/linked-bank-accounts`. */
  publicUrl: string;
}) {
  const { db, clock, keyring, provider, rateLimiter, mail, log } = deps;
  const hashKeys = new Map([...keyring.keys].map(([id, key]) => [id, deriveKey(key, 'bank-accounts/iban/v1')]));
  const ibanHash = (keyId: string, iban: string) => `${keyId}.${hmacSha256(hashKeys.get(keyId)!, iban).toString('hex').slice(0, 40)}`;

  const consentOf = async (userId: string, consentId: string, tx: Db = db) =>
    (await tx.select().from(bankConsents).where(and(eq(bankConsents.id, consentId), eq(bankConsents.userId, userId))))[0];

  const settingsRules = async (userId: string, tx: Db = db): Promise<RoundupRules['paused']> => {
    const [row] = await tx.select().from(roundupSettings).where(eq(roundupSettings.userId, userId));
    return row?.pausedFrom && row.pausedUntil ? { from: row.pausedFrom, until: row.pausedUntil } : null;
  };

  /** The user's accounts with their links and listed transactions, as GET /accounts answers. */
  const listAccounts = async (userId: string, where?: { consentId?: string; accountId?: string }): Promise<Account[]> => {
    const now = clock.now();
    const rows = await db
      .select({ account: bankAccounts, consent: bankConsents })
      .from(bankAccounts)
      .innerJoin(bankConsents, eq(bankConsents.id, bankAccounts.consentId))
      .where(
        and(
          eq(bankAccounts.userId, userId),
          where?.consentId ? eq(bankAccounts.consentId, where.consentId) : undefined,
          where?.accountId ? eq(bankAccounts.id, where.accountId) : undefined,
        ),
      )
      .orderBy(asc(bankAccounts.linkedAt), asc(bankAccounts.id));
    if (rows.length === 0) return [];
    const since = addDays(irishToday(now), -LISTED_DAYS);
    const byAccount = new Map<string, Transaction[]>();
    const pendingCents = new Map<string, number>();
    for (const { account } of rows) {
      const list: Transaction[] = [];
      byAccount.set(account.id, list);
      // A page at a time, newest first, each after the last row of the one before: an account lists
      // tens of thousands of rows, and one answer with all of them is what the process's memory
      // would be sized by (only what the answer shows is selected, too).
      let last: ListedTransaction | undefined;
      for (;;) {
        const page = await db
          .select({ row: listedColumns, batchStatus: roundupBatches.status })
          .from(bankTransactions)
          .leftJoin(roundupBatches, eq(roundupBatches.id, bankTransactions.batchId))
          .where(
            and(
              eq(bankTransactions.accountId, account.id),
              isNull(bankTransactions.withdrawnAt),
              or(
                gte(bankTransactions.bookingDate, since),
                and(sql`${bankTransactions.roundupCents} > 0`, isNull(bankTransactions.batchId), isNull(bankTransactions.declinedAt)),
              ),
              last
                ? sql`(${bankTransactions.bookingDate}, ${bankTransactions.occurredAt}, ${bankTransactions.id}) < (${last.bookingDate}::date, ${last.occurredAt.toISOString()}::timestamptz, ${last.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(desc(bankTransactions.bookingDate), desc(bankTransactions.occurredAt), desc(bankTransactions.id))
          .limit(LIST_PAGE);
        for (const { row, batchStatus } of page) {
          const api = toApiTransaction(row, batchStatus === 'applied');
          list.push(api);
          if (api.roundupApplied === null && api.roundup > 0) pendingCents.set(row.accountId, (pendingCents.get(row.accountId) ?? 0) + api.roundup);
        }
        if (page.length < LIST_PAGE) break;
        last = page[page.length - 1]!.row;
      }
    }
    return rows.map(({ account, consent }) => {
      const status = consentStatusAt(consent, now);
      return {
        id: account.id,
        display_name: account.displayName,
        name: account.name,
        currency: account.currency,
        account_number: { iban: account.ibanMasked },
        roundups: account.roundups,
        funding: account.funding,
        balance: (pendingCents.get(account.id) ?? 0) / 100,
        roundups_from: account.roundupsFrom,
        consent: toApiConsent(consent, now),
        last_synced_at: account.lastSyncedAt?.toISOString() ?? null,
        next_sync_at: LIVE.includes(status) ? nextReadAt(account)?.toISOString() ?? null : null,
        transactions: byAccount.get(account.id) ?? [],
      };
    });
  };

  /** When the next unattended read may happen: the planned time, but never before the bank's retry time. */
  const nextReadAt = (account: BankAccountRow): Date | null => {
    const planned = account.nextSyncAt;
    const retry = account.syncRetryAt;
    if (!planned) return retry;
    return retry && retry > planned ? retry : planned;
  };

  /**
   * Converts, fingerprints and rounds up a piece of what the bank gave (`print` carries the count
   * of the read across pieces); rows it cannot read are logged and left out.
   */
  const prepare = (account: BankAccountRow, rows: readonly ProviderTransaction[], rules: RoundupRules, kind: 'booked' | 'pending', print: (facts: FingerprintFacts) => string): NewTransaction[] =>
    rows.flatMap((tx) => {
      const cents = decimalToCents(tx.amount);
      const occurred = new Date(tx.occurredAt);
      if (cents === null || Number.isNaN(occurred.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(tx.bookingDate)) {
        log.warn({ accountId: account.id, providerTransactionId: tx.id }, 'bank.transaction_unreadable');
        return [];
      }
      const fingerprint = print({ bookingDate: tx.bookingDate, amountCents: cents, currency: tx.currency, description: tx.description });
      const roundup = roundupOf({ status: kind, amountCents: cents, currency: tx.currency, code: tx.code, bookingDate: tx.bookingDate }, rules);
      return [
        {
          userId: account.userId,
          accountId: account.id,
          // Pending rows are replaced at every read; their own prefix keeps them apart from booked ones.
          fingerprint: kind === 'booked' ? fingerprint : `pending:${fingerprint}`,
          providerTransactionId: tx.id,
          status: kind,
          bookingDate: tx.bookingDate,
          occurredAt: occurred,
          amountCents: cents,
          currency: tx.currency.toUpperCase().slice(0, 3),
          description: tx.description.slice(0, 500),
          code: tx.code?.slice(0, 35) ?? null,
          roundupCents: roundup.cents,
          roundupReason: roundup.reason,
        },
      ];
    });

  /**
   * Writes one read of an account: booked rows by fingerprint, pending rows replaced, dropped
   * unpaid rows withdrawn. A read holds tens of thousands of rows: it is prepared and written a
   * piece of whole booking days at a time, and each piece withdraws the rows of its own days that
   * it does not list, so no statement carries the whole read (the pieces' days follow on from
   * `from`, the last piece's reach past today), and the database answers which rows it knows.
   */
  const ingest = async (account: BankAccountRow, data: { booked: readonly ProviderTransaction[]; pending: readonly ProviderTransaction[] }, from: string) => {
    const rules: RoundupRules = { roundupsFrom: account.roundupsFrom, paused: await settingsRules(account.userId) };
    const now = clock.now();
    // By booking day (a stable sort: the bank's order within a day, which the fingerprints count in).
    const booked = data.booked
      .filter((tx) => {
        if (DATE.test(tx.bookingDate)) return true;
        log.warn({ accountId: account.id, providerTransactionId: tx.id }, 'bank.transaction_unreadable');
        return false;
      })
      .sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : 0));
    return db.transaction(async (tx) => {
      await tx.delete(bankTransactions).where(and(eq(bankTransactions.accountId, account.id), eq(bankTransactions.status, 'pending')));
      const inWindow = sql`account_id = ${account.id} and status = 'booked' and booking_date >= ${from}::date`;
      const printBooked = fingerprinter();
      let added = 0;
      let withdrawn = 0;
      // The days a piece answers for: after the previous piece's last day, up to its own last (the last piece: onwards).
      let after: string | null = null;
      let start = 0;
      // Once at least: a read with no booked row withdraws every unpaid row of the window.
      do {
        let end = Math.min(start + WRITE_PIECE, booked.length);
        while (end < booked.length && booked[end]!.bookingDate === booked[end - 1]!.bookingDate) end += 1;
        const through = end < booked.length ? booked[end - 1]!.bookingDate : null;
        const rows = prepare(account, booked.slice(start, end), rules, 'booked', printBooked);
        const prints = rows.map((row) => row.fingerprint);
        // Known fingerprints are skipped by the insert itself (`on conflict do nothing`).
        added += await insertRows(tx, rows, now);
        const days = sql`${after === null ? sql`true` : sql`booking_date > ${after}::date`} and ${through === null ? sql`true` : sql`booking_date <= ${through}::date`}`;
        // Rows withdrawn earlier that the bank lists again are back.
        await tx.execute(sql`update bank_transactions set withdrawn_at = null where ${inWindow} and ${days} and withdrawn_at is not null and fingerprint = any(${sql.param(prints)}::text[])`);
        // Booked rows of these days the bank no longer lists; never one a batch took meanwhile (a round-up being paid, or paid, stays).
        withdrawn += affectedRows(
          await tx.execute(sql`update bank_transactions set withdrawn_at = ${now.toISOString()}::timestamptz
            where ${inWindow} and ${days} and withdrawn_at is null and batch_id is null and fingerprint <> all(${sql.param(prints)}::text[])`),
        );
        after = through;
        start = end;
      } while (start < booked.length);
      const printPending = fingerprinter();
      let pending = 0;
      for (let i = 0; i < data.pending.length; i += WRITE_PIECE) {
        const rows = prepare(account, data.pending.slice(i, i + WRITE_PIECE), rules, 'pending', printPending);
        pending += rows.length;
        await insertRows(tx, rows, now);
      }
      return { added, withdrawn, pending };
    });
  };

  /** The link no longer reads: recorded as the bank said (expired or revoked there). */
  const endConsent = async (consentId: string, status: 'expired' | 'revoked') => {
    await db
      .update(bankConsents)
      .set({ status, endedAt: clock.now() })
      .where(and(eq(bankConsents.id, consentId), inArray(bankConsents.status, ['active', 'expiring'])));
  };

  /** One read of one account (transactions, then balance). */
  const syncAccount = async (account: BankAccountRow, consent: ConsentRow, presence: Presence): Promise<SyncResult> => {
    const now = clock.now();
    if (!LIVE.includes(consentStatusAt(consent, now))) return { kind: 'ended' };
    if (presence === 'unattended') {
      if (account.syncRetryAt && account.syncRetryAt > now) return { kind: 'deferred', until: account.syncRetryAt };
      const hit = await rateLimiter.hit(UNATTENDED_SYNC_RULE, account.id);
      if (!hit.allowed) {
        const until = new Date(now.getTime() + hit.retryAfterSeconds * 1000);
        await db.update(bankAccounts).set({ nextSyncAt: until }).where(eq(bankAccounts.id, account.id));
        return { kind: 'deferred', until };
      }
    }
    const ref = { consentReference: consent.providerReference, providerAccountId: account.providerAccountId };
    const today = irishToday(now);
    const [last] = await db
      .select({ date: max(bankTransactions.bookingDate) })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.accountId, account.id), eq(bankTransactions.status, 'booked'), isNull(bankTransactions.withdrawnAt)));
    const from = last?.date ? addDays(last.date, -RESYNC_OVERLAP_DAYS) : addDays(today, -HISTORY_DAYS);
    const answered = async <T>(read: BankRead<T>): Promise<T | SyncResult> => {
      if (read.ok) return read.data;
      if (read.reason === 'rate_limited') {
        await db.update(bankAccounts).set({ syncRetryAt: read.retryAt, nextSyncAt: read.retryAt }).where(eq(bankAccounts.id, account.id));
        return { kind: 'deferred', until: read.retryAt };
      }
      await endConsent(consent.id, read.reason);
      return { kind: 'ended' };
    };
    const transactions = await answered(await provider.transactions(ref, from, today, presence));
    if ('kind' in transactions) return transactions;
    const written = await ingest(account, transactions, from);
    const balance = await answered(await provider.balance(ref, presence));
    const balanceCents = 'kind' in balance ? null : decimalToCents(balance.amount);
    const synced = clock.now();
    await db
      .update(bankAccounts)
      .set({
        lastSyncedAt: synced,
        nextSyncAt: new Date(synced.getTime() + SYNC_INTERVAL_MS),
        syncRetryAt: null,
        ...(balanceCents === null ? {} : { balanceCents, balanceAt: synced }),
      })
      .where(eq(bankAccounts.id, account.id));
    log.info({ accountId: account.id, presence, ...written }, 'bank.synced');
    return { kind: 'synced', ...written };
  };

  /** The account matching an IBAN among the user's: by its keyed hash under any key held, else by decrypting (a hash under a retired key). */
  const findByIban = async (tx: Db, userId: string, iban: string): Promise<BankAccountRow | undefined> => {
    const candidates = [...hashKeys.keys()].map((keyId) => ibanHash(keyId, iban));
    const [byHash] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), inArray(bankAccounts.ibanHash, candidates)));
    if (byHash) return byHash;
    const all = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
    return all.find((row) => {
      try {
        return decryptField(keyring, row.ibanEncrypted, bankIbanAad(row.id)) === iban;
      } catch {
        return false;
      }
    });
  };

  /**
   * Stores what an approved consent shares: an account already linked (same IBAN) keeps its id,
   * settings and history and now reads through this link; a new one starts with round-ups on for
   * euro, from the link date − 7 days, and collects round-ups if it is the first euro account.
   */
  const linkAccounts = async (tx: Db, consent: ConsentRow, accounts: ProviderAccount[]) => {
    const now = clock.now();
    const roundupsFrom = addDays(irishToday(now), -ROUNDUPS_START_OFFSET_DAYS);
    for (const [position, shared] of accounts.entries()) {
      const existing = await findByIban(tx, consent.userId, shared.iban);
      const hash = ibanHash(keyring.currentId, shared.iban);
      if (existing) {
        await tx
          .update(bankAccounts)
          .set({
            consentId: consent.id,
            providerAccountId: shared.id,
            displayName: shared.bankName,
            name: shared.name,
            currency: shared.currency,
            ibanHash: hash,
            syncRetryAt: null,
            nextSyncAt: null,
          })
          .where(eq(bankAccounts.id, existing.id));
        continue;
      }
      const [funding] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.userId, consent.userId), eq(bankAccounts.funding, true)));
      const id = randomUUID();
      const euro = shared.currency === 'EUR';
      await tx.insert(bankAccounts).values({
        id,
        userId: consent.userId,
        consentId: consent.id,
        providerAccountId: shared.id,
        displayName: shared.bankName,
        name: shared.name,
        currency: shared.currency,
        ibanEncrypted: encryptField(keyring, shared.iban, bankIbanAad(id)),
        ibanMasked: maskIban(shared.iban),
        ibanHash: hash,
        roundups: euro,
        funding: euro && !funding,
        roundupsFrom,
        // A millisecond apart: accounts list in the bank's order (GET /accounts orders by it).
        linkedAt: new Date(now.getTime() + position),
      });
    }
  };

  /** Links of the user that no account reads through any more, but still live: replaced (and revoked at the bank). */
  const retireEmptyConsents = async (tx: Db, userId: string, except: string): Promise<ConsentRow[]> =>
    tx
      .update(bankConsents)
      .set({ status: 'replaced', endedAt: clock.now() })
      .where(
        and(
          eq(bankConsents.userId, userId),
          ne(bankConsents.id, except),
          inArray(bankConsents.status, ['active', 'expiring']),
          sql`not exists (select 1 from bank_accounts a where a.consent_id = ${bankConsents.id})`,
        ),
      )
      .returning();

  return {
    listAccounts: (userId: string) => listAccounts(userId),

    /** POST /accounts/link: a new consent request; `renew` names a link of the user's to renew. */
    async startLink(userId: string, renew: string | undefined): Promise<{ consentId: string; url: string } | { refused: 'unknown' | 'not_renewable' }> {
      if (renew) {
        const old = await consentOf(userId, renew);
        if (!old) return { refused: 'unknown' };
        if (!['active', 'expiring', 'expired', 'revoked'].includes(old.status)) return { refused: 'not_renewable' };
      }
      const consentId = randomUUID();
      const started = await provider.startConsent({ userId, consentId, returnUrl: `${deps.publicUrl}/linked-bank-accounts` });
      await db.insert(bankConsents).values({
        id: consentId,
        userId,
        provider: provider.name,
        providerReference: started.reference,
        status: 'awaiting',
        renewsId: renew ?? null,
        createdAt: clock.now(),
      });
      return { consentId, url: started.url };
    },

    /**
     * POST /accounts/link/complete: asks the provider what became of the request (its records and
     * the return URL's query decide, not the query alone). Approved: the accounts are linked and
     * read at once (the user is there). Idempotent: a link already settled answers as it stands.
     * Undefined for a link that is not the user's; 'invalid' when the query does not belong to it.
     */
    async completeLink(userId: string, consentId: string, callback: string): Promise<{ consent: Consent; accounts: Account[] } | 'invalid' | undefined> {
      const consent = await consentOf(userId, consentId);
      if (!consent) return undefined;
      const answer = async () => {
        const current = (await consentOf(userId, consentId))!;
        return { consent: toApiConsent(current, clock.now()), accounts: await listAccounts(userId, { consentId }) };
      };
      if (consent.status !== 'awaiting') return answer();
      const outcome = await provider.completeConsent({ id: consent.id, reference: consent.providerReference }, callback);
      if (outcome.status === 'invalid') return 'invalid';
      if (outcome.status === 'awaiting') return answer();
      if (outcome.status !== 'active') {
        await db
          .update(bankConsents)
          .set({ status: outcome.status, endedAt: clock.now() })
          .where(and(eq(bankConsents.id, consent.id), eq(bankConsents.status, 'awaiting')));
        return answer();
      }
      const retired = await db.transaction(async (tx) => {
        // The first completion wins; a concurrent one finds the link no longer awaiting.
        const [claimed] = await tx
          .update(bankConsents)
          .set({ status: 'active', authorisedAt: clock.now(), expiresAt: outcome.expiresAt })
          .where(and(eq(bankConsents.id, consent.id), eq(bankConsents.status, 'awaiting')))
          .returning();
        if (!claimed) return null;
        await linkAccounts(tx, claimed, outcome.accounts);
        if (claimed.renewsId) {
          await tx
            .update(bankConsents)
            .set({ status: 'replaced', endedAt: clock.now() })
            .where(and(eq(bankConsents.id, claimed.renewsId), inArray(bankConsents.status, ['active', 'expiring', 'expired'])));
        }
        return retireEmptyConsents(tx, userId, claimed.id);
      });
      if (retired === null) return answer();
      for (const old of retired) await provider.revoke({ id: old.id, reference: old.providerReference }).catch((error: unknown) => log.warn({ err: error, consentId: old.id }, 'bank.revoke_failed'));
      if (consent.renewsId) {
        const renewed = await consentOf(userId, consent.renewsId);
        if (renewed) await provider.revoke({ id: renewed.id, reference: renewed.providerReference }).catch((error: unknown) => log.warn({ err: error, consentId: renewed.id }, 'bank.revoke_failed'));
      }
      log.info({ userId, consentId, accounts: outcome.accounts.length, renews: consent.renewsId }, 'bank.linked');
      // The first read, with the user present (it does not count against the 4 unattended reads).
      const linked = (await consentOf(userId, consentId))!;
      const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.consentId, consentId));
      for (const account of rows) {
        await syncAccount(account, linked, 'attended').catch((error: unknown) => log.warn({ err: error, accountId: account.id }, 'bank.sync_failed'));
      }
      return answer();
    },

    /** POST /accounts/consents/{id}/revoke: ends a link at the bank and here; its accounts keep their history. */
    async revoke(userId: string, consentId: string): Promise<Consent | undefined> {
      const consent = await consentOf(userId, consentId);
      if (!consent) return undefined;
      if (consent.status === 'awaiting' || LIVE.includes(consent.status)) {
        await provider.revoke({ id: consent.id, reference: consent.providerReference });
        await db
          .update(bankConsents)
          .set({ status: 'revoked', endedAt: clock.now() })
          .where(and(eq(bankConsents.id, consent.id), inArray(bankConsents.status, ['awaiting', 'active', 'expiring'])));
        log.info({ userId, consentId }, 'bank.consent_revoked');
      }
      return toApiConsent((await consentOf(userId, consentId))!, clock.now());
    },

    /** PATCH /accounts/{id}: round-ups on or off, or collect from this account. Undefined when not the user's. */
    async update(userId: string, accountId: string, patch: { roundups?: boolean | undefined; funding?: true | undefined }): Promise<Account | 'not_eur' | undefined> {
      const outcome = await db.transaction(async (tx) => {
        const [account] = await tx
          .select()
          .from(bankAccounts)
          .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.userId, userId)))
          .for('update');
        if (!account) return undefined;
        if (patch.funding && account.currency !== 'EUR') return 'not_eur' as const;
        if (patch.funding && !account.funding) {
          // One funding account per user (a partial unique index): the old one first.
          await tx.update(bankAccounts).set({ funding: false }).where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.funding, true)));
          await tx.update(bankAccounts).set({ funding: true }).where(eq(bankAccounts.id, accountId));
        }
        if (patch.roundups !== undefined) await tx.update(bankAccounts).set({ roundups: patch.roundups }).where(eq(bankAccounts.id, accountId));
        return 'ok' as const;
      });
      if (outcome !== 'ok') return outcome;
      return (await listAccounts(userId, { accountId }))[0];
    },

    /** The funding account of a user (round-ups are collected from it), if any. */
    async fundingAccount(userId: string, tx: Db = db): Promise<(BankAccountRow & { consent: ConsentRow }) | undefined> {
      const [row] = await tx
        .select({ account: bankAccounts, consent: bankConsents })
        .from(bankAccounts)
        .innerJoin(bankConsents, eq(bankConsents.id, bankAccounts.consentId))
        .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.funding, true)));
      return row ? { ...row.account, consent: row.consent } : undefined;
    },

    /** The balance of an account read now with the user present (the minimum-balance check), in cents; null when the bank does not answer. */
    async readBalance(account: BankAccountRow, consent: ConsentRow): Promise<number | null> {
      if (!LIVE.includes(consentStatusAt(consent, clock.now()))) return null;
      const read = await provider.balance({ consentReference: consent.providerReference, providerAccountId: account.providerAccountId }, 'attended');
      if (!read.ok) return null;
      const cents = decimalToCents(read.data.amount);
      if (cents !== null) await db.update(bankAccounts).set({ balanceCents: cents, balanceAt: clock.now() }).where(eq(bankAccounts.id, account.id));
      return cents;
    },

    /** Reads one account now (tests, and the link completion). */
    async sync(accountId: string, presence: Presence): Promise<SyncResult> {
      const [row] = await db
        .select({ account: bankAccounts, consent: bankConsents })
        .from(bankAccounts)
        .innerJoin(bankConsents, eq(bankConsents.id, bankAccounts.consentId))
        .where(eq(bankAccounts.id, accountId));
      if (!row) return { kind: 'ended' };
      return syncAccount(row.account, row.consent, presence);
    },

    /**
     * Housekeeping: reads the accounts that are due (live link, planned time reached, no retry
     * time ahead), each claimed by one process (its next time moved on first), at most `limit`.
     */
    async syncDue(limit = 50): Promise<SyncReport> {
      const now = clock.now();
      const due = await db
        .select({ account: bankAccounts, consent: bankConsents })
        .from(bankAccounts)
        .innerJoin(bankConsents, eq(bankConsents.id, bankAccounts.consentId))
        .where(
          and(
            inArray(bankConsents.status, ['active', 'expiring']),
            sql`${bankConsents.expiresAt} > ${now}`,
            or(isNull(bankAccounts.nextSyncAt), lte(bankAccounts.nextSyncAt, now)),
            or(isNull(bankAccounts.syncRetryAt), lte(bankAccounts.syncRetryAt, now)),
          ),
        )
        .orderBy(sql`${bankAccounts.nextSyncAt} nulls first`)
        .limit(limit);
      const report: SyncReport = { synced: 0, deferred: 0, ended: 0, failed: 0 };
      for (const { account, consent } of due) {
        const [claimed] = await db
          .update(bankAccounts)
          .set({ nextSyncAt: new Date(now.getTime() + SYNC_INTERVAL_MS) })
          .where(and(eq(bankAccounts.id, account.id), or(isNull(bankAccounts.nextSyncAt), lte(bankAccounts.nextSyncAt, now))))
          .returning();
        if (!claimed) continue;
        try {
          const result = await syncAccount(claimed, consent, 'unattended');
          report[result.kind === 'synced' ? 'synced' : result.kind] += 1;
        } catch (error) {
          report.failed += 1;
          log.warn({ err: error, accountId: account.id }, 'bank.sync_failed');
        }
      }
      return report;
    },

    /**
     * Housekeeping: links within 7 days of their end become `expiring` and their owner is mailed
     * once (the update that sets `expiry_mailed_at` decides, so one process mails); links past
     * their end become `expired`.
     */
    async lifecycle(): Promise<{ mailed: number; expired: number }> {
      const now = clock.now();
      const warnBefore = new Date(now.getTime() + CONSENT_EXPIRY_WARNING_DAYS * DAY_MS);
      const expired = await db
        .update(bankConsents)
        .set({ status: 'expired', endedAt: now })
        .where(and(inArray(bankConsents.status, ['active', 'expiring']), lte(bankConsents.expiresAt, now)))
        .returning({ id: bankConsents.id });
      const expiring = await db
        .update(bankConsents)
        .set({ status: 'expiring', expiryMailedAt: now })
        .where(and(eq(bankConsents.status, 'active'), isNull(bankConsents.expiryMailedAt), lte(bankConsents.expiresAt, warnBefore)))
        .returning();
      for (const consent of expiring) {
        const [owner] = await db.select({ email: users.email, closedAt: users.closedAt }).from(users).where(eq(users.id, consent.userId));
        const [account] = await db.select({ bank: bankAccounts.displayName }).from(bankAccounts).where(eq(bankAccounts.consentId, consent.id)).limit(1);
        if (!owner || owner.closedAt || !consent.expiresAt) continue;
        await mail.bankLinkExpiring(owner.email, account?.bank ?? 'bank', formatDisplayDate(irishToday(consent.expiresAt)));
      }
      return { mailed: expiring.length, expired: expired.length };
    },

    /**
     * Recomputes the round-ups of the user's transactions that nothing has taken yet (not in a
     * batch, not declined), after the pause changed.
     */
    async recomputeRoundups(userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        // Under the user's row lock, as a batch takes round-ups: none is taken while its value changes.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const paused = await settingsRules(userId, tx);
        let changed = 0;
        // A page at a time by id, and only the columns the rule reads: a user may hold tens of thousands of rows.
        let after: string | undefined;
        for (;;) {
          const page = await tx
            .select({
              id: bankTransactions.id,
              amountCents: bankTransactions.amountCents,
              currency: bankTransactions.currency,
              code: bankTransactions.code,
              bookingDate: bankTransactions.bookingDate,
              roundupCents: bankTransactions.roundupCents,
              roundupReason: bankTransactions.roundupReason,
              roundupsFrom: bankAccounts.roundupsFrom,
            })
            .from(bankTransactions)
            .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
            .where(
              and(
                eq(bankTransactions.userId, userId),
                eq(bankTransactions.status, 'booked'),
                isNull(bankTransactions.batchId),
                isNull(bankTransactions.declinedAt),
                after ? sql`${bankTransactions.id} > ${after}::uuid` : undefined,
              ),
            )
            .orderBy(asc(bankTransactions.id))
            .limit(UPDATE_CHUNK);
          const updates = page.flatMap((row) => {
            const roundup = roundupOf({ status: 'booked', amountCents: row.amountCents, currency: row.currency, code: row.code, bookingDate: row.bookingDate }, { roundupsFrom: row.roundupsFrom, paused });
            return roundup.cents === row.roundupCents && roundup.reason === row.roundupReason ? [] : [{ id: row.id, ...roundup }];
          });
          if (updates.length > 0) {
            await tx.execute(sql`
              update bank_transactions t set roundup_cents = c.cents::integer, roundup_reason = c.reason
              from unnest(${sql.param(updates.map((c) => c.id))}::uuid[], ${sql.param(updates.map((c) => String(c.cents)))}::text[], ${sql.param(updates.map((c) => c.reason))}::text[]) as c(id, cents, reason)
              where t.id = c.id and t.batch_id is null and t.declined_at is null`);
          }
          changed += updates.length;
          if (page.length < UPDATE_CHUNK) break;
          after = page[page.length - 1]!.id;
        }
        return changed;
      });
    },

    /** Closing the account: every link still open is revoked at the bank first, then the rows are erased. */
    async revokeAllForUser(userId: string): Promise<void> {
      const open = await db
        .select()
        .from(bankConsents)
        .where(and(eq(bankConsents.userId, userId), inArray(bankConsents.status, ['awaiting', 'active', 'expiring'])));
      for (const consent of open) {
        await provider.revoke({ id: consent.id, reference: consent.providerReference });
        await db.update(bankConsents).set({ status: 'revoked', endedAt: clock.now() }).where(eq(bankConsents.id, consent.id));
      }
    },
  };
}

export type BankAccountService = ReturnType<typeof createBankAccountService>;

type NewTransaction = Omit<typeof bankTransactions.$inferInsert, 'id' | 'createdAt'> & { occurredAt: Date };

/**
 * Inserts transactions read from the bank, skipping fingerprints the account has: one statement
 * with one array per column (`unnest`), which the database parses once, where a VALUES list
 * would be 15 parameters a row. Answers how many rows were new.
 */
async function insertRows(tx: Db, rows: readonly NewTransaction[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <T>(pick: (row: NewTransaction) => T) => sql.param(rows.map(pick));
  const result = (await tx.execute(sql`
    insert into bank_transactions (id, user_id, account_id, fingerprint, provider_transaction_id, status, booking_date, occurred_at,
      amount_cents, currency, description, code, roundup_cents, roundup_reason, created_at)
    select id, u, a, f, p, s, d::date, o::timestamptz, c::bigint, cur, descr, code, r::integer, reason, ${now.toISOString()}::timestamptz
    from unnest(${column(() => randomUUID())}::uuid[], ${column((r) => r.userId)}::uuid[], ${column((r) => r.accountId)}::uuid[], ${column((r) => r.fingerprint)}::text[],
      ${column((r) => r.providerTransactionId ?? null)}::text[], ${column((r) => r.status)}::text[], ${column((r) => r.bookingDate)}::text[],
      ${column((r) => r.occurredAt.toISOString())}::text[], ${column((r) => String(r.amountCents))}::text[], ${column((r) => r.currency)}::text[],
      ${column((r) => r.description)}::text[], ${column((r) => r.code ?? null)}::text[], ${column((r) => String(r.roundupCents))}::text[],
      ${column((r) => r.roundupReason ?? null)}::text[])
      as t(id, u, a, f, p, s, d, o, c, cur, descr, code, r, reason)
    on conflict (account_id, fingerprint) do nothing`));
  return affectedRows(result);
}

/** How many rows a statement wrote: PGlite answers affectedRows, node-postgres rowCount. */
function affectedRows(result: unknown): number {
  const { affectedRows, rowCount } = result as { affectedRows?: number; rowCount?: number | null };
  return affectedRows ?? rowCount ?? 0;
}
