/**
 * Pension setup, the contributions ledger and direct debits over HTTP (both databases): the
 * year's pension derived from the ledger, a contribution paid once per Idempotency-Key (retries
 * and concurrent duplicates included), and every client mistake a 422 with field errors.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/domain/schemas/messages.ts';
import { ContributionsAnswerSchema, DirectDebitAnswerSchema } from '../../src/domain/schemas/pension.ts';
import { UserSchema } from '../../src/domain/schemas/user.ts';
import { VALIDATION_MESSAGE } from '../../src/server/http/errors.ts';
import { UNAUTHENTICATED } from '../../src/server/http/schemas.ts';
import { createDirectDebitService, toApiMandate } from '../../src/server/services/directDebits.ts';
import { createKeyring } from '../../src/server/services/crypto.ts';
import { createServices } from '../../src/server/services/index.ts';
import { type CollectRequest, type PaymentProvider, createSandboxPaymentProvider } from '../../src/server/services/paymentProvider.ts';
import { PASSWORD, givePassword } from '../support/accounts.ts';
import { type TestApp, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

/** The sandbox, counting what reaches it: "paid twice" would show here. */
function countingProvider() {
  const sandbox = createSandboxPaymentProvider();
  const collected: CollectRequest[] = [];
  const provider: PaymentProvider = {
    name: 'counting sandbox',
    sources: (userId) => sandbox.sources(userId),
    collect: async (request) => {
      collected.push(request);
      // Let a concurrent duplicate arrive while this payment is in flight.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return sandbox.collect(request);
    },
    lookup: (reference) => sandbox.lookup(reference),
  };
  return { provider, collected };
}

const payments = countingProvider();
const DETAILS = { dob: '1990-05-01', maritalStatus: 'single' } as const;
const INFO = { annual_income: 50_000, paid_pension: 1000, marital_status: 'single', pension_plan_id: 'IL-12345678' };
const CARD = 'sandbox-debit-card';
const IBAN = 'IE29AIBK93115212345678';

/** A registered user whose address is verified (as the mailed set-password link does), unless `verified` is false. */
async function signedIn(t: TestApp, email = 'ann@example.ie', verified = true) {
  const res = await t.request('POST', '/auth/register', { email, details: DETAILS });
  expect(res.status).toBe(201);
  const auth = { authorization: `Bearer ${res.body.access_token as string}` };
  if (verified) {
    await t.database.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
    // Large amounts and new accounts ask for the password again (moneyLimits.test.ts tests that).
    await givePassword(t, email);
    expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, auth)).status).toBe(200);
  }
  return auth;
}

async function setUp(t: TestApp, email?: string) {
  const auth = await signedIn(t, email);
  expect((await t.request('POST', '/pension-info', INFO, auth)).status).toBe(200);
  return auth;
}

const contribute = (t: TestApp, auth: Record<string, string>, body: unknown, key: string | null = 'key-00000001') =>
  t.request('POST', '/contribute', body, key === null ? auth : { ...auth, 'idempotency-key': key });

const ledgerRows = (t: TestApp) =>
  queryRows<{ amount_cents: string; status: string; tax_year: number; kind: string }>(t.database, sql`select amount_cents, status, tax_year, kind from contributions order by created_at`);

