/**
 * Round-ups in Chromium against the production build: linking the sandbox bank through its own
 * consent page, the daily prompt (banner) with Confirm and Decline, the pension-plan alert when no
 * plan ID is set, "Set up now" → /profile → back to /roundups, Confirm paying the round-ups into
 * the pension (the gauge rises without a reload), a 6-day link offering Renew. Screens are
 * scanned with axe and kept as screenshots on desktop and 360 px phone widths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ppsnCheckCharacter } from '../../src/domain/schemas/fields.ts';
import { checkScreen, screenshot, useBrowser, visit } from './harness.ts';
import { linkAtSandboxBank, setUpPensionByApi } from './roundupsSteps.ts';
import { createUserWithPassword, editProfileByApi, field, signIn } from './users.ts';

const PHONE = { width: 360, height: 780 };
const PPSN = `1234567${ppsnCheckCharacter('1234567')}`;

const banner = (page: Page) => page.getByRole('region', { name: 'Daily Retirement Savings' });
const gauge = (page: Page) => page.getByRole('meter', { name: 'Pension paid this year' });

describe('round-ups', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('link at the bank → banner → Confirm without a plan ID → alert → /profile → /roundups → Confirm → the gauge rises', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await setUpPensionByApi(user, null);
    await editProfileByApi(user, { first_name: 'Aoife', surname: 'Byrne', ppsn: PPSN, opt_out_paye_auth: false });
    await signIn(page, user);

    await linkAtSandboxBank(page, { shots: 'roundups-' });
    // 90 days of card purchases round up to more than €20: the daily prompt shows.
    await banner(page).waitFor();
    await checkScreen(page, 'roundups-bank-accounts');
    const accounts = page.getByRole('region', { name: 'Sandbox Bank · Current account' });
    expect(await accounts.textContent()).toMatch(/IE\d{2} •••• \d{4}/);
    // Purchases show positive (sign inverted); one not rounded up says why (today's are still pending at the bank).
    const recent = (await accounts.getByRole('list', { name: /^Recent transactions/ }).textContent()) ?? '';
    expect(recent).toMatch(/Still pending at the bank|A whole euro amount|Money in|Not a card purchase|A cash withdrawal/);
    expect(recent).toMatch(/booked€\d+\.\d{2}/);

    await banner(page).getByRole('button', { name: 'Confirm' }).click();
    const alert = page.getByRole('dialog', { name: 'Pension Plan ID Required' });
    await alert.getByText('To make contributions to your pension, you need to set up your Irish Life Pension Plan ID first.').waitFor();
    await checkScreen(page, 'roundups-plan-alert');
    await alert.getByRole('button', { name: 'Set up now' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('returnTo') === '/roundups');

    await field(page, 'Pension plan ID').fill('IL-12345678');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/roundups');
    await page.getByRole('heading', { name: 'Pending round-ups' }).waitFor();
    const before = await gauge(page).getAttribute('aria-valuetext');
    expect(before).toMatch(/^€0 of /);
    const pending = (await page.getByTestId('roundups-pending-amount').textContent()) ?? '';
    expect(pending).toMatch(/^€\d+\.\d{2}$/);
    await checkScreen(page, 'roundups-page');

    // On /roundups the page's own buttons stand in for the banner's.
    expect(await banner(page).count()).toBe(0);
    await page.getByRole('main').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'of round-ups is on its way to your pension' }).waitFor();
    // The session's user came with the answer: the gauge rises without a reload.
    await expect.poll(() => gauge(page).getAttribute('aria-valuetext')).not.toBe(before);
    expect(await page.getByTestId('roundups-pending-amount').textContent()).toBe('€0.00');
    await page.getByRole('heading', { name: 'Earlier round-ups' }).waitFor();
    await checkScreen(page, 'roundups-page-paid');

    // The graph (loaded with its screen) shows this month's round-ups.
    await visit(page, '/linked-bank-accounts');
    await page.getByRole('heading', { name: 'Round-ups paid into your pension' }).waitFor();
    await page.locator('.recharts-line').first().waitFor();
    // Paid and closed for the day: no prompt on the other screens either.
    expect(await banner(page).count()).toBe(0);
    await checkScreen(page, 'roundups-bank-accounts-paid');
  });

  it('a 6-day link offers Renew; Decline clears the round-ups and hides the banner', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await setUpPensionByApi(user, 'IL-87654321');
    await signIn(page, user);

    await linkAtSandboxBank(page, { validity: '6 days' });
    const current = page.getByRole('region', { name: 'Sandbox Bank · Current account' });
    await current.getByRole('button', { name: 'Renew' }).waitFor();
    expect(await current.textContent()).toContain('The link ends on');
    await banner(page).waitFor();

    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await visit(page, '/roundups');
    await page.getByTestId('roundups-pending-amount').getByText('€0.00').waitFor();
    await page.getByText(/declined/).first().waitFor();
    // Nothing comes back on a reload.
    await visit(page, '/landing');
    expect(await banner(page).count()).toBe(0);
  });

  it('on a 360 px phone: the banner, Bank Accounts and /roundups', async () => {
    const page = await b.newPage({ viewport: PHONE });
    const user = await createUserWithPassword();
    await setUpPensionByApi(user, 'IL-11223344');
    await signIn(page, user);
    await linkAtSandboxBank(page);
    await banner(page).waitFor();
    await checkScreen(page, 'roundups-phone-bank-accounts');
    await visit(page, '/roundups');
    await page.getByRole('heading', { name: 'Pending round-ups' }).waitFor();
    await checkScreen(page, 'roundups-phone-page');
    await screenshot(page, 'roundups-phone-page-full');
  });
});
