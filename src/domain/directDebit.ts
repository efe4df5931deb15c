/**
 * Monthly direct debit dates. A mandate collects on `dayOfMonth` (1-28, so every month has it)
 * of every month from its start date on. Dates are calendar dates (YYYY-MM-DD); nothing here
 * reads the clock.
 */
import type { Dayjs } from 'dayjs';
import { API_DATE_FORMAT, compareCalendarDates, parseApiDate } from './dates.ts';

/** The first collection on or after `from` (and never before the start date), as YYYY-MM-DD; '' for an unreadable start. */
export function nextCollectionDate(startDate: string, dayOfMonth: number, from: Dayjs): string {
  const start = parseApiDate(startDate);
  if (!start) return '';
  const earliest = compareCalendarDates(start, from) > 0 ? start : from;
  let candidate = earliest.date(dayOfMonth);
  if (compareCalendarDates(candidate, earliest) < 0) candidate = earliest.add(1, 'month').date(dayOfMonth);
  return candidate.format(API_DATE_FORMAT);
}

/** Every collection date from `from` to `to` inclusive (none before the start date), oldest first. */
export function collectionDatesBetween(startDate: string, dayOfMonth: number, from: Dayjs, to: Dayjs): string[] {
  const dates: string[] = [];
  let cursor = from;
  for (;;) {
    const next = nextCollectionDate(startDate, dayOfMonth, cursor);
    const date = parseApiDate(next);
    if (!date || compareCalendarDates(date, to) > 0) return dates;
    dates.push(next);
    cursor = date.add(1, 'day');
  }
}

/** "IE29AIBK93115212345678" → "IE29 •••• 5678": enough to recognise the account, nothing to use. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}
