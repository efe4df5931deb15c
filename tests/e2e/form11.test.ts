/**
 * The tax refund journeys in Chromium against the production build: the questionnaire into the
 * guided flow and a sent claim whose refund equals the engine's, a reload in the middle of the
 * flow, a corrupted saved progress, and every one of the 30 Form 11 pages through axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { parseValues, formValuesOf } from '../../src/app/screens/form11/formValues.ts';
import { FORM_SLUGS, QUESTIONS, type FormSlug } from '../../src/domain/catalogue.ts';
import { FORM11_FORMS } from '../../src/domain/schemas/form11/index.ts';
import { dayjs } from '../../src/domain/dates.ts';
import { formatEuro } from '../../src/domain/money.ts';
import { calculateRefund, defaultClaimYear, signedAmount, type TaxProfile } from '../../src/domain/tax/index.ts';
import { API, loginFields, type TestUser } from './users.ts';
import { baseUrl, checkScreen, expectAccessible, expectNoPageProblems, screenshot, settle, useBrowser, viewports, visit } from './harness.ts';

/** The seeded users' profile (seedUsers.ts): single, €48,000 a year, born 1 February 1985. */
const PROFILE: TaxProfile = { maritalStatus: 'single', annualIncome: 48_000, dateOfBirth: '1985-02-01' };
const YEAR = defaultClaimYear(dayjs());

const MEDICAL = {
  selectedEmployment: 'Acme Software Ltd',
  insurances: [{ nameOfPersonCoveredByPolicy: 'Seán Ó Briain', amountOfGrossPremium: 1200, amountOfMonthsPolicyWasActive: 12, isChild: false, isForOfficeUseOnly: false }],
};
const RENT = {
  landlordName: 'Harbour Lettings Ltd',
  propertyAddress: '12 Quay Street, Galway',
  eircode: 'H91 X2Y3',
  propertyId: '',
  rtbRegistrationNumber: '',
  purpose: 'home',
  rentPaid: 14400,
  landlordIsRelative: 'no',
  housingSupport: 'no',
};

let nextUser = 0;
/** A fresh PAYE-authorised user: no claim and no saved progress yet. */
function freshUser(): TestUser {
  const users = inject('form11Users');
  const user = users[nextUser++];
  if (!user) throw new Error('Not enough form11Users seeded in globalSetup.ts');
  return user;
}

/** GET /profile as `user` (a throwaway session). */
async function profileOf(user: TestUser): Promise<{ form11: { year: number; status: string; categoryRefunds: Record<string, number> }[] }> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl()}${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const session = (await (await post('/auth/login', { email: user.email, password: user.password })).json()) as { access_token: string; refresh_token: string };
  const response = await fetch(`${baseUrl()}${API}/profile`, { headers: { authorization: `Bearer ${session.access_token}` } });
  const profile = await response.json();
  await post('/auth/logout', { refresh_token: session.refresh_token });
  return profile as Awaited<ReturnType<typeof profileOf>>;
}

/** Does the page's form accept being sent empty (nothing required)? */
function acceptsEmpty(slug: FormSlug): boolean {
  const spec = FORM11_FORMS[slug];
  return parseValues(spec.schema, dayjs(), formValuesOf(spec.fields)) !== null;
}

/**
 * Signs in through the login screen and waits for the app to leave /auth. The Overview it lands on
 * belongs to other journeys (and their scans); these tests go on to the tax refund screens.
 */
