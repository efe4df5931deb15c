/**
 * Sign-up, sign-in and sessions across tabs (spec sections 2 and 4): the journeys a user takes
 * through /auth/*, the remember-me storage rule, sign-out reaching other tabs, the route guard,
 * and the signed-in frame on a phone.
 */
import { describe, expect, it } from 'vitest';
import { checkScreen, screenshot, useBrowser, viewports, visit } from './harness.ts';
import { readServerLog, waitForMail } from './serverLog.ts';
import { PASSWORD, accountMenu, createUserWithPassword, editProfileByApi, field, loginFields, signIn, signOutFromMenu, storedSessionKeys, uniqueEmail } from './users.ts';

const pathOf = (url: string) => new URL(url).pathname;

describe('auth journeys', () => {
  // Journeys run to their end; axe violations found on the way fail the test afterwards.
  const b = useBrowser({ deferAccessibility: true });

  it('registers, sets the password from the mailed link, signs out, signs in remembered: reload and a new tab stay signed in', async () => {
    const { page } = b;
    const email = uniqueEmail('register');

    await visit(page, '/auth/register', { screenshot: 'register' });
    await page.getByRole('combobox', { name: 'Marital status' }).click();
    await page.getByRole('option', { name: 'Married' }).click();
    expect(await page.getByRole('combobox', { name: 'Marital status' }).inputValue()).toBe('Married or in a civil partnership');

    const dob = page.getByRole('textbox', { name: 'Date of birth' });
    await dob.pressSequentially('01021985');
    expect(await dob.inputValue()).toBe('01.02.1985');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Pension plan ID' }).fill('il 1234 5678');
    await screenshot(page, 'register-filled');

    const logBefore = readServerLog().length;
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/pension-info');
    await checkScreen(page, 'register-done-pension-info');
    // No first name yet: the account menu says "Account".
    expect(await accountMenu(page).getAttribute('aria-label')).toBe('Account menu: Account');
    expect((await accountMenu(page).textContent())?.trim()).toMatch(/^Account\b/);
    // Registration keeps the session for this tab only (no Remember me on the register form).
    expect(await storedSessionKeys(page)).toEqual(['sessionStorage.session', 'sessionStorage.refresh_token']);

    const mail = await waitForMail({ to: email, linkContains: '/reset-password/', after: logBefore });

    await signOutFromMenu(page);
    await checkScreen(page);
    expect(await storedSessionKeys(page)).toEqual([]);

    // The set-password link from the mail.
    await visit(page, mail.link, { screenshot: 'set-password' });
    await field(page, 'New password').fill(PASSWORD);
    await field(page, 'Confirm new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your new password is set. Use it to log in.').waitFor();
    await checkScreen(page, 'set-password-done');

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await checkScreen(page);
    await signIn(page, { email, password: PASSWORD }, { remember: true, visitLogin: false });
    // Success goes to /, and the guard sends a user without annual income to /pension-info.
    expect(pathOf(page.url())).toBe('/pension-info');
    expect(await storedSessionKeys(page)).toEqual(['localStorage.session', 'localStorage.refresh_token', 'localStorage.remember_me']);
    await screenshot(page, 'signed-in-remembered');

    await page.reload({ waitUntil: 'load' });
    await checkScreen(page);
    expect(pathOf(page.url())).toBe('/pension-info');
    await accountMenu(page).waitFor();

    const tab = await b.newTab(page);
    await visit(tab, '/landing');
    await tab.waitForURL((url) => url.pathname === '/pension-info');
    await checkScreen(tab, 'remembered-new-tab');
    await accountMenu(tab).waitFor();
    expect(await accountMenu(tab).getAttribute('aria-label')).toBe('Account menu: Account');
  });

  it('without Remember me a new tab is signed out while the original tab stays signed in', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await signIn(page, user);
    expect(pathOf(page.url())).toBe('/pension-info');
    expect(await storedSessionKeys(page)).toEqual(['sessionStorage.session', 'sessionStorage.refresh_token']);

    const tab = await b.newTab(page);
    await visit(tab, '/landing');
    await tab.waitForURL((url) => url.pathname === '/auth/login');
    await checkScreen(tab, 'not-remembered-new-tab');
    expect(new URL(tab.url()).search).toBe('?redirect=%2Flanding');
    expect(await storedSessionKeys(tab)).toEqual([]);
    expect(await loginFields(tab).submit.isVisible()).toBe(true);

    // The first tab is untouched, and its session survives a reload (sessionStorage is per tab, not per page load).
    await page.bringToFront();
    await accountMenu(page).waitFor();
    await page.reload({ waitUntil: 'load' });
    await checkScreen(page);
    expect(pathOf(page.url())).toBe('/pension-info');
    await accountMenu(page).waitFor();
  });

  it('signing out in one tab signs out the other tab of a remembered session within 2 seconds', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await signIn(page, user, { remember: true });

    const tab = await b.newTab(page);
    await visit(tab, '/landing');
    await tab.waitForURL((url) => url.pathname === '/pension-info');
    await accountMenu(tab).waitFor();

    await page.bringToFront();
    await accountMenu(page).click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor();
    const started = Date.now();
    await logout.click();
    await tab.waitForURL((url) => url.pathname === '/auth/login', { timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    await page.waitForURL((url) => url.pathname === '/auth/login');

    await checkScreen(page);
    await checkScreen(tab, 'signed-out-other-tab');
    expect(pathOf(page.url())).toBe('/auth/login');
    expect(pathOf(tab.url())).toBe('/auth/login');
    expect(await storedSessionKeys(page)).toEqual([]);
    expect(await storedSessionKeys(tab)).toEqual([]);
    expect(await accountMenu(tab).count()).toBe(0);
  });

  it('the guard sends a signed-out user to login and back, then on to /pension-info and, once set up, to the page asked for; an unknown form slug is not found', async () => {
    const { page } = b;
    const user = await createUserWithPassword();

    await visit(page, '/form11-questionnaire');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await checkScreen(page, 'guard-login-redirect');
    expect(new URL(page.url()).search).toBe('?redirect=%2Fform11-questionnaire');

    await signIn(page, user, { visitLogin: false });
    // Back to /form11-questionnaire, which the guard sends on to /pension-info (no annual income yet).
    await page.waitForURL((url) => url.pathname === '/pension-info');
    await checkScreen(page);
    expect(pathOf(page.url())).toBe('/pension-info');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/form11-questionnaire');
    // Set up, the user goes on to the page they asked for (a PAYE route: the authorisation first, returning there).
    await field(page, 'Annual income').fill('52000');
    await field(page, 'Pension paid this year').fill('0');
    await field(page, 'Pension plan ID').fill('il 1234 5678');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/paye-authorization');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/form11-questionnaire');

    await visit(page, '/form11/not-a-form', { screenshot: 'not-found' });
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(pathOf(page.url())).toBe('/form11/not-a-form');
  });

  it('after login the guard honours the redirect: a user with an income lands on PAYE authorisation with returnTo', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 52_000 });

    await visit(page, '/form11-questionnaire');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).search).toBe('?redirect=%2Fform11-questionnaire');
    await signIn(page, user, { visitLogin: false });
    // Back to /form11-questionnaire, a PAYE route: without paye_a1_authorized the guard asks for it, returning there after.
    await page.waitForURL((url) => url.pathname === '/auth/paye-authorization');
    await checkScreen(page, 'guard-paye-authorization');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/form11-questionnaire');
  });

  it('on a phone the bottom bar replaces the top-bar links', async () => {
    const page = await b.newPage({ viewport: viewports.mobile });
    const user = await createUserWithPassword();
    await signIn(page, user);
    expect(pathOf(page.url())).toBe('/pension-info');

    const expected: [string, string][] = [
      ['Overview', '/landing'],
      ['Accounts', '/linked-bank-accounts'],
      ['Refund', '/tax-refund-options'],
      ['Profile', '/profile'],
      ['Settings', '/settings'],
    ];
    for (const [name, href] of expected) {
      const link = page.getByRole('link', { name, exact: true });
      expect(await link.count(), name).toBe(1);
      expect(await link.isVisible(), name).toBe(true);
      expect(await link.getAttribute('href'), name).toBe(href);
    }
    // The desktop top bar's links are in the page, but hidden.
    for (const name of ['Tax Refund', 'Bank Accounts']) {
      const link = page.getByRole('link', { name, exact: true, includeHidden: true });
      expect(await link.count(), name).toBe(1);
      expect(await link.isVisible(), name).toBe(false);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(page, 'mobile-signed-in');
    // The account menu stays on phones: it is the only way to log out there.
    expect(await accountMenu(page).isVisible()).toBe(true);
    await signOutFromMenu(page);
    expect(pathOf(page.url())).toBe('/auth/login');
  });
});
