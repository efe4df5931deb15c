/**
 * /pension-refund asks the income of each year it covers (desktop and phone): relief on pension
 * paid outside payroll in an earlier year depends on that year's earnings (the age-related share of
 * them, and the rate they were taxed at), so each card asks its year's income; the claim year's is
 * filled in from the profile. What the card shows is what the claim records.
 */
import { describe, expect, inject, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { pensionRefundYears, pensionReliefForYear } from '../../src/domain/pensionRefund.ts';
import { defaultClaimYear, type TaxProfile } from '../../src/domain/tax/index.ts';
import { checkScreen, useBrowser, viewports, visit } from './harness.ts';
import { field, signIn } from './users.ts';

/** The seeded users (seedUsers.ts): single, born 1 February 1985, €48,000 on the profile. */
const PROFILE: TaxProfile = { maritalStatus: 'single', annualIncome: 48_000, dateOfBirth: '1985-02-01' };

describe.each(Object.entries(viewports))('pension refund per year (%s)', (name, viewport) => {
  const b = useBrowser({ viewport });

  it("each year's card asks that year's income and works the relief out from it; the claim records the same", async () => {
    const { page } = b;
    const user = inject('claimLineUsers')[name === 'mobile' ? 2 : 3]!;
    const claimYear = defaultClaimYear(dayjs());
    const year = pensionRefundYears(dayjs())[0]!; // the oldest open year
    await signIn(page, user);
    await visit(page, '/pension-refund');

    // The claim year's income comes from the profile; an earlier year's is asked.
    const latest = page.getByRole('region', { name: `Tax year ${claimYear}` });
    expect(await field(page, `Your income in ${claimYear}`).inputValue()).toBe('€48,000');
    await latest.waitFor();
    const card = page.getByRole('region', { name: `Tax year ${year}` });
    expect(await field(page, `Your income in ${year}`).inputValue()).toBe('');
    await card.getByText(`Enter your income in ${year} to see it in euro.`, { exact: false }).waitFor();

    await card.getByRole('textbox', { name: `Paid outside payroll for ${year}` }).fill('8000');
    await card.getByRole('textbox', { name: 'Pension provider' }).fill('Zurich Life');
    await card.getByRole('textbox', { name: 'Policy or member number' }).fill('PRSA-118877');
    await card.getByRole('button', { name: 'Add to my claim' }).click();
    await card.getByText('Enter your income for that year').waitFor();

    // €30,000 that year: its own limit and rate, not those of today's €48,000.
    await field(page, `Your income in ${year}`).fill('30000');
    const expected = pensionReliefForYear(PROFILE, year, 8_000, 30_000);
    expect(expected.relief).not.toBe(pensionReliefForYear(PROFILE, year, 8_000).relief);
    await card.getByText(`so ${formatMoney(expected.limit)}.`, { exact: false }).waitFor();
    await card.getByText('Relief due:').getByText(formatMoney(expected.relief), { exact: true }).waitFor();
    await checkScreen(page, `pension-refund-year-income-${name}`);

    await card.getByRole('button', { name: 'Add to my claim' }).click();
    await card.getByText(`Added to your ${year} claim.`, { exact: false }).waitFor();
    // The claim, as the server worked it out, holds the same relief.
    await card.getByText(`In your claim: pending, ${formatMoney(expected.relief)}`).waitFor();
    await checkScreen(page, `pension-refund-year-added-${name}`);
  });
});
