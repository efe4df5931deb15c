import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ibanChecksumValid } from '../../domain/schemas/pension.ts';
import { SANDBOX_CONSENT_PATH, addDays } from '../../domain/roundups.ts';
import type { Db } from '../db/index.ts';
import { sandboxBankConsents } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import type { RateLimiter } from './rateLimit.ts';
import { irishToday } from './users.ts';

// ─── The interface ───────────────────────────────────────────────────────────────────────────

/** An account the customer shared at the bank. */
export interface ProviderAccount {
  /** The provider's id of the account under this consent (a new consent gives new ids). */
  id: string;
  iban: string;
  /** The account's name at the bank ("Current account"). */
  name: string;
  currency: string;
  bankName: string;
}

/** A transaction as an AIS provider gives it: amounts are decimal strings, never floats. */
export interface ProviderTransaction {
  /** The provider's id (it changes between pending and booked, and with every consent). */
  id: string;
  status: 'booked' | 'pending';
  /** YYYY-MM-DD: the booking date, or the transaction date while pending. */
  bookingDate: string;
  /** When it happened (ISO). */
  occurredAt: string;
  /** Signed decimal, debit negative: "-12.34". */
  amount: string;
  currency: string;
  description: string;
  /** ISO 20022 bank transaction code (`PMNT-CCRD-POSD`), or null. */
  code: string | null;
}

/** Whether the customer is there (a read right after consent) or not (a scheduled read, limited to 4 a day). */
export type Presence = 'attended' | 'unattended';

/** A read's answer: a rate limit and an ended consent are answers (with what to do), not throws; a throw is an outage. */
export type BankRead<T> =
  | { ok: true; data: T }
  | { ok: false; reason: 'rate_limited'; retryAt: Date }
  | { ok: false; reason: 'expired' | 'revoked' };

/** Our consent and the provider's reference of it. */
export interface ConsentRef {
  id: string;
  reference: string;
}

/** Which account to read: the consent it is read through and the provider's account id under it. */
export interface AccountRef {
  consentReference: string;
  providerAccountId: string;
}

/** What became of a consent request, judged by the provider from its own records and the return URL's query. */
export type ConsentOutcome =
  | { status: 'active'; expiresAt: Date; accounts: ProviderAccount[] }
  /** The customer has not answered yet. */
  | { status: 'awaiting' }
  | { status: 'cancelled' | 'refused' | 'expired' }
  /** The query does not belong to this consent (a forged or mixed-up return): nothing is linked. */
  | { status: 'invalid' };

/**
 * An account-information provider (open banking, PSD2 AIS). The embedded default is the
 * sandbox bank below; a real aggregator plugs in behind the same calls.
 */
export interface BankProvider {
  readonly name: string;
  /** Origins of the provider's consent pages that /bank-link may send the browser to (none for the sandbox: it is ours). */
  readonly consentOrigins: readonly string[];
  /** Opens a consent request; the browser goes to `url` and comes back to `returnUrl` with a query. */
  startConsent(request: { userId: string; consentId: string; returnUrl: string }): Promise<{ reference: string; url: string }>;
  completeConsent(consent: ConsentRef, callbackQuery: string): Promise<ConsentOutcome>;
  /** Booked transactions with a booking date from `from` to `to` (YYYY-MM-DD, inclusive), and every pending one. */
  transactions(account: AccountRef, from: string, to: string, presence: Presence): Promise<BankRead<{ booked: ProviderTransaction[]; pending: ProviderTransaction[] }>>;
  /** The booked balance, a decimal string. */
  balance(account: AccountRef, presence: Presence): Promise<BankRead<{ amount: string; currency: string }>>;
  /** Ends the consent at the provider (no further reads). Idempotent. */
  revoke(consent: ConsentRef): Promise<void>;
}

