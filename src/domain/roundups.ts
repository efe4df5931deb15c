/**
 * Round-ups of card purchases on linked bank accounts (spec sections 3, 4 and 9): which bank
 * transactions round up and by how much, why the others do not, how a transaction is recognised
 * from one bank read to the next, the weekly cap, and the daily prompt's rule. Pure: dates and
 * times are passed in; amounts are integer cents.
 */
import { ROUNDUP_SNOOZE_MS, ROUNDUP_THRESHOLD_CENTS } from './constants.ts';
import { dayjs } from './dates.ts';
import { euroToCents } from './money.ts';

// ─── Constants ───────────────────────────────────────────────────────────────────────────────

/** Round-ups on an account count from this many days before it was linked. */
export const ROUNDUPS_START_OFFSET_DAYS = 7;
/** A sync reads again from the last booked date minus this many days (late bookings, corrections). */
export const RESYNC_OVERLAP_DAYS = 7;
/** How far back the first read of an account goes (what AIS providers keep available). */
export const HISTORY_DAYS = 90;
/** Reads without the user present, per account and day, as open-banking providers allow. */
export const UNATTENDED_READS_PER_DAY = 4;
/** A consent is "expiring" (mailed once, "Renew" offered) from this many days before it ends. */
export const CONSENT_EXPIRY_WARNING_DAYS = 7;
/** An account whose last successful read is older than this is flagged: its data may be out of date. */
export const STALE_DATA_DAYS = 4;
/** Round-ups may be paused for at most this many days. */
export const MAX_PAUSE_DAYS = 90;
/** The sandbox bank's consent page, served by our own server (the only same-origin path /bank-link may follow). */
export const SANDBOX_CONSENT_PATH = '/api/maxout/sandbox-bank/consents/';

const DAY_MS = 86_400_000;

// ─── The round-up rule ──────────────────────────────────────────────────────────────────────

/** Why a transaction rounds up to nothing. */
export const ROUNDUP_REASONS = ['pending', 'refund', 'transfer', 'cash', 'whole_euro', 'not_eur', 'before_start', 'paused'] as const;
export type RoundupReason = (typeof ROUNDUP_REASONS)[number];

/** Each reason in words, for the screens (every unrounded transaction says why). */
export const ROUNDUP_REASON_TEXT: Readonly<Record<RoundupReason, string>> = {
  pending: 'Still pending at the bank: it is rounded up once booked',
  refund: 'Money in (a refund): nothing to round up',
  transfer: 'Not a card purchase (a transfer or direct debit)',
  cash: 'A cash withdrawal',
  whole_euro: 'A whole euro amount: nothing to round up',
  not_eur: 'Not in euro',
  before_start: 'Before round-ups started on this account',
  paused: 'Round-ups were paused',
};

/** What the rule reads of a bank transaction. */
export interface RoundupFacts {
  status: 'booked' | 'pending';
  /** Signed cents as booked: a debit (money out) is negative. */
  amountCents: number;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  /**
   * ISO 20022 bank transaction code `domain-family-subfamily` as AIS providers give it
   * (Berlin Group `bankTransactionCode`): `PMNT-CCRD-POSD` a card purchase, `PMNT-CCRD-CWDL` a
   * cash withdrawal, `PMNT-ICDT-…` a transfer out. Null when the bank gives none.
   */
  code: string | null;
  /** YYYY-MM-DD: the booking date (the transaction date while pending). */
  bookingDate: string;
}

/** The user's and the account's settings the rule needs. */
export interface RoundupRules {
  /** YYYY-MM-DD: purchases booked before it do not round up (link date − 7 days). */
  roundupsFrom: string;
  /** YYYY-MM-DD, both inclusive: purchases booked in it do not round up. */
  paused?: { from: string; until: string } | null | undefined;
}

export type Roundup = { cents: number; reason: null } | { cents: 0; reason: RoundupReason };

const CARD_FAMILY = /^PMNT-CCRD(-|$)/;
const CASH = /^PMNT-(CCRD-CWDL|CNTR)/;

/** Round-up of an amount: (100 − |cents| mod 100) mod 100, so 12.34 → 66 and 12.00 → 0. */
export function roundupCents(amountCents: number): number {
  return (100 - (Math.abs(amountCents) % 100)) % 100;
}

/**
 * The round-up of one transaction, or 0 with the reason. Only a booked euro debit with a card
 * purchase code, booked on or after the account's start and outside a pause, rounds up; a
 * pending row never does (it is replaced at every read, so pending → booked counts once).
 */
