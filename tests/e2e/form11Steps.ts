/**
 * What a user does on the tax refund screens, shared by the Form 11 journeys and the flow-path
 * replay: signing in, opening a screen inside the running app, the questionnaire, filling the
 * sample pages, drawing a signature, and reading the profile the server keeps.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { baseUrl, expectNoPageProblems, settle, visit } from './harness.ts';
import { API, field, loginFields, type TestUser } from './users.ts';

export const MEDICAL = {
  selectedEmployment: 'Acme Software Ltd',
  insurances: [{ nameOfPersonCoveredByPolicy: 'Seán Ó Briain', amountOfGrossPremium: 1200, amountOfMonthsPolicyWasActive: 12, isChild: false, isForOfficeUseOnly: false }],
};

/** The rent form's own sample (the one "Fill Mock Data" uses), typed in field by field. */
export const RENT = form11Sample('rent-tax-credit');

export const HEALTH = { doctorsAndConsultants: 800 };

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Signs in through the login screen and waits for the app to leave /auth. The Overview it lands on
 * belongs to other journeys (and their scans); these tests go on to the tax refund screens.
 */
export async function signIn(page: Page, user: TestUser, options: { remember?: boolean } = {}) {
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

/** Opens `href` inside the running app, as a link would. */
export async function openInApp(page: Page, href: string) {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
  await settle(page);
}

/** Answers questions `from` up to (not including) `to`, 0-based: Yes for the pages in `yes`, No otherwise. */
export async function answerQuestionnaire(page: Page, yes: readonly string[], from = 0, to: number = QUESTIONS.length) {
  for (const [index, question] of QUESTIONS.entries()) {
    if (index < from || index >= to) continue;
    await page.getByText(`Question ${index + 1} of ${QUESTIONS.length}`).waitFor();
    await page.getByRole('heading', { name: question.text }).waitFor();
    await page.getByRole('button', { name: yes.includes(question.slug) ? 'Yes' : 'No', exact: true }).click();
  }
}

export const radio = (page: Page, group: string | RegExp, option: string) =>
  page.getByRole('group', { name: group }).getByRole('radio', { name: option, exact: true });

export async function fillMedicalInsurance(page: Page) {
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

export async function fillRent(page: Page) {
  await page.getByRole('textbox', { name: /^Landlord/ }).fill(RENT.landlordName);
  await page.getByRole('textbox', { name: /^Address of the rented property/ }).fill(RENT.propertyAddress);
  await page.getByRole('textbox', { name: /^Eircode/ }).fill(RENT.eircode);
  await radio(page, /^What was the property for\?/, 'My main home').check();
  await page.getByRole('textbox', { name: /^Rent you paid in the year/ }).fill(String(RENT.rentPaid));
  await radio(page, /^Is the landlord your parent or another relative\?/, 'No').check();
  await radio(page, /^Did you get HAP/, 'No').check();
}

export async function fillHealthExpenses(page: Page) {
  await page.getByRole('textbox', { name: /^Doctor and consultant fees/ }).fill(String(HEALTH.doctorsAndConsultants));
}

/** Fills the PAYE authorisation's names and PPSN, signs, and presses Authorize once the pad has enabled it. */
export async function signPayeAuthorization(page: Page) {
  await field(page, 'First name').fill('Siobhán');
  await field(page, 'Surname').fill("O'Brien");
  await field(page, 'PPSN').fill('1234567T');
  await drawSignature(page);
  const authorize = page.getByRole('button', { name: 'Authorize' });
  await expect.poll(() => authorize.isEnabled(), { timeout: 3_000 }).toBe(true);
  await authorize.click();
}

/** Draws a signature on the pad with the mouse: two strokes, like a name and an underline. */
export async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: /^Your signature/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not visible');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.15, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) await page.mouse.move(...at(0.15 + i * 0.05, 0.6 - Math.sin(i / 2) * 0.25), { steps: 2 });
  await page.mouse.up();
  await page.mouse.move(...at(0.2, 0.8));
  await page.mouse.down();
  await page.mouse.move(...at(0.75, 0.78), { steps: 8 });
  await page.mouse.up();
}

export interface ProfileClaims {
  form11: { year: number; status: string; categoryRefunds: Record<string, number> }[];
}

/** GET /profile as `user` (a throwaway session). */
export async function profileOf(user: TestUser): Promise<ProfileClaims> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl()}${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const session = (await (await post('/auth/login', { email: user.email, password: user.password })).json()) as { access_token: string; refresh_token: string };
  const response = await fetch(`${baseUrl()}${API}/profile`, { headers: { authorization: `Bearer ${session.access_token}` } });
  const profile = await response.json();
  await post('/auth/logout', { refresh_token: session.refresh_token });
  return profile as ProfileClaims;
}
