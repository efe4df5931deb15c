/**
 * The account screens in Chromium: the profile saved and back to returnTo, the PAYE opt-out
 * switched off and on, "Download my data" giving one JSON file with what the profile shows,
 * closing the account after which sign-in fails; and the pension refund and tax refund options
 * screens on desktop and phone widths.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { maskPpsn, ppsnCheckCharacter } from '../../src/domain/schemas/fields.ts';
import { LOGIN_INVALID_CREDENTIALS, OPT_OUT_UPDATE_FAILED } from '../../src/domain/schemas/messages.ts';
import { allowConsoleErrors, checkScreen, screenshot, useBrowser, viewports, visit } from './harness.ts';
import type { Page } from 'playwright-core';
import { type TestUser, createUserWithPassword, editProfileByApi, field, loginFields, signIn, uniqueEmail } from './users.ts';

const PPSN = `7654321${ppsnCheckCharacter('7654321')}`;

/** Signs in from the login page sent by the guard, so the app lands on `path` itself. */
async function signInTo(page: Page, user: TestUser, path: string) {
  await visit(page, `/auth/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, user, { visitLogin: false });
  expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
}

/** A user with a password and an annual income (so the guard lets them past /pension-info). */
async function readyUser(label: string) {
  const user = await createUserWithPassword({ email: uniqueEmail(label) });
  await editProfileByApi(user, { annual_income: 62_000 });
  return user;
}

describe('account journeys', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('edits the profile from the pension-plan alert’s link and goes back to returnTo; the values stay', async () => {
    const { page } = b;
    const user = await readyUser('profile');
    await signInTo(page, user, '/profile?returnTo=/roundups');
    await checkScreen(page, 'profile-desktop');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(user.email);

    await field(page, 'First name').fill('Aoife');
    await field(page, 'Surname').fill("Ní Bhriain");
    await field(page, 'PPSN').fill('1234567A'); // wrong check character
    await field(page, 'Pension plan ID').fill('il12345678');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This PPSN does not check out: look for a typo').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');

    await field(page, 'PPSN').fill(PPSN.toLowerCase());
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/roundups');
    await checkScreen(page);
    // The account menu now greets by first name.
    await page.getByRole('button', { name: 'Account menu: Aoife' }).waitFor();

    await visit(page, '/profile');
    expect(await field(page, 'First name').inputValue()).toBe('Aoife');
    // The profile shows the PPSN masked; saved untouched, the stored one stays.
    expect(await field(page, 'PPSN').inputValue()).toBe(maskPpsn(PPSN));
    expect(await field(page, 'Pension plan ID').inputValue()).toBe('IL-12345678');
    expect(await field(page, 'Date of birth').inputValue()).toBe('01.02.1985');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile is saved.').waitFor();
  });

  it('opts out of PAYE authorisation and back in; a failed change says so', async () => {
    const { page } = b;
    await signInTo(page, await readyUser('optout'), '/settings');
    await checkScreen(page, 'settings-desktop');
    const toggle = page.getByRole('switch', { name: 'Process my tax refunds as my PAYE agent' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await page.getByText('Opted out: refund processing is paused until you turn this back on.').waitFor();
    // The PAYE routes now send the user to the authorisation screen.
    await visit(page, '/form11-questionnaire');
    await page.waitForURL((url) => url.pathname === '/auth/paye-authorization');
    await visit(page, '/settings');
    await page.getByRole('switch', { name: 'Process my tax refunds as my PAYE agent' }).click({ force: true });
    // Not signed yet: the switch promises the processing for once the authorisation is signed, not now.
    await page.getByText('On: once you sign your PAYE authorisation, we process your refund claims.').waitFor();
    expect(await page.getByText('On: we process your refund claims.').count()).toBe(0);

    // An outage on purpose: its 503 is expected here.
    allowConsoleErrors(page, /paye-opt-out/);
    await page.route('**/api/maxout/paye-opt-out', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }));
    await page.getByRole('switch', { name: 'Process my tax refunds as my PAYE agent' }).click({ force: true });
    await page.getByText(OPT_OUT_UPDATE_FAILED).waitFor();
    expect(await page.getByRole('switch', { name: 'Process my tax refunds as my PAYE agent' }).isChecked()).toBe(true);
  });

  it('downloads one JSON file holding what the profile shows, then closes the account: sign-in fails', async () => {
    const { page } = b;
    const user = await readyUser('close');
    await editProfileByApi(user, { first_name: 'Ciarán', surname: 'Walsh', ppsn: PPSN });
    await signInTo(page, user, '/settings');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^maxout-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string; first_name: string; ppsn: string; annual_income: number };
      tables: Record<string, unknown[]>;
    };
    expect(file.profile).toMatchObject({ email: user.email, first_name: 'Ciarán', ppsn: PPSN, annual_income: 62_000 });
    expect(Object.keys(file.tables)).toEqual(expect.arrayContaining(['users', 'form11_entries', 'session_families']));
    await page.getByText(`Downloaded ${download.suggestedFilename()}.`).waitFor();

    // The closing flow is behind its button, not a form on the page.
    const section = page.getByRole('region', { name: 'Close my account' });
    expect(await section.getByLabel('Your password').count()).toBe(0);
    await section.getByRole('button', { name: 'Close my account…' }).click();
    const close = page.getByRole('dialog', { name: 'Close my account' });
    await close.getByText('Your email address, password and sign-in').waitFor();
    await screenshot(page, 'settings-close-desktop');
    await field(page, 'Your password').fill('not the password');
    await close.getByRole('button', { name: 'Close my account' }).click();
    await close.getByText('The password is not correct.').waitFor();
    await field(page, 'Your password').fill(user.password);
    await close.getByRole('button', { name: 'Close my account' }).click();
    await page.getByText('Your account is closed').waitFor();
    await checkScreen(page, 'settings-closed-desktop');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    const fields = loginFields(page);
    await fields.email.fill(user.email);
    await fields.password.fill(user.password);
    await fields.submit.click();
    await page.getByText(LOGIN_INVALID_CREDENTIALS).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('pension refund: each open year shows its limit and relief; tax refund options: the claim first, the total, six ideas, Boost', async () => {
    const { page } = b;
    await signInTo(page, await readyUser('refund'), '/pension-refund');
    const year = new Date().getFullYear() - 1;
    const card = page.getByRole('region', { name: `Tax year ${year}` });
    await card.getByText(/Relief limit: 25% of earnings up to €115,000 at age \d+, so €15,500\.00\./).waitFor();
    await card.getByRole('textbox', { name: `Paid outside payroll for ${year}` }).fill('2000');
    await card.getByText('Relief due:').getByText('€800.00').waitFor();
    await card.getByRole('textbox', { name: 'Pension provider' }).fill('Zurich Life');
    await card.getByRole('textbox', { name: 'Policy or member number' }).fill('PRSA-118877');
    await screenshot(page, 'pension-refund-desktop');
    await card.getByRole('button', { name: 'Add to my claim' }).click();
    // Without a PAYE authorisation the claim waits for one.
    await card.getByRole('link', { name: 'Authorise MaxOut' }).waitFor();
    expect(await page.getByRole('region', { name: `Tax year ${year - 3}` }).count()).toBe(1);

    await visit(page, '/tax-refund-options', { screenshot: 'tax-refund-options-desktop' });
    await page.getByRole('heading', { name: 'My Tax Refund', level: 1 }).waitFor();
    expect(await page.getByRole('list', { name: 'Other ideas for your refund' }).getByRole('listitem').count()).toBe(6);
    await page.getByRole('link', { name: 'Boost My Tax Refund' }).click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-questions');
    await checkScreen(page);
  });
});

describe('account screens on a phone', () => {
  const b = useBrowser({ viewport: viewports.mobile, deferAccessibility: true });

  it('profile, settings, pension refund and tax refund options fit a 390 px screen', async () => {
    const { page } = b;
    await signInTo(page, await readyUser('mobile'), '/profile');
    for (const [path, name] of [
      ['/profile', 'profile-mobile'],
      ['/settings', 'settings-mobile'],
      ['/pension-refund', 'pension-refund-mobile'],
      ['/tax-refund-options', 'tax-refund-options-mobile'],
    ] as const) {
      await visit(page, path, { screenshot: name });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
