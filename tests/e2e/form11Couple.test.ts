/**
 * A married couple's claim in Chromium against the production build: both incomes entered on
 * Pension Setup (jointly assessed), nursing home fees and maintenance claimed through the
 * questionnaire, and /tax-refund-submitted and the final form's estimate showing the total the
 * engine computes for the claim as a whole, with the line the shared 40% slice cut explained.
 */
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { calculateRefund, calculateRefunds, defaultClaimYear, type TaxProfile } from '../../src/domain/tax/index.ts';
import { answerQuestionnaire, openInApp, profileOf, radio, signPayeAuthorization } from './form11Steps.ts';
import { checkScreen, settle, useBrowser } from './harness.ts';
import { PASSWORD, registerByApi, setPasswordByApi, signIn, type TestUser } from './users.ts';

const YEAR = defaultClaimYear(dayjs());
const INCOME = 60_000;
const SPOUSE_INCOME = 20_000;
/** The couple as the engine sees them once Pension Setup is saved. */
const PROFILE: TaxProfile = { maritalStatus: 'married', annualIncome: INCOME, dateOfBirth: '1985-02-01', spouseAnnualIncome: SPOUSE_INCOME, assessmentBasis: 'joint' };
const NURSING_HOME = { residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank Nursing Home', feesPaid: 10_000 };
const MAINTENANCE = { recipientName: 'Niamh Doyle', amountPaid: 6000, legallyEnforceable: 'yes', jointlyAssessed: 'no' };

describe('a married couple’s claim', () => {
  const b = useBrowser({ deferAccessibility: true });

  it('both incomes on Pension Setup → nursing home and maintenance → /tax-refund-submitted and the final form show the engine’s total, the cut line explained', async () => {
    const { page } = b;
    const { email, link } = await registerByApi(undefined, { maritalStatus: 'married' });
    await setPasswordByApi(link);
    const user: TestUser = { email, password: PASSWORD };
    // Without an income the app asks for it first: Pension Setup, with the spouse's income and the basis.
    await signIn(page, user);
    await page.waitForURL((url) => url.pathname === '/pension-info');
    await settle(page);
    await page.getByRole('textbox', { name: /^Annual income/ }).fill(String(INCOME));
    await page.getByRole('textbox', { name: /^Pension paid this year/ }).fill('0');
    await page.getByRole('textbox', { name: /^Your spouse's or civil partner's income/ }).fill(String(SPOUSE_INCOME));
    expect(await radio(page, /^How are you assessed for tax\?/, 'Joint assessment').isChecked()).toBe(true);
    await checkScreen(page, 'pension-setup-couple');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname !== '/pension-info');
    await settle(page);

    await openInApp(page, '/tax-refund-questions');
    await page.getByRole('button', { name: 'Questionnaire' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/paye-authorization');
    await settle(page);
    await signPayeAuthorization(page);
    await page.waitForURL((url) => url.pathname === '/form11-questionnaire');
    await answerQuestionnaire(page, ['nursing-home-expenses', 'maintenance-payment-relief']);

    await page.waitForURL((url) => url.pathname === '/form11/nursing-home-expenses');
    await settle(page);
    await page.getByRole('textbox', { name: /^Name of the person in the nursing home/ }).fill(NURSING_HOME.residentName);
    await page.getByRole('textbox', { name: /^Nursing home/ }).fill(NURSING_HOME.nursingHomeName);
    await page.getByRole('textbox', { name: /^Fees you paid/ }).fill(String(NURSING_HOME.feesPaid));
    // The live estimate of one form is that item on its own, and says which basis it used.
    const alone = calculateRefund(YEAR, 'nursing-home-expenses', NURSING_HOME, PROFILE);
    if (!alone.ok) throw new Error('the engine refused the nursing home fees');
    await expect.poll(() => page.getByTestId('estimate-amount').textContent()).toBe(formatMoney(alone.amount));
    await expect.poll(() => page.getByText(`Joint assessment (${YEAR})`, { exact: false }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.mouse.move(0, 0);

    await page.waitForURL((url) => url.pathname === '/form11/maintenance-payment-relief');
    await settle(page);
    await page.getByRole('textbox', { name: /^Name of your former spouse or civil partner/ }).fill(MAINTENANCE.recipientName);
    await page.getByRole('textbox', { name: /^Maintenance you paid in the year/ }).fill(String(MAINTENANCE.amountPaid));
    await radio(page, /^Are the payments made under a court order/, 'Yes').check();
    await radio(page, /^Have you and the recipient chosen joint assessment\?/, 'No').check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.mouse.move(0, 0);

    // The claim as a whole: the couple's 40% slice (income above the joint band) is used once.
    const claim = calculateRefunds({ year: YEAR, items: [{ category: 'nursing-home-expenses', data: NURSING_HOME }, { category: 'maintenance-payment-relief', data: MAINTENANCE }] }, PROFILE);
    if (!claim.ok) throw new Error('the engine refused the claim');
    const maintenanceAlone = calculateRefund(YEAR, 'maintenance-payment-relief', MAINTENANCE, PROFILE);
    if (!maintenanceAlone.ok) throw new Error('the engine refused the maintenance');
    // Without the whole-claim engine the two estimates would be added up: more than the claim.
    expect(claim.netTotal).toBeLessThan(alone.amount + maintenanceAlone.amount);

    await page.waitForURL((url) => url.pathname === '/tax-refund-submitted', { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('estimated-refund').textContent()).toBe(formatMoney(claim.netTotal));
    const note = page.getByTestId('claim-note-maintenance-payment-relief');
    await expect.poll(() => note.textContent()).toContain('€');
    await expect.poll(() => page.getByText(`Joint assessment (${YEAR})`, { exact: false }).count()).toBeGreaterThan(0);
    await checkScreen(page, 'tax-refund-submitted-couple');
    const saved = (await profileOf(user)).form11.find((entry) => entry.year === YEAR);
    expect(Object.values(saved?.categoryRefunds ?? {}).reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(claim.netTotal, 2);

    // The final form with no other income: the year's estimate is the same total, the cut line explained.
    await openInApp(page, `/form11/final-form?year=${YEAR}`);
    await page.waitForURL((url) => url.pathname === '/form11/income-selection');
    await settle(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const estimate = page.getByTestId('refund-estimate');
    await estimate.waitFor();
    await expect.poll(() => estimate.textContent()).toBe(formatMoney(claim.netTotal));
    await expect.poll(() => page.getByTestId('estimate-note-maintenance-payment-relief').textContent()).toContain('€');
    await checkScreen(page, 'income-selection-couple-estimate');
  });
});
