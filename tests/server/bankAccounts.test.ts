/**
 * Linked bank accounts over HTTP (both databases): the sandbox bank's consent page and the
 * link/complete calls, what GET /accounts shows (masked IBAN, round-ups with reasons, the pending
 * balance), reads that add nothing when repeated (resync, pending → booked, a new consent), the
 * links' lifecycle (expiring mail once, renewal keeping ids, settings and history, expiry,
 * revocation), the 4 unattended reads a day and the bank's retry time, and closing the account.
 */
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CONSENT_PATH } from '../../src/domain/roundups.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { AccountsAnswerSchema, LinkCompleteAnswerSchema, type Account } from '../../src/domain/schemas/roundups.ts';
import { VALIDATION_MESSAGE } from '../../src/server/http/errors.ts';
import type { BankProvider } from '../../src/server/services/bankProvider.ts';
import { createServices } from '../../src/server/services/index.ts';
import { answerAtBank, authFor, linkSandbox, submitConsentForm } from '../support/sandboxBank.ts';
import { type TestApp, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

type Booked = Extract<Awaited<ReturnType<BankProvider['transactions']>>, { ok: true }>['data']['booked'];

/** The sandbox bank, with each read's booked transactions changed by `edit` (larger reads than the sandbox makes). */
function withBooked(inner: BankProvider, edit: (booked: Booked) => Booked): BankProvider {
  return {
    name: inner.name,
    consentOrigins: inner.consentOrigins,
    startConsent: (request) => inner.startConsent(request),
    completeConsent: (consent, query) => inner.completeConsent(consent, query),
    balance: (account, presence) => inner.balance(account, presence),
    revoke: (consent) => inner.revoke(consent),
    transactions: async (account, from, to, presence) => {
      const read = await inner.transactions(account, from, to, presence);
      return read.ok ? { ok: true, data: { ...read.data, booked: edit(read.data.booked) } } : read;
    },
  };
}

const DETAILS = { dob: '1990-05-01', maritalStatus: 'single' } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function signedIn(t: TestApp, email = 'ann@example.ie', verified = true) {
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  if (verified) await t.database.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
  return { authorization: `Bearer ${res.body.access_token as string}` };
}

const accountsOf = async (t: TestApp, auth: Record<string, string>) => {
  const res = await t.request('GET', '/accounts', undefined, auth);
  expect(res.status).toBe(200);
  return v.parse(AccountsAnswerSchema, res.body);
};

/** Every transaction row of the database, for "nothing was added" checks. */
const rowCounts = (t: TestApp) =>
  queryRows<{ booked: number; pending: number; withdrawn: number }>(
    t.database,
    sql`select count(*) filter (where status = 'booked')::int as booked, count(*) filter (where status = 'pending')::int as pending, count(withdrawn_at)::int as withdrawn from bank_transactions`,
  ).then((rows) => rows[0]!);

const pendingCents = (account: Account) => account.transactions.filter((tx) => tx.roundupApplied === null).reduce((sum, tx) => sum + tx.roundup, 0);

describe(`linking through the sandbox bank (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('links three accounts: masked IBANs, round-ups on for euro, the first euro account collects, transactions with round-ups or reasons', async () => {
    const auth = await signedIn(t);
    const started = await t.request('POST', '/accounts/link', {}, auth);
    expect(started.status).toBe(201);
    expect(started.body.url).toMatch(new RegExp(`^${SANDBOX_CONSENT_PATH}[A-Za-z0-9_-]+$`));

    // The page: a bank to choose, then the accounts, the validity, Approve and Cancel; no script.
    const choose = await t.app.request(started.body.url);
    expect(choose.status).toBe(200);
    const chooseHtml = await choose.text();
    expect(chooseHtml).toContain('Choose your bank');
    expect(chooseHtml).toContain('href="?bank=sandbox-bank"');
    expect(chooseHtml).not.toMatch(/<script/i);
    expect(choose.headers.get('content-security-policy')).toContain("script-src 'self'");
    const form = await (await t.app.request(`${started.body.url}?bank=sandbox-bank`)).text();
    for (const text of ['Current account (EUR)', 'Savings account (EUR)', 'Sterling account (GBP)', '180 days', '6 days', '2 minutes', '>Approve<', '>Cancel<']) expect(form).toContain(text);

    const callback = await answerAtBank(t, started.body.url);
    expect(callback).toMatch(/^\?consent=[0-9a-f-]+&ref=[A-Za-z0-9_-]+&code=[A-Za-z0-9_-]+$/);
    const completed = await t.request('POST', '/accounts/link/complete', { consent_id: started.body.consent_id, callback }, auth);
    expect(completed.status).toBe(200);
    const answer = v.parse(LinkCompleteAnswerSchema, completed.body);
    expect(answer.consent).toEqual({ id: started.body.consent_id, status: 'active', expires_at: new Date(t.clock.now().getTime() + 180 * DAY).toISOString() });
    expect(answer.accounts.map((a) => [a.name, a.currency, a.roundups, a.funding])).toEqual([
      ['Current account', 'EUR', true, true],
      ['Savings account', 'EUR', true, false],
      ['Sterling account', 'GBP', false, false],
    ]);
    for (const account of answer.accounts) {
      expect(account.display_name).toBe('Sandbox Bank');
      expect(account.account_number.iban).toMatch(/^IE\d{2} •••• \d{4}$/);
      expect(account.roundups_from).toBe('2026-01-08');
      expect(account.last_synced_at).toBe(t.clock.now().toISOString());
      expect(account.next_sync_at).toBe(new Date(t.clock.now().getTime() + 6 * HOUR).toISOString());
      expect(account.balance).toBe(pendingCents(account) / 100);
    }
    const current = answer.accounts[0]!;
    // 90 days of history: purchases that round up, and every other transaction says why not.
    const rounded = current.transactions.filter((tx) => tx.roundup > 0);
    expect(rounded.length).toBeGreaterThan(4);
    for (const tx of current.transactions) {
      expect(tx.roundup === 0).toBe(tx.roundup_reason !== null);
      if (tx.roundup > 0) expect(Math.round(-tx.amount * 100) + tx.roundup).toSatisfy((cents: number) => cents % 100 === 0);
    }
    const reasons = new Set(current.transactions.map((tx) => tx.roundup_reason));
    for (const reason of ['before_start', 'transfer', 'pending', 'whole_euro']) expect(reasons).toContain(reason);
    expect(answer.accounts[2]!.transactions.every((tx) => tx.roundup_reason === 'not_eur' || tx.roundup_reason === 'pending')).toBe(true);
    // Round-ups only from the start (link date − 7 days).
    expect(rounded.every((tx) => (tx.booking_date ?? '') >= '2026-01-08')).toBe(true);
    expect(await accountsOf(t, auth)).toEqual(answer.accounts);

    // At rest: the IBAN encrypted, a keyed hash, the mask.
    const [row] = await queryRows<{ iban_encrypted: string; iban_hash: string; iban_masked: string }>(t.database, sql`select iban_encrypted, iban_hash, iban_masked from bank_accounts order by linked_at, id limit 1`);
    expect(row!.iban_encrypted).toMatch(/^v2\.k1\./);
    expect(row!.iban_hash).toMatch(/^k1\.[0-9a-f]{40}$/);
    expect(row!.iban_masked).toBe(current.account_number.iban);
  });

  it('completing again answers the same link and adds nothing', async () => {
    const auth = await signedIn(t);
    const first = await linkSandbox(t, auth);
    const before = await rowCounts(t);
    const again = await t.request('POST', '/accounts/link/complete', { consent_id: first.consentId, callback: first.callback }, auth);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('cancel, a refusal (nothing ticked) and an expired request say so and link nothing', async () => {
    const auth = await signedIn(t);
    const cancelled = await linkSandbox(t, auth, { decision: 'cancel' });
    expect(cancelled.callback).toContain('error=cancelled');
    expect(cancelled.body).toEqual({ consent: { id: cancelled.consentId, status: 'cancelled', expires_at: null }, accounts: [] });

    const refused = await linkSandbox(t, auth, { accounts: [] });
    expect(refused.body.consent.status).toBe('refused');

    const started = await t.request('POST', '/accounts/link', {}, auth);
    t.clock.advance(16 * 60_000);
    const later = await authFor(t, 'ann@example.ie');
    expect((await t.app.request(started.body.url)).status).toBe(410);
    const late = await submitConsentForm(t, started.body.url, [['bank', 'sandbox-bank'], ['account', '0'], ['decision', 'approve']]);
    expect(late.status).toBe(303);
    const callback = late.headers.get('location')!.replace(/^[^?]*/, '');
    expect(callback).toContain('error=expired');
    const expired = await t.request('POST', '/accounts/link/complete', { consent_id: started.body.consent_id, callback }, later);
    expect(expired.body).toEqual({ consent: { id: started.body.consent_id, status: 'expired', expires_at: null }, accounts: [] });
    expect(await accountsOf(t, later)).toEqual([]);
  });

  it('a return that does not belong to the link is refused; another user’s link is not found; unverified addresses cannot link', async () => {
    const auth = await signedIn(t);
    const started = await t.request('POST', '/accounts/link', {}, auth);
    const callback = await answerAtBank(t, started.body.url);
    const forged = await t.request('POST', '/accounts/link/complete', { consent_id: started.body.consent_id, callback: callback.replace(/code=[^&]+/, 'code=guess') }, auth);
    expect(forged).toMatchObject({ status: 422, body: { message: VALIDATION_MESSAGE, errors: { callback: [m.BANK_CALLBACK_INVALID] } } });
    const other = await signedIn(t, 'bob@example.ie');
    const stolen = await t.request('POST', '/accounts/link/complete', { consent_id: started.body.consent_id, callback }, other);
    expect(stolen).toMatchObject({ status: 404, body: { message: m.CONSENT_UNKNOWN } });
    // The owner's own return still works afterwards.
    expect((await t.request('POST', '/accounts/link/complete', { consent_id: started.body.consent_id, callback }, auth)).body.consent.status).toBe('active');

    const unverified = await signedIn(t, 'carol@example.ie', false);
    expect(await t.request('POST', '/accounts/link', {}, unverified)).toMatchObject({ status: 403, body: { code: 'email_unverified' } });
    expect(await t.request('POST', '/accounts/link/complete', { consent_id: started.body.consent_id, callback }, unverified)).toMatchObject({ status: 403 });
    expect((await t.request('POST', '/accounts/link', { renew: 'not-a-uuid' }, auth)).body.errors).toEqual({ renew: [m.CONSENT_UNKNOWN] });
    expect((await t.request('POST', '/accounts/link', { extra: 1 }, auth)).body.errors).toEqual({ extra: [m.UNKNOWN_FIELD] });
  });
});

describe(`reading the accounts again adds nothing (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('a resync adds nothing; pending purchases are booked once; a new consent finds the same accounts and adds nothing', async () => {
    const auth = await signedIn(t);
    const first = await linkSandbox(t, auth);
    const [current] = first.body.accounts as Account[];
    const counts = await rowCounts(t);
    expect(counts.pending).toBeGreaterThan(0);
    const roundupsBefore = pendingCents(current!);

    // 1. Read again at once: the same rows.
    const [own] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from bank_transactions where status = 'pending' and account_id = ${current!.id}`);
    expect(own!.n).toBeGreaterThan(0);
    expect(await t.services.bankAccounts.sync(current!.id, 'attended')).toEqual({ kind: 'synced', added: 0, withdrawn: 0, pending: own!.n });
    expect(await rowCounts(t)).toEqual(counts);

    // 2. Two days later the pending purchases are booked (under other provider ids): each exactly once, and none is pending twice.
    const pendingBefore = await queryRows<{ occurred_at: Date; amount_cents: string; description: string }>(
      t.database,
      sql`select occurred_at, amount_cents, description from bank_transactions where status = 'pending' and account_id = ${current!.id}`,
    );
    t.clock.advance(2 * DAY + 2 * HOUR);
    const later = await authFor(t, 'ann@example.ie');
    const read = await t.services.bankAccounts.sync(current!.id, 'attended');
    expect(read.kind).toBe('synced');
    for (const tx of pendingBefore) {
      const [match] = await queryRows<{ booked: number; pending: number }>(
        t.database,
        sql`select count(*) filter (where status = 'booked')::int as booked, count(*) filter (where status = 'pending')::int as pending
            from bank_transactions where account_id = ${current!.id} and occurred_at = ${tx.occurred_at} and amount_cents = ${tx.amount_cents} and description = ${tx.description}`,
      );
      expect(match).toEqual({ booked: 1, pending: 0 });
    }
    // (The other accounts read at this time too, so that only the new consent differs below.)
    for (const other of (first.body.accounts as Account[]).slice(1)) await t.services.bankAccounts.sync(other.id, 'attended');
    const afterDay = await rowCounts(t);
    const [account] = (await accountsOf(t, later)).filter((a) => a.id === current!.id);
    expect(pendingCents(account!)).toBeGreaterThanOrEqual(roundupsBefore);

    // 3. Linking the same bank again (a new consent: new account and transaction ids at the bank) adds nothing.
    const again = await linkSandbox(t, later);
    expect((again.body.accounts as Account[]).map((a) => a.id)).toEqual((first.body.accounts as Account[]).map((a) => a.id));
    expect(await rowCounts(t)).toEqual(afterDay);
    const consents = await queryRows<{ id: string; status: string }>(t.database, sql`select id, status from bank_consents order by created_at`);
    expect(consents).toEqual([
      { id: first.consentId, status: 'replaced' },
      { id: again.consentId, status: 'active' },
    ]);
    // The replaced link is revoked at the bank too.
    expect(await t.services.bankProvider.transactions({ consentReference: first.url.split('/').pop()!, providerAccountId: 'x' }, '2026-01-01', '2026-01-16', 'attended')).toEqual({ ok: false, reason: 'revoked' });
  });

  it('a booked transaction the bank no longer lists, and nothing paid, is withdrawn; listed again, it is back', async () => {
    let dropped: string | null = null;
    // The same sandbox bank, dropping one booked row from its reads when asked to.
    const dropping = withBooked(t.services.bankProvider, (booked) => booked.filter((tx) => `${tx.description}|${tx.amount}|${tx.bookingDate}` !== dropped));
    const withDropping = createServices({ ...t.deps, database: t.database, bankProvider: dropping });
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth);
    const current = (linked.body.accounts as Account[])[0]!;
    // A purchase with no twin that day: the provider's filter below drops every row alike, and two identical coffees would both go.
    const keyOf = (tx: { description: string; amount: number; booking_date?: string | null }) => `${tx.description}|${tx.amount.toFixed(2)}|${tx.booking_date}`;
    const victim = current.transactions.find(
      (tx) => tx.status === 'booked' && tx.roundup > 0 && (tx.booking_date ?? '') >= '2026-01-10' && current.transactions.filter((other) => keyOf(other) === keyOf(tx)).length === 1,
    )!;
    dropped = keyOf(victim);
    expect((await withDropping.bankAccounts.sync(current.id, 'attended')).kind).toBe('synced');
    const shown = (await accountsOf(t, auth))[0]!;
    expect(shown.transactions.find((tx) => tx.id === victim.id)).toBeUndefined();
    expect(pendingCents(shown)).toBe(pendingCents(current) - victim.roundup);
    dropped = null;
    expect(await withDropping.bankAccounts.sync(current.id, 'attended')).toMatchObject({ kind: 'synced', added: 0 });
    expect((await accountsOf(t, auth))[0]!.transactions.find((tx) => tx.id === victim.id)).toEqual(victim);
  });

  it('a read larger than one written piece: identical coffees across the pieces count on, a resync adds none, one no longer listed is withdrawn, listed again it is back', async () => {
    // 5,001 identical coffees on one day (more than the rows written at a time), the first `coffees` of them listed.
    let coffees = 5_001;
    const padded = withBooked(t.services.bankProvider, (booked) => {
      const coffee = { status: 'booked' as const, amount: '-3.40', currency: 'EUR', description: 'INSOMNIA COFFEE', code: 'PMNT-CCRD-POSD', bookingDate: '2026-01-12', occurredAt: '2026-01-11T09:00:00.000Z' };
      return [...Array.from({ length: coffees }, (_, i) => ({ ...coffee, id: `coffee-${i}` })), ...booked];
    });
    const withCoffees = createServices({ ...t.deps, database: t.database, bankProvider: padded });
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth);
    const current = (linked.body.accounts as Account[])[0]!;
    const coffeeRows = () =>
      queryRows<{ listed: number; withdrawn: number }>(
        t.database,
        sql`select count(*) filter (where withdrawn_at is null)::int as listed, count(withdrawn_at)::int as withdrawn
            from bank_transactions where account_id = ${current.id} and description = 'INSOMNIA COFFEE'`,
      ).then((rows) => rows[0]!);

    const first = await withCoffees.bankAccounts.sync(current.id, 'attended');
    expect(first).toMatchObject({ kind: 'synced', added: 5_001, withdrawn: 0 });
    expect(await coffeeRows()).toEqual({ listed: 5_001, withdrawn: 0 });
    const counts = await rowCounts(t);
    expect(await withCoffees.bankAccounts.sync(current.id, 'attended')).toMatchObject({ kind: 'synced', added: 0, withdrawn: 0 });
    expect(await rowCounts(t)).toEqual(counts);

    coffees = 5_000;
    expect(await withCoffees.bankAccounts.sync(current.id, 'attended')).toMatchObject({ kind: 'synced', added: 0, withdrawn: 1 });
    const [gone] = await queryRows<{ fingerprint: string }>(t.database, sql`select fingerprint from bank_transactions where account_id = ${current.id} and withdrawn_at is not null`);
    expect(gone).toEqual({ fingerprint: '2026-01-12|-340|EUR|INSOMNIA COFFEE|5001' });
    coffees = 5_001;
    expect(await withCoffees.bankAccounts.sync(current.id, 'attended')).toMatchObject({ kind: 'synced', added: 0, withdrawn: 0 });
    expect(await coffeeRows()).toEqual({ listed: 5_001, withdrawn: 0 });
    expect(await rowCounts(t)).toEqual(counts);
  });

  it('a read written in several pieces of whole days: each piece withdraws only the dropped rows of its own days, a day the bank no longer lists at all included', async () => {
    // 2,500 coffees on each of two days: the read is written in three pieces (of a resync from 8 January: to 9 January, to 12 January, and the rest).
    let drop: (tx: { bookingDate: string; id: string }) => boolean = () => false;
    const padded = withBooked(t.services.bankProvider, (booked) => {
      const coffees = (day: string) =>
        Array.from({ length: 2_500 }, (_, i) => ({ id: `coffee-${day}-${i}`, status: 'booked' as const, amount: '-3.40', currency: 'EUR', description: 'INSOMNIA COFFEE', code: 'PMNT-CCRD-POSD', bookingDate: day, occurredAt: `${day}T09:00:00.000Z` }));
      return [...booked, ...coffees('2026-01-09'), ...coffees('2026-01-12')].filter((tx) => !drop(tx));
    });
    const withCoffees = createServices({ ...t.deps, database: t.database, bankProvider: padded });
    const auth = await signedIn(t);
    const current = ((await linkSandbox(t, auth)).body.accounts as Account[])[0]!;
    expect(await withCoffees.bankAccounts.sync(current.id, 'attended')).toMatchObject({ kind: 'synced', added: 5_000, withdrawn: 0 });
    const counts = await rowCounts(t);
    // GET /accounts lists every row, read a page at a time: newest first, none twice, none left out, the balance their pending sum.
    const listed = (await accountsOf(t, auth))[0]!;
    const stored = await queryRows<{ id: string }>(
      t.database,
      sql`select id from bank_transactions where account_id = ${current.id} and withdrawn_at is null order by booking_date desc, occurred_at desc, id desc`,
    );
    expect(stored.length).toBeGreaterThan(5_000);
    expect(listed.transactions.map((tx) => tx.id)).toEqual(stored.map((row) => row.id));
    expect(Math.round(listed.balance * 100)).toBe(pendingCents(listed));
    const [{ n: onEleventh } = { n: 0 }] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from bank_transactions where account_id = ${current.id} and status = 'booked' and booking_date = '2026-01-11'`,
    );
    expect(onEleventh).toBeGreaterThan(0);

    // Gone from the bank: every row of 11 January (a day inside the second piece) and the last coffee of 9 January (the first piece).
    drop = (tx) => tx.bookingDate === '2026-01-11' || tx.id === 'coffee-2026-01-09-2499';
    expect(await withCoffees.bankAccounts.sync(current.id, 'attended')).toMatchObject({ kind: 'synced', added: 0, withdrawn: onEleventh + 1 });
    const gone = await queryRows<{ day: string; n: number }>(
      t.database,
      sql`select booking_date::text as day, count(*)::int as n from bank_transactions where account_id = ${current.id} and withdrawn_at is not null group by 1 order by 1`,
    );
    expect(gone).toEqual([
      { day: '2026-01-09', n: 1 },
      { day: '2026-01-11', n: onEleventh },
    ]);
    // Listed again: back, nothing added, nothing else touched.
    drop = () => false;
    expect(await withCoffees.bankAccounts.sync(current.id, 'attended')).toMatchObject({ kind: 'synced', added: 0, withdrawn: 0 });
    expect(await rowCounts(t)).toEqual(counts);
  });
});

