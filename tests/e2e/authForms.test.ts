/**
 * The sign-in family of forms (spec sections 5 and 8): validation shown only after touch or
 * submit, the login failure message, register's date and duplicate-email errors, and password
 * recovery (same answer for known and unknown addresses, mismatched and spent links).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, screenshot, useBrowser, visit } from './harness.ts';
import { readServerLog, waitForMail } from './serverLog.ts';
import { field, createUserWithPassword, fieldError, loginFields, registerByApi, requestResetByApi, uniqueEmail } from './users.ts';

const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';
const RESET_LINK_SENT = 'If an account exists for this email, we have sent a link to reset the password.';
const RESET_LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';

/** Today's date in Ireland (the browser's time zone in these tests) as [day, month, year]. */
function irishToday(): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('day'), part('month'), part('year')];
}

const two = (n: number) => String(n).padStart(2, '0');

/** Clears the date-of-birth field and types `digits` one by one, as a user would. */
async function typeDateOfBirth(page: Page, digits: string) {
  const dob = page.getByRole('textbox', { name: 'Date of birth' });
  await dob.fill('');
  await dob.pressSequentially(digits);
  await dob.blur();
}

/** The text of the visible alert containing `text` (title excluded), waiting for it to appear. */
async function alertMessage(page: Page, text: string): Promise<string> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  return ((await alert.locator('.mantine-Alert-message').textContent()) ?? '').trim();
}

describe('auth forms', () => {
  // Journeys run to their end; axe violations found on the way fail the test afterwards.
  const b = useBrowser({ deferAccessibility: true });

  it('login: validation after submit or touch; a wrong password shows the credentials message and the form still works', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await visit(page, '/auth/login', { screenshot: 'login' });
    const fields = loginFields(page);

    // Nothing is shown before the user touches a field or submits.
    expect(await fieldError(page, 'Email')).toBe('');
    expect(await fieldError(page, 'Password')).toBe('');
    expect(await page.getByText('Email is required').count()).toBe(0);

    await fields.submit.click();
    await page.getByText('Email is required').waitFor();
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');
    await checkScreen(page, 'login-empty-submit');

    await fields.email.fill('not-an-email');
    await fields.email.blur();
    await expect.poll(() => fieldError(page, 'Email')).toBe('Please enter a valid email address');

    await fields.email.fill(user.email);
    await fields.password.fill('Wrong-Password-123');
    await fields.submit.click();
    expect(await alertMessage(page, INVALID_CREDENTIALS)).toBe(INVALID_CREDENTIALS);
    await checkScreen(page, 'login-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    // The password field keeps working: correct it and sign in.
    await fields.password.fill(user.password);
    expect(await fields.password.inputValue()).toBe(user.password);
    await fields.submit.click();
    await page.waitForURL((url) => url.pathname === '/pension-info');
    await checkScreen(page);
  });

  it('register: age, impossible and future dates, and a duplicate email', async () => {
    const { page } = b;
    const taken = await registerByApi(uniqueEmail('taken'));
    await visit(page, '/auth/register');
    // The terms are named where the account is made, and open from there.
    expect(await page.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms-and-conditions');
    expect(await page.getByRole('link', { name: 'Privacy Notice' }).getAttribute('href')).toBe('/terms-and-conditions#privacy');

    expect(await fieldError(page, 'Date of birth')).toBe('');
    expect(await fieldError(page, 'Email')).toBe('');

    const [day, month, year] = irishToday();
    // Fifteen today (29 February falls back to the 28th, still fifteen).
    const fifteen = `${two(day === 29 && month === 2 ? 28 : day)}${two(month)}${year - 15}`;
    await typeDateOfBirth(page, fifteen);
    await expect.poll(() => fieldError(page, 'Date of birth')).toBe('You must be at least 16 years old to register');
    await checkScreen(page, 'register-too-young');

    await typeDateOfBirth(page, `0101${year + 1}`);
    await expect.poll(() => fieldError(page, 'Date of birth')).toBe('Please enter a valid date');

    await typeDateOfBirth(page, '31022000');
    expect(await page.getByRole('textbox', { name: 'Date of birth' }).inputValue()).toBe('31.02.2000');
    await expect.poll(() => fieldError(page, 'Date of birth')).toBe('Please enter a valid date');

    // Sixteen today is old enough.
    await typeDateOfBirth(page, `${two(day === 29 && month === 2 ? 28 : day)}${two(month)}${year - 16}`);
    await expect.poll(() => fieldError(page, 'Date of birth')).toBe('');

    await page.getByRole('combobox', { name: 'Marital status' }).click();
    await page.getByRole('option', { name: 'Single' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(taken.email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toBe('An account with this email already exists');
    await page.getByRole('alert').waitFor();
    await checkScreen(page, 'register-duplicate-email');
    expect(new URL(page.url()).pathname).toBe('/auth/register');
  });

  it('forgot password: the same answer for a known and an unknown email', async () => {
    const { page } = b;
    const user = await createUserWithPassword();

    await visit(page, '/auth/forgot-password', { screenshot: 'forgot-password' });
    const logBefore = readServerLog().length;
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const status = page.getByRole('status').filter({ hasText: RESET_LINK_SENT });
    await status.waitFor();
    const knownText = (await status.textContent())?.trim();
    await checkScreen(page, 'forgot-password-sent');
    await waitForMail({ to: user.email, subject: 'Reset your MaxOut password', linkContains: '/reset-password/', after: logBefore });

    const other = await b.newPage();
    const unknown = uniqueEmail('nobody');
    await visit(other, '/auth/forgot-password');
    await other.getByRole('textbox', { name: 'Email' }).fill(unknown);
    await other.getByRole('button', { name: 'Send reset link' }).click();
    const otherStatus = other.getByRole('status').filter({ hasText: RESET_LINK_SENT });
    await otherStatus.waitFor();
    expect((await otherStatus.textContent())?.trim()).toBe(knownText);
    await checkScreen(other);
  });

  it('reset password: mismatched passwords, then a spent link and a made-up token show the invalid-link message at once', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    const link = await requestResetByApi(user.email);

    // Mismatched passwords are caught before anything is sent.
    await visit(page, link, { screenshot: 'reset-password' });
    const password = field(page, 'New password');
    const confirmation = field(page, 'Confirm new password');
    await password.fill('Another-Quiet-Harbour-58');
    await confirmation.fill('Another-Quiet-Harbour-59');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => fieldError(page, 'Confirm new password')).toBe('Passwords do not match');
    await checkScreen(page, 'reset-password-mismatch');

    await confirmation.fill('Another-Quiet-Harbour-58');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your new password is set. Use it to log in.').waitFor();
    await checkScreen(page, 'reset-password-done');

    // The same link again: spent, said before anything is typed.
    await visit(page, link);
    expect((await alertMessage(page, RESET_LINK_INVALID)).startsWith(RESET_LINK_INVALID)).toBe(true);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    expect(await field(page, 'New password').count()).toBe(0);
    await checkScreen(page, 'reset-password-spent-link');

    // A made-up token: the same message.
    await visit(page, '/reset-password/not-a-real-token');
    expect((await alertMessage(page, RESET_LINK_INVALID)).startsWith(RESET_LINK_INVALID)).toBe(true);
    expect(await field(page, 'New password').count()).toBe(0);
    await checkScreen(page);
    await screenshot(page, 'reset-password-invalid-token');
  });
});
