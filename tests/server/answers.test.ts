/**
 * POST /answer, POST /answer-multiple, GET and POST /income-forms (both databases): answers
 * become the year's Form 11 claim (pending, with the engine's estimate), re-sending never makes a
 * second claim, every refusal is a 4xx with field errors, and posting needs a PAYE authorisation.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { AnswerResponseSchema, IncomeFormsResponseSchema } from '../../src/domain/schemas/answers.ts';
import { calculateRefund, signedAmount } from '../../src/domain/tax/index.ts';
import { users } from '../../src/server/db/schema.ts';
import { UNAUTHENTICATED } from '../../src/server/http/schemas.ts';
import * as v from 'valibot';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const DETAILS = { dob: '1983-06-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
/** The test clock's day (useTestApp starts at 2026-01-15): 2022–2025 open, 2026 in-year only. */
const TODAY = dayjs('2026-01-15');
const PROFILE = { maritalStatus: 'single', annualIncome: 50_000, dateOfBirth: DETAILS.dob } as const;

const rent = (rentPaid: unknown) => ({
  landlordName: 'Harbour Lettings Ltd',
  propertyAddress: '12 Quay Street, Galway',
  eircode: 'h91x2y3',
  purpose: 'home',
  rentPaid,
  landlordIsRelative: 'no',
  housingSupport: 'no',
});

/** The engine's signed estimate in euro for the same input. */
function engine(year: number, category: string, data: unknown): number {
  const result = calculateRefund(year, category, data, PROFILE, { today: TODAY });
  if (!result.ok) throw new Error(`engine refused ${category}`);
  return signedAmount(result);
}

/** A registered user with €50,000 income, PAYE-authorised unless told otherwise; the Authorization header. */
async function signedIn(t: TestApp, options: { authorised?: boolean; email?: string } = {}) {
  const res = await t.request('POST', '/auth/register', { email: options.email ?? 'answers@example.ie', details: DETAILS });
  expect(res.status).toBe(201);
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  expect((await t.request('POST', '/edit-profile', { annual_income: 50_000 }, auth)).status).toBe(200);
  if (options.authorised ?? true) await t.database.db.update(users).set({ payeA1Authorized: true }).where(eq(users.email, options.email ?? 'answers@example.ie'));
  return auth;
}

const profileClaims = async (t: TestApp, auth: Record<string, string>) => (await t.request('GET', '/profile', undefined, auth)).body.form11 as Record<string, unknown>[];

