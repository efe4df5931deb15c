import { describe, expect, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { collectionDatesBetween, maskIban, nextCollectionDate } from '../../src/domain/directDebit.ts';

describe('direct debit collection dates', () => {
  it('next collection: the day of month on or after the later of start and today', () => {
    expect(nextCollectionDate('2026-06-01', 15, dayjs('2026-05-10'))).toBe('2026-06-15');
    expect(nextCollectionDate('2026-06-20', 15, dayjs('2026-05-10'))).toBe('2026-07-15');
    expect(nextCollectionDate('2026-06-15', 15, dayjs('2026-05-10'))).toBe('2026-06-15');
    expect(nextCollectionDate('2026-01-01', 15, dayjs('2026-05-15'))).toBe('2026-05-15');
    expect(nextCollectionDate('2026-01-01', 15, dayjs('2026-05-16'))).toBe('2026-06-15');
    expect(nextCollectionDate('2026-12-01', 28, dayjs('2026-12-29'))).toBe('2027-01-28');
    expect(nextCollectionDate('nope', 1, dayjs('2026-01-01'))).toBe('');
  });

  it('dates between two days, inclusive, never before the start', () => {
    expect(collectionDatesBetween('2026-02-01', 1, dayjs('2026-01-01'), dayjs('2026-04-01'))).toEqual(['2026-02-01', '2026-03-01', '2026-04-01']);
    expect(collectionDatesBetween('2026-01-01', 28, dayjs('2026-02-01'), dayjs('2026-02-27'))).toEqual([]);
    expect(collectionDatesBetween('2026-01-01', 28, dayjs('2026-02-01'), dayjs('2026-02-28'))).toEqual(['2026-02-28']);
  });

  it('masks an IBAN to its country, check digits and last four', () => {
    expect(maskIban('IE29AIBK93115212345678')).toBe('IE29 •••• 5678');
  });
});
