/**
 * The mailed set-password and reset-password links on a 360 px phone, against the production
 * build: saving a password through a link ends the sessions of the account, so the browser forgets
 * the one it holds (in every tab) and "Log in" opens a clean login page; the page offers to turn
 * two-step sign-in off only to an account that has it; a spent link says so before anything is
 * typed. And on /direct-debit, a wrong password at "Please confirm it is you" shows the server's
 * message under the field.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, useBrowser, visit } from './harness.ts';
import { readServerLog, waitForMail } from './serverLog.ts';
import {
  PASSWORD,
  createUserWithPassword,
  editProfileByApi,
  field,
  fieldError,
  loginFields,
  postJson,
  registerByApi,
  requestResetByApi,
  signIn,
  storedSessionKeys,
  submitNewMandate,
  uniqueEmail,
  type TestUser,
} from './users.ts';

const PHONE = { width: 360, height: 780 };
const NEW_PASSWORD = 'Amber-Kettle-Meadow-83';
const LOST_APP = 'I lost my authenticator app: also turn two-step sign-in off';
const LINK_INVALID = 'This link is invalid or has expired.';

/** Every path the page's address had, from now on (the router's pushes and replaces included). */
function pathsSeen(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

async function savePassword(page: Page, password: string) {
  await field(page, 'New password').fill(password);
  await field(page, 'Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByText('Your new password is set. Use it to log in.').waitFor();
}

/** Turns two-step sign-in on through the API; returns the authenticator's secret. */
async function turnOnTwoFactor(user: TestUser): Promise<void> {
  const login = await postJson('/auth/login', { email: user.email, password: user.password });
  const token = String(login.body.access_token);
  const setup = await postJson('/security/two-factor/setup', { password: user.password }, token);
  expect(setup.status).toBe(200);
  const code = TOTP.generate({ secret: Secret.fromBase32(String(setup.body.secret)) });
  expect((await postJson('/security/two-factor/confirm', { code }, token)).status).toBe(200);
}

describe('the mailed password links (phone)', () => {
  const b = useBrowser({ viewport: PHONE });

  it('a new user signed in since sign-up saves a password through the link: the old session is forgotten and "Log in" opens the login page', async () => {
    const { page } = b;
    const email = uniqueEmail('setlink');
    const before = readServerLog().length;
    await visit(page, '/auth/register');
    await page.getByRole('combobox', { name: 'Marital status' }).click();
    await page.getByRole('option', { name: 'Single' }).click();
    await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('01021985');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/pension-info');
    await page.getByRole('region', { name: 'Confirm your email address' }).waitFor();
    const { link } = await waitForMail({ to: email, linkContains: '/reset-password/', after: before });

    // The same tab opens the link: still signed in from the sign-up.
    await visit(page, new URL(link).pathname);
    await field(page, 'New password').waitFor();
    // A new account has no two-step sign-in: nothing to turn off.
    expect(await page.getByRole('checkbox', { name: LOST_APP }).count()).toBe(0);
    await checkScreen(page, 'set-password-new-user');
    await savePassword(page, NEW_PASSWORD);
    await expect.poll(() => storedSessionKeys(page), { message: 'the revoked session is no longer stored' }).toEqual([]);

    const seen = pathsSeen(page);
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await loginFields(page).email.waitFor();
    expect(await page.getByText('Signed out', { exact: true }).count()).toBe(0);
    await checkScreen(page, 'set-password-then-login');
    // Straight to the login page: never through a page of the revoked session.
    expect(seen.filter((path) => path !== '/auth/login')).toEqual([]);

    await signIn(page, { email, password: NEW_PASSWORD }, { visitLogin: false });
    expect(new URL(page.url()).pathname).toBe('/pension-info');
    // The link proved the address.
    expect(await page.getByRole('region', { name: 'Confirm your email address' }).count()).toBe(0);
  });

  it('a reset through the link signs out the other tabs of the browser too', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 45_000 });
    await signIn(page, user, { remember: true });
    const other = await b.newTab(page);
    await visit(other, '/landing');
    expect(new URL(other.url()).pathname).toBe('/landing');

    const link = await requestResetByApi(user.email);
    await visit(page, new URL(link).pathname);
    await savePassword(page, NEW_PASSWORD);
    await other.waitForURL((url) => url.pathname === '/auth/login', { timeout: 5_000 });
    expect(await storedSessionKeys(other)).toEqual([]);
  });

  it('"I lost my authenticator app" is offered only for an account with two-step sign-in', async () => {
    const { page } = b;
    const plain = await createUserWithPassword();
    await visit(page, new URL(await requestResetByApi(plain.email)).pathname);
    await field(page, 'New password').waitFor();
    expect(await page.getByRole('checkbox', { name: LOST_APP }).count()).toBe(0);

    const guarded = await createUserWithPassword();
    await turnOnTwoFactor(guarded);
    await visit(page, new URL(await requestResetByApi(guarded.email)).pathname);
    await page.getByRole('checkbox', { name: LOST_APP }).waitFor();
    await checkScreen(page, 'reset-password-two-factor');
  });

  it('a spent link says so at once and offers a new one, without a form', async () => {
    const { page } = b;
    const { link } = await registerByApi();
    await postJson('/reset-password', { token: new URL(link).pathname.split('/').pop(), password: PASSWORD, password_confirmation: PASSWORD });

    await visit(page, new URL(link).pathname);
    const alert = page.getByRole('alert').filter({ hasText: LINK_INVALID });
    await alert.waitFor();
    expect(await field(page, 'New password').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save password' }).count()).toBe(0);
    await checkScreen(page, 'reset-password-spent-link');
    await alert.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/forgot-password');
  });

  it('direct debit: a wrong password at "Please confirm it is you" shows the server\'s message under the field and keeps what was typed', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    const stepUp = await submitNewMandate(page);
    await field(page, 'Your password').fill('not-the-password-at-all');
    await stepUp.getByRole('button', { name: 'Confirm and set up' }).click();
    await expect.poll(() => fieldError(page, 'Your password')).toBe('Your password is not correct.');
    expect(await stepUp.getByText('The given data was invalid.').count()).toBe(0);
    expect(await field(page, 'Your password').inputValue()).toBe('not-the-password-at-all');
    await checkScreen(page, 'direct-debit-step-up-wrong-password');

    await field(page, 'Your password').fill(user.password);
    await stepUp.getByRole('button', { name: 'Confirm and set up' }).click();
    await page.getByText('Your direct debit is set up').waitFor();
  });
});