describe(`POST /pension-info (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { paymentProvider: payments.provider } });

  it('needs a session', async () => {
    const res = await t.request('POST', '/pension-info', INFO);
    expect(res).toMatchObject({ status: 401, body: { message: UNAUTHENTICATED } });
  });

  it('saves income, paid pension, marital status and the plan reference, and answers the user', async () => {
    const auth = await signedIn(t);
    const res = await t.request('POST', '/pension-info', { ...INFO, pension_plan_id: ' il 1234 5678 ', marital_status: 'married' }, auth);
    expect(res.status).toBe(200);
    expect(v.safeParse(UserSchema, res.body).success).toBe(true);
    expect(res.body).toMatchObject({ annual_income: 50_000, paid_pension: 1000, pension: 1000, marital_status: 'married', pension_plan_id: 'IL-12345678' });
    // Married: income within the €53,000 band, so the relief on €1,000 is 20%.
    expect(res.body.taxback).toBe(20_000);
    expect((await t.request('GET', '/profile', undefined, auth)).body).toEqual(res.body);
    const cleared = await t.request('POST', '/pension-info', { ...INFO, pension_plan_id: '' }, auth);
    expect(cleared.body.pension_plan_id).toBeNull();
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['negative income', { ...INFO, annual_income: -1 }, { annual_income: [m.POSITIVE_AMOUNT] }],
    ['income as text', { ...INFO, annual_income: '50000' }, { annual_income: [m.REQUIRED] }],
    ['absurd income', { ...INFO, annual_income: 1e12 }, { annual_income: [m.AMOUNT_MAX] }],
    ['no paid pension', { annual_income: 1, marital_status: 'single' }, { paid_pension: [m.REQUIRED] }],
    ['a plan ID in another format', { ...INFO, pension_plan_id: 'PLAN-1' }, { pension_plan_id: [m.PENSION_PLAN_ID_FORMAT] }],
    ['SQL in the plan ID', { ...INFO, pension_plan_id: "IL-1'; DROP TABLE users; --" }, { pension_plan_id: [m.PENSION_PLAN_ID_FORMAT] }],
    ['an unknown marital status', { ...INFO, marital_status: 'widowed' }, { marital_status: [m.MARITAL_STATUS_INVALID] }],
    ['a free pension figure', { ...INFO, pension: 99_999 }, { pension: [m.UNKNOWN_FIELD] }],
    ['a taxback', { ...INFO, taxback: 1 }, { taxback: [m.UNKNOWN_FIELD] }],
  ])('422 for %s', async (_name, body, errors) => {
    const auth = await signedIn(t);
    const res = await t.request('POST', '/pension-info', body, auth);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: VALIDATION_MESSAGE, errors });
    expect((await t.request('GET', '/profile', undefined, auth)).body.annual_income).toBeNull();
  });
});

describe(`contributions ledger (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { paymentProvider: payments.provider } });

  it('GET /contributions: the years a payment may count for, the sources, the ledger', async () => {
    const auth = await setUp(t);
    const res = await t.request('GET', '/contributions', undefined, auth);
    expect(res.status).toBe(200);
    expect(v.parse(ContributionsAnswerSchema, res.body)).toEqual(res.body);
    // 15 January 2026: before 31 October, so 2025 may still be chosen.
    expect(res.body).toMatchObject({ tax_year: 2026, assignable_years: [2026, 2025], contributed: { 2026: 0, 2025: 0 }, contributions: [] });
    expect(res.body.sources.map((s: { id: string }) => s.id)).toEqual(['sandbox-current-account', CARD]);
    t.clock.set('2026-11-01T10:00:00Z');
    const late = await setUp(t, 'late@example.ie');
    expect((await t.request('GET', '/contributions', undefined, late)).body.assignable_years).toEqual([2026]);
  });

  it('a contribution is recorded in cents, the profile’s pension and taxback move, the relief is answered', async () => {
    const auth = await setUp(t);
    const before = await t.request('GET', '/profile', undefined, auth);
    expect(before.body).toMatchObject({ pension: 1000, taxback: 40_000 });
    const res = await contribute(t, auth, { amount: 2500.5, tax_year: 2026, source: CARD });
    expect(res.status).toBe(201);
    expect(res.body.contribution).toMatchObject({ amount: 2500.5, tax_year: 2026, kind: 'one_off', source: 'Debit card', status: 'succeeded' });
    // Income €50,000 single: €6,000 above the band. €1,000 paid already, so €5,000 more at 40%.
    expect(res.body.relief).toBe(1000.2);
    expect(res.body.user).toMatchObject({ pension: 3500.5, taxback: 140_020 });
    expect((await t.request('GET', '/profile', undefined, auth)).body).toEqual(res.body.user);
    const rows = await ledgerRows(t);
    expect(rows.map((r) => [Number(r.amount_cents), r.status, r.tax_year, r.kind])).toEqual([[250_050, 'succeeded', 2026, 'one_off']]);
    const list = await t.request('GET', '/contributions', undefined, auth);
    expect(list.body.contributed).toEqual({ 2026: 2500.5, 2025: 0 });
  });

  it('a contribution for last year does not move this year’s pension', async () => {
    const auth = await setUp(t);
    const res = await contribute(t, auth, { amount: 700, tax_year: 2025, source: CARD });
    expect(res.status).toBe(201);
    expect(res.body.user.pension).toBe(1000);
    expect((await t.request('GET', '/contributions', undefined, auth)).body.contributed).toEqual({ 2026: 0, 2025: 700 });
  });

  it('a retry with the same Idempotency-Key answers the first result and never pays twice', async () => {
    const auth = await setUp(t);
    const start = payments.collected.length;
    const body = { amount: 100, tax_year: 2026, source: CARD };
    const first = await contribute(t, auth, body, 'retry-key-1');
    const again = await contribute(t, auth, body, 'retry-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.contribution).toEqual(first.body.contribution);
    expect(again.body.user.pension).toBe(1100);
    expect(payments.collected.length - start).toBe(1);
    expect(await ledgerRows(t)).toHaveLength(1);
    // A new key is a new payment.
    expect((await contribute(t, auth, body, 'retry-key-2')).body.user.pension).toBe(1200);
  });

  it('concurrent duplicates of one request pay once and all answer the same contribution', async () => {
    const auth = await setUp(t);
    const start = payments.collected.length;
    const body = { amount: 42, tax_year: 2026, source: CARD };
    const answers = await Promise.all(Array.from({ length: 6 }, () => contribute(t, auth, body, 'same-key-concurrent')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((a) => a.body.contribution.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(payments.collected.length - start).toBe(1);
    expect((await t.request('GET', '/profile', undefined, auth)).body.pension).toBe(1042);
  });

  it('keys belong to a user: two users may use the same key', async () => {
    const ann = await setUp(t);
    const bob = await setUp(t, 'bob@example.ie');
    const body = { amount: 10, tax_year: 2026, source: CARD };
    const a = await contribute(t, ann, body, 'shared-key-1');
    const b = await contribute(t, bob, body, 'shared-key-1');
    expect(a.body.contribution.id).not.toBe(b.body.contribution.id);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it('the same key with a different request is refused and pays nothing', async () => {
    const auth = await setUp(t);
    expect((await contribute(t, auth, { amount: 10, tax_year: 2026, source: CARD }, 'reused-key-1')).status).toBe(201);
    const other = await contribute(t, auth, { amount: 1000, tax_year: 2026, source: CARD }, 'reused-key-1');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: m.IDEMPOTENCY_KEY_REUSED, errors: { 'Idempotency-Key': [m.IDEMPOTENCY_KEY_REUSED] } });
    expect(await ledgerRows(t)).toHaveLength(1);
  });

  it('a declined payment is a 402, kept as declined, replayed as declined, and moves nothing', async () => {
    const auth = await setUp(t);
    const body = { amount: 50.13, tax_year: 2026, source: CARD };
    const first = await contribute(t, auth, body, 'declined-key');
    expect(first).toMatchObject({ status: 402, body: { message: m.PAYMENT_DECLINED } });
    const again = await contribute(t, auth, body, 'declined-key');
    expect(again.status).toBe(402);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await ledgerRows(t)).map((r) => r.status)).toEqual(['declined']);
    expect((await t.request('GET', '/profile', undefined, auth)).body.pension).toBe(1000);
  });

  it('an outage at the provider leaves the attempt pending (listed as such, counted nowhere), and the retry with the same key pays once', async () => {
    let fail = true;
    const sandbox = createSandboxPaymentProvider();
    const flaky: PaymentProvider = {
      name: 'flaky',
      sources: (id) => sandbox.sources(id),
      collect: async (request) => {
        if (fail) throw new Error('provider timeout');
        return sandbox.collect(request);
      },
      lookup: (reference) => sandbox.lookup(reference),
    };
    const services = createServices({ ...t.deps, paymentProvider: flaky });
    const auth = await setUp(t);
    const userId = (await queryRows<{ id: string }>(t.database, sql`select id from users`))[0]!.id;
    const order = { amountCents: 5000, taxYear: 2026, kind: 'one_off' as const, sourceId: CARD, sourceLabel: 'Sandbox debit card' };
    await expect(services.pensionLedger.pay(userId, 'outage-key-1', order)).rejects.toThrow('provider timeout');
    expect((await ledgerRows(t)).map((r) => r.status)).toEqual(['pending']);
    const listed = (await t.request('GET', '/contributions', undefined, auth)).body;
    expect(listed.contributions).toEqual([expect.objectContaining({ status: 'pending', amount: 50, tax_year: 2026, source: 'Sandbox debit card' })]);
    expect(listed.contributed).toEqual({ 2026: 0, 2025: 0 });
    expect((await t.request('GET', '/profile', undefined, auth)).body.pension).toBe(1000);
    fail = false;
    expect((await services.pensionLedger.pay(userId, 'outage-key-1', order)).kind).toBe('succeeded');
    expect((await services.pensionLedger.pay(userId, 'outage-key-1', order)).kind).toBe('succeeded');
    expect(await ledgerRows(t)).toHaveLength(1);
    expect((await t.request('GET', '/profile', undefined, auth)).body.pension).toBe(1050);
    expect((await t.request('GET', '/contributions', undefined, auth)).body.contributions).toEqual([expect.objectContaining({ status: 'succeeded', amount: 50 })]);
  });

  describe('refusals: 422 with field errors, nothing paid', () => {
    const valid = { amount: 100, tax_year: 2026, source: CARD };
    it.each<[string, unknown, Record<string, string[]>]>([
      ['a negative amount', { ...valid, amount: -100 }, { amount: [m.POSITIVE_AMOUNT] }],
      ['a zero amount', { ...valid, amount: 0 }, { amount: [m.CONTRIBUTION_MIN] }],
      ['an absurd amount', { ...valid, amount: 1e15 }, { amount: [m.CONTRIBUTION_MAX] }],
      ['a non-numeric amount', { ...valid, amount: 'lots' }, { amount: [m.REQUIRED] }],
      ['an amount as numeric text', { ...valid, amount: '100' }, { amount: [m.REQUIRED] }],
      ['fractions of a cent', { ...valid, amount: 1.001 }, { amount: [m.CENTS_ONLY] }],
      ['no amount', { tax_year: 2026, source: CARD }, { amount: [m.REQUIRED] }],
      ['a future tax year', { ...valid, tax_year: 2027 }, { tax_year: [m.TAX_YEAR_NOT_ASSIGNABLE] }],
      ['two years back', { ...valid, tax_year: 2024 }, { tax_year: [m.TAX_YEAR_NOT_ASSIGNABLE] }],
      ['a source that is not the user’s', { ...valid, source: 'someone-elses-card' }, { source: [m.SOURCE_UNKNOWN] }],
      ['a kind chosen by the client', { ...valid, kind: 'round_up' }, { kind: [m.UNKNOWN_FIELD] }],
      ['a status chosen by the client', { ...valid, status: 'succeeded' }, { status: [m.UNKNOWN_FIELD] }],
    ])('%s', async (_name, body, errors) => {
      const auth = await setUp(t);
      const res = await contribute(t, auth, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: VALIDATION_MESSAGE, errors });
      expect(await ledgerRows(t)).toHaveLength(0);
    });

    it.each([null, '', 'short', 'has spaces in it', 'x'.repeat(101), "key'; DROP TABLE contributions; --"])('Idempotency-Key %j', async (key) => {
      const auth = await setUp(t);
      const res = await contribute(t, auth, valid, key);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'Idempotency-Key': [m.IDEMPOTENCY_KEY_INVALID] });
      expect(await ledgerRows(t)).toHaveLength(0);
    });

    it('last year after 31 October', async () => {
      t.clock.set('2026-11-01T09:00:00Z');
      const auth = await setUp(t);
      const res = await contribute(t, auth, { ...valid, tax_year: 2025 });
      expect(res.body.errors).toEqual({ tax_year: [m.TAX_YEAR_NOT_ASSIGNABLE] });
    });

    it('needs a session', async () => {
      expect((await contribute(t, {}, valid)).status).toBe(401);
    });

    it('needs a verified email address to move money', async () => {
      const auth = await signedIn(t, 'unverified@example.ie', false);
      expect((await t.request('POST', '/pension-info', INFO, auth)).status).toBe(200);
      const pay = await contribute(t, auth, valid);
      expect(pay.status).toBe(403);
      expect(pay.body.code).toBe('email_unverified');
      const mandate = await t.request('POST', '/direct-debit', { iban: IBAN, amount: 100, day_of_month: 1, start_date: '2026-02-01', mandate_accepted: true }, auth);
      expect(mandate.status).toBe(403);
      expect(await ledgerRows(t)).toHaveLength(0);
    });

    it('hostile bodies and headers are 4xx, never 5xx, and never pay', async () => {
      const auth = await setUp(t);
      await fc.assert(
        fc.asyncProperty(fc.anything(), fc.string({ maxLength: 120 }), async (body, key) => {
          const res = await contribute(t, auth, body, key);
          return res.status >= 400 && res.status < 500;
        }),
        { numRuns: 60 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({ amount: fc.oneof(fc.double(), fc.integer(), fc.string()), tax_year: fc.oneof(fc.integer(), fc.string()), source: fc.string() }, { requiredKeys: [] }),
          async (body) => {
            const res = await contribute(t, auth, body, 'fuzz-key-fixed');
            return res.status === 422 || res.status === 201 || res.status === 402;
          },
        ),
        { numRuns: 60 },
      );
      for (const body of [[], 'text', 12, null]) expect((await contribute(t, auth, body)).status).toBe(422);
    });
  });
});

