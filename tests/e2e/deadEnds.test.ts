/**
 * No dead ends (desktop and phone): the 404 page has the header a user has elsewhere (the brand
 * signed out, the top bar signed in) and a way back; the Overview's empty claims list has its
 * button to the questionnaire; /pension-refund is reached from the Overview and the Tax Refund page;
 * the Settings page lists its sections at the top, and closing the account is behind a button.
 */
import { describe, expect, it } from 'vitest';
import { checkScreen, expectAccessible, screenshot, settle, useBrowser, viewports, visit } from './harness.ts';
import { createUserWithPassword, editProfileByApi, signIn } from './users.ts';

const pathOf = (url: string) => new URL(url).pathname;

describe.each(Object.entries(viewports))('no dead ends (%s)', (name, viewport) => {
  const b = useBrowser({ viewport });

  it('the 404 page has a header and a way back, signed out and signed in', async () => {
    const { page } = b;
    await visit(page, '/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'MaxOut home' }).waitFor();
    await checkScreen(page, `not-found-${name}-signed-out`);
    await page.getByRole('link', { name: 'Go to MaxOut' }).click();
    await page.waitForURL((url) => pathOf(url.href) === '/welcome');

    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    await visit(page, '/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // The signed-in top bar: the brand to the Overview and the account menu.
    await page.getByRole('link', { name: 'MaxOut overview' }).waitFor();
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    await settle(page);
    await checkScreen(page, `not-found-${name}-signed-in`);
    await page.getByRole('link', { name: 'Go to my Overview' }).click();
    await page.waitForURL((url) => pathOf(url.href) === '/landing');
  });

  it('the Overview leads to the questionnaire and to /pension-refund; so does the Tax Refund page', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    await visit(page, '/landing');
    await page.getByText('No tax refund claims yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Answer the questionnaire' }).click();
    await page.waitForURL((url) => pathOf(url.href) === '/tax-refund-questions');

    await visit(page, '/landing');
    await page.getByRole('link', { name: /Claim its relief/ }).click();
    await page.waitForURL((url) => pathOf(url.href) === '/pension-refund');

    await visit(page, '/tax-refund-options');
    await page.getByRole('link', { name: 'Claim relief on pension paid outside payroll' }).click();
    await page.waitForURL((url) => pathOf(url.href) === '/pension-refund');
    expect(pathOf(page.url())).toBe('/pension-refund');
  });

  it('Settings: its sections listed at the top, each one reached from there; closing the account is behind a button', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    await visit(page, '/settings');
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    const links = nav.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Password',
      'Two-step sign-in',
      'Signed-in devices',
      'Security events',
      'PAYE authorisation',
      'Your data',
      'Close my account',
    ]);
    // Every link leads to a section of the page with that name.
    for (const [label, region] of [
      ['Password', 'Change password'],
      ['Two-step sign-in', 'Two-step sign-in'],
      ['Signed-in devices', 'Signed-in devices'],
      ['Security events', 'Security events (last 90 days)'],
      ['PAYE authorisation', 'PAYE authorisation'],
      ['Your data', 'Download my data'],
      ['Close my account', 'Close my account'],
    ] as const) {
      const id = (await nav.getByRole('link', { name: label, exact: true }).getAttribute('href'))!.slice(1);
      expect(await page.locator(`#${id}`).getAttribute('aria-label') ?? (await page.locator(`#${id} h2`).textContent()), label).toBe(region);
    }
    await checkScreen(page, `settings-sections-${name}`);

    // No password field on the page: the closing opens behind its button, and Cancel leaves it.
    await nav.getByRole('link', { name: 'Close my account', exact: true }).click();
    await page.waitForURL((url) => url.hash === '#close-account');
    const section = page.getByRole('region', { name: 'Close my account' });
    expect(await page.getByLabel('Your password').count()).toBe(0);
    const closeAccount = section.getByRole('button', { name: 'Close my account…' });
    await closeAccount.click();
    const dialog = page.getByRole('dialog', { name: 'Close my account' });
    await dialog.getByText('Kept because the law requires it').waitFor();
    await dialog.getByLabel('Your password').waitFor();
    await checkScreen(page, `settings-close-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Your password').count()).toBe(0);
    // The focus goes back to the button that opened the dialog, not to the page's body.
    await expect.poll(() => closeAccount.evaluate((button) => button === document.activeElement), { message: 'focus back on Close my account…' }).toBe(true);
    await checkScreen(page);
  });

  it('the menu link to the Tax Refund page keeps AA contrast while hovered, on that page too', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    await visit(page, '/tax-refund-options');
    // The top bar's link on a desktop, the bottom bar's on a phone; the page it leads to is open, so it is the active one.
    const link = name === 'mobile' ? page.getByRole('link', { name: 'Refund', exact: true }) : page.getByRole('link', { name: 'Tax Refund', exact: true });
    await link.hover();
    await settle(page);
    await expectAccessible(page);
    await screenshot(page, `tax-refund-link-hovered-${name}`);
  });
});

