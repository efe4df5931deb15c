/**
 * Steps the round-up journeys share: a user's pension set up through the API, and a bank linked
 * through the sandbox bank's own consent page (no script), back to the app.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible, screenshot, visit } from './harness.ts';
import { type TestUser, postJson } from './users.ts';

/** Income, marital status and (unless left out) a plan ID through the API, so sign-in lands on /landing. */
export async function setUpPensionByApi(user: TestUser, planId: string | null) {
  const login = await postJson('/auth/login', { email: user.email, password: user.password });
  const token = String(login.body.access_token);
  const saved = await postJson('/pension-info', { annual_income: 60_000, paid_pension: 0, marital_status: 'single', ...(planId ? { pension_plan_id: planId } : {}) }, token);
  expect(saved.status).toBe(200);
  await postJson('/auth/logout', { refresh_token: String(login.body.refresh_token) });
}

/** "Link an account" on /linked-bank-accounts, through the sandbox bank's page (no script), back to the app. */
export async function linkAtSandboxBank(page: Page, options: { validity?: '180 days' | '6 days'; shots?: string; bank?: 'Sandbox Bank' | 'Sandbox Digital' } = {}) {
  await visit(page, '/linked-bank-accounts', options.shots ? { screenshot: `${options.shots}bank-accounts-empty` } : {});
  await page.getByRole('button', { name: 'Link an account' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/maxout/sandbox-bank/consents/'));
  const bank = options.bank ?? 'Sandbox Bank';
  await page.getByRole('link', { name: bank }).click();
  await page.getByRole('button', { name: 'Approve' }).waitFor();
  if (options.validity) await page.getByRole('radio', { name: options.validity }).check();
  // The bank's own page (no app root to settle on): scanned and kept as it is.
  if (options.shots) {
    await expectAccessible(page);
    await screenshot(page, `${options.shots}sandbox-bank-consent`);
  }
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL((url) => url.pathname === '/linked-bank-accounts');
  // The link's first read writes a year of each account's transactions (the ingest): on a machine
  // busy with the rest of the suite that can take longer than the default 10 s.
  const linked = bank === 'Sandbox Bank' ? /3 accounts are linked/ : /1 account is linked/;
  await page
    .getByText(linked)
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      // Rarely, on a busy machine, the message has not shown: say what the page showed instead.
      await screenshot(page, `link-${bank.replace(/\W+/g, '-')}-no-message`).catch(() => undefined);
      const shown = await page.evaluate(() => ({
        url: location.href,
        busy: document.querySelectorAll('[aria-busy="true"]').length,
        hidden: document.querySelectorAll('[style*="display: none"]').length,
        text: (document.querySelector('main')?.textContent ?? '').slice(0, 600),
      }));
      throw new Error(`no "${linked.source}" message after the bank's return: ${JSON.stringify(shown)}`, { cause: error });
    });
  // The bank's answer leaves the address once the link is complete.
  await page.waitForURL((url) => url.search === '');
  await page.getByRole('heading', { name: `${bank} · Current account` }).waitFor();
}