describe(`answers and income declarations (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('POST /answer stores the page as a pending category of the year’s claim, with the engine’s estimate', async () => {
    const auth = await signedIn(t);
    const res = await t.request('POST', '/answer', { year: 2024, question: 'rent-tax-credit', answer: rent(14_400) }, auth);
    expect(res.status).toBe(200);
    expect(v.is(AnswerResponseSchema, res.body)).toBe(true);
    expect(res.body).toMatchObject({
      year: 2024,
      entry: { year: 2024, status: 'pending', categoryStatuses: { 'rent-tax-credit': 'pending' }, categoryRefunds: { 'rent-tax-credit': 1000 }, totalApprovedRefund: 0 },
    });
    // Stored as the form's schema parsed it (the Eircode normalised).
    expect(res.body.entry.snapshot['rent-tax-credit'].eircode).toBe('H91 X2Y3');
    const claims = await profileClaims(t, auth);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ year: 2024, categoryRefunds: { 'rent-tax-credit': engine(2024, 'rent-tax-credit', rent(14_400)) } });
  });

  it('without a year, the answer goes to last year’s claim (the default claim year)', async () => {
    const auth = await signedIn(t);
    const res = await t.request('POST', '/answer', { question: 'rent-tax-credit', answer: rent(14_400) }, auth);
    expect(res.status).toBe(200);
    expect(res.body.year).toBe(2025);
  });

  it('re-sending the same answer updates the claim instead of making a second one', async () => {
    const auth = await signedIn(t);
    const body = { year: 2023, question: 'rent-tax-credit', answer: rent(14_400) };
    const first = await t.request('POST', '/answer', body, auth);
    const again = await t.request('POST', '/answer', body, auth);
    expect(again.body.entry.id).toBe(first.body.entry.id);
    await t.request('POST', '/answer', { ...body, question: 'health-expenses', answer: form11Sample('health-expenses') }, auth);
    const claims = await profileClaims(t, auth);
    expect(claims).toHaveLength(1);
    expect(Object.keys(claims[0]!.snapshot as object).sort()).toEqual(['health-expenses', 'rent-tax-credit']);
  });

  it('one claim per year: answers for two years make two claims, newest year first', async () => {
    const auth = await signedIn(t);
    await t.request('POST', '/answer', { year: 2023, question: 'rent-tax-credit', answer: rent(14_400) }, auth);
    await t.request('POST', '/answer', { year: 2024, question: 'rent-tax-credit', answer: rent(14_400) }, auth);
    const claims = await profileClaims(t, auth);
    expect(claims.map((c) => [c.year, (c.categoryRefunds as Record<string, number>)['rent-tax-credit']])).toEqual([
      [2024, 1000],
      [2023, 500],
    ]);
  });

  it('the final form’s answer is a declaration: each income type becomes its own category, tax due negative', async () => {
    const auth = await signedIn(t);
    const declaration = { 'rental-income': form11Sample('rental-income'), 'uk-dividends': form11Sample('uk-dividends') };
    const res = await t.request('POST', '/answer', { year: 2024, question: 'final-form', answer: declaration }, auth);
    expect(res.status).toBe(200);
    expect(res.body.entry.categoryRefunds).toEqual({
      'rental-income': engine(2024, 'rental-income', declaration['rental-income']),
      'uk-dividends': engine(2024, 'uk-dividends', declaration['uk-dividends']),
    });
    expect(res.body.entry.categoryRefunds['rental-income']).toBeLessThan(0);
  });

  it('POST /answer-multiple stores every answer in one claim, and nothing when one is refused', async () => {
    const auth = await signedIn(t);
    const questions = {
      'rent-tax-credit': rent(14_400),
      'health-expenses': form11Sample('health-expenses'),
      'final-form': { 'rental-income': form11Sample('rental-income') },
    };
    const res = await t.request('POST', '/answer-multiple', { year: 2024, questions }, auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.entry.categoryRefunds).sort()).toEqual(['health-expenses', 'rent-tax-credit', 'rental-income']);
    expect(res.body.entry.categoryRefunds['rent-tax-credit']).toBe(1000);

    const bad = await t.request('POST', '/answer-multiple', { year: 2023, questions: { 'rent-tax-credit': rent(14_400), 'health-expenses': { ...form11Sample('health-expenses'), doctorsAndConsultants: -1 } } }, auth);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'questions.health-expenses.doctorsAndConsultants': [m.POSITIVE_AMOUNT] });
    expect((await profileClaims(t, auth)).map((c) => c.year)).toEqual([2024]);
  });

  it('GET /income-forms answers the year’s declaration; POST /income-forms saves one', async () => {
    const auth = await signedIn(t);
    const empty = await t.request('GET', '/income-forms?year=2024', undefined, auth);
    expect(empty).toMatchObject({ status: 200, body: { year: 2024, data: { declaration: {} } } });

    const declaration = { 'rental-income': form11Sample('rental-income') };
    const saved = await t.request('POST', '/income-forms', { year: 2024, 'income-form': { declaration } }, auth);
    expect(saved.status).toBe(200);
    expect(v.is(IncomeFormsResponseSchema, saved.body)).toBe(true);
    expect(Object.keys(saved.body.data.declaration)).toEqual(['rental-income']);

    // Credits in the same claim are not income: the prefill holds the income types only.
    await t.request('POST', '/answer', { year: 2024, question: 'rent-tax-credit', answer: rent(14_400) }, auth);
    const read = await t.request('GET', '/income-forms?year=2024', undefined, auth);
    expect(read.body.data.declaration).toEqual(saved.body.data.declaration);
    expect((await t.request('GET', '/income-forms?year=2023', undefined, auth)).body.data.declaration).toEqual({});
    expect((await t.request('GET', '/income-forms', undefined, auth)).body.year).toBe(2025);
  });

  it('a declaration is the year’s whole income: income types left out are withdrawn while pending, decided ones stay', async () => {
    const auth = await signedIn(t);
    const declare = (declaration: Record<string, unknown>) => t.request('POST', '/income-forms', { year: 2024, 'income-form': { declaration } }, auth);
    const rental = form11Sample('rental-income');
    const uk = form11Sample('uk-dividends');
    const us = form11Sample('us-dividends');
    await t.request('POST', '/answer', { year: 2024, question: 'rent-tax-credit', answer: rent(14_400) }, auth);
    const first = await declare({ 'rental-income': rental, 'uk-dividends': uk, 'us-dividends': us });
    expect(Object.keys(first.body.data.declaration).sort()).toEqual(['rental-income', 'uk-dividends', 'us-dividends']);

    // An operator decides the UK dividends; then the user declares rental income only.
    const claim = (await profileClaims(t, auth))[0]!;
    await t.services.form11Entries.decide(claim.id as string, 'approved', 'uk-dividends');
    const second = await declare({ 'rental-income': rental });
    expect(Object.keys(second.body.data.declaration).sort()).toEqual(['rental-income', 'uk-dividends']);
    const after = (await profileClaims(t, auth))[0]!;
    expect(after.id).toBe(claim.id);
    expect(Object.keys(after.snapshot as object).sort()).toEqual(['rent-tax-credit', 'rental-income', 'uk-dividends']);

    // The final form's answer in the flow's last post does the same.
    await t.request('POST', '/answer-multiple', { year: 2024, questions: { 'final-form': {} } }, auth);
    expect(Object.keys((await profileClaims(t, auth))[0]!.snapshot as object).sort()).toEqual(['rent-tax-credit', 'uk-dividends']);

    // A claim of pending income only, declared away, is gone.
    await t.request('POST', '/income-forms', { year: 2023, 'income-form': { declaration: { 'rental-income': rental } } }, auth);
    expect((await profileClaims(t, auth)).map((c) => c.year)).toEqual([2024, 2023]);
    const emptied = await t.request('POST', '/income-forms', { year: 2023, 'income-form': { declaration: {} } }, auth);
    expect(emptied.body.data.declaration).toEqual({});
    expect((await profileClaims(t, auth)).map((c) => c.year)).toEqual([2024]);
  });

  it('the four-year rule: a closed year and an after-year-end credit in-year are refused', async () => {
    const auth = await signedIn(t);
    // 2026 is the current year on the test clock: rent can be claimed in-year, mortgage interest cannot.
    expect((await t.request('POST', '/answer', { year: 2026, question: 'rent-tax-credit', answer: rent(14_400) }, auth)).status).toBe(200);
    const mortgage = await t.request('POST', '/answer', { year: 2026, question: 'mortgage-interest-tax-credit', answer: form11Sample('mortgage-interest-tax-credit') }, auth);
    expect(mortgage).toMatchObject({ status: 422, body: { errors: { answer: [m.claimAfterYearEnd(2026)] } } });
    // In 2027 the engine still knows 2022, but Revenue no longer takes it.
    t.clock.set('2027-01-10T10:00:00Z');
    const later = await signedIn(t, { email: 'later@example.ie' });
    const closed = await t.request('POST', '/answer', { year: 2022, question: 'rent-tax-credit', answer: rent(14_400) }, later);
    expect(closed).toMatchObject({ status: 422, body: { errors: { year: [m.claimYearClosed(2022)] } } });
  });

  it('posting needs a signed-in, PAYE-authorised user who has not opted out; reading does not', async () => {
    const body = { year: 2024, question: 'rent-tax-credit', answer: rent(14_400) };
    expect((await t.request('POST', '/answer', body)).body).toEqual({ message: UNAUTHENTICATED });
    const auth = await signedIn(t, { authorised: false });
    for (const [path, payload] of [
      ['/answer', body],
      ['/answer-multiple', { year: 2024, questions: { 'rent-tax-credit': rent(1) } }],
      ['/income-forms', { year: 2024, 'income-form': { declaration: {} } }],
    ] as const) {
      expect(await t.request('POST', path, payload, auth)).toMatchObject({ status: 403, body: { message: m.PAYE_AUTHORISATION_REQUIRED } });
    }
    expect((await t.request('GET', '/income-forms?year=2024', undefined, auth)).status).toBe(200);
    await t.database.db.update(users).set({ payeA1Authorized: true, optOutPayeAuth: true }).where(eq(users.email, 'answers@example.ie'));
    expect((await t.request('POST', '/answer', body, auth)).status).toBe(403);
    expect(await profileClaims(t, auth)).toEqual([]);
  });

  describe('refusals are 422 with field errors, never 500', () => {
    it('the envelope: unknown question, year, missing and unknown fields', async () => {
      const auth = await signedIn(t);
      const cases: [unknown, Record<string, string[]>][] = [
        [{ year: 2024, question: 'lottery-win', answer: {} }, { question: [m.QUESTION_UNKNOWN] }],
        [{ year: 2019, question: 'rent-tax-credit', answer: rent(1) }, { year: [m.TAX_YEAR_UNSUPPORTED] }],
        [{ year: '2024', question: 'rent-tax-credit', answer: rent(1) }, { year: [m.TAX_YEAR_UNSUPPORTED] }],
        [{ year: 2024, answer: rent(1) }, { question: [m.REQUIRED] }],
        [{ year: 2024, question: 'rent-tax-credit', answer: [] }, { answer: [m.INVALID_REQUEST] }],
        [{ year: 2024, question: 'rent-tax-credit', answer: rent(1), admin: true }, { admin: [m.UNKNOWN_FIELD] }],
      ];
      for (const [body, errors] of cases) {
        const res = await t.request('POST', '/answer', body, auth);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors).toEqual(errors);
      }
      expect((await t.request('POST', '/answer-multiple', { year: 2024, questions: {} }, auth)).body.errors).toEqual({ questions: [m.NO_ANSWERS] });
      expect((await t.request('POST', '/answer-multiple', { year: 2024, questions: { nope: {} } }, auth)).status).toBe(422);
      expect((await t.request('GET', '/income-forms?year=abc', undefined, auth)).body.errors).toEqual({ year: [m.TAX_YEAR_UNSUPPORTED] });
      const notIncome = await t.request('POST', '/income-forms', { year: 2024, 'income-form': { declaration: { 'rent-tax-credit': rent(1) } } }, auth);
      expect(notIncome.status).toBe(422);
    });

    it('data the form refuses, under the answer’s path', async () => {
      const auth = await signedIn(t);
      // A NUL or a lone surrogate cannot be stored as JSON text: refused, not a database error.
      for (const landlordName of ['Harbour\u0000Lettings', 'Harbour \ud800 Lettings']) {
        const res = await t.request('POST', '/answer', { year: 2024, question: 'rent-tax-credit', answer: { ...rent(100), landlordName } }, auth);
        expect(res).toMatchObject({ status: 422, body: { errors: { 'answer.landlordName': [m.TEXT_INVALID_CHARACTERS] } } });
      }
      const single = await t.request('POST', '/answer', { year: 2024, question: 'rent-tax-credit', answer: rent(-5) }, auth);
      expect(single).toMatchObject({ status: 422, body: { message: m.REFUND_DATA_INVALID, errors: { 'answer.rentPaid': [m.POSITIVE_AMOUNT] } } });
      const declared = await t.request(
        'POST',
        '/income-forms',
        { year: 2024, 'income-form': { declaration: { 'rental-income': { ...form11Sample('rental-income'), grossRent: -1 } } } },
        auth,
      );
      expect(declared.status).toBe(422);
      expect(Object.keys(declared.body.errors)).toEqual([expect.stringMatching(/^income-form\.declaration\.rental-income\./)]);
      const finalForm = await t.request('POST', '/answer', { year: 2024, question: 'final-form', answer: { 'rent-tax-credit': rent(1) } }, auth);
      expect(finalForm.body.errors).toEqual({ 'answer.rent-tax-credit': [m.CATEGORY_UNKNOWN] });
    });

    it('a random hostile body is never a server error', async () => {
      const auth = await signedIn(t);
      const value = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constantFrom(2021, 2024, 2026, '2024', -1, 1e308, 'rent-tax-credit', 'final-form', 'rental-income', '__proto__', 'constructor', {}, []),
      );
      const answer = fc.oneof(value, fc.dictionary(fc.constantFrom('rentPaid', 'rental-income', 'grossRent', '__proto__', 'constructor', 'amount'), value));
      const key = fc.oneof(fc.string(), fc.constantFrom('rent-tax-credit', 'final-form', 'rental-income', '__proto__', 'toString'));
      const bodies: [string, fc.Arbitrary<unknown>][] = [
        ['/answer', fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.record({ year: value, question: fc.oneof(key, value), answer }, { requiredKeys: [] }))],
        ['/answer-multiple', fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.record({ year: value, questions: fc.oneof(value, fc.dictionary(key, answer, { maxKeys: 4 })) }, { requiredKeys: [] }))],
        ['/income-forms', fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.record({ year: value, 'income-form': fc.oneof(value, fc.record({ declaration: fc.oneof(value, fc.dictionary(key, answer, { maxKeys: 4 })) })) }, { requiredKeys: [] }))],
      ];
      for (const [path, body] of bodies) {
        await fc.assert(
          fc.asyncProperty(body, async (input) => {
            const res = await t.request('POST', path, input, auth);
            expect([200, 400, 413, 422]).toContain(res.status);
            if (res.status !== 200) expect(typeof res.body.message).toBe('string');
          }),
          { seed: 20_261_125, numRuns: 80 },
        );
      }
      await fc.assert(
        fc.asyncProperty(fc.string(), async (year) => {
          const res = await t.request('GET', `/income-forms?year=${encodeURIComponent(year)}`, undefined, auth);
          expect([200, 422]).toContain(res.status);
        }),
        { seed: 7, numRuns: 50 },
      );
    });
  });
});