describe(`direct debit (${testDatabaseKind()})`, () => {
  const t = useTestApp({ deps: { paymentProvider: payments.provider } });
  const MANDATE = { iban: 'ie29 aibk 9311 5212 3456 78', amount: 150, day_of_month: 20, start_date: '2026-02-01', mandate_accepted: true };

  it('sets up, shows (IBAN masked, encrypted at rest), changes and cancels a mandate', async () => {
    const auth = await setUp(t);
    expect((await t.request('GET', '/direct-debit', undefined, auth)).body).toEqual({ mandate: null });
    const created = await t.request('POST', '/direct-debit', MANDATE, auth);
    expect(created.status).toBe(200);
    expect(v.parse(DirectDebitAnswerSchema, created.body)).toEqual(created.body);
    expect(created.body.mandate).toMatchObject({ iban_masked: 'IE29 •••• 5678', amount: 150, day_of_month: 20, start_date: '2026-02-01', next_collection: '2026-02-20' });
    expect(created.body.mandate.reference).toMatch(/^MXO-[A-Z0-9]+$/);
    const [raw] = await queryRows<Record<string, unknown>>(t.database, sql`select * from direct_debit_mandates`);
    expect(JSON.stringify(raw)).not.toContain(IBAN);
    expect(JSON.stringify(raw)).not.toContain('93115212345678');
    expect(String(raw!.iban_encrypted)).toMatch(/^v2\.k1\./);
    expect((await t.request('GET', '/direct-debit', undefined, auth)).body).toEqual(created.body);

    const { iban: _iban, ...change } = MANDATE;
    const changed = await t.request('POST', '/direct-debit', { ...change, amount: 300, day_of_month: 5 }, auth);
    expect(changed.body.mandate).toMatchObject({ iban_masked: 'IE29 •••• 5678', amount: 300, day_of_month: 5, next_collection: '2026-02-05' });
    expect(changed.body.mandate.id).not.toBe(created.body.mandate.id);
    const all = await queryRows<{ cancelled_at: Date | null }>(t.database, sql`select cancelled_at from direct_debit_mandates order by created_at`);
    expect(all.map((r) => r.cancelled_at !== null)).toEqual([true, false]);

    const cancelled = await t.request('POST', '/direct-debit/cancel', undefined, auth);
    expect(cancelled).toMatchObject({ status: 200, body: { mandate: null } });
    expect((await t.request('GET', '/direct-debit', undefined, auth)).body).toEqual({ mandate: null });
    expect((await t.request('POST', '/direct-debit/cancel', undefined, auth)).status).toBe(404);
  });

  it('a change without an IBAN and no mandate asks for the IBAN', async () => {
    const auth = await setUp(t);
    const { iban: _iban, ...change } = MANDATE;
    const res = await t.request('POST', '/direct-debit', change, auth);
    expect(res).toMatchObject({ status: 422, body: { errors: { iban: [m.REQUIRED] } } });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a wrong checksum', { ...MANDATE, iban: 'IE29AIBK93115212345679' }, { iban: [m.IBAN_INVALID] }],
    ['a non-SEPA IBAN', { ...MANDATE, iban: 'US64SVBKUS6S3300958879' }, { iban: [m.IBAN_NOT_SEPA] }],
    ['a tiny amount', { ...MANDATE, amount: 1 }, { amount: [m.DIRECT_DEBIT_MIN] }],
    ['a negative amount', { ...MANDATE, amount: -150 }, { amount: [m.POSITIVE_AMOUNT] }],
    ['day 31', { ...MANDATE, day_of_month: 31 }, { day_of_month: [m.DAY_OF_MONTH_RANGE] }],
    ['a start today', { ...MANDATE, start_date: '2026-01-15' }, { start_date: [m.START_DATE_RANGE] }],
    ['a start as a display date', { ...MANDATE, start_date: '01.02.2026' }, { start_date: [m.DATE_INVALID] }],
    ['no acceptance', { ...MANDATE, mandate_accepted: 'yes' }, { mandate_accepted: [m.MANDATE_REQUIRED] }],
  ])('422 for %s', async (_name, body, errors) => {
    const auth = await setUp(t);
    const res = await t.request('POST', '/direct-debit', body, auth);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: VALIDATION_MESSAGE, errors });
    expect((await t.request('GET', '/direct-debit', undefined, auth)).body).toEqual({ mandate: null });
  });

  it('hostile bodies are 4xx, never 5xx', async () => {
    const auth = await setUp(t);
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (body) => {
        const res = await t.request('POST', '/direct-debit', body, auth);
        // No body at all is a 415 (no JSON content type); any JSON body that is not a mandate is a 422.
        return body === undefined ? res.status === 415 : res.status === 422;
      }),
      { numRuns: 60 },
    );
  });

  it('collects each due date once into the ledger, however often the run happens and in two processes', async () => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).status).toBe(200);
    expect(await t.services.directDebits.collectDue()).toBe(0);
    t.clock.set('2026-02-20T08:00:00Z');
    const other = createServices({ ...t.deps, paymentProvider: payments.provider });
    const made = await Promise.all([t.services.directDebits.collectDue(), other.directDebits.collectDue(), t.services.directDebits.collectDue()]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    t.clock.set('2026-03-21T08:00:00Z');
    expect(await t.services.directDebits.collectDue()).toBe(1);
    expect(await t.services.directDebits.collectDue()).toBe(0);
    const rows = await ledgerRows(t);
    expect(rows.map((r) => [Number(r.amount_cents), r.kind, r.tax_year])).toEqual([
      [15_000, 'direct_debit', 2026],
      [15_000, 'direct_debit', 2026],
    ]);
    // Cancelled: nothing more is collected.
    const [ann] = await queryRows<{ id: string }>(t.database, sql`select id from users where email = 'ann@example.ie'`);
    expect(await t.services.directDebits.cancel(ann!.id)).toBeDefined();
    t.clock.set('2026-04-20T08:00:00Z');
    expect(await t.services.directDebits.collectDue()).toBe(0);
  });

  it('names the last date collected and the next: on a collection day, that day until the run has collected it, then next month (as the Overview counts)', async () => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).body.mandate).toMatchObject({ last_collection: null, next_collection: '2026-02-20' });
    const [ann] = await queryRows<{ id: string }>(t.database, sql`select id from users where email = 'ann@example.ie'`);
    // What GET /direct-debit answers on a day (the access token would not outlive the clock's jumps).
    const answerOn = async (day: string) => t.services.directDebits.toApi((await t.services.directDebits.active(ann!.id))!, day);
    t.clock.set('2026-02-20T08:00:00Z');
    expect(await answerOn('2026-02-20')).toMatchObject({ last_collection: null, next_collection: '2026-02-20' });
    expect(await t.services.directDebits.collectDue()).toBe(1);
    expect(await answerOn('2026-02-20')).toMatchObject({ last_collection: '2026-02-20', next_collection: '2026-03-20' });
    t.clock.set('2026-03-20T08:00:00Z');
    expect(await answerOn('2026-03-20')).toMatchObject({ last_collection: '2026-02-20', next_collection: '2026-03-20' });
    expect(await t.services.directDebits.collectDue()).toBe(1);
    expect(await answerOn('2026-03-20')).toMatchObject({ last_collection: '2026-03-20', next_collection: '2026-04-20' });
  });

  it('pauses (to 31 December by default) and resumes: the mandate says so, the next collection follows, pausing again never shortens the pause, a second resume is a 409', async () => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit/pause', {}, auth)).status).toBe(404);
    expect((await t.request('POST', '/direct-debit/resume', undefined, auth)).status).toBe(404);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).body.mandate).toMatchObject({ paused_until: null, next_collection: '2026-02-20' });

    const paused = await t.request('POST', '/direct-debit/pause', {}, auth);
    expect(paused.status).toBe(200);
    expect(v.parse(DirectDebitAnswerSchema, paused.body)).toEqual(paused.body);
    expect(paused.body.mandate).toMatchObject({ paused_until: '2026-12-31', next_collection: '2027-01-20' });
    expect((await t.request('GET', '/direct-debit', undefined, auth)).body).toEqual(paused.body);

    // Pausing again never shortens a pause (that would restart collections without Resume's checks).
    const shorter = await t.request('POST', '/direct-debit/pause', { until: '2026-03-01' }, auth);
    expect(shorter.body.mandate).toMatchObject({ paused_until: '2026-12-31', next_collection: '2027-01-20' });

    const resumed = await t.request('POST', '/direct-debit/resume', undefined, auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body.mandate).toMatchObject({ paused_until: null, next_collection: '2026-02-20' });
    expect(resumed.body.mandate.id).toBe(paused.body.mandate.id);
    expect(await t.request('POST', '/direct-debit/resume', undefined, auth)).toMatchObject({ status: 409, body: { message: m.MANDATE_NOT_PAUSED } });
  });

  it.each<[string, unknown, Record<string, string[]>]>([
    ['a date in the past', { until: '2026-01-14' }, { until: [m.PAUSE_UNTIL_RANGE] }],
    ['more than a year ahead', { until: '2027-02-01' }, { until: [m.PAUSE_UNTIL_RANGE] }],
    ['a display date', { until: '31.12.2026' }, { until: [m.DATE_INVALID] }],
    ['a number', { until: 20261231 }, { until: [m.DATE_INVALID] }],
  ])('pause: 422 for %s, nothing paused', async (_name, body, errors) => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).status).toBe(200);
    expect(await t.request('POST', '/direct-debit/pause', body, auth)).toMatchObject({ status: 422, body: { message: VALIDATION_MESSAGE, errors } });
    expect((await t.request('GET', '/direct-debit', undefined, auth)).body.mandate.paused_until).toBeNull();
  });

  it('resuming needs a proven email address (it starts collections again); pausing does not', async () => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).status).toBe(200);
    await t.database.db.execute(sql`update users set email_verified_at = null where email = 'ann@example.ie'`);
    expect((await t.request('POST', '/direct-debit/pause', {}, auth)).status).toBe(200);
    expect((await t.request('POST', '/direct-debit/resume', undefined, auth)).status).toBe(403);
    expect((await t.request('GET', '/direct-debit', undefined, auth)).body.mandate.paused_until).toBe('2026-12-31');
  });

  it('the housekeeping run makes no collection while paused, never makes up the skipped dates, and collects again once resumed', async () => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).status).toBe(200);
    const [ann] = await queryRows<{ id: string }>(t.database, sql`select id from users where email = 'ann@example.ie'`);
    t.clock.set('2026-02-20T08:00:00Z');
    await t.services.housekeeping();
    expect(await ledgerRows(t)).toHaveLength(1);

    // (The service directly: the access token does not outlive the months this test moves through.)
    expect(await t.services.directDebits.pause(ann!.id, '2026-12-31')).toBeDefined();
    t.clock.set('2026-03-20T08:00:00Z');
    await t.services.housekeeping();
    t.clock.set('2026-04-20T08:00:00Z');
    await t.services.housekeeping();
    expect(await ledgerRows(t)).toHaveLength(1);

    // Resumed on 21 April: 20 March and 20 April (inside the catch-up window) stay skipped; 20 May is collected.
    t.clock.set('2026-04-21T08:00:00Z');
    const resumed = await t.services.directDebits.resume(ann!.id);
    expect(resumed !== undefined && resumed !== 'notPaused' && toApiMandate(resumed, '2026-04-21')).toMatchObject({ paused_until: null, next_collection: '2026-05-20' });
    await t.services.housekeeping();
    expect(await ledgerRows(t)).toHaveLength(1);
    t.clock.set('2026-05-20T08:00:00Z');
    await t.services.housekeeping();
    const rows = await ledgerRows(t);
    expect(rows.map((r) => [Number(r.amount_cents), r.kind, r.status])).toEqual([
      [15_000, 'direct_debit', 'succeeded'],
      [15_000, 'direct_debit', 'succeeded'],
    ]);
  });
  it('resumed on a collection day after the run skipped it: that date is not collected, and the answer says the next one', async () => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).status).toBe(200);
    const [ann] = await queryRows<{ id: string }>(t.database, sql`select id from users where email = 'ann@example.ie'`);
    expect(await t.services.directDebits.pause(ann!.id, '2026-12-31')).toBeDefined();
    t.clock.set('2026-02-20T02:00:00Z');
    await t.services.housekeeping();
    expect(await ledgerRows(t)).toHaveLength(0);
    t.clock.set('2026-02-20T10:00:00Z');
    const resumed = await t.services.directDebits.resume(ann!.id);
    expect(resumed !== undefined && resumed !== 'notPaused' && toApiMandate(resumed, '2026-02-20')).toMatchObject({ paused_until: null, next_collection: '2026-03-20' });
    await t.services.housekeeping();
    expect(await ledgerRows(t)).toHaveLength(0);
    t.clock.set('2026-03-20T08:00:00Z');
    await t.services.housekeeping();
    expect(await ledgerRows(t)).toHaveLength(1);
  });

  it('a pause that lands while the collection run is on its way to the mandate is heeded: nothing is collected', async () => {
    const auth = await setUp(t);
    expect((await t.request('POST', '/direct-debit', MANDATE, auth)).status).toBe(200);
    const [ann] = await queryRows<{ id: string }>(t.database, sql`select id from users where email = 'ann@example.ie'`);
    t.clock.set('2026-02-20T08:00:00Z');
    // The run has read the mandates; the user's pause lands just before the run pays this one.
    const ledger = t.services.pensionLedger;
    const racing = createDirectDebitService({
      db: t.database.db,
      clock: t.clock,
      keyring: createKeyring([['k1', randomBytes(32)]]),
      ledger: {
        ...ledger,
        pay: async (...args: Parameters<typeof ledger.pay>) => {
          await t.services.directDebits.pause(ann!.id, '2026-12-31');
          return ledger.pay(...args);
        },
      },
    });
    expect(await racing.collectDue()).toBe(0);
    expect(await ledgerRows(t)).toHaveLength(0);
  });
});