export function roundupOf(tx: RoundupFacts, rules: RoundupRules): Roundup {
  if (tx.status !== 'booked') return { cents: 0, reason: 'pending' };
  if (tx.currency !== 'EUR') return { cents: 0, reason: 'not_eur' };
  const code = (tx.code ?? '').toUpperCase();
  if (CASH.test(code)) return { cents: 0, reason: 'cash' };
  if (tx.amountCents >= 0) return { cents: 0, reason: CARD_FAMILY.test(code) ? 'refund' : 'transfer' };
  if (!CARD_FAMILY.test(code)) return { cents: 0, reason: 'transfer' };
  if (tx.bookingDate < rules.roundupsFrom) return { cents: 0, reason: 'before_start' };
  if (rules.paused && tx.bookingDate >= rules.paused.from && tx.bookingDate <= rules.paused.until) return { cents: 0, reason: 'paused' };
  const cents = roundupCents(tx.amountCents);
  return cents === 0 ? { cents: 0, reason: 'whole_euro' } : { cents, reason: null };
}

// ─── Recognising a transaction across reads ─────────────────────────────────────────────────

/**
 * A description as the fingerprint reads it: upper case, letters and digits only, single spaces,
 * at most 100 characters ("Tesco  Stores, 3345" → "TESCO STORES 3345").
 */
export function normaliseDescription(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .slice(0, 100);
}

/** What identifies a booked transaction (never the provider's id: it changes at every consent). */
export interface FingerprintFacts {
  bookingDate: string;
  amountCents: number;
  currency: string;
  description: string;
}

/**
 * Fingerprints of the transactions of one account read, in the bank's order: booking date,
 * amount, currency, normalised description and the n-th such transaction that day (so two
 * identical coffees on one day are two transactions, and read again they are the same two).
 */
export function fingerprints(rows: readonly FingerprintFacts[]): string[] {
  return rows.map(fingerprinter());
}

/**
 * The same fingerprints one row at a time: the function counts what it was given, so a read
 * fingerprinted in pieces (in the bank's order) gets exactly what `fingerprints` gives the whole.
 */
export function fingerprinter(): (row: FingerprintFacts) => string {
  const seen = new Map<string, number>();
  // A bank read repeats the same few merchants: normalise each description once.
  const normalised = new Map<string, string>();
  const describe = (text: string) => {
    let known = normalised.get(text);
    if (known === undefined) normalised.set(text, (known = normaliseDescription(text)));
    return known;
  };
  return (row) => {
    const key = `${row.bookingDate}|${row.amountCents}|${row.currency.toUpperCase()}|${describe(row.description)}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}|${n}`;
  };
}

// ─── Batches and the weekly cap ─────────────────────────────────────────────────────────────

/**
 * How many of the pending round-ups (oldest first) go into the next batch: all of them without a
 * cap; with one, the longest run from the oldest that stays within what is left of it this week.
 * The rest waits for next week, in order.
 */
export function takeWithinCap(roundups: readonly number[], remainingCents: number | null): number {
  if (remainingCents === null) return roundups.length;
  let total = 0;
  let taken = 0;
  for (const cents of roundups) {
    if (total + cents > remainingCents) break;
    total += cents;
    taken += 1;
  }
  return taken;
}