// ─── The sandbox bank ────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
/** How long the consent page answers after the request was made. */
export const SANDBOX_REQUEST_TTL_MS = 15 * 60_000;
/** How far back the sandbox keeps transactions (what AIS providers typically give). */
export const SANDBOX_HISTORY_DAYS = 90;
/** Where the sandbox sends the browser back to (the app's linked-accounts screen). */
export const SANDBOX_RETURN_PATH = '/linked-bank-accounts';

/** The validity the customer may choose on the consent page: 180 days (the EU maximum since 2023), 6 days (shows "Renew"), 2 minutes (shows expiry). */
export const SANDBOX_VALIDITIES = {
  '180d': { label: '180 days', ms: 180 * DAY_MS },
  '6d': { label: '6 days', ms: 6 * DAY_MS },
  '2m': { label: '2 minutes', ms: 2 * 60_000 },
} as const;
export type SandboxValidity = keyof typeof SANDBOX_VALIDITIES;

export type AccountKind = 'current' | 'savings' | 'gbp';
interface SandboxBankDefinition {
  id: string;
  name: string;
  /** Four letters of the IBAN's bank code. */
  code: string;
  accounts: readonly { name: string; currency: string; kind: AccountKind }[];
}

export const SANDBOX_BANKS: readonly SandboxBankDefinition[] = [
  {
    id: 'sandbox-bank',
    name: 'Sandbox Bank',
    code: 'SBXB',
    accounts: [
      { name: 'Current account', currency: 'EUR', kind: 'current' },
      { name: 'Savings account', currency: 'EUR', kind: 'savings' },
      { name: 'Sterling account', currency: 'GBP', kind: 'gbp' },
    ],
  },
  { id: 'sandbox-digital', name: 'Sandbox Digital', code: 'SBXD', accounts: [{ name: 'Current account', currency: 'EUR', kind: 'current' }] },
];

const bankById = (id: string | null | undefined) => SANDBOX_BANKS.find((bank) => bank.id === id);

