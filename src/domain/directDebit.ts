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

/**
 * The first day a mandate may collect on, from `from`: the day after its pause when the pause
 * reaches that far (collections dated on or before `paused_until` are skipped, never made up).
 */
export function collectsFrom(pausedUntil: string | null | undefined, from: Dayjs): Dayjs {
  const pause = pausedUntil ? parseApiDate(pausedUntil) : null;
  return pause && compareCalendarDates(pause, from) >= 0 ? pause.add(1, 'day') : from;
}

/** Whether the mandate is paused on `today` (its pause reaches today or beyond). */
export function isPaused(pausedUntil: string | null | undefined, today: Dayjs): boolean {
  const pause = pausedUntil ? parseApiDate(pausedUntil) : null;
  return pause !== null && compareCalendarDates(pause, today) >= 0;
}

/** What an active mandate will still collect this tax year, against the room left for relief. */
export interface MandateOutlook {
  /** The next collection, YYYY-MM-DD ('' for an unreadable start). */
  next: string;
  /** Collections from today to 31 December, oldest first. */
  remaining: string[];
  /** Euro those collections add up to. */
  remainingTotal: number;
  /** The first collection that would take the year's pension past the relief limit, or null. */
  overLimitFrom: string | null;
  /** Euro the year's collections would pay beyond the room left (0 when they fit). */
  overBy: number;
}

/**
 * The first day a mandate may still collect on, from `today`: after its pause, and after the last
 * date already collected (that collection is in the year's pension, so the room left has taken it).
 */
export function stillCollectsFrom(mandate: { paused_until?: string | null; last_collection?: string | null }, today: Dayjs): Dayjs {
  const from = collectsFrom(mandate.paused_until, today);
  const last = mandate.last_collection ? parseApiDate(mandate.last_collection) : null;
  return last && compareCalendarDates(last, from) >= 0 ? last.add(1, 'day') : from;
}

/**
 * The mandate's collections still to come this year (today's included until it has been
 * collected), and the first one that would pass the relief limit: relief stops at `headroom`
 * (euro, the room left after what is already paid, today's collection included once made), so a
 * collection beyond it is money paid in without tax back. A paused mandate's skipped dates are
 * not among them.
 */
export function mandateOutlook(
  mandate: { amount: number; day_of_month: number; start_date: string; paused_until?: string | null; last_collection?: string | null },
  headroom: number,
  today: Dayjs,
): MandateOutlook {
  const from = stillCollectsFrom(mandate, today);
  const remaining = collectionDatesBetween(mandate.start_date, mandate.day_of_month, from, today.endOf('year'));
  const cents = Math.round(mandate.amount * 100);
  const roomCents = Math.max(0, Math.round(headroom * 100));
  const passing = remaining.findIndex((_, index) => (index + 1) * cents > roomCents);
  const totalCents = remaining.length * cents;
  return {
    next: nextCollectionDate(mandate.start_date, mandate.day_of_month, from),
    remaining,
    remainingTotal: totalCents / 100,
    overLimitFrom: passing === -1 ? null : remaining[passing]!,
    overBy: Math.max(0, totalCents - roomCents) / 100,
  };
}
