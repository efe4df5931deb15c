/**
 * Tax years of pension contributions. The Irish tax year is the calendar year. A contribution
 * made by 31 October may be treated as paid in the previous tax year (Revenue's "backdating"
 * election for PRSAs, RACs and AVCs), so until then the user may choose either year.
 * Nothing here reads the clock: callers pass `today` (the Irish calendar date).
 */
import type { Dayjs } from 'dayjs';
import { dayjs } from './dates.ts';
import { contributionRelief, pensionProgress, pensionUserForYear, type PensionUser } from './pension.ts';

/** Last month (1-12) and day on which a contribution may still count for the previous tax year. */
export const PREVIOUS_YEAR_DEADLINE = { month: 10, day: 31 } as const;

/** The tax year a day falls in. */
export function taxYearOf(day: Dayjs): number {
  return day.year();
}

/** May a contribution made on `today` still be assigned to the previous tax year? (Until 31 October inclusive.) */
export function canBackdate(today: Dayjs): boolean {
  const month = today.month() + 1;
  return month < PREVIOUS_YEAR_DEADLINE.month || (month === PREVIOUS_YEAR_DEADLINE.month && today.date() <= PREVIOUS_YEAR_DEADLINE.day);
}

/** The tax years a contribution made on `today` may count for, this year first. */
export function assignableTaxYears(today: Dayjs): number[] {
  const year = taxYearOf(today);
  return canBackdate(today) ? [year, year - 1] : [year];
}

export function isAssignableTaxYear(year: number, today: Dayjs): boolean {
  return assignableTaxYears(today).includes(year);
}

/**
 * The day whose age band a tax year's relief limit uses: today for the current year, 31 December
 * for an earlier one (the age reached in that year).
 */
export function reliefDayFor(year: number, today: Dayjs): Dayjs {
  return year >= taxYearOf(today) ? today : dayjs(new Date(year, 11, 31));
}

/**
 * What /round-payment offers for the room left (euro): the exact headroom, and the round amounts
 * below it a user might prefer (multiples of €1,000, €500 and €100, largest first, distinct and
 * positive). An empty `rounded` list when the headroom is under €100.
 */
export function roundPaymentOptions(headroom: number): { exact: number; rounded: number[] } {
  const exact = Number.isFinite(headroom) && headroom > 0 ? Math.round(headroom * 100) / 100 : 0;
  const rounded: number[] = [];
  for (const step of [1000, 500, 100]) {
    const value = Math.floor(exact / step) * step;
    if (value > 0 && value !== exact && !rounded.includes(value)) rounded.push(value);
  }
  return { exact, rounded: rounded.sort((a, b) => b - a) };
}

/**
 * A contribution of `amount` counted for `year`, as the pension rules see it: the room left for
 * relief in that year before it, and the relief it earns. `user` is the profile before the payment
 * (for the current year its `pension` is what the year already has); `contributedThatYear` is what
 * MaxOut recorded for an earlier year. The contribution screens and POST /contribute both use it.
 */
export function contributionFigures(
  user: PensionUser | null,
  year: number,
  contributedThatYear: number,
  amount: number,
  today: Dayjs,
): { headroom: number; relief: number } {
  if (!user) return { headroom: 0, relief: 0 };
  const yearUser = pensionUserForYear(user, year, contributedThatYear, today);
  const day = reliefDayFor(year, today);
  return { headroom: pensionProgress(yearUser, day).headroom, relief: contributionRelief(yearUser, amount, day) };
}