describe(`the links' lifecycle (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('a 6-day link is expiring at once, mailed once; renewing keeps the accounts’ ids, settings and history; the old link is replaced', async () => {
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth, { validity: '6d' });
    const [current, savings] = linked.body.accounts as Account[];
    expect(linked.body.consent.status).toBe('expiring');
    // Settings the user changed, and history.
    expect((await t.request('PATCH', `/accounts/${savings!.id}`, { roundups: false, funding: true }, auth)).status).toBe(200);
    const historyBefore = (await accountsOf(t, auth))[0]!.transactions.filter((tx) => tx.status === 'booked');

    await t.services.bankAccounts.lifecycle();
    await t.services.bankAccounts.lifecycle();
    await t.services.mailer.flush();
    const mails = t.mail.messages.filter((mail) => mail.subject.includes('link with MaxOut ends'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Sandbox Bank link with MaxOut ends on 21.01.2026');
    expect(mails[0]!.body).toContain('/linked-bank-accounts');

    t.clock.advance(2 * DAY);
    const later = await authFor(t, 'ann@example.ie');
    const renewed = await linkSandbox(t, later, { renew: linked.consentId });
    expect(renewed.status).toBe(200);
    expect(renewed.body.consent.status).toBe('active');
    const after = await accountsOf(t, later);
    expect(after.map((a) => a.id)).toEqual([current!.id, savings!.id, (linked.body.accounts as Account[])[2]!.id]);
    expect(after[1]).toMatchObject({ roundups: false, funding: true });
    expect(after[0]).toMatchObject({ roundups: true, funding: false, roundups_from: current!.roundups_from });
    const historyAfter = after[0]!.transactions.filter((tx) => tx.status === 'booked');
    for (const tx of historyBefore) expect(historyAfter).toContainEqual(tx);
    const [old] = await queryRows<{ status: string }>(t.database, sql`select status from bank_consents where id = ${linked.consentId}`);
    expect(old!.status).toBe('replaced');
    expect((await t.request('POST', '/accounts/link', { renew: renewed.consentId }, await signedIn(t, 'bob@example.ie'))).body.errors).toEqual({ renew: [m.CONSENT_UNKNOWN] });
  });

  it('a 2-minute link expires: reads stop, no next read, the status says expired', async () => {
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth, { validity: '2m' });
    const current = (linked.body.accounts as Account[])[0]!;
    t.clock.advance(3 * 60_000);
    expect((await accountsOf(t, auth))[0]).toMatchObject({ consent: { status: 'expired' }, next_sync_at: null });
    expect(await t.services.bankAccounts.sync(current.id, 'attended')).toEqual({ kind: 'ended' });
    expect(await t.services.bankAccounts.lifecycle()).toMatchObject({ expired: 1 });
    t.clock.advance(7 * HOUR);
    expect(await t.services.bankAccounts.syncDue()).toEqual({ synced: 0, deferred: 0, ended: 0, failed: 0 });
  });

  it('revoking ends the link at the bank and here; the accounts and their history stay; others’ links are not found', async () => {
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth);
    const current = (linked.body.accounts as Account[])[0]!;
    expect(await t.request('POST', `/accounts/consents/${linked.consentId}/revoke`, undefined, await signedIn(t, 'bob@example.ie'))).toMatchObject({ status: 404 });
    expect(await t.request('POST', '/accounts/consents/nope/revoke', undefined, auth)).toMatchObject({ status: 422, body: { errors: { id: [m.CONSENT_UNKNOWN] } } });
    const revoked = await t.request('POST', `/accounts/consents/${linked.consentId}/revoke`, undefined, auth);
    expect(revoked.body).toEqual({ consent: { id: linked.consentId, status: 'revoked', expires_at: linked.body.consent.expires_at } });
    expect((await t.request('POST', `/accounts/consents/${linked.consentId}/revoke`, undefined, auth)).body).toEqual(revoked.body);
    const shown = (await accountsOf(t, auth))[0]!;
    expect(shown).toMatchObject({ id: current.id, consent: { status: 'revoked' }, next_sync_at: null });
    expect(shown.transactions).toEqual(current.transactions);
    expect(await t.services.bankAccounts.sync(current.id, 'attended')).toEqual({ kind: 'ended' });
  });
});

describe(`unattended reads (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { sandboxBankOptions: { readsPerDay: 2 } } });

  it('the bank answers 429 past its daily reads; the retry time is honoured; our own limit is 4 a day and a read every 6 hours', async () => {
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth, { accounts: [0] });
    const current = (linked.body.accounts as Account[])[0]!;
    // Nothing is due before 6 hours.
    expect(await t.services.bankAccounts.syncDue()).toEqual({ synced: 0, deferred: 0, ended: 0, failed: 0 });
    t.clock.set('2026-01-15T16:00:00Z');
    expect(await t.services.bankAccounts.syncDue()).toMatchObject({ synced: 1 });
    t.clock.set('2026-01-15T22:00:00Z');
    expect(await t.services.bankAccounts.syncDue()).toMatchObject({ synced: 1 });
    // This bank allows 2 unattended reads a day: the third is a 429 with the start of the next day.
    t.clock.set('2026-01-15T23:30:00Z');
    await t.database.db.execute(sql`update bank_accounts set next_sync_at = null`);
    expect(await t.services.bankAccounts.syncDue()).toMatchObject({ deferred: 1 });
    expect((await accountsOf(t, await authFor(t, 'ann@example.ie')))[0]!.next_sync_at).toBe('2026-01-16T00:00:00.000Z');
    expect(await t.services.bankAccounts.syncDue()).toEqual({ synced: 0, deferred: 0, ended: 0, failed: 0 });
    t.clock.set('2026-01-16T00:00:01Z');
    expect(await t.services.bankAccounts.syncDue()).toMatchObject({ synced: 1 });
    expect((await accountsOf(t, await authFor(t, 'ann@example.ie')))[0]!.last_synced_at).toBe('2026-01-16T00:00:01.000Z');
    // A read with the user present is not counted by the bank.
    expect((await t.services.bankAccounts.sync(current.id, 'attended')).kind).toBe('synced');
    expect((await t.services.bankAccounts.sync(current.id, 'attended')).kind).toBe('synced');
    // Our own limit: at most 4 unattended reads per account and day, whatever the bank allows.
    for (let i = 0; i < 3; i++) await t.services.rateLimiter.hit({ name: 'bank-sync:unattended', limit: 4, windowMs: 86_400_000 }, current.id);
    expect(await t.services.bankAccounts.sync(current.id, 'unattended')).toEqual({ kind: 'deferred', until: new Date('2026-01-17T00:00:00Z') });
  });
});

