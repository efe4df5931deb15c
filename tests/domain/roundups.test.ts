/**
 * The round-up rule and its helpers (src/domain/roundups.ts), property-based with fast-check:
 * a round-up is 0–99 cents and makes the amount whole; credits, pending rows and other
 * currencies never round up, each with its reason; decimals from the bank become exact cents;
 * the weekly cap is kept; fingerprints tell transactions apart without provider ids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUNDUP_SNOOZE_MS, ROUNDUP_THRESHOLD_CENTS } from '../../src/domain/constants.ts';
import { decimalToCents } from '../../src/domain/money.ts';
import {
  ROUNDUP_REASONS,
  ROUNDUP_REASON_TEXT,
  SANDBOX_CONSENT_PATH,
  fingerprinter,
  fingerprints,
  isBankLinkUrl,
  isStale,
  normaliseDescription,
  pendingRoundups,
  promptVisible,
  renewalOpen,
  roundupCents,
  roundupOf,
  takeWithinCap,
  weekStart,
  type RoundupFacts,
} from '../../src/domain/roundups.ts';

const RUNS = { numRuns: 1000 };
const cents = fc.integer({ min: -10_000_000, max: 10_000_000 });
const date = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const purchase = (overrides: Partial<RoundupFacts> = {}): RoundupFacts => ({ status: 'booked', amountCents: -1234, currency: 'EUR', code: 'PMNT-CCRD-POSD', bookingDate: '2026-01-15', ...overrides });
const RULES = { roundupsFrom: '2026-01-08' };

describe('the round-up of an amount', () => {
  it('is 0 to 99 cents, and amount + round-up is whole euro', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        const roundup = roundupCents(amount);
        expect(Number.isInteger(roundup)).toBe(true);
        expect(roundup).toBeGreaterThanOrEqual(0);
        expect(roundup).toBeLessThanOrEqual(99);
        expect((Math.abs(amount) + roundup) % 100).toBe(0);
        // The smallest such top-up: one cent less leaves cents over (and so does anything less, as it is under 100).
        if (roundup > 0) expect((Math.abs(amount) + roundup - 1) % 100).not.toBe(0);
      }),
      RUNS,
    );
  });

  it('examples: 12.34 → 66, 12.00 → 0, 0.01 → 99, 3.40 → 60', () => {
    expect([-1234, -1200, -1, -340].map(roundupCents)).toEqual([66, 0, 99, 60]);
  });
});

describe('which transactions round up (roundupOf)', () => {
  it('a booked euro card purchase from the start date rounds up by its round-up; a whole euro one says so', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), date, (amount, bookingDate) => {
        const result = roundupOf(purchase({ amountCents: -amount, bookingDate }), { roundupsFrom: '2024-01-01' });
        if (amount % 100 === 0) expect(result).toEqual({ cents: 0, reason: 'whole_euro' });
        else expect(result).toEqual({ cents: roundupCents(amount), reason: null });
      }),
      RUNS,
    );
  });

  it('credits, pending rows and other currencies are 0 whatever else, each with its reason', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('PMNT-CCRD-POSD', 'PMNT-CCRD-RIMB', 'PMNT-ICDT-ESCT', 'PMNT-RCDT-ESCT', null), fc.constantFrom('EUR', 'GBP', 'USD'), date, (amount, code, currency, bookingDate) => {
        const pendingRow = roundupOf(purchase({ status: 'pending', amountCents: amount, code, currency, bookingDate }), RULES);
        expect(pendingRow).toEqual({ cents: 0, reason: 'pending' });
        if (currency !== 'EUR') expect(roundupOf(purchase({ amountCents: amount, code, currency, bookingDate }), RULES)).toEqual({ cents: 0, reason: 'not_eur' });
        if (amount >= 0) {
          const credit = roundupOf(purchase({ amountCents: amount, code, bookingDate }), RULES);
          expect(credit.cents).toBe(0);
          expect(['refund', 'transfer']).toContain(credit.reason);
        }
      }),
      RUNS,
    );
  });

  it('each reason, by example', () => {
    expect(roundupOf(purchase({ amountCents: 2500, code: 'PMNT-CCRD-RIMB' }), RULES)).toEqual({ cents: 0, reason: 'refund' });
    expect(roundupOf(purchase({ code: 'PMNT-ICDT-ESCT' }), RULES)).toEqual({ cents: 0, reason: 'transfer' });
    expect(roundupOf(purchase({ code: 'PMNT-RDDT-ESDD' }), RULES)).toEqual({ cents: 0, reason: 'transfer' });
    expect(roundupOf(purchase({ code: null }), RULES)).toEqual({ cents: 0, reason: 'transfer' });
    expect(roundupOf(purchase({ code: 'PMNT-CCRD-CWDL', amountCents: -2050 }), RULES)).toEqual({ cents: 0, reason: 'cash' });
    expect(roundupOf(purchase({ amountCents: -1500 }), RULES)).toEqual({ cents: 0, reason: 'whole_euro' });
    expect(roundupOf(purchase({ currency: 'GBP' }), RULES)).toEqual({ cents: 0, reason: 'not_eur' });
    expect(roundupOf(purchase({ bookingDate: '2026-01-07' }), RULES)).toEqual({ cents: 0, reason: 'before_start' });
    expect(roundupOf(purchase({ bookingDate: '2026-01-08' }), RULES)).toEqual({ cents: 66, reason: null });
    expect(roundupOf(purchase(), { ...RULES, paused: { from: '2026-01-10', until: '2026-01-15' } })).toEqual({ cents: 0, reason: 'paused' });
    expect(roundupOf(purchase({ bookingDate: '2026-01-16' }), { ...RULES, paused: { from: '2026-01-10', until: '2026-01-15' } })).toEqual({ cents: 66, reason: null });
    expect(roundupOf(purchase({ status: 'pending' }), RULES)).toEqual({ cents: 0, reason: 'pending' });
    expect(Object.keys(ROUNDUP_REASON_TEXT).sort()).toEqual([...ROUNDUP_REASONS].sort());
  });
});

describe('amounts from the bank (decimalToCents)', () => {
  it('is exact: the decimal string of any cents value reads back as that value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Math.floor(Number.MAX_SAFE_INTEGER / 100), max: Math.floor(Number.MAX_SAFE_INTEGER / 100) }), fc.integer({ min: 0, max: 4 }), (value, zeros) => {
        const abs = Math.abs(value);
        const text = `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}${'0'.repeat(zeros)}`;
        expect(decimalToCents(text)).toBe(value);
      }),
      RUNS,
    );
  });

  it('reads whole amounts and one decimal; refuses floats in other notations and fractions of a cent', () => {
    expect(['5', '+7.5', '0.10', '-0.00', '12.340', ' -3.05 '].map(decimalToCents)).toEqual([500, 750, 10, 0, 1234, -305]);
    expect(['1e3', '12.345', '', 'abc', '1,50', '--1', '.5', 'NaN', '99999999999999999'].map(decimalToCents)).toEqual(Array(9).fill(null));
    // Where a float would go wrong: 0.1 + 0.2, 1.005, 8.675 — parsed digit by digit.
    expect(['0.30', '1.00', '8.67', '4.35', '1.15'].map(decimalToCents)).toEqual([30, 100, 867, 435, 115]);
  });
});

describe('the weekly cap (takeWithinCap)', () => {
  it('never exceeds what is left, takes the oldest first, and takes all without a cap', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 60 }), fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }), (roundups, remaining) => {
        const taken = takeWithinCap(roundups, remaining);
        const total = roundups.slice(0, taken).reduce((sum, c) => sum + c, 0);
        if (remaining === null) {
          expect(taken).toBe(roundups.length);
        } else {
          expect(total).toBeLessThanOrEqual(remaining);
          // The rest waits only because the next one would not fit.
          if (taken < roundups.length) expect(total + roundups[taken]!).toBeGreaterThan(remaining);
        }
      }),
      RUNS,
    );
  });

  it('weeks start on Monday', () => {
    fc.assert(
      fc.property(date, (day) => {
        const monday = weekStart(day);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        const days = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThan(7);
      }),
      RUNS,
    );
  });
});

describe('fingerprints', () => {
  it('are the same for the same rows in the same order, whatever the provider ids, and tell repeats of a day apart', () => {
    const row = fc.record({ bookingDate: date, amountCents: fc.integer({ min: -500, max: 500 }), currency: fc.constantFrom('EUR', 'GBP'), description: fc.constantFrom('TESCO', 'Tesco ', 'COFFEE', 'coffée', 'Luas') });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const prints = fingerprints(rows);
        expect(fingerprints(rows.map((r) => ({ ...r })))).toEqual(prints);
        expect(new Set(prints).size).toBe(prints.length);
      }),
      RUNS,
    );
  });

  it('fingerprinted one row at a time (a read written in pieces), they are the same as of the whole read', () => {
    const row = fc.record({ bookingDate: fc.constantFrom('2026-01-15', '2026-01-16'), amountCents: fc.integer({ min: -3, max: 3 }), currency: fc.constantFrom('EUR', 'eur'), description: fc.constantFrom('TESCO', 'Tesco ') });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const next = fingerprinter();
        expect(rows.map((r) => next(r))).toEqual(fingerprints(rows));
      }),
      RUNS,
    );
  });

  it('two identical coffees on one day are #1 and #2; descriptions are normalised', () => {
    const coffee = { bookingDate: '2026-01-15', amountCents: -340, currency: 'EUR', description: 'Insomnia  Coffee, Co.' };
    expect(fingerprints([coffee, { ...coffee, description: 'INSOMNIA COFFEE CO' }])).toEqual(['2026-01-15|-340|EUR|INSOMNIA COFFEE CO|1', '2026-01-15|-340|EUR|INSOMNIA COFFEE CO|2']);
    expect(normaliseDescription('Café  Olé — 3345')).toBe('CAFE OLE 3345');
  });
});

describe('what the screens decide', () => {
  const tx = (roundup: number, roundupApplied: boolean | null) => ({ roundup, roundupApplied });

  it('pending round-ups: accounts with round-ups on, not applied or declined', () => {
    expect(
      pendingRoundups([
        { roundups: true, transactions: [tx(40, null), tx(30, true), tx(20, false), tx(0, null)] },
        { roundups: false, transactions: [tx(90, null)] },
        { roundups: true, transactions: [tx(5, null)] },
      ]),
    ).toEqual({ cents: 45, count: 2 });
  });

  it('the prompt: more than 2000 cents, at least one, and not closed within the last day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 50 }), fc.option(fc.integer({ min: -2 * ROUNDUP_SNOOZE_MS, max: 2 * ROUNDUP_SNOOZE_MS }), { nil: null }), (pendingCents, pendingCount, closedAgo) => {
        const now = 1_800_000_000_000;
        const visible = promptVisible({ pendingCents, pendingCount, closedAt: closedAgo === null ? null : now - closedAgo, now });
        const snoozed = closedAgo !== null && closedAgo < ROUNDUP_SNOOZE_MS;
        expect(visible).toBe(!snoozed && pendingCents > ROUNDUP_THRESHOLD_CENTS && pendingCount >= 1);
      }),
      RUNS,
    );
  });

  it('stale after 4 days, renewal from 7 days before the end', () => {
    const now = Date.parse('2026-01-15T10:00:00Z');
    expect(isStale(null, now)).toBe(true);
    expect(isStale('2026-01-11T10:00:00Z', now)).toBe(false);
    expect(isStale('2026-01-11T09:59:59Z', now)).toBe(true);
    expect(renewalOpen(null, now)).toBe(false);
    expect(renewalOpen('2026-01-22T10:00:00Z', now)).toBe(true);
    expect(renewalOpen('2026-01-22T10:00:01Z', now)).toBe(false);
  });

  it('/bank-link follows only the sandbox page on our origin or a configured provider over https', () => {
    const allowed = { appOrigin: 'https://app.maxout.ie', providerOrigins: ['https://auth.bank-link.example'] };
    expect(isBankLinkUrl(`${SANDBOX_CONSENT_PATH}abc_DEF-123`, allowed)).toBe(true);
    expect(isBankLinkUrl(`https://app.maxout.ie${SANDBOX_CONSENT_PATH}abc`, allowed)).toBe(true);
    expect(isBankLinkUrl('https://auth.bank-link.example/consent?x=1', allowed)).toBe(true);
    for (const bad of [
      'https://evil.example/consent',
      'http://auth.bank-link.example/consent',
      'javascript:alert(1)',
      '//evil.example/x',
      `${SANDBOX_CONSENT_PATH}../../profile`,
      `${SANDBOX_CONSENT_PATH}`,
      '/api/maxout/profile',
      'https://user:pw@auth.bank-link.example/',
      'https://app.maxout.ie.evil.example/api/maxout/sandbox-bank/consents/x',
    ]) {
      expect(isBankLinkUrl(bad, allowed), bad).toBe(false);
    }
  });
});
