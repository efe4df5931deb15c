/**
 * Pausing the direct debit in one click, on a desktop and on a phone, against the production
 * build: the Overview flags the collection that would pass the relief limit, "Pause the direct
 * debit" pauses it to 31 December, and the Overview then says paused with no warning; Round payment
 * leaves room for the collections still to come, and offers the whole room once they are paused;
 * the Direct Debit screen shows the pause plainly and resumes it. The Overview shows a new mandate,
 * its next collection and the collections left, with a way to change it.
 *
 * The server's clock and the page's start at 20 November 2026 (pinnedClock.ts), whatever today is:
 * from 28 December no collection is left in the year, and 31 December is no pause.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { calendarDay } from '../../src/domain/dates.ts';
import { checkScreen, useBrowser, viewports, visit, type Viewport } from './harness.ts';
import { pinnedNow, pinPageClock, usePinnedClock } from './pinnedClock.ts';
import { createUserWithPassword, field, postJson, signIn, submitNewMandate, type TestUser } from './users.ts';

usePinnedClock();
/** The pinned server's today (20 November 2026): its year is the one every figure below is for. */
const today = () => calendarDay(new Date(pinnedNow()));
const YEAR = today().year();

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

/**
 * A user with €100 of room left (born 1 February 1985: 25 % of €48,000 is €12,000; €11,900 paid
 * through payroll) and €200 a month on day 28 from tomorrow: every collection left this year passes the limit.
 */
async function nearLimitWithMandate(): Promise<TestUser> {
  const user = await createUserWithPassword();
  await asUser(user, async (token) => {
    expect((await postJson('/pension-info', { annual_income: 48_000, paid_pension: 11_900, marital_status: 'single', pension_plan_id: 'IL12345678' }, token)).status).toBe(200);
    // A new account asks for the password again first.
    expect((await postJson('/security/step-up', { password: user.password }, token)).status).toBe(200);
    const tomorrow = today().add(1, 'day').format('YYYY-MM-DD');
    const mandate = { iban: 'IE29AIBK93115212345678', amount: 200, day_of_month: 28, start_date: tomorrow, mandate_accepted: true };
    expect((await postJson('/direct-debit', mandate, token)).status).toBe(200);
  });
  return user;
}

async function pauseJourney(page: Page, viewport: Viewport, shots: string) {
  await page.setViewportSize(viewport);
  await pinPageClock(page);
  const user = await nearLimitWithMandate();
  await signIn(page, user);

  // Round payment: the collections still to come (at least €200) fill the €100 of room.
  await visit(page, '/round-payment');
  await page.getByText(`Your direct debit's collections still to come fill the room left for tax relief in ${YEAR}`).waitFor();
  expect(await page.getByRole('main').textContent()).toMatch(new RegExp(`Your direct debit will still collect €[\\d,]+\\.00 in ${YEAR} \\(\\d collections?\\)`));
  await checkScreen(page, `${shots}round-payment-direct-debit`);

  await visit(page, '/landing');
  const region = page.getByRole('region', { name: 'Direct debit' });
  await region.getByText(/would pass your tax relief limit/).waitFor();
  await checkScreen(page, `${shots}overview-direct-debit-warning`);
  await region.getByRole('button', { name: 'Pause the direct debit' }).click();
  await region.getByText(`Paused until 31 December ${YEAR}: nothing is collected until then.`).waitFor();
  expect(await region.textContent()).toContain(`No more collections in ${YEAR}.`);
  expect(await region.textContent()).toMatch(new RegExp(`Next collection: 28 January ${YEAR + 1}`));
  expect(await region.getByText(/would pass your tax relief limit/).count()).toBe(0);
  expect(await region.getByRole('button', { name: 'Pause the direct debit' }).count()).toBe(0);
  await checkScreen(page, `${shots}overview-direct-debit-paused`);

  // The pause holds after a reload (it is the server's), and Round payment now offers the whole room.
  await visit(page, '/landing');
  await region.getByText(`Paused until 31 December ${YEAR}`).waitFor();
  await visit(page, '/round-payment');
  await page.getByRole('radio', { name: /^€100\.00: everything left, to max out/ }).waitFor();
  expect(await page.getByText('Your direct debit will still collect').count()).toBe(0);
  await checkScreen(page, `${shots}round-payment-paused`);

  // The Direct Debit screen says paused plainly, and Resume starts it again.
  await visit(page, '/direct-debit');
  await page.getByText(`Paused until 31.12.${YEAR}`).first().waitFor();
  await checkScreen(page, `${shots}direct-debit-paused`);
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByText('Your direct debit is running again').waitFor();
  expect(await page.getByRole('table', { name: 'Your direct debit' }).textContent()).toContain('Collecting');
  await page.getByRole('button', { name: 'Pause until 31 December' }).waitFor();
  await checkScreen(page, `${shots}direct-debit-resumed`);
}

/**
 * The direct debit on the Overview: the mandate and its next collection, the collections left this
 * year, and a warning with a one-click way to change it when a collection would pass the limit.
 */
async function directDebitJourney(page: Page, viewport: Viewport, shots: string) {
  await page.setViewportSize(viewport);
  await pinPageClock(page);
  const user = await createUserWithPassword();
  // Born 1 February 1985: 25 % of €48,000 is €12,000; €11,900 through payroll leaves €100 of room.
  await asUser(user, (token) => postJson('/pension-info', { annual_income: 48_000, paid_pension: 11_900, marital_status: 'single', pension_plan_id: 'IL12345678' }, token));
  await signIn(page, user);
  expect(await page.getByRole('region', { name: 'Direct debit' }).count()).toBe(0);

  await submitNewMandate(page);
  await field(page, 'Your password').fill(user.password);
  await page.getByRole('button', { name: 'Confirm and set up' }).click();
  await page.getByText('Your direct debit is set up').waitFor();

  await visit(page, '/landing');
  const region = page.getByRole('region', { name: 'Direct debit' });
  await region.getByText('€200.00 a month from IE29 •••• 5678, on day 28').waitFor();
  // Set up on 20 November, the first collection a week ahead at the earliest: 28 November and 28 December are left.
  expect(await region.textContent()).toContain(`Next collection: 28 November ${YEAR}`);
  expect(await region.textContent()).toContain(`2 collections still to come in ${YEAR}: €400.00.`);
  expect(await region.textContent()).toContain(`The collection on 28 November ${YEAR} would pass your tax relief limit: €300.00 this year would earn no relief.`);
  await checkScreen(page, `${shots}overview-direct-debit`);
  await region.getByRole('link', { name: 'Change or cancel it' }).click();
  await page.waitForURL((url) => url.pathname === '/direct-debit');
  await page.getByText('Your direct debit is set up').or(page.getByRole('table', { name: 'Your direct debit' })).first().waitFor();
}

describe('the direct debit paused in one click', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('the Overview flags the collection past the limit, Pause stops it, the Overview says paused and warns no more (desktop)', async () => {
    await pauseJourney(b.page, viewports.desktop, 'pause-');
  });

  it('the Overview flags the collection past the limit, Pause stops it, the Overview says paused and warns no more (phone)', async () => {
    await pauseJourney(b.page, viewports.mobile, 'pause-mobile-');
  });

  it('the Overview shows the direct debit and flags a collection past the relief limit (desktop)', async () => {
    await directDebitJourney(b.page, viewports.desktop, 'first-');
  });

  it('the Overview shows the direct debit and flags a collection past the relief limit (phone)', async () => {
    await directDebitJourney(b.page, viewports.mobile, 'first-mobile-');
  });
});