/** A deterministic random stream from a text seed (mulberry32 over the first 32 bits of its SHA-256). */
function randomStream(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** "IE" + check digits + bank code + 14 digits, with valid check digits (ISO 13616). */
function irishIban(bankCode: string, digits: string): string {
  const body = `${bankCode}${digits}`;
  const numeric = `${body}IE00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  const iban = `IE${String(98 - remainder).padStart(2, '0')}${body}`;
  if (!ibanChecksumValid(iban)) throw new Error('sandbox IBAN checksum');
  return iban;
}

/** Cents as the decimal string a bank API sends ("-12.34"). */
function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const MERCHANTS = [
  { description: 'TESCO STORES 3345 DUBLIN', min: 250, max: 8_500 },
  { description: 'INSOMNIA COFFEE CO', fixed: 340 },
  { description: 'CENTRA DAME ST', min: 150, max: 2_500 },
  { description: 'DUNNES STORES', min: 400, max: 9_000 },
  { description: 'LUAS TICKET MACHINE', fixed: 250 },
  { description: 'CIRCLE K TALLAGHT', min: 2_000, max: 7_000 },
  { description: 'BOOTS HENRY ST', min: 300, max: 4_000 },
  { description: 'APACHE PIZZA', min: 1_200, max: 3_500 },
  { description: 'LIDL IRELAND', min: 500, max: 7_500 },
  { description: 'Amazon EU Sarl', min: 800, max: 12_000 },
] as const;

interface SandboxTransaction {
  /** Stable within the sandbox (day and position), turned into a provider id per consent. */
  key: string;
  occurredAt: number;
  /** When the bank books it; before that it is pending. */
  bookedAt: number;
  cents: number;
  currency: string;
  description: string;
  code: string;
}

/**
 * One account's transactions of one day: the same for every read and every consent of the same
 * customer (seeded by customer, bank, account and date), so reading again adds nothing. Card
 * transactions are booked one to two days later (pending until then); transfers at once.
 */
function dayOfTransactions(seed: string, kind: AccountKind, day: string, extraPerDay: number): SandboxTransaction[] {
  const random = randomStream(`${seed}|${day}`);
  const start = Date.parse(`${day}T00:00:00Z`);
  const out: SandboxTransaction[] = [];
  const at = (hour: number) => start + Math.floor(hour * 3_600_000);
  // A card transaction is booked one to two days after it happened, on the hour.
  const booking = (occurredAt: number) => Math.ceil((occurredAt + DAY_MS + random() * DAY_MS) / 3_600_000) * 3_600_000;
  const card = (occurredAt: number, cents: number, currency: string, description: string, code: string) =>
    add({ occurredAt, bookedAt: booking(occurredAt), cents, currency, description, code });
  const add = (t: Omit<SandboxTransaction, 'key'>) => out.push({ ...t, key: `${day}-${out.length}` });
  const weekday = new Date(start).getUTCDay();
  const dayOfMonth = Number(day.slice(8, 10));

  if (kind === 'current') {
    // At least one a day, in the evening (so yesterday's is still pending in the morning); on
    // Saturdays that one is a whole euro amount.
    const purchases = 1 + Math.floor(random() * 4) + extraPerDay;
    for (let i = 0; i < purchases; i++) {
      const merchant = i === 0 && weekday === 6 ? MERCHANTS[2] : MERCHANTS[Math.floor(random() * MERCHANTS.length)]!;
      const wholeEuro = (i === 0 && weekday === 6) || random() < 0.2;
      let cents = 'fixed' in merchant ? merchant.fixed : merchant.min + Math.floor(random() * (merchant.max - merchant.min));
      if (wholeEuro && !('fixed' in merchant)) cents = Math.max(100, Math.round(cents / 100) * 100);
      card(at(i === 0 ? 17 + random() * 5 : 7 + random() * 15), -cents, 'EUR', merchant.description, 'PMNT-CCRD-POSD');
    }
    if (random() < 0.12) card(at(12 + random() * 6), -(random() < 0.5 ? 2_000 : 5_000), 'EUR', 'ATM WITHDRAWAL', 'PMNT-CCRD-CWDL');
    if (random() < 0.06) {
      const merchant = MERCHANTS[Math.floor(random() * MERCHANTS.length)]!;
      card(at(10 + random() * 8), 500 + Math.floor(random() * 3_000), 'EUR', `REFUND ${merchant.description}`, 'PMNT-CCRD-RIMB');
    }
    if (weekday === 5) add({ occurredAt: at(8), bookedAt: at(8), cents: 215_000, currency: 'EUR', description: 'SALARY EXAMPLE LTD', code: 'PMNT-RCDT-ESCT' });
    if (dayOfMonth === 1) add({ occurredAt: at(9), bookedAt: at(9), cents: -120_000, currency: 'EUR', description: 'RENT TO LANDLORD', code: 'PMNT-ICDT-ESCT' });
    if (dayOfMonth === 5) add({ occurredAt: at(9), bookedAt: at(9), cents: -8_540, currency: 'EUR', description: 'ELECTRIC IRELAND DD', code: 'PMNT-RDDT-ESDD' });
  } else if (kind === 'savings') {
    if (dayOfMonth === 2) add({ occurredAt: at(9), bookedAt: at(9), cents: 10_000, currency: 'EUR', description: 'FROM CURRENT ACCOUNT', code: 'PMNT-RCDT-ESCT' });
  } else if (random() < 0.3) {
    const cents = 300 + Math.floor(random() * 4_000);
    card(at(9 + random() * 10), -cents, 'GBP', 'PRET A MANGER LONDON', 'PMNT-CCRD-POSD');
  }
  return out.sort((a, b) => a.occurredAt - b.occurredAt);
}

/**
 * One read of a sandbox account at `now`: its booked transactions with a booking date from `from`
 * to `to` in booking order, as a bank's statement lists them (what was booked since the last read
 * comes after what that read listed, so a purchase made earlier but booked later on the same day
 * is never counted in front of one already read: the fingerprint counts in this order), and every
 * pending one. Each with its sandbox key (the caller makes the consent's ids from it).
 */
export function sandboxStatement(options: { seed: string; kind: AccountKind; from: string; to: string; now: Date; extraPerDay: number }) {
  const { seed, kind, from, to, extraPerDay } = options;
  type Listed = Omit<ProviderTransaction, 'id'> & { key: string };
  const now = options.now.getTime();
  const today = irishToday(options.now);
  const oldest = addDays(today, -SANDBOX_HISTORY_DAYS);
  const booked: { bookedAt: number; transaction: Listed }[] = [];
  const pending: Listed[] = [];
  // Booked within two days: the two days before `from` may hold rows booked on `from`.
  for (let day = addDays(from < oldest ? oldest : from, -2); day <= today && day <= to; day = addDays(day, 1)) {
    for (const tx of dayOfTransactions(seed, kind, day, extraPerDay)) {
      if (tx.occurredAt > now) continue;
      const common = { key: tx.key, amount: decimal(tx.cents), currency: tx.currency, description: tx.description, code: tx.code, occurredAt: new Date(tx.occurredAt).toISOString() };
      if (tx.bookedAt > now) {
        pending.push({ ...common, status: 'pending', bookingDate: day });
        continue;
      }
      const bookingDate = new Date(tx.bookedAt).toISOString().slice(0, 10);
      if (bookingDate < from || bookingDate > to || bookingDate < oldest) continue;
      booked.push({ bookedAt: tx.bookedAt, transaction: { ...common, status: 'booked', bookingDate } });
    }
  }
  booked.sort((a, b) => a.bookedAt - b.bookedAt || a.transaction.occurredAt.localeCompare(b.transaction.occurredAt));
  return { booked: booked.map((entry) => entry.transaction), pending };
}

export interface SandboxBankOptions {
  db: Db;
  clock: Clock;
  /** Counts the unattended reads (4 a day per account and scope); the rate_limits table, shared by processes. */
  rateLimiter: RateLimiter;
  /** Unattended reads per account, scope and UTC day before a 429 (default 4). */
  readsPerDay?: number;
  /** Extra card purchases per day on current accounts (the benchmark's volume); default 0. */
  extraPurchasesPerDay?: number;
}

/** What the consent page route answers: a page, or a redirect back to the app. */
export type SandboxPageAnswer = { kind: 'page'; status: 200 | 404 | 410 | 422; html: string } | { kind: 'redirect'; location: string };

/**
 * The sandbox bank: a BankProvider with its own consent page (served by our server at
 * /api/maxout/sandbox-bank/consents/:ref, an HTML form without script) and deterministic
 * transactions, so linking and round-ups run offline. Its records are a table of its own
 * (`sandbox_bank_consents`), as a bank's would be. What it simulates: two banks, a current
 * account with 90 days of card purchases (some whole euro), refunds, salary and rent transfers,
 * cash and direct debits, a savings account, a GBP account; new purchases as time passes, each
 * pending under one id until booked the next morning under another; new ids for everything on a
 * new consent; and 4 unattended reads per account and day, then 429 with a retry time.
 */
export function createSandboxBank(options: SandboxBankOptions) {
  const { db, clock, rateLimiter } = options;
  const readsPerDay = options.readsPerDay ?? 4;
  const extraPerDay = options.extraPurchasesPerDay ?? 0;

  const customerOf = (userId: string) => sha256Hex(`sandbox-customer:${userId}`).slice(0, 32);
  const find = async (reference: string) => (await db.select().from(sandboxBankConsents).where(eq(sandboxBankConsents.reference, reference)))[0];
  type Row = NonNullable<Awaited<ReturnType<typeof find>>>;

  const accountSeed = (customer: string, bankId: string, index: number) => `${customer}|${bankId}|${index}`;
  const accountOf = (row: Row, index: number): ProviderAccount | null => {
    const bank = bankById(row.bank);
    const definition = bank?.accounts[index];
    if (!bank || !definition) return null;
    const random = randomStream(`iban|${accountSeed(row.customer, bank.id, index)}`);
    const digits = `99${String(Math.floor(random() * 10_000)).padStart(4, '0')}${String(Math.floor(random() * 100_000_000)).padStart(8, '0')}`;
    return {
      id: `sbx-${index}-${sha256Hex(`${row.reference}|${index}`).slice(0, 20)}`,
      iban: irishIban(bank.code, digits),
      name: definition.name,
      currency: definition.currency,
      bankName: bank.name,
    };
  };

  /** The consent behind a read, and the account's index under it; or why it cannot be read. */
  const resolve = async (account: AccountRef): Promise<{ row: Row; index: number } | { reason: 'expired' | 'revoked' }> => {
    const row = await find(account.consentReference);
    if (!row || row.status !== 'approved') return { reason: 'revoked' };
    if (!row.expiresAt || row.expiresAt.getTime() <= clock.now().getTime()) return { reason: 'expired' };
    const index = Number(/^sbx-(\d+)-/.exec(account.providerAccountId)?.[1] ?? NaN);
    if (!Number.isInteger(index) || !(row.accounts ?? []).includes(index) || accountOf(row, index)?.id !== account.providerAccountId) return { reason: 'revoked' };
    return { row, index };
  };

  /** Counts an unattended read of one scope; a 429 says when the day's reads start again. */
  const countRead = async (scope: 'transactions' | 'balances', account: AccountRef, presence: Presence): Promise<Date | null> => {
    if (presence === 'attended') return null;
    const hit = await rateLimiter.hit({ name: `sandbox-bank:${scope}`, limit: readsPerDay, windowMs: DAY_MS }, account.providerAccountId);
    return hit.allowed ? null : new Date(clock.now().getTime() + hit.retryAfterSeconds * 1000);
  };

  const provider: BankProvider = {
    name: 'sandbox',
    consentOrigins: [],

    async startConsent({ userId, consentId }) {
      const reference = randomToken(16);
      await db.insert(sandboxBankConsents).values({
        reference,
        customer: customerOf(userId),
        consentId,
        status: 'awaiting',
        createdAt: clock.now(),
        requestExpiresAt: new Date(clock.now().getTime() + SANDBOX_REQUEST_TTL_MS),
      });
      return { reference, url: `${SANDBOX_CONSENT_PATH}${reference}` };
    },

    async completeConsent(consent, callbackQuery) {
      const query = new URLSearchParams(callbackQuery.replace(/^\?/, ''));
      if (query.get('ref') !== consent.reference || query.get('consent') !== consent.id) return { status: 'invalid' };
      const row = await find(consent.reference);
      if (!row || row.consentId !== consent.id) return { status: 'invalid' };
      switch (row.status) {
        case 'approved': {
          const code = query.get('code');
          if (!code || sha256Hex(code) !== row.codeHash || !row.expiresAt) return { status: 'invalid' };
          const accounts = (row.accounts ?? []).map((index) => accountOf(row, index)).filter((account): account is ProviderAccount => account !== null);
          return { status: 'active', expiresAt: row.expiresAt, accounts };
        }
        case 'cancelled':
        case 'refused':
          return { status: row.status };
        case 'revoked':
          return { status: 'expired' };
        case 'awaiting':
          return row.requestExpiresAt.getTime() <= clock.now().getTime() ? { status: 'expired' } : { status: 'awaiting' };
      }
    },

    async transactions(account, from, to, presence) {
      const resolved = await resolve(account);
      if ('reason' in resolved) return { ok: false, reason: resolved.reason };
      const retryAt = await countRead('transactions', account, presence);
      if (retryAt) return { ok: false, reason: 'rate_limited', retryAt };
      const { row, index } = resolved;
      const bank = bankById(row.bank)!;
      const kind = bank.accounts[index]!.kind;
      // Ids are the consent's own: a new consent gives every transaction a new id, as banks do.
      const idPrefix = sha256Hex(`${row.reference}|${index}`).slice(0, 16);
      const statement = sandboxStatement({ seed: accountSeed(row.customer, bank.id, index), kind, from, to, now: clock.now(), extraPerDay });
      const withId = (tx: Omit<ProviderTransaction, 'id'> & { key: string }): ProviderTransaction => {
        const { key, ...rest } = tx;
        return { ...rest, id: `${tx.status === 'booked' ? 'bkd' : 'pnd'}-${idPrefix}-${key}` };
      };
      return { ok: true, data: { booked: statement.booked.map(withId), pending: statement.pending.map(withId) } };
    },

    async balance(account, presence) {
      const resolved = await resolve(account);
      if ('reason' in resolved) return { ok: false, reason: resolved.reason };
      const retryAt = await countRead('balances', account, presence);
      if (retryAt) return { ok: false, reason: 'rate_limited', retryAt };
      const { row, index } = resolved;
      const bank = bankById(row.bank)!;
      const random = randomStream(`balance|${accountSeed(row.customer, bank.id, index)}|${irishToday(clock.now())}`);
      return { ok: true, data: { amount: decimal(50_000 + Math.floor(random() * 450_000)), currency: bank.accounts[index]!.currency } };
    },

    async revoke(consent) {
      await db.update(sandboxBankConsents).set({ status: 'revoked' }).where(eq(sandboxBankConsents.reference, consent.reference));
    },
  };

  // ─── The consent page ─────────────────────────────────────────────────────────────────────

  const returnTo = (row: Row, query: Record<string, string>) =>
    `${SANDBOX_RETURN_PATH}?${new URLSearchParams({ consent: row.consentId, ref: row.reference, ...query }).toString()}`;

  const notFound = (): SandboxPageAnswer => ({
    kind: 'page',
    status: 404,
    html: page('Consent request not found', '<p>This consent request does not exist. Start again from MaxOut.</p>' + backLink()),
  });

  return {
    provider,

    /** GET …/consents/:ref (?bank=…): choose a bank, then the accounts, the validity, Approve or Cancel. */
    async consentPage(reference: string, bankId: string | undefined): Promise<SandboxPageAnswer> {
      const row = await find(reference);
      if (!row) return notFound();
      if (row.status !== 'awaiting') return { kind: 'page', status: 410, html: page('Already answered', '<p>You have already answered this consent request.</p>' + backLink()) };
      if (row.requestExpiresAt.getTime() <= clock.now().getTime()) {
        return { kind: 'page', status: 410, html: page('Request expired', '<p>This consent request has expired. Start again from MaxOut.</p>' + cancelForm(reference, 'Back to MaxOut')) };
      }
      const bank = bankById(bankId);
      if (!bank) {
        const links = SANDBOX_BANKS.map((b) => `<li><a href="?bank=${b.id}">${escapeHtml(b.name)}</a></li>`).join('');
        return { kind: 'page', status: 200, html: page('Choose your bank', `${intro()}<h2>Choose your bank</h2><ul class="banks">${links}</ul>${cancelForm(reference, 'Cancel')}`) };
      }
      const accounts = bank.accounts
        .map((definition, index) => {
          const account = accountOf({ ...row, bank: bank.id }, index)!;
          return `<li><label><input type="checkbox" name="account" value="${index}" checked> ${escapeHtml(definition.name)} (${definition.currency}) <span class="iban">${escapeHtml(account.iban.slice(0, 4))} •••• ${escapeHtml(account.iban.slice(-4))}</span></label></li>`;
        })
        .join('');
      const validities = (Object.keys(SANDBOX_VALIDITIES) as SandboxValidity[])
        .map((key, i) => `<li><label><input type="radio" name="validity" value="${key}"${i === 0 ? ' checked' : ''}> ${SANDBOX_VALIDITIES[key].label}</label></li>`)
        .join('');
      const form =
        `<form method="post" action="${SANDBOX_CONSENT_PATH}${reference}">` +
        `<input type="hidden" name="bank" value="${bank.id}">` +
        `<fieldset><legend>Accounts to share with MaxOut</legend><ul>${accounts}</ul></fieldset>` +
        `<fieldset><legend>For how long</legend><ul>${validities}</ul></fieldset>` +
        `<p class="actions"><button type="submit" name="decision" value="approve">Approve</button> <button type="submit" name="decision" value="cancel" class="secondary">Cancel</button></p>` +
        `</form>`;
      return { kind: 'page', status: 200, html: page(`${bank.name}: share your accounts`, `${intro()}<h2>${escapeHtml(bank.name)}</h2>${form}`) };
    },

    /** POST …/consents/:ref: the customer's answer; back to the app with a code, or with the reason nothing was linked. */
    async decide(reference: string, form: { decision?: string | undefined; bank?: string | undefined; accounts: string[]; validity?: string | undefined }): Promise<SandboxPageAnswer> {
      const row = await find(reference);
      if (!row) return notFound();
      if (row.status !== 'awaiting') return { kind: 'page', status: 410, html: page('Already answered', '<p>You have already answered this consent request.</p>' + backLink()) };
      const now = clock.now();
      const settle = async (status: 'cancelled' | 'refused') => {
        await db.update(sandboxBankConsents).set({ status, decidedAt: now }).where(eq(sandboxBankConsents.reference, reference));
        return { kind: 'redirect', location: returnTo(row, { error: status }) } as const;
      };
      if (row.requestExpiresAt.getTime() <= now.getTime()) return { kind: 'redirect', location: returnTo(row, { error: 'expired' }) };
      if (form.decision === 'cancel') return settle('cancelled');
      if (form.decision !== 'approve') {
        return { kind: 'page', status: 422, html: page('Choose Approve or Cancel', '<p>Please use the Approve or Cancel button.</p>' + backLink()) };
      }
      const bank = bankById(form.bank);
      const indexes = [...new Set(form.accounts.filter((text) => /^\d{1,2}$/.test(text)).map(Number))].filter((index) => Number.isInteger(index) && bank?.accounts[index] !== undefined).sort();
      // Approving without an account to share: the bank refuses the consent.
      if (!bank || indexes.length === 0) return settle('refused');
      const validity = SANDBOX_VALIDITIES[(form.validity ?? '180d') as SandboxValidity] ?? SANDBOX_VALIDITIES['180d'];
      const code = randomToken(24);
      await db
        .update(sandboxBankConsents)
        .set({ status: 'approved', bank: bank.id, accounts: indexes, codeHash: sha256Hex(code), decidedAt: now, expiresAt: new Date(now.getTime() + validity.ms) })
        .where(eq(sandboxBankConsents.reference, reference));
      return { kind: 'redirect', location: returnTo(row, { code }) };
    },
  };
}

export type SandboxBank = ReturnType<typeof createSandboxBank>;

// ─── HTML ───────────────────────────────────────────────────────────────────────────────────

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const intro = () =>
  '<p>MaxOut asks to read the details, balances and transactions of the accounts you choose, to round up your card purchases. ' +
  'This is a <strong>sandbox bank</strong>: no real bank is involved and no money moves.</p>';

const backLink = () => `<p><a href="${SANDBOX_RETURN_PATH}">Back to MaxOut</a></p>`;

const cancelForm = (reference: string, label: string) =>
  `<form method="post" action="${SANDBOX_CONSENT_PATH}${reference}"><button type="submit" name="decision" value="cancel" class="secondary">${escapeHtml(label)}</button></form>`;

/** A complete page: no script, styles inline (the CSP allows inline styles, never inline script). */
function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} · Sandbox bank</title>` +
    '<style>body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f9;color:#1a1b1e}main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002}' +
    'h1{font-size:1.4rem}ul{list-style:none;padding:0}li{margin:.5rem 0}fieldset{border:1px solid #ccd;border-radius:6px;margin:1rem 0}' +
    'button{font:inherit;padding:.5rem 1.2rem;border-radius:6px;border:0;background:#1c5fd4;color:#fff;cursor:pointer}button.secondary{background:#e4e7ee;color:#1a1b1e}' +
    'a{color:#1c5fd4}.iban{color:#555;font-variant-numeric:tabular-nums}.banks a{font-size:1.1rem}</style></head>' +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
