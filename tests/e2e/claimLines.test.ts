/**
 * A claim reads the same wherever it shows (desktop and phone): the Overview's credits table and
 * /tax-refund-submitted list its lines in one order (Form 11's page order, then the incomes), not
 * the order they were filled in, and every amount of the claim shows its cents ("€380.00").
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { categoryTitle, type Form11Category } from '../../src/domain/catalogue.ts';
import { dayjs } from '../../src/domain/dates.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { defaultClaimYear } from '../../src/domain/tax/index.ts';
import { checkScreen, useBrowser, viewports, visit } from './harness.ts';
import { postJson, signIn, type TestUser } from './users.ts';

const YEAR = defaultClaimYear(dayjs());
/** Two decimals, a sign for tax due. */
const MONEY = /^[-−]?€[\d,]+\.\d\d( due)?$/;
/** Filled in this order; every screen lists them in Form 11's order instead. */
const FILLED: Form11Category[] = ['tuition-fees', 'rent-tax-credit', 'health-expenses'];
const CREDITS_IN_ORDER = ['health-expenses', 'rent-tax-credit', 'tuition-fees'].map((category) => categoryTitle(category as Form11Category));

async function asUser<T>(user: TestUser, call: (token: string) => Promise<T>): Promise<T> {
  const login = await postJson('/auth/login', { email: user.email, password: user.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  try {
    return await call(String(login.body.access_token));
  } finally {
    await postJson('/auth/logout', { refresh_token: String(login.body.refresh_token) });
  }
}

/** The title a row or list item starts with (a line's note follows it in the same cell). */
function titlesOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((cells) => cells.map((cell) => (cell.firstChild?.textContent ?? '').trim()));
}

describe.each(Object.entries(viewports))('claim lines (%s)', (name, viewport) => {
  const b = useBrowser({ viewport });

  it('the Overview and /tax-refund-submitted list the lines in the same order, each amount with its cents', async () => {
    const { page } = b;
    const user = inject('claimLineUsers')[name === 'mobile' ? 0 : 1]!;
    await asUser(user, (token) => postJson('/pension-info', { annual_income: 48_000, paid_pension: 0, marital_status: 'single', pension_plan_id: 'IL12345678' }, token));
    const questions: Record<string, unknown> = Object.fromEntries(FILLED.map((slug) => [slug, form11Sample(slug as never)]));
    questions['final-form'] = { 'rental-income': form11Sample('rental-income') };
    const sent = await asUser(user, (token) => postJson('/answer-multiple', { year: YEAR, questions }, token));
    expect(sent.status).toBe(200);

    await signIn(page, user);
    await visit(page, '/landing');
    const credits = page.getByRole('table').filter({ hasText: 'Credit or relief' });
    await credits.waitFor();
    const overviewTitles = await titlesOf(page, 'table:has(th:text("Credit or relief")) > tbody:first-of-type > tr > td:first-child');
    expect(overviewTitles).toEqual(CREDITS_IN_ORDER);
    const overviewAmounts = await credits.locator('tbody > tr > td:last-child').allTextContents();
    expect(overviewAmounts.length).toBe(4); // three credits and the rental income
    for (const amount of overviewAmounts) expect(amount.trim()).toMatch(MONEY);
    await checkScreen(page, `claim-lines-overview-${name}`);

    await visit(page, '/tax-refund-submitted');
    const claimed = page.getByRole('list', { name: `What you claimed for ${YEAR}` });
    await claimed.waitFor();
    const submittedTitles = await claimed.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent?.trim() ?? ''));
    // The same credits in the same order, then the income.
    expect(submittedTitles.slice(0, 3)).toEqual(overviewTitles);
    expect(submittedTitles[3]).toBe(categoryTitle('rental-income'));
    for (const item of await claimed.getByRole('listitem').all()) {
      expect((await item.locator('p').nth(1).textContent())?.trim()).toMatch(MONEY);
    }
    expect((await page.getByTestId('estimated-refund').textContent())?.trim()).toMatch(MONEY);
    await checkScreen(page, `claim-lines-submitted-${name}`);
  });
});
