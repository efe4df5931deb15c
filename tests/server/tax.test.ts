/**
 * POST /tax/refund-calculate (both databases): the engine's estimates through the API for the
 * signed-in user's own profile, bulk as one claim, and every refusal a 4xx with field errors.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FORM11_CATEGORIES } from '../../src/domain/catalogue.ts';
import { dayjs } from '../../src/domain/dates.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { BulkRefundAnswerSchema, MAX_REFUND_ITEMS, REFUND_ITEMS_MAX, RefundAnswerSchema } from '../../src/domain/schemas/refundCalculation.ts';
import { calculateRefund, calculateRefunds, signedAmount, type TaxProfile } from '../../src/domain/tax/index.ts';
import { VALIDATION_MESSAGE } from '../../src/server/http/errors.ts';
import { UNAUTHENTICATED } from '../../src/server/http/schemas.ts';
import { type TestApp, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const PATH = '/tax/refund-calculate';
const DETAILS = { dob: '1983-06-01', maritalStatus: 'single', pensionPlanId: 'IL-12345678' } as const;
/** The test clock's day (useTestApp starts at 2026-01-15). */
const TODAY = dayjs('2026-01-15');

const rent = (rentPaid: unknown) => ({
  landlordName: 'Harbour Lettings Ltd',
  propertyAddress: '12 Quay Street, Galway',
  eircode: 'H91 X2Y3',
  purpose: 'home',
  rentPaid,
  landlordIsRelative: 'no',
  housingSupport: 'no',
});

const insurance = (premium: number, isChild: boolean) => ({
  nameOfPersonCoveredByPolicy: isChild ? 'Aoife Murphy' : 'Seán Murphy',
  amountOfGrossPremium: premium,
  amountOfMonthsPolicyWasActive: 12,
  isChild,
});

/** A registered user with the given income (none when null); returns the Authorization header. */
async function signedIn(t: TestApp, annualIncome: number | null = 50_000, email = 'calc@example.ie') {
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  if (annualIncome !== null) expect((await t.request('POST', '/edit-profile', { annual_income: annualIncome }, auth)).status).toBe(200);
  return auth;
}

const profileWith = (annualIncome: number | null): TaxProfile => ({ maritalStatus: 'single', annualIncome, dateOfBirth: DETAILS.dob });

/** What the API should answer: the engine's estimate for the same input, amount signed. */
function engineAnswer(year: number, category: string, data: unknown, profile: TaxProfile) {
  const result = calculateRefund(year, category, data, profile, { today: TODAY });
  if (!result.ok) throw new Error(`engine refused ${category}: ${JSON.stringify(result.errors)}`);
  return {
    category: result.category,
    year: result.year,
    amount: signedAmount(result),
    direction: result.direction,
    rule: result.rule,
    figures: result.figures,
    source: result.source,
    explanation: result.explanation,
    caveats: result.caveats,
    references: result.references,
    basis: result.basis,
    standalone: result.standalone,
    unused: result.unused,
    cut: result.cut,
  };
}

