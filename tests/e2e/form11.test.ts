/**
 * The tax refund journeys in Chromium against the production build: the PAYE authorisation signed
 * with a drawn signature, the questionnaire with three Yes answers into the guided flow and a sent
 * claim whose refund equals the engine's, Try again after a failed final send, a reload in the
 * middle of the flow (and the question before it would be replaced), Back through the flow with the
 * draft of a half-filled page kept (desktop and phone), a corrupted saved progress, and every one
 * of the 30 Form 11 pages through axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { parseValues, formValuesOf } from '../../src/app/screens/form11/formValues.ts';
import { FORM_SLUGS, type FormSlug, QUESTIONS } from '../../src/domain/catalogue.ts';
import { FORM11_FORMS } from '../../src/domain/schemas/form11/index.ts';
import { dayjs } from '../../src/domain/dates.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { calculateRefund, defaultClaimYear, signedAmount, type TaxProfile } from '../../src/domain/tax/index.ts';
import { createUserWithPassword, editProfileByApi, type TestUser } from './users.ts';
import { allowConsoleErrors, checkScreen, expectAccessible, expectNoPageProblems, screenshot, settle, useBrowser, viewports } from './harness.ts';
import {
  HEALTH,
  MEDICAL,
  RENT,
  answerQuestionnaire,
  fillHealthExpenses,
  fillMedicalInsurance,
  fillRent,
  openInApp,
  pathOf,
  profileOf,
  signIn,
  signPayeAuthorization,
} from './form11Steps.ts';

/** The seeded users' profile (seedUsers.ts): single, €48,000 a year, born 1 February 1985. */
const PROFILE: TaxProfile = { maritalStatus: 'single', annualIncome: 48_000, dateOfBirth: '1985-02-01' };
const YEAR = defaultClaimYear(dayjs());

let nextUser = 0;
/** A fresh PAYE-authorised user: no claim and no saved progress yet. */
function freshUser(): TestUser {
  const users = inject('form11Users');
  const user = users[nextUser++];
  if (!user) throw new Error('Not enough form11Users seeded in globalSetup.ts');
  return user;
}

/** Does the page's form accept being sent empty (nothing required)? */
function acceptsEmpty(slug: FormSlug): boolean {
  const spec = FORM11_FORMS[slug];
  return parseValues(spec.schema, dayjs(), formValuesOf(spec.fields)) !== null;
}

