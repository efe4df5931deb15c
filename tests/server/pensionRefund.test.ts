/**
 * Pension refund "add to my claim" (both databases): POST /answer with a pension contract's page
 * records the year's contribution in that year's Form 11 claim as a pending category, with the
 * relief the screen shows (src/domain/pensionRefund.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PENSION_CONTRACTS, pensionRefundYears, pensionReliefForYear } from '../../src/domain/pensionRefund.ts';
import { dayjs } from '../../src/domain/dates.ts';
import { PAYE_AUTHORISATION_REQUIRED } from '../../src/domain/schemas/messages.ts';
import { users } from '../../src/server/db/schema.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const DETAILS = { dob: '1983-06-01', maritalStatus: 'single' } as const;

async function authorised(t: TestApp) {
  const res = await t.request('POST', '/auth/register', { email: 'ann@example.ie', details: DETAILS });
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  await t.request('POST', '/edit-profile', { annual_income: 60_000 }, auth);
  await t.database.db.update(users).set({ payeA1Authorized: true }).where(eq(users.email, 'ann@example.ie'));
  return auth;
}

describe(`pension refund into the year's claim (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('each open year and contract lands as a pending category with the relief the screen shows', async () => {
    const auth = await authorised(t);
    const years = pensionRefundYears(dayjs('2026-01-15'));
    expect(years).toEqual([2022, 2023, 2024, 2025]);
    for (const [i, year] of years.entries()) {
      const { category } = PENSION_CONTRACTS[i % PENSION_CONTRACTS.length]!;
      const paid = 4_000 + i * 5_000;
      const res = await t.request('POST', '/answer', { year, question: category, answer: { providerName: 'Zurich Life', policyNumber: 'PRSA-118877', contributionsPaid: paid } }, auth);
      expect(res.status, `${year}`).toBe(200);
    }
    const profile = (await t.request('GET', '/profile', undefined, auth)).body;
    const profileForRules = { maritalStatus: 'single', annualIncome: 60_000, dateOfBirth: '1983-06-01' } as const;
    for (const [i, year] of years.entries()) {
      const { category } = PENSION_CONTRACTS[i % PENSION_CONTRACTS.length]!;
      const entry = profile.form11.find((e: { year: number }) => e.year === year);
      expect(entry.categoryStatuses[category]).toBe('pending');
      expect(entry.categoryRefunds[category]).toBe(pensionReliefForYear(profileForRules, year, 4_000 + i * 5_000).relief);
    }
  });

  it('needs a PAYE authorisation in force: refused (403) without one and while opted out', async () => {
    const auth = await authorised(t);
    const body = { year: 2024, question: 'retirement-annuity-relief', answer: { providerName: 'New Ireland', policyNumber: 'RAC-1', contributionsPaid: 1000 } };
    await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: true }, auth);
    const refused = await t.request('POST', '/answer', body, auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PAYE_AUTHORISATION_REQUIRED);
    await t.request('POST', '/paye-opt-out', { opt_out_paye_auth: false }, auth);
    expect((await t.request('POST', '/answer', body, auth)).status).toBe(200);
  });

  it('a year outside the four-year window or a bad amount is a 422', async () => {
    const auth = await authorised(t);
    const answer = { providerName: 'Zurich Life', policyNumber: 'P-1', contributionsPaid: 1000 };
    expect((await t.request('POST', '/answer', { year: 2021, question: 'personal-retirement-savings', answer }, auth)).status).toBe(422);
    const negative = await t.request('POST', '/answer', { year: 2024, question: 'personal-retirement-savings', answer: { ...answer, contributionsPaid: -5 } }, auth);
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors)).toEqual(['answer.contributionsPaid']);
    const badIncome = await t.request('POST', '/answer', { year: 2024, question: 'personal-retirement-savings', answer: { ...answer, incomeInYear: -1 } }, auth);
    expect(badIncome.status).toBe(422);
    expect(Object.keys(badIncome.body.errors)).toEqual(['answer.incomeInYear']);
  });

  it("an earlier year's income, given with the contribution, is the one that year's relief is worked out from", async () => {
    const auth = await authorised(t);
    // Born 1 June 1983: 39 in 2022, 20 %. At €30,000 that year the limit is €6,000 and the rate 20 %: €1,200 on €8,000.
    const answer = { providerName: 'Zurich Life', policyNumber: 'P-1', contributionsPaid: 8_000, incomeInYear: 30_000 };
    expect((await t.request('POST', '/answer', { year: 2022, question: 'personal-retirement-savings', answer }, auth)).status).toBe(200);
    const profile = (await t.request('GET', '/profile', undefined, auth)).body;
    const entry = profile.form11.find((e: { year: number }) => e.year === 2022);
    expect(entry.categoryRefunds['personal-retirement-savings']).toBe(1_200);
    expect(entry.snapshot['personal-retirement-savings'].incomeInYear).toBe(30_000);
  });

  it("saving the pension's Form 11 page again (which does not ask the year's income) keeps the income /pension-refund gave", async () => {
    const auth = await authorised(t);
    const answer = { providerName: 'Zurich Life', policyNumber: 'P-1', contributionsPaid: 8_000, incomeInYear: 30_000 };
    expect((await t.request('POST', '/answer', { year: 2022, question: 'personal-retirement-savings', answer }, auth)).status).toBe(200);
    // The Form 11 page sends what it shows: a corrected policy number, no income.
    const { incomeInYear: _income, ...page } = answer;
    expect((await t.request('POST', '/answer', { year: 2022, question: 'personal-retirement-savings', answer: { ...page, policyNumber: 'P-2' } }, auth)).status).toBe(200);
    const entry = (await t.request('GET', '/profile', undefined, auth)).body.form11.find((e: { year: number }) => e.year === 2022);
    expect(entry.snapshot['personal-retirement-savings']).toMatchObject({ policyNumber: 'P-2', incomeInYear: 30_000 });
    expect(entry.categoryRefunds['personal-retirement-savings']).toBe(1_200);
  });
});
