/**
 * Couples and whole claims over HTTP (both databases): the spouse's income and the basis of
 * assessment through POST /edit-profile, POST /pension-info and GET /profile (a single user is
 * refused them, naming the field); a claim's figures as one computation for the owner as they now
 * stand; and a claim stored before the whole-claim engine, read under the new rules.
 */
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { UserSchema } from '../../src/domain/schemas/user.ts';
import { form11Entries, users } from '../../src/server/db/schema.ts';
import { VALIDATION_MESSAGE } from '../../src/server/http/errors.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const SINGLE = { dob: '1983-06-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
const MARRIED = { ...SINGLE, maritalStatus: 'married' } as const;

async function signedIn(t: TestApp, email: string, details: typeof SINGLE | typeof MARRIED = SINGLE) {
  const res = await t.request('POST', '/auth/register', { email, details });
  expect(res.status).toBe(201);
  await t.database.db.update(users).set({ payeA1Authorized: true }).where(eq(users.email, email));
  return { authorization: `Bearer ${res.body.access_token as string}` };
}

async function profile(t: TestApp, auth: Record<string, string>) {
  const res = await t.request('GET', '/profile', undefined, auth);
  expect(res.status).toBe(200);
  return v.parse(UserSchema, res.body);
}

const nursingHome = { residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank', feesPaid: 10_000 };
const maintenance = { recipientName: 'Niamh Doyle', amountPaid: 6000, legallyEnforceable: 'yes', jointlyAssessed: 'no' };

describe(`couples: the spouse’s income and the basis of assessment (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('a married user: joint by default; both fields saved by POST /pension-info and POST /edit-profile, returned by GET /profile', async () => {
    const auth = await signedIn(t, 'couple@example.ie', MARRIED);
    expect(await profile(t, auth)).toMatchObject({ marital_status: 'married', spouse_annual_income: null, assessment_basis: 'joint' });

    const info = { annual_income: 60_000, paid_pension: 0, marital_status: 'married', spouse_annual_income: 20_000 };
    const saved = await t.request('POST', '/pension-info', info, auth);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ spouse_annual_income: 20_000, assessment_basis: 'joint' });

    const edited = await t.request('POST', '/edit-profile', { assessment_basis: 'separate', spouse_annual_income: 21_500.5 }, auth);
    expect(edited.status).toBe(200);
    expect(await profile(t, auth)).toMatchObject({ spouse_annual_income: 21_500.5, assessment_basis: 'separate' });

    // null clears: the spouse's income is not known, and the basis goes back to joint.
    expect((await t.request('POST', '/edit-profile', { assessment_basis: null, spouse_annual_income: null }, auth)).status).toBe(200);
    expect(await profile(t, auth)).toMatchObject({ spouse_annual_income: null, assessment_basis: 'joint' });
  });

  it('refuses the fields for a single user, naming each; becoming single clears them', async () => {
    const single = await signedIn(t, 'single@example.ie');
    const refused = await t.request('POST', '/edit-profile', { spouse_annual_income: 10_000, assessment_basis: 'joint' }, single);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: VALIDATION_MESSAGE,
      errors: { spouse_annual_income: [m.SPOUSE_FIELDS_NEED_MARRIED], assessment_basis: [m.SPOUSE_FIELDS_NEED_MARRIED] },
    });
    const setup = await t.request('POST', '/pension-info', { annual_income: 40_000, paid_pension: 0, marital_status: 'single', spouse_annual_income: 5 }, single);
    expect(setup.status).toBe(422);
    expect(setup.body.errors).toEqual({ spouse_annual_income: [m.SPOUSE_FIELDS_NEED_MARRIED] });
    // Sent with a change to married, they are accepted.
    expect((await t.request('POST', '/edit-profile', { marital_status: 'married', spouse_annual_income: 10_000 }, single)).status).toBe(200);
    expect((await t.request('POST', '/edit-profile', { marital_status: 'single' }, single)).status).toBe(200);
    expect(await profile(t, single)).toMatchObject({ marital_status: 'single', spouse_annual_income: null, assessment_basis: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'single@example.ie'));
    expect(row).toMatchObject({ spouseAnnualIncomeCents: null, assessmentBasis: null });
  });

  it('bad values are a 422 naming the field', async () => {
    const auth = await signedIn(t, 'bad@example.ie', MARRIED);
    for (const [body, field] of [
      [{ assessment_basis: 'both' }, 'assessment_basis'],
      [{ assessment_basis: 3 }, 'assessment_basis'],
      [{ spouse_annual_income: -1 }, 'spouse_annual_income'],
      [{ spouse_annual_income: '20000' }, 'spouse_annual_income'],
    ] as const) {
      const res = await t.request('POST', '/edit-profile', body, auth);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });
});

describe(`a claim is one computation (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('a married couple on two incomes: nursing home and maintenance use the one 40% slice; the profile, the answers and the calculator agree', async () => {
    const auth = await signedIn(t, 'two-incomes@example.ie', MARRIED);
    expect((await t.request('POST', '/pension-info', { annual_income: 80_000, paid_pension: 0, marital_status: 'married', spouse_annual_income: 20_000 }, auth)).status).toBe(200);
    const answered = await t.request('POST', '/answer-multiple', { year: 2025, questions: { 'nursing-home-expenses': nursingHome, 'maintenance-payment-relief': maintenance } }, auth);
    expect(answered.status).toBe(200);
    // 2025 joint band 53,000 + 20,000 = 73,000 of 100,000: 27,000 at 40% covers both (16,000 × 40%).
    const entry = answered.body.entry;
    expect(entry.categoryRefunds).toEqual({ 'nursing-home-expenses': 4000, 'maintenance-payment-relief': 2400 });
    expect(entry.estimatedRefund).toBe(6400);
    expect(entry.assessment).toContain('Joint assessment (2025)');
    const claim = (await profile(t, auth)).form11[0];
    expect(claim).toMatchObject({ categoryRefunds: entry.categoryRefunds, estimatedRefund: 6400 });
    const calculated = await t.request('POST', '/tax/refund-calculate', { year: 2025, items: [{ category: 'nursing-home-expenses', data: nursingHome }, { category: 'maintenance-payment-relief', data: maintenance }] }, auth);
    expect(calculated.body.total).toBe(6400);
    // The stored figures are the last write's.
    const [row] = await t.database.db.select().from(form11Entries).where(eq(form11Entries.id, entry.id as string));
    expect(row?.categoryRefundCents).toEqual({ 'nursing-home-expenses': 400_000, 'maintenance-payment-relief': 240_000 });
  });

  it('a new answer changes what the others come to, and the profile follows a change of income', async () => {
    const auth = await signedIn(t, 'single-claim@example.ie');
    expect((await t.request('POST', '/edit-profile', { annual_income: 30_000 }, auth)).status).toBe(200);
    const rent = { ...form11Sample('rent-tax-credit'), rentPaid: 9000 };
    const child = { children: [{ childName: 'Ciara Kelly', childDateOfBirth: '03.09.2012', incapacity: 'Cerebral palsy', carerReliefClaimed: 'no' }] };
    await t.request('POST', '/answer', { year: 2025, question: 'rent-tax-credit', answer: rent }, auth);
    await t.request('POST', '/answer', { year: 2025, question: 'incapacitated-child-tax-credit', answer: child }, auth);
    const blind = await t.request('POST', '/answer', { year: 2025, question: 'blind-person-tax-credit', answer: form11Sample('blind-person-tax-credit') }, auth);
    expect(blind.body.entry.categoryRefunds).toEqual({ 'rent-tax-credit': 1000, 'incapacitated-child-tax-credit': 1000, 'blind-person-tax-credit': 0 });
    expect(blind.body.entry.categoryNotes['blind-person-tax-credit']).toContain('€1,950.00 of credit, €0.00 of it usable this year');
    expect(blind.body.entry.unusedCredit).toBe(2800 + 1950);
    // More income, more tax to set the credits against: the same claim now reads higher.
    expect((await t.request('POST', '/edit-profile', { annual_income: 60_000 }, auth)).status).toBe(200);
    expect((await profile(t, auth)).form11[0]).toMatchObject({ categoryRefunds: { 'rent-tax-credit': 1000, 'incapacitated-child-tax-credit': 3800, 'blind-person-tax-credit': 1950 } });
  });

  it('a blind person’s credit for a spouse is refused on a single profile, naming the field', async () => {
    const auth = await signedIn(t, 'blind@example.ie');
    const res = await t.request('POST', '/answer', { year: 2025, question: 'blind-person-tax-credit', answer: { ...form11Sample('blind-person-tax-credit'), whoIsBlind: 'spouse' } }, auth);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'answer.whoIsBlind': [m.BLIND_SPOUSE_NEEDS_MARRIED] });
  });

  it('a claim stored before the change (each category estimated alone, flat rate expense typed) is read under the new rules', async () => {
    const auth = await signedIn(t, 'old-claim@example.ie');
    expect((await t.request('POST', '/edit-profile', { annual_income: 50_000 }, auth)).status).toBe(200);
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'old-claim@example.ie'));
    // A copy of a claim as the earlier engine stored it: nursing home and maintenance each at 40%
    // on their own (€4,000 + €2,400), and a flat rate expense with the job and amount typed.
    const snapshot = {
      'nursing-home-expenses': nursingHome,
      'maintenance-payment-relief': maintenance,
      'flat-rate-expenses': { occupation: 'Electrician', employerName: 'Spark Electrical Ltd', flatRateAmount: 153 },
      'rent-tax-credit': { ...form11Sample('rent-tax-credit'), purpose: 'child-course' },
    };
    const stored = { 'nursing-home-expenses': 400_000, 'maintenance-payment-relief': 240_000, 'flat-rate-expenses': 6120, 'rent-tax-credit': 100_000 };
    await t.database.db.execute(sql`insert into form11_entries (user_id, year, snapshot, category_status, category_refund_cents, created_at, updated_at)
      values (${owner!.id}, 2025, ${JSON.stringify(snapshot)}::jsonb, ${JSON.stringify({ 'nursing-home-expenses': 'approved' })}::jsonb, ${JSON.stringify(stored)}::jsonb, now(), now())`);

    const claim = (await profile(t, auth)).form11[0]!;
    // 50,000 − 44,000 = 6,000 at 40% is used once, in claim order: the electrician's €153 (found
    // by the typed job) at 40%, nursing home 5,847 at 40% + 4,153 at 20%, maintenance at 20%.
    expect(claim.categoryRefunds).toEqual({
      'flat-rate-expenses': 61.2,
      'nursing-home-expenses': 3169.4,
      'maintenance-payment-relief': 1200,
      // The child's course: the age question did not exist; until it is answered, €0 and a note.
      'rent-tax-credit': 0,
    });
    expect(claim.totalApprovedRefund).toBe(3169.4);
    expect(claim.estimatedRefund).toBe(4430.6);
    expect(claim.categoryNotes?.['rent-tax-credit']).toContain('under 23');
    expect(Object.values(claim.categoryRefunds).reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(4430.6, 2);
    // The stored row is untouched by reading; the next change to the claim records the new figures.
    const [row] = await t.database.db.select().from(form11Entries).where(eq(form11Entries.userId, owner!.id));
    expect(row?.categoryRefundCents).toEqual(stored);
    await t.request('POST', '/answer', { year: 2025, question: 'health-expenses', answer: { doctorsAndConsultants: 100 } }, auth);
    const [after] = await t.database.db.select().from(form11Entries).where(eq(form11Entries.userId, owner!.id));
    expect(after?.categoryRefundCents).toMatchObject({ 'nursing-home-expenses': 316_940, 'maintenance-payment-relief': 120_000, 'flat-rate-expenses': 6120, 'rent-tax-credit': 0, 'health-expenses': 2000 });
  });
});
