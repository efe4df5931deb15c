/**
 * What a first-time user meets, on a desktop and on a phone, against the production build: the
 * refund so far counts only what is really coming back (relief on MaxOut contributions, approved
 * claims) and names what is pending with Revenue or may be owed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { formatEuro, formatEuroWhole } from '../../src/domain/money.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { defaultClaimYear } from '../../src/domain/tax/index.ts';
import { checkScreen, useBrowser, viewports, visit, type Viewport } from './harness.ts';
import { field, postJson, signIn, type TestUser } from './users.ts';

const YEAR = defaultClaimYear(dayjs());

let nextUser = 0;
/** A fresh PAYE-authorised user (seedUsers.ts: single, €48,000, born 1 February 1985), no claim yet. */
function freshUser(): TestUser {
  const user = inject('firstTimeUsers')[nextUser++];
  if (!user) throw new Error('Not enough firstTimeUsers seeded in globalSetup.ts');
  return user;
}

/** Calls the API as `user` with a throwaway session. */
async function asUser<T>(user: TestUser, call: (token: string) => Promise<T>): Promise<T> {
  const login = await postJson('/auth/login', { email: user.email, password: user.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  try {
    return await call(String(login.body.access_token));
  } finally {
    await postJson('/auth/logout', { refresh_token: String(login.body.refresh_token) });
  }
}

/** Pays `amount` in through Contribute, with the password again if the server asks for it. */
async function contribute(page: Page, user: TestUser, amount: string) {
  await visit(page, '/contribute');
  await field(page, 'Amount').fill(amount);
  await page.getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  const stepUp = page.getByRole('form', { name: 'Confirm it is you' });
  const done = page.getByText('Payment made');
  await Promise.race([stepUp.waitFor(), done.waitFor()]);
  if (await stepUp.isVisible()) {
    await field(page, 'Your password').fill(user.password);
    await stepUp.getByRole('button', { name: 'Confirm and pay' }).click();
  }
  await done.waitFor();
}

const refundCard = (page: Page) => page.getByRole('heading', { name: 'My Tax Refund so far' }).locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');

/**
 * The refund so far, from a user who paid €1,500 through payroll (relieved at source) to one who
 * paid through MaxOut and sent a claim: €0.00 first, then the contribution's relief, then the
 * claim named beside it as pending (or as what may be owed when income brings tax due).
 */
async function refundSoFarJourney(page: Page, viewport: Viewport, shots: string, options: { declareIncome: boolean }) {
  await page.setViewportSize(viewport);
  const user = freshUser();
  await asUser(user, (token) => postJson('/pension-info', { annual_income: 48_000, paid_pension: 1_500, marital_status: 'single', pension_plan_id: 'IL12345678' }, token));
  await signIn(page, user);
  expect(new URL(page.url()).pathname).toBe('/landing');

  // €1,500 through payroll: 40 % of it was €600 of relief, already given at source; nothing comes back.
  await refundCard(page).getByTestId('refund-so-far').getByText('€0.00', { exact: true }).waitFor();
  expect(await refundCard(page).getByTestId('refund-pending').count()).toBe(0);
  await checkScreen(page, `${shots}overview-new`);

  // €500 through MaxOut: €4,000 of the €48,000 is above the €44,000 band, so all of it earns 40 %: €200.
  await contribute(page, user, '500');
  await visit(page, '/landing');
  await refundCard(page).getByTestId('refund-so-far').getByText('€200.00', { exact: true }).waitFor();

  // A claim sent to Revenue: pending, so named beside the total and not added to it.
  const questions: Record<string, unknown> = { 'health-expenses': form11Sample('health-expenses') };
  if (options.declareIncome) questions['final-form'] = { 'rental-income': form11Sample('rental-income') };
  const sent = await asUser(user, (token) => postJson('/answer-multiple', { year: YEAR, questions }, token));
  expect(sent.status).toBe(200);
  const refunds = Object.values((sent.body.entry as { categoryRefunds: Record<string, number> }).categoryRefunds);
  const pending = refunds.reduce((sum, euro) => sum + euro, 0);
  const note = pending >= 0 ? `${formatEuro(pending, { keepZeroDecimals: true })} pending with Revenue` : `You may owe about ${formatEuroWhole(-pending)} on the claim pending with Revenue`;
  if (options.declareIncome) expect(pending).toBeLessThan(0);

  await visit(page, '/landing');
  await refundCard(page).getByTestId('refund-pending').getByText(note, { exact: true }).waitFor();
  expect(await refundCard(page).getByTestId('refund-so-far').textContent()).toBe('€200.00');
  // Income is listed apart from the credits and reliefs.
  const credits = page.getByRole('table').filter({ hasText: 'Credit or relief' });
  expect(await credits.textContent()).toContain('Health Expenses');
  if (options.declareIncome) {
    const incomeHeader = credits.getByRole('columnheader', { name: 'Income you declared (tax due)' });
    await incomeHeader.waitFor();
    expect(await credits.textContent()).toMatch(/Income you declared \(tax due\)Rental income/);
  }
  await checkScreen(page, `${shots}overview-claim-pending`);

  // The refund options page says the same.
  await visit(page, '/tax-refund-options');
  expect(await page.getByTestId('refund-total').textContent()).toBe('€200.00');
  expect(await page.getByTestId('refund-pending').textContent()).toBe(note);
  await checkScreen(page, `${shots}refund-options-claim-pending`);
}

/**
 * The Tax Refund menu's page: the claim first (start, then continue at page n of m), the tiles the
 * product acts on act, the others are information.
 */
async function taxRefundPageJourney(page: Page, viewport: Viewport, shots: string) {
  await page.setViewportSize(viewport);
  const phone = viewport.width < 768;
  const user = freshUser();
  await asUser(user, (token) => postJson('/pension-info', { annual_income: 48_000, paid_pension: 0, marital_status: 'single', pension_plan_id: 'IL12345678' }, token));
  await signIn(page, user);
  await contribute(page, user, '500');

  // The menu: the top bar's Tax Refund, the bottom bar's Refund on a phone.
  await visit(page, '/landing');
  await (phone ? page.getByRole('link', { name: 'Refund', exact: true }) : page.getByRole('link', { name: 'Tax Refund', exact: true })).click();
  await page.waitForURL((url) => url.pathname === '/tax-refund-options');
  await page.mouse.move(viewport.width / 2, viewport.height / 2); // not hovering the menu link for the scan
  await page.getByRole('heading', { name: 'My Tax Refund', level: 1 }).waitFor();
  await checkScreen(page, `${shots}tax-refund-page`);
  expect(await page.locator('body').textContent()).not.toMatch(/tax return/i);

  // The claim is the first thing, primary, and in sight without scrolling on a phone.
  const claim = page.getByRole('region', { name: 'Your claim' });
  const start = claim.getByRole('link', { name: 'Start my claim' });
  const box = (await start.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height - (phone ? 64 : 0)); // above the bottom bar
  // Mantine marks every variant but the default (filled) one.
  expect(await start.getAttribute('data-variant')).toBeNull();
  const firstRegion = await page.locator('main [role="region"], main section').first().getAttribute('aria-label');
  expect(firstRegion).toBe('Your claim');

  // The six ideas are information: no button or link among them.
  const ideas = page.getByRole('list', { name: 'Other ideas for your refund' });
  expect(await ideas.getByRole('listitem').count()).toBe(6);
  expect(await ideas.getByRole('button').count()).toBe(0);
  expect(await ideas.getByRole('link').count()).toBe(0);

  // "Move to your bank account" says how the refund reaches the bank.
  await page.getByRole('button', { name: /^Move to your bank account/ }).click();
  const bank = page.getByRole('dialog', { name: 'Move to your bank account' });
  await bank.getByText(/Revenue pays a tax refund straight into the bank account it holds for you/).waitFor();
  await checkScreen(page, `${shots}tax-refund-bank`);
  await bank.getByRole('button', { name: 'OK' }).click();
  await bank.waitFor({ state: 'hidden' });

  // "Reinvest to your pension" opens Contribute with the refund so far: €200 of relief on the €500.
  await page.getByRole('link', { name: /^Reinvest to your pension/ }).click();
  await page.waitForURL((url) => url.pathname === '/contribute' && url.searchParams.get('amount') === '200');
  await expect.poll(() => field(page, 'Amount').inputValue()).toBe('€200');
  await checkScreen(page, `${shots}tax-refund-reinvest`);

  // Start a claim of two pages, leave it at the first, and the page offers to continue there.
  await visit(page, '/tax-refund-options');
  await start.click();
  await page.waitForURL((url) => url.pathname === '/tax-refund-questions');
  await page.getByRole('button', { name: 'For Advanced Use' }).click();
  await page.getByRole('checkbox', { name: 'Rent Tax Credit', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Tuition Fees' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
  await visit(page, '/tax-refund-options');
  const resume = claim.getByRole('button', { name: 'Continue at page 1 of 2' });
  await resume.waitFor();
  expect(await claim.textContent()).toContain(`Your claim for ${YEAR} is not finished`);
  await checkScreen(page, `${shots}tax-refund-continue`);
  await resume.click();
  await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
  await checkScreen(page);
}

describe('a first-time user', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('the refund so far: relief on MaxOut contributions, a pending claim named beside it (desktop)', async () => {
    await refundSoFarJourney(b.page, viewports.desktop, 'first-', { declareIncome: false });
  });

  it('the refund so far: a claim whose income brings tax due says what may be owed (phone)', async () => {
    await refundSoFarJourney(b.page, viewports.mobile, 'first-mobile-', { declareIncome: true });
  });

  it('the Tax Refund page: the claim first, two tiles that act, the rest information (desktop)', async () => {
    await taxRefundPageJourney(b.page, viewports.desktop, 'first-');
  });

  it('the Tax Refund page: the claim first, two tiles that act, the rest information (phone)', async () => {
    await taxRefundPageJourney(b.page, viewports.mobile, 'first-mobile-');
  });
});
