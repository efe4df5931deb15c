/**
 * A page with nothing entered is never claimed (both databases): POST /answer, /answer-multiple
 * and /income-forms refuse an answer whose amounts are all empty or zero with a 422 naming the
 * page, and the claim stays as it was. A form without amounts (a credit for a status) still goes in.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { users } from '../../src/server/db/schema.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const DETAILS = { dob: '1983-06-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
const EMAIL = 'empty@example.ie';

async function signedIn(t: TestApp) {
  const res = await t.request('POST', '/auth/register', { email: EMAIL, details: DETAILS });
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  expect((await t.request('POST', '/edit-profile', { annual_income: 50_000 }, auth)).status).toBe(200);
  await t.database.db.update(users).set({ payeA1Authorized: true }).where(eq(users.email, EMAIL));
  return auth;
}

const claims = async (t: TestApp, auth: Record<string, string>) => (await t.request('GET', '/profile', undefined, auth)).body.form11 as unknown[];

describe(`answers with nothing entered (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('POST /answer: an empty Health Expenses page is a 422 naming it, and no claim is made', async () => {
    const auth = await signedIn(t);
    for (const answer of [{}, { doctorsAndConsultants: 0, prescribedMedicines: 0 }]) {
      const res = await t.request('POST', '/answer', { year: 2024, question: 'health-expenses', answer }, auth);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ answer: [m.noAmountsEntered('Health Expenses')] });
    }
    expect(await claims(t, auth)).toEqual([]);
    // One amount is enough.
    const res = await t.request('POST', '/answer', { year: 2024, question: 'health-expenses', answer: { prescribedMedicines: 120.5 } }, auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.entry.snapshot)).toEqual(['health-expenses']);
  });

  it('POST /answer-multiple and /income-forms name the empty page; a form without amounts goes in', async () => {
    const auth = await signedIn(t);
    const multiple = await t.request(
      'POST',
      '/answer-multiple',
      { year: 2024, questions: { 'health-expenses': { amountRefunded: 0 }, 'blind-person-tax-credit': form11Sample('blind-person-tax-credit') } },
      auth,
    );
    expect(multiple.status).toBe(422);
    expect(multiple.body.errors).toEqual({ 'questions.health-expenses': [m.noAmountsEntered('Health Expenses')] });
    expect(await claims(t, auth)).toEqual([]);

    const blind = await t.request('POST', '/answer-multiple', { year: 2024, questions: { 'blind-person-tax-credit': form11Sample('blind-person-tax-credit') } }, auth);
    expect(blind.status).toBe(200);

    const income = await t.request('POST', '/income-forms', { year: 2024, 'income-form': { declaration: { 'rental-income': { ...form11Sample('rental-income'), grossRent: 0, allowableExpenses: 0 } } } }, auth);
    expect(income.status).toBe(422);
    expect(Object.keys(income.body.errors)).toEqual(['income-form.declaration.rental-income']);
  });
});