async function signIn(page: Page, user: TestUser, options: { remember?: boolean } = {}) {
  await visit(page, '/auth/login');
  const fields = loginFields(page);
  await fields.email.fill(user.email);
  await fields.password.fill(user.password);
  if (options.remember) await fields.remember.check();
  await fields.submit.click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await settle(page);
  expectNoPageProblems(page);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Opens `href` inside the running app, as a link would. */
async function openInApp(page: Page, href: string) {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
  await settle(page);
}

async function answerQuestionnaire(page: Page, yes: readonly string[]) {
  for (const [index, question] of QUESTIONS.entries()) {
    await page.getByText(`Question ${index + 1} of ${QUESTIONS.length}`).waitFor();
    await page.getByRole('heading', { name: question.text }).waitFor();
    await page.getByRole('button', { name: yes.includes(question.slug) ? 'Yes' : 'No', exact: true }).click();
  }
}

const radio = (page: Page, group: string | RegExp, option: string) => page.getByRole('group', { name: group }).getByRole('radio', { name: option, exact: true });

async function fillMedicalInsurance(page: Page) {
  await page.getByRole('textbox', { name: /^Employment/ }).fill(MEDICAL.selectedEmployment);
  await page.getByRole('button', { name: 'Add Insurance' }).click();
  const dialog = page.getByRole('dialog');
  const entry = MEDICAL.insurances[0]!;
  await dialog.getByRole('textbox', { name: /^Name of person covered by the policy/ }).fill(entry.nameOfPersonCoveredByPolicy);
  await dialog.getByRole('textbox', { name: /^Gross premium/ }).fill(String(entry.amountOfGrossPremium));
  await dialog.getByRole('textbox', { name: /^Months the policy was active/ }).fill(String(entry.amountOfMonthsPolicyWasActive));
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function fillRent(page: Page) {
  await page.getByRole('textbox', { name: /^Landlord/ }).fill(RENT.landlordName);
  await page.getByRole('textbox', { name: /^Address of the rented property/ }).fill(RENT.propertyAddress);
  await page.getByRole('textbox', { name: /^Eircode/ }).fill(RENT.eircode);
  await radio(page, /^What was the property for\?/, 'My main home').check();
  await page.getByRole('textbox', { name: /^Rent you paid in the year/ }).fill(String(RENT.rentPaid));
  await radio(page, /^Is the landlord your parent or another relative\?/, 'No').check();
  await radio(page, /^Did you get HAP/, 'No').check();
}

describe('the guided Form 11 flow', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('questionnaire Yes to medical insurance and rent → both forms → sent; the claim’s refund is the engine’s sum for the year', async () => {
    const { page } = b;
    const user = freshUser();
    await signIn(page, user);
    await openInApp(page, '/tax-refund-questions');
    await checkScreen(page, 'tax-refund-page');
    expect(await page.getByRole('radio', { name: String(YEAR), exact: true }).isChecked()).toBe(true);
    await expect(page.getByRole('button', { name: 'Continue previous application' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Questionnaire' }).click();
    await page.waitForURL((url) => url.pathname === '/form11-questionnaire');
    await checkScreen(page, 'questionnaire');
    await answerQuestionnaire(page, ['medical-insurance-relief', 'rent-tax-credit']);

    await page.waitForURL((url) => url.pathname === '/form11/medical-insurance-relief');
    await checkScreen(page);
    await expect(page.getByText('Page 1 of 2').count()).resolves.toBe(1);
    // Next with no insurance: the spec's message, and the page stays.
    await page.getByRole('textbox', { name: /^Employment/ }).fill(MEDICAL.selectedEmployment);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('Please add at least one insurance').count()).resolves.toBeGreaterThan(0);
    expect(pathOf(page)).toBe('/form11/medical-insurance-relief');
    await fillMedicalInsurance(page);
    const medical = calculateRefund(YEAR, 'medical-insurance-relief', MEDICAL, PROFILE);
    if (!medical.ok) throw new Error('the engine refused the medical insurance sample');
    await expect(page.getByTestId('estimate-amount').textContent()).resolves.toBe(formatEuro(medical.amount, { keepZeroDecimals: true }));
    await expect(page.getByText('How we got this:').count()).resolves.toBe(1);
    await checkScreen(page, 'form11-medical-insurance-filled');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/form11/rent-tax-credit');
    await checkScreen(page);
    await fillRent(page);
    const rent = calculateRefund(YEAR, 'rent-tax-credit', RENT, PROFILE);
    if (!rent.ok) throw new Error('the engine refused the rent sample');
    await expect(page.getByTestId('estimate-amount').textContent()).resolves.toBe(formatEuro(rent.amount, { keepZeroDecimals: true }));
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/tax-refund-submitted', { timeout: 15_000 });
    await checkScreen(page, 'tax-refund-submitted');
    // The refund shown is the engine's sum for the year's two categories.
    await expect.poll(() => page.getByTestId('estimated-refund').textContent()).toBe(formatEuro(medical.amount + rent.amount));
    // The claim is sent: nothing is left to resume.
    await expect(page.evaluate(() => localStorage.getItem('form11Progress'))).resolves.toBeNull();
    const claim = (await profileOf(user)).form11.find((entry) => entry.year === YEAR);
    expect(claim?.status).toBe('pending');
    const total = Object.values(claim?.categoryRefunds ?? {}).reduce((sum, amount) => sum + amount, 0);
    expect(total).toBeCloseTo(medical.amount + rent.amount, 2);
    expect(Object.keys(claim?.categoryRefunds ?? {}).sort()).toEqual(['medical-insurance-relief', 'rent-tax-credit']);

    // The Overview's Taxback credits show the year's claim as pending, with both amounts.
    await openInApp(page, '/landing');
    const yearControl = page.getByRole('button', { name: new RegExp(`^${YEAR}`) });
    await yearControl.waitFor();
    await expect(yearControl.textContent()).resolves.toContain('Pending');
    for (const amount of [medical.amount, rent.amount]) {
      await expect(page.getByRole('cell', { name: formatEuro(amount), exact: true }).count()).resolves.toBe(1);
    }
  });

  it('a reload in the middle of the flow resumes at the same page; Continue previous application and Back find the same answers', async () => {
    const { page } = b;
    await signIn(page, freshUser());
    await openInApp(page, '/tax-refund-questions');
    await page.getByRole('button', { name: 'For Advanced Use' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Please select at least one option to continue').count()).resolves.toBe(1);
    await page.getByRole('checkbox', { name: 'Rent Tax Credit' }).check();
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
    await expect(page.getByText('Page 2 of 2').count()).resolves.toBe(1);

    await openInApp(page, '/tax-refund-questions');
    await expect(page.getByText(`You have an unfinished claim for ${YEAR}`).count()).resolves.toBe(1);
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
    await expect(estimate.textContent()).resolves.toBe(formatEuro(signedAmount(due), { keepZeroDecimals: true }));
    await checkScreen(page, 'final-form-estimate');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/tax-refund-options');

    // Declaring another income later keeps the one declared before on the form, prefilled.
    await openInApp(page, `/form11/final-form?incomeId=us-dividends&year=${YEAR}`);
    await expect(page.getByRole('group', { name: 'US dividends' }).count()).resolves.toBe(1);
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