/** The Monday (YYYY-MM-DD) of the week of an Irish calendar date: the weekly cap counts from it. */
export function weekStart(date: string): string {
  const day = dayjs(date, 'YYYY-MM-DD', true);
  // day(): 0 Sunday … 6 Saturday; the week starts on Monday.
  return day.subtract((day.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return dayjs(date, 'YYYY-MM-DD', true).add(days, 'day').format('YYYY-MM-DD');
}

// ─── What the screens decide ────────────────────────────────────────────────────────────────

/** What the prompt reads of a transaction (the API's Transaction). */
export interface PromptTransaction {
  roundup: number;
  roundupApplied: boolean | null;
}

/** The pending round-ups (spec §4): of accounts with round-ups on, the transactions not yet applied or declined. */
export function pendingRoundups(accounts: readonly { roundups: boolean; transactions: readonly PromptTransaction[] }[]): { cents: number; count: number } {
  let cents = 0;
  let count = 0;
  for (const account of accounts) {
    if (!account.roundups) continue;
    for (const tx of account.transactions) {
      if (tx.roundupApplied !== null || tx.roundup <= 0) continue;
      cents += tx.roundup;
      count += 1;
    }
  }
  return { cents, count };
}

/** What the weekly cap reads of a pending transaction: its round-up and the order the server collects in. */
export interface QueuedTransaction extends PromptTransaction {
  id: string;
  timestamp: string;
  booking_date?: string | undefined;
}

/** The pending round-ups in cents, oldest first: the order the server collects them in, and judges the weekly cap by. */
export function pendingOldestFirst(accounts: readonly { roundups: boolean; transactions: readonly QueuedTransaction[] }[]): number[] {
  return accounts
    .filter((account) => account.roundups)
    .flatMap((account) => account.transactions.filter((tx) => tx.roundupApplied === null && tx.roundup > 0))
    .sort((a, b) => (a.booking_date ?? a.timestamp.slice(0, 10)).localeCompare(b.booking_date ?? b.timestamp.slice(0, 10)) || a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id))
    .map((tx) => tx.roundup);
}

/** What is left of this week's cap, in cents (never below 0); null without a cap. */
export function capLeftCents(settings: { weekly_cap: number | null; collected_this_week: number } | null): number | null {
  if (!settings || settings.weekly_cap === null) return null;
  return Math.max(0, euroToCents(settings.weekly_cap) - euroToCents(settings.collected_this_week));
}

/**
 * Round-ups are pending, yet a Confirm now would collect none of them: what is left of this
 * week's cap is less than the oldest (they are collected oldest first). Confirm is not offered.
 */
export function capUsedUp(
  accounts: readonly { roundups: boolean; transactions: readonly QueuedTransaction[] }[],
  settings: { weekly_cap: number | null; collected_this_week: number } | null,
): boolean {
  const left = capLeftCents(settings);
  if (left === null) return false;
  const pending = pendingOldestFirst(accounts);
  return pending.length > 0 && takeWithinCap(pending, left) === 0;
}

/**
 * The daily prompt shows only when it was not closed within the last day, the pending sum
 * exceeds 2000 cents and at least one pending transaction exists (spec §4). A closing time in
 * the future (another device's clock) counts as just closed.
 */
export function promptVisible(input: { pendingCents: number; pendingCount: number; closedAt: number | null; now: number }): boolean {
  const snoozed = input.closedAt !== null && input.now - input.closedAt < ROUNDUP_SNOOZE_MS;
  return !snoozed && input.pendingCents > ROUNDUP_THRESHOLD_CENTS && input.pendingCount >= 1;
}

/** When a closed prompt may show again (epoch ms), or null when it was never closed. */
export function snoozeEndsAt(closedAt: number | null): number | null {
  return closedAt === null ? null : closedAt + ROUNDUP_SNOOZE_MS;
}

/** Whether an account's data is out of date: never read, or last read more than 4 days before `now`. */
export function isStale(lastSyncedAt: string | null, now: number): boolean {
  if (lastSyncedAt === null) return true;
  const at = Date.parse(lastSyncedAt);
  return !Number.isFinite(at) || now - at > STALE_DATA_DAYS * DAY_MS;
}

/** Whether "Renew" is offered: from 7 days before the consent ends (and after it ended). */
export function renewalOpen(expiresAt: string | null, now: number): boolean {
  if (expiresAt === null) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && now >= at - CONSENT_EXPIRY_WARNING_DAYS * DAY_MS;
}

/**
 * Whether /bank-link may send the browser to `url`: the sandbox bank's page on our own origin, or
 * an https page of a bank-link provider we use. Anything else (another site, a javascript: URL,
 * a path of ours that is no consent page) is refused: the route takes its URL from the address bar.
 */
export function isBankLinkUrl(url: string, allowed: { appOrigin: string; providerOrigins: readonly string[] }): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, allowed.appOrigin);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.origin === allowed.appOrigin) {
    return parsed.pathname.startsWith(SANDBOX_CONSENT_PATH) && /^[A-Za-z0-9_-]+$/.test(parsed.pathname.slice(SANDBOX_CONSENT_PATH.length));
  }
  return parsed.protocol === 'https:' && allowed.providerOrigins.includes(parsed.origin);
}

/**
 * The query the bank sends the browser back to /linked-bank-accounts with: our link's id and
 * either a code or an error. Null when the query is no bank return at all (no `consent`).
 */
export function parseBankReturn(query: string): { consentId: string; error: string | null } | null {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const consentId = params.get('consent');
  if (!consentId || !/^[0-9a-f-]{36}$/i.test(consentId)) return null;
  return { consentId, error: params.get('error') };
}
