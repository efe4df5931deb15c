/**
 * irishToday keeps one answer per UTC hour: the same dates as formatting every time, across
 * the changes to and from summer time and at midnight in both.
 */
import { describe, expect, it } from 'vitest';
import { parseApiDate } from '../../src/domain/dates.ts';
import { parseToday } from '../../src/server/services/claimFigures.ts';
import { irishToday, taxYearOf } from '../../src/server/services/users.ts';

const DUBLIN = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin', year: 'numeric', month: '2-digit', day: '2-digit' });
const formatted = (now: Date) => DUBLIN.format(now);
const mismatches = (instants: number[]) => instants.filter((t) => irishToday(new Date(t)) !== formatted(new Date(t))).map((t) => new Date(t).toISOString());

describe('irishToday', () => {
  it('matches the Europe/Dublin date every 10 minutes of 2025 and 2026, in order and out of order', () => {
    const start = Date.UTC(2025, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    const step = 10 * 60_000;
    const instants: number[] = [];
    for (let t = start; t < end; t += step) instants.push(t);
    expect(mismatches(instants)).toEqual([]);
    // Going back and forth between hours must not reuse another hour's answer.
    expect(mismatches(instants.filter((_, i) => i % 7 === 0).reverse())).toEqual([]);
  });

  it('turns the date at 23:00 UTC in summer and 00:00 UTC in winter', () => {
    expect(irishToday(new Date('2026-07-01T22:59:59.999Z'))).toBe('2026-07-01');
    expect(irishToday(new Date('2026-07-01T23:00:00.000Z'))).toBe('2026-07-02');
    expect(irishToday(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(taxYearOf(new Date('2027-01-01T00:00:00.000Z'))).toBe(2027);
  });

  it('dates before 1970 and invalid dates are formatted, not remembered', () => {
    expect(irishToday(new Date('1950-06-01T23:30:00.000Z'))).toBe(formatted(new Date('1950-06-01T23:30:00.000Z')));
    expect(() => irishToday(new Date(NaN))).toThrow(RangeError);
  });
});

describe('parseToday', () => {
  it('keeps the last day parsed, gives the same dates as parsing, and refuses what is not a date', () => {
    const first = parseToday('2026-01-15');
    expect(parseToday('2026-01-15')).toBe(first);
    expect(first.format('YYYY-MM-DD')).toBe(parseApiDate('2026-01-15')!.format('YYYY-MM-DD'));
    const next = parseToday('2026-01-16');
    expect(next).not.toBe(first);
    expect([next.year(), next.month(), next.date()]).toEqual([2026, 0, 16]);
    expect(() => parseToday('16.01.2026')).toThrow(/today/);
    expect(parseToday('2026-01-16')).toBe(next);
  });
});
