/**
 * Going through the sandbox bank's consent page over HTTP, as a browser without script would:
 * POST /accounts/link, GET the page (choose the bank), POST the form, follow the 303 back to
 * /linked-bank-accounts and hand its query to POST /accounts/link/complete.
 */
import { expect } from 'vitest';
import type { TestApp } from './testDatabase.ts';

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
