/**
 * The pension half of MaxOut in Chromium against the production build: a new user sets up their
 * pension, the Overview shows the right maximum and days left, a contribution moves the gauge,
 * a double-clicked confirmation pays once, the direct debit is set up, changed and cancelled,
 * and Round payment offers the room left. Screens are scanned with axe and kept as screenshots on
 * desktop and phone widths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { calendarDay, daysLeftInYear } from '../../src/domain/dates.ts';
import { checkScreen, screenshot, settle, useBrowser, viewports, visit } from './harness.ts';
import { API, type TestUser, createUserWithPassword, field, signIn } from './users.ts';
import { baseUrl } from './harness.ts';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The user's ledger through the API, with a throwaway session. */
async function contributionsOf(user: TestUser) {
  const login = await fetch(`${baseUrl()}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}${API}/contributions`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { contributions: { amount: number; status: string }[]; contributed: Record<string, number> };
}

/** Pension Setup as a new user fills it in: €62,000 income, €1,500 paid this year, single. */
async function setUpPension(page: Page, shots: string) {
  await page.waitForURL((url) => url.pathname === '/pension-info');
  await checkScreen(page, `${shots}pension-info`);
  await field(page, 'Annual income').fill('62000');
  await field(page, 'Pension paid this year').fill('1500');
  await field(page, 'Pension plan ID').fill('il 1234 5678');
  // Born 1 February 1985: in the 40 to 49 band, 25% of earnings; 25% of 62,000 less 1,500 paid.
  const relief = page.getByRole('region', { name: 'Your tax relief' });
  await relief.getByText('€14,000.00').waitFor();
  expect(await relief.textContent()).toContain('40 to 49');
  expect(await relief.textContent()).toContain('25% of earnings');
  await screenshot(page, `${shots}pension-info-filled`);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.waitForURL((url) => url.pathname === '/landing');
}

const gauge = (page: Page) => page.getByRole('meter', { name: 'Pension paid this year' });

describe('pension journeys', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('new user → Pension Setup → Overview → Contribute (double-clicked) → the gauge moves, paid once', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await signIn(page, user);
    await setUpPension(page, '');

    const today = calendarDay(new Date());
    await page.getByRole('heading', { name: `You have ${daysLeftInYear(today)} days remaining to MAX OUT for ${today.year()}` }).waitFor();
    expect(await gauge(page).getAttribute('aria-valuetext')).toMatch(/^€1,500 of €15,500 this year/);
    // The gauge is whole euro (spec); the room left under it is the user's money, with its cents, as in Get Maxing.
    await page.getByText(`€14,000.00 left to earn tax relief in ${today.year()}`, { exact: true }).waitFor();
    await checkScreen(page, 'overview');

    const getMaxing = page.getByRole('button', { name: 'Get Maxing' });
    await getMaxing.click();
    const dialog = page.getByRole('dialog', { name: 'Get Maxing' });
    for (const name of ['Contribute', 'Direct debit', 'Round payment']) await dialog.getByRole('link', { name }).waitFor();
    await checkScreen(page, 'overview-get-maxing');
    // Escape closes it as a dialog closes (faded out), and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => getMaxing.evaluate((button) => button === document.activeElement), { message: 'focus back on Get Maxing' }).toBe(true);
    await getMaxing.click();
    await dialog.getByRole('link', { name: 'Contribute' }).waitFor();
    await dialog.getByRole('link', { name: 'Contribute' }).click();
    await page.waitForURL((url) => url.pathname === '/contribute');

    await field(page, 'Amount').fill('2000');
    // Income 18,000 above the band: all of it at 40%.
    await page.getByTestId('relief-preview').getByText('€800.00', { exact: true }).waitFor();
    // Every euro amount with its cents, whole ones too.
    expect(await page.getByRole('main').textContent()).toMatch(/Room left for tax relief in \d{4}: €14,000\.00/);
    await checkScreen(page, 'contribute');
    await page.getByRole('radio', { name: 'Debit card' }).check();
    await page.getByRole('button', { name: 'Review payment' }).click();
    const review = page.getByRole('table', { name: 'Your payment' });
    expect(await review.textContent()).toMatch(/€2,000\.00.*€800\.00/);
    await checkScreen(page, 'contribute-review');
    // The draft under review is in the address: a reload opens the form with its amount and
    // source (not an empty form on the first source).
    await page.waitForURL((url) => url.pathname === '/contribute' && url.searchParams.get('amount') === '2000' && url.searchParams.get('source') === 'sandbox-debit-card');
    await page.reload();
    await settle(page);
    expect(await field(page, 'Amount').inputValue()).toMatch(/^€?2,?000(\.00)?$/);
    expect(await page.getByRole('radio', { name: 'Debit card' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Review payment' }).click();
    expect(await review.textContent()).toMatch(/€2,000\.00.*€800\.00/);
    await page.getByRole('button', { name: 'Confirm payment' }).dblclick();
    // Over €1,000 the server asks for the password again first; the same payment (same key) follows.
    const stepUp = page.getByRole('form', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    await checkScreen(page, 'contribute-step-up');
    await field(page, 'Your password').fill(user.password);
    await stepUp.getByRole('button', { name: 'Confirm and pay' }).dblclick();
    await page.getByText('Payment made').waitFor();
    expect(await page.getByRole('main').textContent()).toMatch(/€2,000\.00 from Debit card is in your pension for \d{4}\. It earns €800\.00 in tax relief\./);
    // Paid: the address no longer offers the same payment to a reload.
    await page.waitForURL((url) => url.pathname === '/contribute' && url.search === '');
    await checkScreen(page, 'contribute-done');

    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await page.waitForURL((url) => url.pathname === '/landing');
    await expect.poll(() => gauge(page).getAttribute('aria-valuetext')).toMatch(/^€3,500 of €15,500 this year/);
    await checkScreen(page, 'overview-after-contribution');

    const ledger = await contributionsOf(user);
    expect(ledger.contributions).toHaveLength(1);
    expect(ledger.contributions[0]).toMatchObject({ amount: 2000, status: 'succeeded' });
  });

  it('Round payment offers the room left; Direct debit is set up, changed and cancelled', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await signIn(page, user);
    await setUpPension(page, 'dd-');

    await visit(page, '/round-payment');
    await page.getByRole('radio', { name: /^€14,000\.00: everything left/ }).waitFor();
    expect(await page.getByRole('radio', { name: /^€14,000\.00: everything left/ }).isChecked()).toBe(true);
    await checkScreen(page, 'round-payment');

    await visit(page, '/direct-debit');
    await page.getByRole('button', { name: 'Set up a direct debit' }).click();
    await field(page, 'IBAN').fill('IE29 AIBK 9311 5212 3456 79');
    await field(page, 'Monthly amount').fill('200');
    await field(page, 'Day of the month').fill('15');
    await page.getByRole('button', { name: 'Set up direct debit' }).click();
    // A mistyped IBAN is caught by its checksum before anything is sent.
    await page.getByText('Please enter a valid IBAN').waitFor();
    await page.getByText('You must accept the mandate to continue').waitFor();
    await field(page, 'IBAN').fill('IE29 AIBK 9311 5212 3456 78');
    await page.getByRole('checkbox').check();
    await checkScreen(page, 'direct-debit-form');
    await page.getByRole('button', { name: 'Set up direct debit' }).click();
    // A new account: the password again before anything is set up.
    await page.getByRole('form', { name: 'Confirm it is you' }).waitFor();
    await field(page, 'Your password').fill(user.password);
    await page.getByRole('button', { name: 'Confirm and set up' }).click();
    await page.getByText('Your direct debit is set up').waitFor();
    const view = page.getByRole('table', { name: 'Your direct debit' });
    expect(await view.textContent()).toContain('IE29 •••• 5678');
    expect(await view.textContent()).not.toContain('9311');
    await checkScreen(page, 'direct-debit');

    await page.getByRole('button', { name: 'Change' }).click();
    await field(page, 'Monthly amount').fill('350');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    // A change says so, and names the next collection rather than a "first" one.
    await page.getByText('Your direct debit is changed. The next collection is on').waitFor();
    expect(await page.getByText('Your direct debit is set up').count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Your direct debit' }).textContent()).toContain('€350');

    await page.getByRole('button', { name: 'Cancel direct debit' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Your direct debit is cancelled').waitFor();
    await page.getByText('You have no direct debit yet.').waitFor();
    expect(pathOf(page)).toBe('/direct-debit');
  });

  it('on a phone: Overview and the pension screens fit the width', async () => {
    const page = await b.newPage({ viewport: viewports.mobile });
    const user = await createUserWithPassword();
    await signIn(page, user);
    await setUpPension(page, 'mobile-');
    await gauge(page).waitFor();
    await checkScreen(page, 'mobile-overview');
    for (const [path, ready] of [
      ['/contribute', 'Review payment'],
      ['/round-payment', 'Review payment'],
      ['/direct-debit', 'Set up a direct debit'],
    ] as const) {
      await visit(page, path);
      await page.getByRole('button', { name: ready }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
      await checkScreen(page, `mobile${path.replace('/', '-')}`);
    }
  });
});
