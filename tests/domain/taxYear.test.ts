import { describe, expect, it } from 'vitest';
import { dayjs } from '../../src/domain/dates.ts';
import { assignableTaxYears, canBackdate, isAssignableTaxYear, reliefDayFor, roundPaymentOptions, taxYearOf } from '../../src/domain/taxYear.ts';

const day = (text: string) => dayjs(text);

describe('tax year assignment: by 31 October a contribution may count for the previous year', () => {
  it.each([
    ['2026-01-01', true],
    ['2026-06-30', true],
    ['2026-10-30', true],
    ['2026-10-31', true],
    ['2026-11-01', false],
    ['2026-12-31', false],
    ['2024-02-29', true],
  ])('%s → backdating allowed: %s', (text, allowed) => {
    expect(canBackdate(day(text))).toBe(allowed);
    expect(assignableTaxYears(day(text))).toEqual(allowed ? [day(text).year(), day(text).year() - 1] : [day(text).year()]);
  });

  it('never offers a future year or one two years back', () => {
    expect(isAssignableTaxYear(2027, day('2026-03-01'))).toBe(false);
    expect(isAssignableTaxYear(2024, day('2026-03-01'))).toBe(false);
    expect(isAssignableTaxYear(2025, day('2026-10-31'))).toBe(true);
    expect(isAssignableTaxYear(2025, day('2026-11-01'))).toBe(false);
    expect(taxYearOf(day('2026-12-31'))).toBe(2026);
  });

  it('judges the age band of a previous year on its 31 December', () => {
    expect(reliefDayFor(2026, day('2026-05-01')).format('YYYY-MM-DD')).toBe('2026-05-01');
    expect(reliefDayFor(2025, day('2026-05-01')).format('YYYY-MM-DD')).toBe('2025-12-31');
  });
});

describe('round payment options', () => {
  it.each<[number, number, number[]]>([
    [3456.78, 3456.78, [3400, 3000]],
    [2500, 2500, [2000]],
    [1000, 1000, []],
    [1099.99, 1099.99, [1000]],
    [99.5, 99.5, []],
    [0, 0, []],
    [-5, 0, []],
    [Number.NaN, 0, []],
  ])('headroom %s → exact %s, rounded %j', (headroom, exact, rounded) => {
    expect(roundPaymentOptions(headroom)).toEqual({ exact, rounded });
  });
});
