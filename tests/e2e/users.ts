/**
 * Accounts and sign-in for the browser tests.
 *
 *   const user = await createUserWithPassword();          // API: register + set password from the mail
 *   await signIn(page, user, { remember: true });         // UI: /auth/login, lands where the guard sends a new user
 *
 * Every user gets a unique address (the server's rate limits count per address and per e-mail).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseUrl, checkScreen, visit } from './harness.ts';
import { readServerLog, waitForMail } from './serverLog.ts';

export const API = '/api/maxout';

/** A strong password the server's common-password list will not refuse. */
export const PASSWORD = 'Quiet-Harbour-Lantern-47';

export interface TestUser {
  email: string;
  password: string;
}

/** A unique, valid e-mail address; `label` makes the server log readable. */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@maxout.test`;
}

/** POST to the API (with an access token when given): the status and the parsed body. */
export async function postJson(path: string, body: unknown, accessToken?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl()}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed };
}

/** The token of a mailed /reset-password/{token} link. */
export function tokenOf(link: string): string {
  const token = new URL(link).pathname.split('/reset-password/')[1];
  if (!token) throw new Error(`Not a reset link: ${link}`);
  return decodeURIComponent(token);
}

/** Registers through the API only (no password yet); returns the set-password link from the mail. */
export async function registerByApi(email = uniqueEmail(), details: { dob?: string; maritalStatus?: 'single' | 'married' } = {}) {
  const after = readServerLog().length;
  const registered = await postJson('/auth/register', {
    email,
    details: { dob: details.dob ?? '1985-02-01', maritalStatus: details.maritalStatus ?? 'single' },
  });
  if (registered.status !== 201) throw new Error(`register ${email} answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const mail = await waitForMail({ to: email, linkContains: '/reset-password/', after });
  return { email, link: mail.link };
}

/** Sets a password through the API with a mailed link's token. */
export async function setPasswordByApi(link: string, password = PASSWORD) {
  const answer = await postJson('/reset-password', { token: tokenOf(link), password, password_confirmation: password });
  if (answer.status !== 200) throw new Error(`reset-password answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Asks for a reset link through the API; returns the mailed link. */
export async function requestResetByApi(email: string): Promise<string> {
  const after = readServerLog().length;
  const answer = await postJson('/send-password-reminder', { email });
  if (answer.status !== 200) throw new Error(`send-password-reminder answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (await waitForMail({ to: email, linkContains: '/reset-password/', after })).link;
}

/** A registered user with a password, made through the API (register, then the mailed set-password link). */
export async function createUserWithPassword(options: { email?: string; password?: string } = {}): Promise<TestUser> {
  const password = options.password ?? PASSWORD;
  const { email, link } = await registerByApi(options.email ?? uniqueEmail());
  await setPasswordByApi(link, password);
  return { email, password };
}

/**
 * The input labelled `label`: the label's text exactly, allowing Mantine's required-field
 * asterisk after it ("Password *").
 */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/**
 * /direct-debit: a new mandate of €200 a month on day 28 from IE29 •••• 5678, accepted and sent.
 * A new account needs the password again: returns that step's form, shown.
 */
export async function submitNewMandate(page: Page) {
  await visit(page, '/direct-debit');
  await page.getByRole('button', { name: 'Set up a direct debit' }).click();
  await field(page, 'IBAN').fill('IE29 AIBK 9311 5212 3456 78');
  await field(page, 'Monthly amount').fill('200');
  await field(page, 'Day of the month').fill('28');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Set up direct debit' }).click();
  const stepUp = page.getByRole('form', { name: 'Confirm it is you' });
  await stepUp.waitFor();
  return stepUp;
}

/** Changes the user's profile through the API (signs in with a throwaway session, then POST /edit-profile). */
export async function editProfileByApi(user: TestUser, changes: Record<string, unknown>) {
  const login = await postJson('/auth/login', { email: user.email, password: user.password });
  if (login.status !== 200) throw new Error(`login ${user.email} answered ${login.status}: ${JSON.stringify(login.body)}`);
  const accessToken = String(login.body.access_token);
  const edited = await postJson('/edit-profile', changes, accessToken);
  if (edited.status !== 200) throw new Error(`edit-profile answered ${edited.status}: ${JSON.stringify(edited.body)}`);
  await postJson('/auth/logout', { refresh_token: String(login.body.refresh_token) });
  return edited.body;
}

/** The login form's fields. */
export function loginFields(page: Page) {
  return {
    email: page.getByRole('textbox', { name: 'Email' }),
    password: field(page, 'Password'),
    remember: page.getByRole('checkbox', { name: 'Remember me' }),
    submit: page.getByRole('button', { name: 'Log in' }),
  };
}

/**
 * Signs in through the login screen (visiting /auth/login unless the page is already on it) and
 * waits until the app has left the sign-in forms. A new user has no annual income, so the guard
 * lands them on /pension-info; one sent back to a PAYE route lands on /auth/paye-authorization,
 * which is under /auth too (waiting for a path outside /auth would only see it when a route in
 * between happened to be caught).
 */
export async function signIn(page: Page, user: TestUser, options: { remember?: boolean; visitLogin?: boolean } = {}) {
  if (options.visitLogin !== false) await visit(page, '/auth/login');
  const fields = loginFields(page);
  await fields.email.fill(user.email);
  await fields.password.fill(user.password);
  if (options.remember) await fields.remember.check();
  await fields.submit.click();
  await page.waitForURL((url) => url.pathname === '/auth/paye-authorization' || !url.pathname.startsWith('/auth'));
  await checkScreen(page);
}

/** The desktop top bar's account menu button ("Account menu: <first name or Account>"). */
export function accountMenu(page: Page) {
  return page.getByRole('button', { name: /^Account menu: / });
}

/** Signs out through the desktop top bar's account menu. */
export async function signOutFromMenu(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

/** The three session keys (spec section 3) in localStorage and sessionStorage: only those present. */
export function storedSessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const [name, store] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (const key of ['session', 'refresh_token', 'remember_me']) if (store.getItem(key) !== null) found.push(`${name}.${key}`);
    }
    return found;
  });
}

/** The error text Mantine shows under the input labelled `label` (empty string when none). */
export async function fieldError(page: Page, label: string): Promise<string> {
  const input = field(page, label);
  return input.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node && node.id.endsWith('-error'));
    return error?.textContent?.trim() ?? '';
  });
}