describe(`POST /tax/refund-calculate (${testDatabaseKind()})`, () => {
  const t = useTestApp();

  it('refuses a request without a valid session with 401', async () => {
    const body = { year: 2024, category: 'rent-tax-credit', data: rent(14_400) };
    const none = await t.request('POST', PATH, body);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: UNAUTHENTICATED });
    expect((await t.request('POST', PATH, body, { authorization: 'Bearer not.a.token' })).status).toBe(401);
  });

  it('answers the engine’s explained estimate: rent credit €500 in 2023, €1,000 in 2024', async () => {
    const auth = await signedIn(t);
    const y2023 = await t.request('POST', PATH, { year: 2023, category: 'rent-tax-credit', data: rent(14_400) }, auth);
    const y2024 = await t.request('POST', PATH, { year: 2024, category: 'rent-tax-credit', data: rent(14_400) }, auth);
    expect(y2023.status).toBe(200);
    expect(y2023.body.amount).toBe(500);
    expect(y2024.body.amount).toBe(1000);
    expect(y2023.body).toEqual(engineAnswer(2023, 'rent-tax-credit', rent(14_400), profileWith(50_000)));
    expect(y2024.body).toEqual(engineAnswer(2024, 'rent-tax-credit', rent(14_400), profileWith(50_000)));
    expect(y2024.body).toMatchObject({ direction: 'taxBack', source: expect.stringMatching(/R\d+/), explanation: expect.any(String) });
  });

  it('caps medical insurance at €1,000 an adult and €500 a child', async () => {
    const auth = await signedIn(t);
    const data = { selectedEmployment: 'Acme Software Ltd', insurances: [insurance(1200, false), insurance(800, true)] };
    const res = await t.request('POST', PATH, { year: 2024, category: 'medical-insurance-relief', data }, auth);
    expect(res.status).toBe(200);
    expect(res.body.amount).toBe(300); // (1,000 + 500) × 20%
    expect(res.body).toEqual(engineAnswer(2024, 'medical-insurance-relief', data, profileWith(50_000)));
  });

  it('works with the user’s own profile: income caps a credit at the tax due', async () => {
    // A student on €12,000 pays no income tax in 2023, so the rent credit is worth nothing to them.
    const auth = await signedIn(t, 12_000);
    const res = await t.request('POST', PATH, { year: 2023, category: 'rent-tax-credit', data: rent(14_400) }, auth);
    expect(res.body.amount).toBe(0);
    expect(res.body.figures).toMatchObject({ uncappedAmount: 500, incomeTaxLiability: 0 });
  });

  it('answers tax due on declared income as a negative amount', async () => {
    const auth = await signedIn(t);
    const data = form11Sample('rental-income');
    const res = await t.request('POST', PATH, { year: 2024, category: 'rental-income', data }, auth);
    expect(res.status).toBe(200);
    expect(res.body.direction).toBe('taxDue');
    expect(res.body.amount).toBeLessThan(0);
    expect(res.body).toEqual(engineAnswer(2024, 'rental-income', data, profileWith(50_000)));
  });

  it('ignores the marginalRate the client sends: the user’s income decides the rate', async () => {
    const auth = await signedIn(t, 30_000); // within the band: 20%
    const data = { residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank', feesPaid: 10_000 };
    const plain = await t.request('POST', PATH, { year: 2024, category: 'nursing-home-expenses', data }, auth);
    const claimed = await t.request('POST', PATH, { year: 2024, category: 'nursing-home-expenses', data: { ...data, marginalRate: 0.4 } }, auth);
    expect(plain.body.amount).toBe(2000);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual(plain.body);
  });

  it('judges dates entered against today’s date on the server clock', async () => {
    const auth = await signedIn(t);
    const data = { whoIsBlind: 'me', ophthalmologistName: 'Dr Aoife Byrne', certificateDate: '20.01.2026', certificateConfirmed: true };
    const early = await t.request('POST', PATH, { year: 2026, category: 'blind-person-tax-credit', data }, auth);
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ certificateDate: [m.DATE_INVALID] });
    t.clock.set('2026-02-01T10:00:00Z'); // the first session's tokens have expired by then
    const later = await signedIn(t, 50_000, 'later@example.ie');
    expect((await t.request('POST', PATH, { year: 2026, category: 'blind-person-tax-credit', data }, later)).status).toBe(200);
  });

  it('bulk: every category’s sample in one call is one claim, as the engine computes it; the amounts add up to the total', async () => {
    const auth = await signedIn(t);
    const items = FORM11_CATEGORIES.map((category) => ({ category, data: form11Sample(category) }));
    const bulk = await t.request('POST', PATH, { year: 2025, items }, auth);
    expect(bulk.status).toBe(200);
    const engine = calculateRefunds({ year: 2025, items }, profileWith(50_000), { today: TODAY });
    if (!engine.ok) throw new Error(JSON.stringify(engine));
    expect(bulk.body.amounts).toEqual(engine.results.map(signedAmount));
    expect(bulk.body.total).toBe(engine.netTotal);
    expect(Math.round((bulk.body.amounts as number[]).reduce((sum, amount) => sum + amount * 100, 0))).toBe(Math.round(bulk.body.total * 100));
    expect(bulk.body.claim).toMatchObject({ year: 2025, taxBefore: 7200, total: engine.netTotal, upperBound: false });
    expect(bulk.body.amounts.some((amount: number) => amount < 0)).toBe(true);
    expect(bulk.body.amounts.some((amount: number) => amount > 0)).toBe(true);
    // The client's schemas read the answer as it is.
    expect(v.parse(BulkRefundAnswerSchema, bulk.body)).toEqual(bulk.body);
  });

  it('bulk: reliefs that share the 40% slice are not counted twice (the issue’s €5,600 is €4,400)', async () => {
    const auth = await signedIn(t);
    const nursing = { residentName: 'Mary Murphy', nursingHomeName: 'Sunnybank', feesPaid: 10_000 };
    const maintenance = { recipientName: 'Niamh Doyle', amountPaid: 6000, legallyEnforceable: 'yes', jointlyAssessed: 'no' };
    const singles = await Promise.all([
      t.request('POST', PATH, { year: 2025, category: 'nursing-home-expenses', data: nursing }, auth),
      t.request('POST', PATH, { year: 2025, category: 'maintenance-payment-relief', data: maintenance }, auth),
    ]);
    expect(singles.map((s) => s.body.amount)).toEqual([3200, 2400]);
    const bulk = await t.request('POST', PATH, { year: 2025, items: [{ category: 'nursing-home-expenses', data: nursing }, { category: 'maintenance-payment-relief', data: maintenance }] }, auth);
    expect(bulk.body).toMatchObject({ amounts: [3200, 1200], total: 4400 });
    expect(v.parse(RefundAnswerSchema, singles[0]?.body)).toEqual(singles[0]?.body);
  });

  it('a blind person’s credit for a spouse on a single profile is refused, naming the field', async () => {
    const auth = await signedIn(t);
    const data = { whoIsBlind: 'spouse', ophthalmologistName: 'Dr Aoife Byrne', certificateDate: '14.02.2020', certificateConfirmed: true };
    const res = await t.request('POST', PATH, { year: 2025, category: 'blind-person-tax-credit', data }, auth);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: m.REFUND_DATA_INVALID, errors: { whoIsBlind: [m.BLIND_SPOUSE_NEEDS_MARRIED] } });
  });

  it('a category twice in one claim is refused, naming the item', async () => {
    const auth = await signedIn(t);
    const res = await t.request('POST', PATH, { year: 2025, items: [{ category: 'rent-tax-credit', data: rent(1000) }, { category: 'rent-tax-credit', data: rent(2000) }] }, auth);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: m.CATEGORY_TWICE, errors: { 'items.1.category': [m.CATEGORY_TWICE] } });
  });

  it('bulk: an empty list is worth nothing', async () => {
    const auth = await signedIn(t);
    const res = await t.request('POST', PATH, { year: 2024, items: [] }, auth);
    expect(res).toMatchObject({ status: 200, body: { amounts: [], total: 0, results: [] } });
  });

  describe('refusals: 422 with field errors, never a 500', () => {
    const single = (overrides: Record<string, unknown>) => ({ year: 2024, category: 'rent-tax-credit', data: rent(14_400), ...overrides });
    const bulk = (overrides: Record<string, unknown>) => ({ year: 2024, items: [{ category: 'rent-tax-credit', data: rent(14_400) }], ...overrides });

    it.each<[string, unknown, Record<string, string[]>]>([
      ['an unknown category', single({ category: 'yacht-relief' }), { category: [m.CATEGORY_UNKNOWN] }],
      ['a category of the wrong type', single({ category: 7 }), { category: [m.CATEGORY_UNKNOWN] }],
      ['an unsupported year', single({ year: 2021 }), { year: [m.TAX_YEAR_UNSUPPORTED] }],
      ['a year as text', single({ year: '2024' }), { year: [m.TAX_YEAR_UNSUPPORTED] }],
      ['a fractional year', single({ year: 2024.5 }), { year: [m.TAX_YEAR_UNSUPPORTED] }],
      ['no year', { category: 'rent-tax-credit', data: rent(1) }, { year: [m.REQUIRED] }],
      ['no data', { year: 2024, category: 'rent-tax-credit' }, { data: [m.REQUIRED] }],
      ['data as an array', single({ data: [rent(1)] }), { data: [m.INVALID_REQUEST] }],
      ['data as text', single({ data: 'rent' }), { data: [m.INVALID_REQUEST] }],
      ['an unknown field', single({ extra: 1 }), { extra: [m.UNKNOWN_FIELD] }],
      ['items not a list', bulk({ items: { category: 'rent-tax-credit' } }), { items: [m.INVALID_REQUEST] }],
      ['an item that is not an object', bulk({ items: ['rent-tax-credit'] }), { 'items.0': [m.INVALID_REQUEST] }],
      ['an item with an unknown category', bulk({ items: [{ category: 'rent-tax-credit', data: rent(1) }, { category: 'nope', data: {} }] }), { 'items.1.category': [m.CATEGORY_UNKNOWN] }],
      ['an item with an unknown field', bulk({ items: [{ category: 'rent-tax-credit', data: rent(1), amount: 5 }] }), { 'items.0.amount': [m.UNKNOWN_FIELD] }],
      ['an item without data', bulk({ items: [{ category: 'rent-tax-credit' }] }), { 'items.0.data': [m.REQUIRED] }],
      ['a bulk request for an unsupported year', bulk({ year: 2030 }), { year: [m.TAX_YEAR_UNSUPPORTED] }],
      ['both shapes at once', { ...single({}), items: [] }, { category: [m.UNKNOWN_FIELD] }],
      [
        'more items than allowed',
        bulk({ items: Array.from({ length: MAX_REFUND_ITEMS + 1 }, () => ({ category: 'rent-tax-credit', data: rent(1) })) }),
        { items: [REFUND_ITEMS_MAX] },
      ],
    ])('%s', async (_name, body, errors) => {
      const auth = await signedIn(t);
      const res = await t.request('POST', PATH, body, auth);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: VALIDATION_MESSAGE, errors });
    });

    it('a body that is not an object', async () => {
      const auth = await signedIn(t);
      for (const body of [[], [single({})], 'rent', 12, null]) {
        const res = await t.request('POST', PATH, body, auth);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.message).toBe(VALIDATION_MESSAGE);
      }
    });

    it('data the category’s form refuses, under the field’s path (single) or the item’s (bulk)', async () => {
      const auth = await signedIn(t);
      const negative = await t.request('POST', PATH, single({ data: rent(-5) }), auth);
      expect(negative).toMatchObject({ status: 422, body: { message: m.REFUND_DATA_INVALID, errors: { rentPaid: [m.POSITIVE_AMOUNT] } } });

      const noInsurance = await t.request('POST', PATH, { year: 2024, category: 'medical-insurance-relief', data: { selectedEmployment: 'Acme', insurances: [] } }, auth);
      expect(noInsurance.body.errors).toEqual({ insurances: [m.ADD_AT_LEAST_ONE_INSURANCE] });
      const badMonths = await t.request(
        'POST',
        PATH,
        { year: 2024, category: 'medical-insurance-relief', data: { selectedEmployment: 'Acme', insurances: [{ ...insurance(100, false), amountOfMonthsPolicyWasActive: 13 }] } },
        auth,
      );
      expect(badMonths.body.errors).toEqual({ 'insurances.0.amountOfMonthsPolicyWasActive': [m.MONTHS_RANGE] });

      const inBulk = await t.request('POST', PATH, bulk({ items: [{ category: 'rent-tax-credit', data: rent(100) }, { category: 'rent-tax-credit', data: rent(-1) }] }), auth);
      expect(inBulk).toMatchObject({ status: 422, body: { message: m.REFUND_DATA_INVALID, errors: { 'items.1.data.rentPaid': [m.POSITIVE_AMOUNT] } } });
    });

    it('transport mistakes: 415, 400 and 413 from the body reader', async () => {
      const auth = await signedIn(t);
      const wrongType = await t.app.request(`/api/maxout${PATH}`, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
      expect(wrongType.status).toBe(415);
      const malformed = await t.app.request(`/api/maxout${PATH}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"year":' });
      expect(malformed.status).toBe(400);
      const huge = await t.request('POST', PATH, { year: 2024, items: Array.from({ length: 5_000 }, () => ({ category: 'rent-tax-credit', data: rent(1) })) }, auth);
      expect(huge.status).toBe(413);
    });

    it('a random hostile body is never a server error', async () => {
      const auth = await signedIn(t);
      const value = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constantFrom(2021, 2022, 2024, 2026, '2024', -1, 1e308, 'rent-tax-credit', 'medical-insurance-relief', 'rental-income', '__proto__', 'constructor'),
      );
      const item = fc.record({ category: value, data: fc.oneof(value, fc.dictionary(fc.constantFrom('rentPaid', 'insurances', 'amount', '__proto__', 'marginalRate'), value)) }, { requiredKeys: [] });
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.record({ year: value, category: value, data: value }, { requiredKeys: [] }),
        fc.record({ year: value, items: fc.oneof(value, fc.array(fc.oneof(item, value), { maxLength: 5 })) }, { requiredKeys: [] }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (input) => {
          const res = await t.request('POST', PATH, input, auth);
          expect([200, 400, 413, 422]).toContain(res.status);
          if (res.status !== 200) expect(typeof res.body.message).toBe('string');
        }),
        { seed: 20_240_101, numRuns: 150 },
      );
    });
  });
});