describe('the guided Form 11 flow', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('signs the PAYE authorisation with a drawn signature → questionnaire Yes ×3 → the three forms → sent; the refund is the engine’s sum; the Overview shows the claim pending', async () => {
    const { page } = b;
    // A new account (registered with the seeded profile's date of birth and status): not yet authorised.
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: PROFILE.annualIncome });
    await signIn(page, user);
    await openInApp(page, '/tax-refund-questions');
    await checkScreen(page, 'tax-refund-page');
    expect(await page.getByRole('radio', { name: String(YEAR), exact: true }).isChecked()).toBe(true);
    await expect(page.getByRole('button', { name: 'Continue previous application' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Questionnaire' }).click();

    // The questionnaire needs the PAYE authorisation: sign it, then back to the questionnaire.
    await page.waitForURL((url) => url.pathname === '/auth/paye-authorization');
    await settle(page);
    await signPayeAuthorization(page);
    await page.waitForURL((url) => url.pathname === '/form11-questionnaire');
    await checkScreen(page, 'questionnaire');
    await answerQuestionnaire(page, ['health-expenses', 'medical-insurance-relief', 'rent-tax-credit']);

    // Catalogue order: Health Expenses, Medical Insurance, Rent.
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await checkScreen(page);
    await expect.poll(() => page.getByText('Page 1 of 3').count()).toBe(1);
    await fillHealthExpenses(page);
    const health = calculateRefund(YEAR, 'health-expenses', HEALTH, PROFILE);
    if (!health.ok) throw new Error('the engine refused the health expenses sample');
    await expect(page.getByTestId('estimate-amount').textContent()).resolves.toBe(formatMoney(health.amount));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // Scanned at rest: the pointer would hover the next page's Skip button, which sits where Next was.
    await page.mouse.move(0, 0);

    await page.waitForURL((url) => url.pathname === '/form11/medical-insurance-relief');
    await checkScreen(page);
    await expect.poll(() => page.getByText('Page 2 of 3').count()).toBe(1);
    // Next with no insurance: the spec's message, and the page stays.
    await page.getByRole('textbox', { name: /^Employment/ }).fill(MEDICAL.selectedEmployment);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // Scanned at rest: the pointer would hover the next page's Skip button, which sits where Next was.
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByText('Please add at least one insurance').count()).toBeGreaterThan(0);
    expect(pathOf(page)).toBe('/form11/medical-insurance-relief');
    await fillMedicalInsurance(page);
    const medical = calculateRefund(YEAR, 'medical-insurance-relief', MEDICAL, PROFILE);
    if (!medical.ok) throw new Error('the engine refused the medical insurance sample');
    await expect(page.getByTestId('estimate-amount').textContent()).resolves.toBe(formatMoney(medical.amount));
    await expect.poll(() => page.getByText('How we got this:').count()).toBe(1);
    await checkScreen(page, 'form11-medical-insurance-filled');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // Scanned at rest: the pointer would hover the next page's Skip button, which sits where Next was.
    await page.mouse.move(0, 0);

    await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
    await checkScreen(page);
    await expect.poll(() => page.getByText('Page 3 of 3').count()).toBe(1);
    await fillRent(page);
    const rent = calculateRefund(YEAR, 'rent-tax-credit', RENT, PROFILE);
    if (!rent.ok) throw new Error('the engine refused the rent sample');
    await expect(page.getByTestId('estimate-amount').textContent()).resolves.toBe(formatMoney(rent.amount));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // Scanned at rest: the pointer would hover the next page's Skip button, which sits where Next was.
    await page.mouse.move(0, 0);

    await page.waitForURL((url) => url.pathname === '/tax-refund-submitted', { timeout: 15_000 });
    await checkScreen(page, 'tax-refund-submitted');
    const amounts = [health.amount, medical.amount, rent.amount];
    const sum = amounts.reduce((total, amount) => total + amount, 0);
    // The refund shown is the engine's sum for the year's three categories.
    await expect.poll(() => page.getByTestId('estimated-refund').textContent()).toBe(formatMoney(sum));
    // The claim is sent: nothing is left to resume.
    await expect(page.evaluate(() => localStorage.getItem('form11Progress'))).resolves.toBeNull();
    const claim = (await profileOf(user)).form11.find((entry) => entry.year === YEAR);
    expect(claim?.status).toBe('pending');
    const total = Object.values(claim?.categoryRefunds ?? {}).reduce((all, amount) => all + amount, 0);
    expect(total).toBeCloseTo(sum, 2);
    expect(Object.keys(claim?.categoryRefunds ?? {}).sort()).toEqual(['health-expenses', 'medical-insurance-relief', 'rent-tax-credit']);

    // The Overview's Taxback credits show the year's claim as pending, with the three amounts.
    await openInApp(page, '/landing');
    const yearControl = page.getByRole('button', { name: new RegExp(`^${YEAR}`) });
    await yearControl.waitFor();
    await expect(yearControl.textContent()).resolves.toContain('Pending');
    for (const amount of amounts) {
      await expect.poll(() => page.getByRole('cell', { name: formatMoney(amount), exact: true }).count()).toBeGreaterThan(0);
    }
  });

  it('a failed final send: /tax-refund-submitted says so with Try again, which sends the kept answers', async () => {
    const { page } = b;
    const user = freshUser();
    await signIn(page, user);
    // The first POST /answer-multiple meets an outage; the next ones reach the server.
    let refused = 0;
    await page.route('**/api/maxout/answer-multiple', async (route) => {
      if (refused++ === 0) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
      else await route.continue();
    });
    allowConsoleErrors(page, /503/);
    await openInApp(page, '/tax-refund-questions');
    await page.getByRole('button', { name: 'For Advanced Use' }).click();
    await page.getByRole('checkbox', { name: 'Health Expenses' }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);
    await fillHealthExpenses(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/tax-refund-submitted');
    await page.getByRole('heading', { name: `Your claim for ${YEAR} was not sent yet` }).waitFor();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' }).count()).toBe(1);
    // Nothing is lost: the answers are still saved on the device.
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('form11Progress'))) ?? 'null') as { formData: Record<string, unknown> } | null;
    expect(Object.keys(kept?.formData ?? {})).toEqual(['health-expenses']);
    expect((await profileOf(user)).form11.find((entry) => entry.year === YEAR)).toBeUndefined();
    await checkScreen(page, 'tax-refund-not-sent');

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: `Your claim for ${YEAR} is submitted` }).waitFor({ timeout: 15_000 });
    const health = calculateRefund(YEAR, 'health-expenses', HEALTH, PROFILE);
    if (!health.ok) throw new Error('the engine refused the health expenses sample');
    await expect.poll(() => page.getByTestId('estimated-refund').textContent()).toBe(formatMoney(health.amount));
    expect(refused).toBe(2);
    await expect(page.evaluate(() => localStorage.getItem('form11Progress'))).resolves.toBeNull();
    expect((await profileOf(user)).form11.find((entry) => entry.year === YEAR)?.status).toBe('pending');
    await checkScreen(page);

    // The Tax Refund page marks the year as claimed.
    await openInApp(page, '/tax-refund-questions');
    await expect.poll(() => page.getByRole('radio', { name: `${YEAR} (claim pending)`, exact: true }).count()).toBe(1);

    // The final form with no income chosen sends the user to choose one.
    await openInApp(page, `/form11/final-form?year=${YEAR}`);
    await page.waitForURL((url) => url.pathname === '/form11/income-selection');
    // No other income: the profile is refreshed and the year's estimate shown with two decimals, then the refund options.
    await settle(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const estimate = page.getByTestId('refund-estimate');
    await estimate.waitFor();
    await expect.poll(() => estimate.textContent()).toBe(formatMoney(health.amount));
    expect(await estimate.textContent()).toMatch(/^€[\d,]+\.\d{2}$/);
    await checkScreen(page, 'income-selection-none-estimate');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-options');
  });

  it('a reload in the middle of the flow resumes at the same page; Continue previous application and Back find the same answers', async () => {
    const { page } = b;
    await signIn(page, freshUser());
    await openInApp(page, '/tax-refund-questions');
    await page.getByRole('button', { name: 'For Advanced Use' }).click();
    // The panel has opened (its animation over) before Continue is pressed.
    await page.getByRole('checkbox', { name: 'Rent Tax Credit', exact: true }).waitFor();
    await settle(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => page.getByText('Please select at least one option to continue').count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Rent Tax Credit', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Tuition Fees' }).check();
    await checkScreen(page, 'tax-refund-advanced');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
    await fillRent(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/tuition-fees');
    await settle(page);

    await page.reload();
    await checkScreen(page);
    expect(pathOf(page)).toBe('/form11/tuition-fees');
    await expect.poll(() => page.getByText('Page 2 of 2').count()).toBe(1);

    await openInApp(page, '/tax-refund-questions');
    await expect.poll(() => page.getByText(`You have an unfinished claim for ${YEAR}`).count()).toBe(1);
    // The count it promises is the questionnaire's own ("Question 1 of N").
    expect(await page.getByText(`Answer ${QUESTIONS.length} short yes/no questions;`).count()).toBe(1);
    // One claim at a time: the questionnaire would replace it, so the flow asks first; keeping it changes nothing.
    const questionnaire = page.getByRole('button', { name: 'Questionnaire' });
    await questionnaire.click();
    const question = page.getByRole('dialog', { name: `Start a new claim for ${YEAR}?` });
    await question.waitFor();
    await checkScreen(page, 'tax-refund-replace-claim');
    await question.getByRole('button', { name: 'Keep my unfinished claim' }).click();
    await question.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/tax-refund-questions');
    await expect.poll(() => questionnaire.evaluate((button) => button === document.activeElement), { message: 'focus back on Questionnaire' }).toBe(true);
    await page.getByRole('button', { name: 'Continue previous application' }).click();
    await page.waitForURL((url) => url.pathname === '/form11/tuition-fees');
    await checkScreen(page);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
    await settle(page);
    await expect(page.getByRole('textbox', { name: /^Landlord/ }).inputValue()).resolves.toBe(RENT.landlordName);
    await expect(page.getByRole('textbox', { name: /^Rent you paid in the year/ }).inputValue()).resolves.toContain('14');
  });

  it('other income on its own: selection → declaration saved → the estimated refund (2 decimals) → refund options; prefilled next time', async () => {
    const { page } = b;
    const user = freshUser();
    await signIn(page, user);
    await openInApp(page, '/tax-refund-questions');
    await page.getByRole('button', { name: 'Declare other income' }).click();
    await page.waitForURL((url) => url.pathname === '/form11/income-selection');
    await checkScreen(page, 'income-selection');
    await page.getByRole('checkbox', { name: 'UK dividends' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/final-form');
    await checkScreen(page);
    const dividends = { payerName: 'Thames Utilities plc', grossAmount: 600 };
    await page.getByRole('textbox', { name: /^Company or fund that paid the dividends/ }).fill(dividends.payerName);
    await page.getByRole('textbox', { name: /^Gross dividends in euro/ }).fill(String(dividends.grossAmount));
    const due = calculateRefund(YEAR, 'uk-dividends', dividends, PROFILE);
    if (!due.ok) throw new Error('the engine refused the dividends sample');
    await checkScreen(page, 'final-form-filled');
    await page.getByRole('button', { name: 'Submit Income Declaration' }).click();
    const estimate = page.getByTestId('refund-estimate');
    await estimate.waitFor();
    const claim = (await profileOf(user)).form11.find((entry) => entry.year === YEAR);
    // Tax due on declared income counts against the refund.
    expect(claim?.categoryRefunds['uk-dividends']).toBeCloseTo(signedAmount(due), 2);
    // Tax due reads as what the user may owe, never as a negative refund.
    expect(signedAmount(due)).toBeLessThan(0);
    await expect(estimate.textContent()).resolves.toBe(formatMoney(-signedAmount(due)));
    await expect(page.getByRole('dialog').textContent()).resolves.toContain(`For ${YEAR}, you may owe ${formatMoney(-signedAmount(due))}.`);
    await checkScreen(page, 'final-form-estimate');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-options');

    // Declaring another income later keeps the one declared before on the form, prefilled.
    await openInApp(page, `/form11/final-form?incomeId=us-dividends&year=${YEAR}`);
    await expect.poll(() => page.getByRole('group', { name: 'US dividends' }).count()).toBe(1);
    const uk = page.getByRole('group', { name: 'UK dividends' });
    await expect(uk.getByRole('textbox', { name: /^Company or fund that paid the dividends/ }).inputValue()).resolves.toBe(dividends.payerName);
  });

  it('a corrupted saved progress is discarded: the Tax Refund page works and offers nothing to continue', async () => {
    const { page } = b;
    await signIn(page, freshUser(), { remember: true });
    await page.evaluate(() => localStorage.setItem('form11Progress', '{"version":1,"routes":["/form11/rent-tax-cr'));
    await page.reload();
    await settle(page);
    await openInApp(page, '/tax-refund-questions');
    await checkScreen(page);
    await expect(page.getByRole('heading', { name: 'Tax Refund' }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Continue previous application' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => localStorage.getItem('form11Progress'))).resolves.toBeNull();
    expectNoPageProblems(page);
  });
});

describe('Back and drafts in the guided flow', () => {
  const b = useBrowser({ deferAccessibility: true });

  /** Starts a flow of Health Expenses (page 1) and Rent Tax Credit (page 2) from For Advanced Use. */
  async function startTwoPages(page: Page) {
    await openInApp(page, '/tax-refund-questions');
    await page.getByRole('button', { name: 'For Advanced Use' }).click();
    await page.getByRole('checkbox', { name: 'Rent Tax Credit', exact: true }).waitFor();
    await settle(page);
    await page.getByRole('checkbox', { name: 'Health Expenses' }).check();
    await page.getByRole('checkbox', { name: 'Rent Tax Credit', exact: true }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);
  }

  /** Page 2 filled in part (no Next), then Back, forward again, a reload: what was typed is there each time; then the claim is sent. */
  async function journey(page: Page, device: 'desktop' | 'mobile') {
    const landlord = () => page.getByRole('textbox', { name: /^Landlord/ });
    const rent = (p: Page) => p.getByRole('textbox', { name: /^Rent you paid in the year/ });
    const doctors = (p: Page) => p.getByRole('textbox', { name: /^Doctor and consultant fees/ });
    await startTwoPages(page);
    await fillHealthExpenses(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
    await settle(page);
    await expect.poll(() => page.getByText('Page 2 of 2').count()).toBe(1);
    // Half of page 2, and Back at once (no pause): nothing typed may be lost.
    await landlord().fill(RENT.landlordName);
    await rent(page).fill('1250.50');
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);
    await expect.poll(() => page.getByText('Page 1 of 2').count()).toBe(1);
    await expect(doctors(page).inputValue(), 'page 1 keeps its answer').resolves.toContain(String(HEALTH.doctorsAndConsultants));
    await checkScreen(page, `form11-back-page1-${device}`);
    // Back went back in the browser's history: the browser's Forward is page 2 again, with the draft.
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
    await settle(page);
    await expect(landlord().inputValue()).resolves.toBe(RENT.landlordName);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);

    // Back on page 1: the Tax Refund page, the claim waiting at page 1 of 2.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-questions');
    await expect.poll(() => page.getByText(`You have an unfinished claim for ${YEAR}`).count()).toBe(1);
    await page.getByRole('button', { name: 'Continue previous application' }).click();
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);
    await expect(doctors(page).inputValue()).resolves.toContain(String(HEALTH.doctorsAndConsultants));
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Forward again: the draft of page 2.
    await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
    await settle(page);
    await expect(landlord().inputValue()).resolves.toBe(RENT.landlordName);
    await expect(rent(page).inputValue()).resolves.toContain('1,250.5');
    await checkScreen(page, `form11-draft-page2-${device}`);
    // Kept with the progress: the draft is under the page's key, the submitted answer under formData.
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('form11Progress'))) ?? 'null') as { drafts?: Record<string, { landlordName?: string }>; formData: object } | null;
    expect(saved?.drafts?.['rent-tax-credit']?.landlordName).toBe(RENT.landlordName);
    expect(Object.keys(saved?.formData ?? {})).toEqual(['health-expenses']);

    // A reload: the draft again.
    await page.reload();
    await settle(page);
    expect(pathOf(page)).toBe('/form11/rent-tax-credit');
    await expect(landlord().inputValue()).resolves.toBe(RENT.landlordName);
    await expect(rent(page).inputValue()).resolves.toContain('1,250.5');

    // Finished and sent: the progress, drafts and all, is gone.
    await fillRent(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-submitted', { timeout: 15_000 });
    await page.getByRole('heading', { name: `Your claim for ${YEAR} is submitted` }).waitFor({ timeout: 15_000 });
    await expect(page.evaluate(() => localStorage.getItem('form11Progress'))).resolves.toBeNull();
  }

  it('desktop: page 2 typed in part, Back to page 1 (its answer there), Back to the Tax Refund page, Continue, forward again (the draft there), reload (the draft there), sent', async () => {
    const { page } = b;
    await signIn(page, freshUser());
    await journey(page, 'desktop');
  });

  it('phone: the same journey at 390 px', async () => {
    const page = await b.newPage({ viewport: viewports.mobile });
    await signIn(page, freshUser());
    await journey(page, 'mobile');
  });

  it('the final form has Back too, and its draft comes back', async () => {
    const { page } = b;
    await signIn(page, freshUser());
    await openInApp(page, '/tax-refund-questions');
    await page.getByRole('button', { name: 'For Advanced Use' }).click();
    await page.getByRole('checkbox', { name: 'UK dividends' }).waitFor();
    await settle(page);
    await page.getByRole('checkbox', { name: 'Health Expenses' }).check();
    await page.getByRole('checkbox', { name: 'UK dividends' }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);
    await fillHealthExpenses(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/final-form');
    await settle(page);
    await expect.poll(() => page.getByText('Page 2 of 2').count()).toBe(1);
    const payer = () => page.getByRole('textbox', { name: /^Company or fund that paid the dividends/ });
    await payer().fill('Thames Utilities plc');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/health-expenses');
    await settle(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/form11/final-form');
    await settle(page);
    await expect(payer().inputValue()).resolves.toBe('Thames Utilities plc');
  });

  it('drafts are forgotten at sign-out', async () => {
    const { page } = b;
    await signIn(page, freshUser());
    await startTwoPages(page);
    await fillHealthExpenses(page);
    // The pause after typing: the draft is saved without leaving the page.
    await expect.poll(async () => (await page.evaluate(() => localStorage.getItem('form11Progress'))) ?? '').toContain('"drafts":{"health-expenses"');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect(page.evaluate(() => localStorage.getItem('form11Progress'))).resolves.toBeNull();
  });
});

