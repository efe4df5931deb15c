/**
 * Limits on moving money (both databases): a contribution or mandate above the step-up threshold,
 * or a mandate on an account never used before, needs the password (or a code) again within the
 * last minutes; one session cannot pay in more than the daily and the tax-year ceilings, not even
 * with many requests at once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_LIMITS } from '../../src/server/services/moneyMovement.ts';
import { PASSWORD, bearer, enableTwoFactor, codeAt, signUp, signedIn, signedInWithCode } from '../support/accounts.ts';
import { type TestApp, queryRows, testDatabaseKind, useTestApp } from '../support/testDatabase.ts';

const CARD = 'sandbox-debit-card';
const IBAN = 'IE29AIBK93115212345678';
const OTHER_IBAN = 'IE64IRCE92050112345678';

const contribute = (t: TestApp, access: string, amount: number, key: string) =>
  t.request('POST', '/contribute', { amount, tax_year: 2026, source: CARD }, { ...bearer(access), 'idempotency-key': key });
const mandate = (t: TestApp, access: string, iban: string | undefined, amount = 100) =>
  t.request('POST', '/direct-debit', { ...(iban ? { iban } : {}), amount, day_of_month: 15, start_date: '2026-03-01', mandate_accepted: true }, bearer(access));

async function paidCents(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ cents: string }>(t.database, sql`select coalesce(sum(amount_cents), 0)::text as cents from contributions where status = 'succeeded'`);
  return Number(row?.cents ?? 0);
}

describe(`step-up before large payments and new accounts (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('asks for the password again above the threshold, then pays; small amounts need nothing', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const threshold = MONEY_LIMITS.stepUpAboveCents / 100;
    expect((await contribute(t, access, threshold, 'small-key-0001')).status).toBe(201);
    const large = await contribute(t, access, threshold + 1, 'large-key-0001');
    expect(large.status).toBe(403);
    expect(large.body).toMatchObject({ code: 'step_up_required', reason: 'large_amount' });
    const wrong = await t.request('POST', '/security/step-up', { password: 'not my password at all' }, bearer(access));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toBeDefined();
    expect((await t.request('POST', '/security/step-up', {}, bearer(access))).status).toBe(422);
    const stepped = await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(access));
    expect(stepped.status).toBe(200);
    expect(stepped.body.stepped_up_until).toMatch(/^\d{4}-/);
    expect((await contribute(t, access, threshold + 1, 'large-key-0001')).status).toBe(201);
    // The step-up lasts minutes, not the session.
    t.clock.advance(MONEY_LIMITS.stepUpWindowMs + 1000);
    expect((await contribute(t, access, threshold + 1, 'large-key-0002')).status).toBe(403);
  });

  it('takes a code instead of the password when two-step sign-in is on', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const { secret } = await enableTwoFactor(t, access);
    const session = await signedInWithCode(t, secret);
    expect((await contribute(t, session.access, 5000, 'coded-key-0001')).status).toBe(403);
    expect((await t.request('POST', '/security/step-up', { code: codeAt(t, secret) }, bearer(session.access))).status).toBe(200);
    expect((await contribute(t, session.access, 5000, 'coded-key-0001')).status).toBe(201);
  });

  it('asks again for a mandate on an account never used before, not for the same account', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const first = await mandate(t, access, IBAN);
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ code: 'step_up_required', reason: 'new_account' });
    expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(access))).status).toBe(200);
    expect((await mandate(t, access, IBAN)).status).toBe(200);
    t.clock.advance(MONEY_LIMITS.stepUpWindowMs + 1000);
    // The same account, or the current one kept: no step-up. A new one: again.
    expect((await mandate(t, access, IBAN, 150)).status).toBe(200);
    expect((await mandate(t, access, undefined, 160)).status).toBe(200);
    expect((await mandate(t, access, OTHER_IBAN)).body.code).toBe('step_up_required');
  });
});

describe(`daily and tax-year ceilings (${testDatabaseKind()})`, () => {
  const t = useTestApp({ trustProxy: 1 });

  it('refuses 20 × €115,000 from one session beyond the tax-year ceiling, even sent at once', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(access))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => contribute(t, access, 115_000, `big-key-${String(i).padStart(4, '0')}`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((s) => s === 201 || s === 422), statuses.join()).toBe(true);
    expect(await paidCents(t)).toBeLessThanOrEqual(Math.max(MONEY_LIMITS.dailyCents, 0));
    const refused = answers.find((res) => res.status === 422)!;
    expect(refused.body.errors.amount[0]).toMatch(/limit/);
  });

  it('counts the last 24 hours, and the tax year over days', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    const day = MONEY_LIMITS.dailyCents / 100;
    expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(access))).status).toBe(200);
    expect((await contribute(t, access, day, 'day-key-0001')).status).toBe(201);
    const over = await contribute(t, access, 1, 'day-key-0002');
    expect(over.status).toBe(422);
    expect(over.body.errors.amount[0]).toMatch(/24 hours/);
    // A retry of a payment already made is its replay, not a new payment.
    const replay = await contribute(t, access, day, 'day-key-0001');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // Day after day up to the tax-year ceiling, then no more for that year.
    let paid = day;
    // Each day a new sign-in (a session ends after an idle hour) and a new step-up.
    const nextDay = async () => {
      t.clock.advance(86_400_000 + 1000);
      const session = await signedIn(t);
      expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(session.access))).status).toBe(200);
      return session.access;
    };
    for (let i = 2; paid + day <= MONEY_LIMITS.taxYearCents / 100; i++) {
      expect((await contribute(t, await nextDay(), day, `day-key-${String(i).padStart(4, '0')}`)).status).toBe(201);
      paid += day;
    }
    const yearFull = await contribute(t, await nextDay(), day, 'day-key-9999');
    expect(yearFull.status).toBe(422);
    expect(yearFull.body.errors.amount[0]).toMatch(/2026/);
  });

  it('refuses a monthly mandate above the daily ceiling', async () => {
    await signUp(t);
    const { access } = await signedIn(t);
    expect((await t.request('POST', '/security/step-up', { password: PASSWORD }, bearer(access))).status).toBe(200);
    const res = await mandate(t, access, IBAN, MONEY_LIMITS.dailyCents / 100 + 1);
    expect(res.status).toBe(422);
    expect(res.body.errors.amount).toBeDefined();
  });
});
