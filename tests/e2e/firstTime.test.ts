/**
 * What a first-time user meets, on a desktop and a phone: no development names in front of them
 * (a "Test mode" ribbon says what the names used to hint at), the PAYE A1 names the configured
 * agent, the direct debit names the configured creditor; Next on a Form 11 page with nothing
 * entered asks "Skip this page?" and no €0 line is filed; until the email address is proven a
 * banner on every signed-in page says what waits for it and resends the link, and a refused
 * payment offers the same link.
 */
import { describe, expect, it } from 'vitest';
import { checkScreen, settle, useBrowser, viewports, visit } from './harness.ts';
import { answerQuestionnaire, profileOf, signPayeAuthorization } from './form11Steps.ts';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { readServerLog, waitForMail } from './serverLog.ts';
import { createUserWithPassword, editProfileByApi, field, signIn, uniqueEmail } from './users.ts';

const ODD_NAMES = /sandbox|\(development\)|DEV0001|Example Street/i;

describe.each(Object.entries(viewports))('a first-time user (%s)', (name, viewport) => {
  const b = useBrowser({ viewport });

  it('sees a test-mode ribbon instead of development names: Contribute, Direct debit, the PAYE A1', async () => {
    const { page } = b;
    await visit(page, '/welcome');
    await page.getByTestId('test-mode-ribbon').getByText('Test mode').waitFor();

    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    await visit(page, '/contribute');
    await page.getByTestId('test-mode-ribbon').waitFor();
    await page.getByRole('radio', { name: 'Current account' }).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(ODD_NAMES);

    await visit(page, '/direct-debit');
    await page.getByRole('button', { name: 'Set up a direct debit' }).click();
    const mandate = page.getByRole('checkbox', { name: /I authorise/ });
    await mandate.waitFor();
    expect(await page.getByText(/^I authorise/).textContent()).toMatch(/^I authorise MaxOut Pensions to collect/);
    await checkScreen(page, `first-time-${name}-direct-debit`);

    await visit(page, '/auth/paye-authorization');
    const agent = page.getByTestId('agent-details');
    await expect.poll(() => agent.textContent()).toMatch(/TAIN/);
    expect(await agent.textContent()).toContain('MaxOut Tax Services');
    expect(await page.locator('body').textContent()).not.toMatch(ODD_NAMES);
    await checkScreen(page, `first-time-${name}-paye`);
  });

  it('Next on an empty Health Expenses page asks "Skip this page?"; skipping files nothing', async () => {
    const { page } = b;
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(page, user);
    await visit(page, '/auth/paye-authorization?returnTo=%2Fform11-questionnaire');
    await signPayeAuthorization(page);
    await page.waitForURL((url) => url.pathname === '/form11-questionnaire');
    // Three answers, then a reload: the questionnaire goes on at the fourth question with them.
    await answerQuestionnaire(page, ['health-expenses'], 0, 3);
    await page.reload();
    await page.getByText(`Question 4 of ${QUESTIONS.length}`).waitFor();
    await answerQuestionnaire(page, ['health-expenses'], 3);
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);

    const next = page.getByRole('button', { name: 'Next', exact: true });
    await next.click();
    const ask = page.getByRole('dialog', { name: 'Skip this page?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Nothing is entered for Health Expenses');
    await checkScreen(page, `first-time-${name}-skip-this-page`);
    // Going back keeps the page, with the focus on Next again; asked again, the user skips it.
    await ask.getByRole('button', { name: 'Enter amounts' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/form11/health-expenses');
    await expect.poll(() => next.evaluate((button) => button === document.activeElement), { message: 'focus back on Next' }).toBe(true);
    await next.click();
    await ask.getByRole('button', { name: 'Skip this page' }).click();
    await page.waitForURL((url) => url.pathname !== '/form11/health-expenses');
    await settle(page);
    expect((await profileOf(user)).form11).toEqual([]);
  });

  it('a new account sees "Please confirm your email address" on every signed-in page; Resend link sends one; a refused payment offers it too', async () => {
    const { page } = b;
    const email = uniqueEmail('unverified');
    await visit(page, '/auth/register');
    await page.getByRole('combobox', { name: 'Marital status' }).click();
    await page.getByRole('option', { name: 'Single' }).click();
    await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('01021985');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Pension plan ID' }).fill('il 1234 5678');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/pension-info');
    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain(email);
    expect(text).toContain('Until then you cannot sign the PAYE authorisation, link a bank account or pay into your pension');
    // The server clears what was entered before the address was proven (someone else may have signed up with it): the user is told.
    expect(text).toContain('what is entered before then (your details, income and claims) is cleared when you choose your password');
    expect(text).toContain('within 48 hours');
    await checkScreen(page, `first-time-${name}-verify-banner`);

    const before = readServerLog().length;
    await banner.getByRole('button', { name: 'Resend link' }).click();
    await banner.getByText('We have emailed you a new link. It works for 24 hours.').waitFor();
    await waitForMail({ to: email, linkContains: '/reset-password/', after: before });

    await field(page, 'Annual income').fill('62000');
    await field(page, 'Pension paid this year').fill('0');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/landing');
    await banner.waitFor();

    await visit(page, '/contribute');
    await field(page, 'Amount').fill('100');
    await page.getByRole('button', { name: 'Review payment' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    const form = page.getByRole('form', { name: 'Contribution' });
    await form.getByText('Please confirm your email address first').waitFor();
    await form.getByRole('button', { name: 'Resend link' }).waitFor();
    await checkScreen(page, `first-time-${name}-payment-refused-unverified`);
  });

  it('words: a taken email at sign-up offers Log in and Reset password; marital status is asked once', async () => {
    const { page } = b;
    const taken = await createUserWithPassword();
    await visit(page, '/auth/register');
    await page.getByRole('combobox', { name: 'Marital status' }).click();
    await page.getByRole('option', { name: 'Married or in a civil partnership' }).click();
    await page.getByRole('textbox', { name: 'Date of birth' }).pressSequentially('01021985');
    await page.getByRole('textbox', { name: 'Email' }).fill(taken.email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const offer = page.getByRole('alert').filter({ hasText: 'You already have an account' });
    await offer.waitFor();
    expect(await offer.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
    expect(await offer.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe('/auth/forgot-password');
    await checkScreen(page, `first-time-${name}-email-taken`);

    // A new account: Pension Setup shows the answer given at sign-up in the same words, without asking again.
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('married'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/pension-info');
    const marital = page.getByRole('group', { name: 'Marital status' });
    await marital.waitFor();
    expect(await marital.textContent()).toContain('Married or in a civil partnership');
    expect(await page.getByRole('radio', { name: 'Single', exact: true }).count()).toBe(0);
    await checkScreen(page, `first-time-${name}-pension-setup-marital`);
  });
});
