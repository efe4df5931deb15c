/**
 * No dead ends (desktop and phone): the 404 page has the header a user has elsewhere (the brand
 * signed out, the top bar signed in) and a way back; the Overview's empty claims list has its
 * button to the questionnaire; /pension-refund is reached from the Overview and the Tax Refund page.
 */
import { describe, expect, it } from 'vitest';
import { checkScreen, settle, useBrowser, viewports, visit } from './harness.ts';
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
});