describe('every Form 11 page', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('renders a real form that passes axe, empty and with its errors shown', async () => {
    const { page } = b;
    await signIn(page, inject('payeUser'));
    for (const slug of FORM_SLUGS) {
      await openInApp(page, `/form11/${slug}`);
      expectNoPageProblems(page);
      expect(pathOf(page)).toBe(`/form11/${slug}`);
      await expect(page.locator('form').count()).resolves.toBe(1);
      await expect(page.getByRole('region', { name: /^Estimated tax (back|due) for \d{4}$/ }).count()).resolves.toBe(1);
      // The development-only button is not in a production build.
      await expect(page.getByRole('button', { name: 'Fill Mock Data' }).count()).resolves.toBe(0);
      await expectAccessible(page);
      // A form that takes nothing at all (every field optional) would be sent; the others show their errors.
      if (acceptsEmpty(slug)) continue;
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"], [role="alert"]').count()).resolves.toBeGreaterThan(0);
      // Scanned at rest: a pointer left over the submit button would judge its hover colour instead.
      await page.mouse.move(0, 0);
      await expectAccessible(page);
      if (['medical-insurance-relief', 'rent-tax-credit', 'tuition-fees'].includes(slug)) await screenshot(page, `form11-${slug}-errors-desktop`);
    }
  });

  it('fits a phone', async () => {
    const page = await b.newPage({ viewport: viewports.mobile });
    await signIn(page, inject('payeUser'));
    for (const slug of ['medical-insurance-relief', 'rent-tax-credit', 'tuition-fees']) {
      await openInApp(page, `/form11/${slug}`);
      await checkScreen(page, `form11-${slug}-mobile`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});