describe(`PATCH /accounts/{id} (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('round-ups on or off, collect from another euro account; 422 for unknown fields, a GBP account or a malformed id; 404 for others’', async () => {
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth);
    const [current, savings, sterling] = linked.body.accounts as Account[];
    const off = await t.request('PATCH', `/accounts/${current!.id}`, { roundups: false }, auth);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...current, roundups: false });
    const moved = await t.request('PATCH', `/accounts/${savings!.id}`, { funding: true }, auth);
    expect(moved.body.funding).toBe(true);
    expect((await accountsOf(t, auth)).map((a) => a.funding)).toEqual([false, true, false]);
    expect(await t.request('PATCH', `/accounts/${sterling!.id}`, { funding: true }, auth)).toMatchObject({ status: 422, body: { errors: { funding: [m.FUNDING_EUR_ONLY] } } });
    expect(await t.request('PATCH', `/accounts/${current!.id}`, { funding: false }, auth)).toMatchObject({ status: 422, body: { errors: { funding: [m.FUNDING_TRUE_ONLY] } } });
    expect(await t.request('PATCH', `/accounts/${current!.id}`, { iban: 'IE29AIBK93115212345678' }, auth)).toMatchObject({ status: 422, body: { errors: { iban: [m.UNKNOWN_FIELD] } } });
    expect(await t.request('PATCH', `/accounts/${current!.id}`, { roundups: 'yes' }, auth)).toMatchObject({ status: 422, body: { errors: { roundups: [m.BOOLEAN_REQUIRED] } } });
    expect(await t.request('PATCH', '/accounts/1', { roundups: true }, auth)).toMatchObject({ status: 422, body: { errors: { id: [m.ACCOUNT_UNKNOWN] } } });
    const bob = await signedIn(t, 'bob@example.ie');
    expect(await t.request('PATCH', `/accounts/${current!.id}`, { roundups: true }, bob)).toMatchObject({ status: 404, body: { message: m.ACCOUNT_UNKNOWN } });
    expect(await accountsOf(t, bob)).toEqual([]);
    expect(await t.request('GET', '/accounts')).toMatchObject({ status: 401 });
  });
});

describe(`closing the account (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('the export holds the bank rows without secrets; closing revokes the links at the bank and erases every bank row', async () => {
    const auth = await signedIn(t);
    const linked = await linkSandbox(t, auth);
    const exported = await t.request('GET', '/export', undefined, auth);
    expect(exported.body.tables.bank_accounts).toHaveLength(3);
    expect(Object.keys(exported.body.tables.bank_accounts[0])).not.toContain('iban_encrypted');
    expect(Object.keys(exported.body.tables.bank_accounts[0])).not.toContain('iban_hash');
    expect(exported.body.tables.bank_accounts[0].iban_masked).toMatch(/••••/);
    expect(exported.body.tables.bank_transactions.length).toBeGreaterThan(10);
    expect(exported.body.tables.bank_consents).toHaveLength(1);

    const retention = await t.request('GET', '/account/retention', undefined, auth);
    expect(retention.body.erased).toContain('Your bank links (revoked at the bank first)');
    await t.database.db.execute(sql`update users set password_hash = null where email = 'ann@example.ie'`);
    const user = await t.services.users.findByEmail('ann@example.ie');
    await t.services.userData.close(user!);
    for (const table of ['bank_accounts', 'bank_consents', 'bank_transactions', 'roundup_batches', 'roundup_settings']) {
      expect(await queryRows(t.database, sql.raw(`select count(*)::int as n from ${table}`))).toEqual([{ n: 0 }]);
    }
    const [sandbox] = await queryRows<{ status: string }>(t.database, sql`select status from sandbox_bank_consents where consent_id = ${linked.consentId}`);
    expect(sandbox!.status).toBe('revoked');
  });
});
