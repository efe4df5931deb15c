/**
 * Going through the sandbox bank's consent page over HTTP, as a browser without script would:
 * POST /accounts/link, GET the page (choose the bank), POST the form, follow the 303 back to
 * /linked-bank-accounts and hand its query to POST /accounts/link/complete.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { type TestApp, queryRows } from './testDatabase.ts';

export interface ConsentChoice {
  bank?: string;
  /** Account indexes to tick (default: every one the page lists). */
  accounts?: number[];
  validity?: '180d' | '6d' | '2m';
  decision?: 'approve' | 'cancel';
  /** The consent to renew. */
  renew?: string;
}

/** POSTs a form to the sandbox page and returns the raw answer (a 303 on a decision). */
export async function submitConsentForm(t: Pick<TestApp, 'app'>, url: string, fields: [string, string][]) {
  return t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The query the bank sent the browser back with (`consent=…&ref=…&code=…` or `…&error=…`), after the customer's choice. */
export async function answerAtBank(t: Pick<TestApp, 'app'>, url: string, choice: ConsentChoice = {}): Promise<string> {
  const bank = choice.bank ?? 'sandbox-bank';
  const page = await t.app.request(`${url}?bank=${bank}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const listed = [...html.matchAll(/name="account" value="(\d+)"/g)].map((match) => Number(match[1]));
  const fields: [string, string][] = [
    ['bank', bank],
    ['validity', choice.validity ?? '180d'],
    ...(choice.accounts ?? listed).map((index): [string, string] => ['account', String(index)]),
    ['decision', choice.decision ?? 'approve'],
  ];
  const decided = await submitConsentForm(t, url, fields);
  expect(decided.status).toBe(303);
  const location = decided.headers.get('location') ?? '';
  expect(location.startsWith('/linked-bank-accounts?')).toBe(true);
  return location.slice(location.indexOf('?'));
}

/** Links sandbox accounts end to end; answers POST /accounts/link/complete's status and body. */
export async function linkSandbox(t: TestApp, auth: Record<string, string>, choice: ConsentChoice = {}) {
  const started = await t.request('POST', '/accounts/link', choice.renew ? { renew: choice.renew } : {}, auth);
  expect(started.status).toBe(201);
  const callback = await answerAtBank(t, started.body.url as string, choice);
  const completed = await t.request('POST', '/accounts/link/complete', { consent_id: started.body.consent_id, callback }, auth);
  return { consentId: started.body.consent_id as string, url: started.body.url as string, callback, ...completed };
}

/** A new session of a registered user and its bearer header: for tests that move the clock past the access token's 15 minutes. */
export async function authFor(t: TestApp, email: string): Promise<Record<string, string>> {
  const user = await t.services.users.findByEmail(email);
  const session = await t.services.sessions.create(user!.id, false);
  return { authorization: `Bearer ${await t.services.accessTokens.sign({ userId: user!.id, familyId: session!.familyId })}` };
}

/**
 * The sandbox payment provider declines any amount ending in .13, and the sandbox bank's data
 * differs per (random) user id: so that a test about something else is never declined by
 * chance, the newest pending round-up is moved by a cent when the batch would end in .13 (with a
 * weekly cap, the part of the oldest round-ups within it).
 */
export async function avoidSandboxDecline(database: Database, capCents: number | null = null) {
  const rows = await queryRows<{ id: string; cents: number }>(
    database,
    sql`select t.id, t.roundup_cents as cents from bank_transactions t join bank_accounts a on a.id = t.account_id
        where t.batch_id is null and t.declined_at is null and t.withdrawn_at is null and t.roundup_cents > 0 and a.roundups
        order by t.booking_date, t.occurred_at, t.id`,
  );
  let total = 0;
  let last: { id: string; cents: number } | undefined;
  for (const row of rows) {
    if (capCents !== null && total + row.cents > capCents) break;
    total += row.cents;
    last = row;
  }
  if (last && total % 100 === 13) await database.db.execute(sql`update bank_transactions set roundup_cents = ${last.cents === 1 ? 2 : last.cents - 1} where id = ${last.id}`);
}

