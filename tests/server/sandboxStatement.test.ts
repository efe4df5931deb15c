/**
 * The sandbox bank's statement, read twice (pure: no database). The fingerprint of a booked
 * transaction counts identical ones "in the bank's order" (src/domain/roundups.ts), so that order
 * must not put a purchase booked after the first read in front of one that read already listed:
 * the sandbox lists a day's bookings in the order it made them, as a bank's statement does.
 */
import { describe, expect, it } from 'vitest';
import { euroToCents } from '../../src/domain/money.ts';
import { fingerprints } from '../../src/domain/roundups.ts';
import { sandboxStatement } from '../../src/server/services/bankProvider.ts';

const HOUR = 3_600_000;
const FIRST = new Date('2026-01-15T09:30:00Z');
// Every purchase pending at the first read is booked by the second (one to two days, on the hour).
const SECOND = new Date(FIRST.getTime() + 50 * HOUR);
const FROM = '2026-01-05';

type Listed = ReturnType<typeof sandboxStatement>['booked'][number];
const factsOf = (tx: Listed) => ({ bookingDate: tx.bookingDate, amountCents: euroToCents(tx.amount), currency: tx.currency, description: tx.description });
/** Fingerprint → the sandbox key of the transaction it names. */
const printed = (booked: readonly Listed[]) => new Map(fingerprints(booked.map(factsOf)).map((print, i) => [print, booked[i]!.key]));

describe('sandbox bank statement', () => {
  // Many customers, and the benchmark's extra purchases: identical purchases on one booking day are common.
  const seeds = Array.from({ length: 150 }, (_, i) => `customer-${i}|sandbox-bank|0`);

  it('read again later, every fingerprint names the same transaction, and what was pending is booked once', () => {
    let sharedDays = 0;
    for (const extraPerDay of [0, 4]) {
      for (const seed of seeds) {
        const first = sandboxStatement({ seed, kind: 'current', from: FROM, to: '2026-01-15', now: FIRST, extraPerDay });
        const second = sandboxStatement({ seed, kind: 'current', from: FROM, to: '2026-01-17', now: SECOND, extraPerDay });
        const before = printed(first.booked);
        const after = printed(second.booked);
        for (const [print, key] of before) expect(after.get(print), `${seed}: ${print}`).toBe(key);
        const bookedKeys = second.booked.map((tx) => tx.key);
        for (const tx of first.pending) expect(bookedKeys.filter((key) => key === tx.key), `${seed}: pending ${tx.key}`).toHaveLength(1);
        // How often a day's identical purchases straddle the two reads (the case this guards).
        for (const tx of first.pending) if (first.booked.some((old) => old.description === tx.description && old.amount === tx.amount)) sharedDays += 1;
      }
    }
    expect(sharedDays).toBeGreaterThan(0);
  });

  it('lists booked transactions by booking day, and pending ones are not booked yet', () => {
    const { booked, pending } = sandboxStatement({ seed: seeds[0]!, kind: 'current', from: FROM, to: '2026-01-15', now: FIRST, extraPerDay: 0 });
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.map((tx) => tx.bookingDate)).toEqual(booked.map((tx) => tx.bookingDate).toSorted());
    expect(booked.every((tx) => tx.bookingDate >= FROM && tx.bookingDate <= '2026-01-15')).toBe(true);
    expect(pending.every((tx) => tx.status === 'pending' && Date.parse(tx.occurredAt) <= FIRST.getTime())).toBe(true);
  });
});
