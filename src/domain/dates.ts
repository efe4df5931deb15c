/**
 * Date parsing and formats (spec section 5 "Dates accepted" and section 9 "Date formats").
 *
 * Time zones: a value without a zone (display dates, API dates, times without Z) is a calendar
 * date / wall-clock time and is parsed in local mode without any shift, so '31.12.1990' is
 * 31 December 1990 on every machine. A value with a zone (Z or ±hh:mm) is an instant and is
 * converted to local mode, so display formats show the user's own clock; `formatApiDateTime`
 * converts back to UTC. Formatters print a Dayjs in the mode it carries (local or UTC).
 *
 * Nothing here reads the clock: callers pass `today`/`on`.
 */
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);

export type { Dayjs };
export { dayjs };

export const API_DATE_FORMAT = 'YYYY-MM-DD';
/** UTC with a literal Z; `formatApiDateTime` converts to UTC first. */
export const API_DATETIME_FORMAT = 'YYYY-MM-DD[T]HH:mm:ss.SSS[Z]';
export const DISPLAY_DATE_FORMAT = 'DD.MM.YYYY';
export const DISPLAY_DATETIME_FORMAT = 'DD.MM.YYYY HH:mm:ss';

/** What the formatters accept. */
export type DateInput = Dayjs | Date | string;

// day.month.year, optional " HH:mm:ss" (or HH:mm). One- or two-digit day and month.
const DISPLAY_RE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

// ISO 8601 extended: date, optional T (or space) time, optional seconds, fraction, zone.
const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

interface Parts {
  year: string;
  month: string;
  day: string;
  hour?: string | undefined;
  minute?: string | undefined;
  second?: string | undefined;
  fraction?: string | undefined;
}

/**
 * Strict reading of the parts: 31.02.2024 or 25:00 become invalid, not rolled over. Validity is
 * judged in UTC, where every wall time exists: the parts must come back unchanged from the UTC
 * instant they name. The local value is then built leniently, so a date whose local midnight falls
 * in a DST gap (e.g. America/Santiago) still parses, moved forward by the gap as Date does,
 * instead of becoming null. Plain Date arithmetic, not a dayjs format parse: that parse took about
 * 6 ms of a phone's main thread per date, and an API answer holds dozens of dates.
 */
function strict(parts: Parts, asUtc: boolean): Dayjs | null {
  const year = Number(parts.year);
  const month = Number(parts.month) - 1;
  const day = Number(parts.day);
  const hour = Number(parts.hour ?? '0');
  const minute = Number(parts.minute ?? '0');
  const second = Number(parts.second ?? '0');
  // Fractions beyond milliseconds are truncated: dayjs (like Date) keeps milliseconds only.
  const ms = Number((parts.fraction ?? '').slice(0, 3).padEnd(3, '0'));
  const instant = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  instant.setUTCFullYear(year, month, day);
  instant.setUTCHours(hour, minute, second, ms);
  const exists =
    instant.getUTCFullYear() === year &&
    instant.getUTCMonth() === month &&
    instant.getUTCDate() === day &&
    instant.getUTCHours() === hour &&
    instant.getUTCMinutes() === minute &&
    instant.getUTCSeconds() === second;
  if (!exists) return null;
  if (asUtc) return dayjs.utc(instant);
  const local = new Date(0);
  local.setFullYear(year, month, day);
  local.setHours(hour, minute, second, ms);
  return dayjs(local);
}

/**
 * Parses the forms of spec section 5: display `D.M.YYYY[ HH:mm[:ss]]`, API `YYYY-MM-DD`, and
 * ISO date-times (`T` or space, optional seconds and fraction, optional `Z` or offset).
 * Strict: impossible dates (31.02.2024) and anything else give null.
 */
export function parseDate(input: string | null | undefined): Dayjs | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();

  const display = DISPLAY_RE.exec(text);
  if (display) {
    const [, day = '', month = '', year = '', hour, minute, second] = display;
    return strict({ year, month, day, hour, minute, second }, false);
  }

  const iso = ISO_RE.exec(text);
  if (iso) {
    const [, year = '', month = '', day = '', hour, minute, second, fraction, zulu, sign, offH, offM] = iso;
    const parts: Parts = { year, month, day, hour, minute, second, fraction };
    if (!zulu && !sign) return strict(parts, false);
    // An instant: read the wall time as UTC, undo the offset, then show it on the local clock.
    const asUtc = strict(parts, true);
    if (!asUtc) return null;
    if (zulu) return asUtc.local();
    const offsetHours = Number(offH);
    const offsetMinutes = Number(offM ?? '0');
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    const offset = (offsetHours * 60 + offsetMinutes) * (sign === '-' ? -1 : 1);
    return asUtc.subtract(offset, 'minute').local();
  }

  return null;
}

/** A Dayjs, Date or accepted string as a valid Dayjs, or null. Dates are read in local mode. */
export function toDayjs(input: DateInput | null | undefined): Dayjs | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'string') return parseDate(input);
  if (input instanceof Date) {
    const d = dayjs(input);
    return d.isValid() ? d : null;
  }
  return dayjs.isDayjs(input) && input.isValid() ? input : null;
}

/** `YYYY-MM-DD`, or '' when the input cannot be read. */
export function formatApiDate(input: DateInput | null | undefined): string {
  return toDayjs(input)?.format(API_DATE_FORMAT) ?? '';
}

/** `YYYY-MM-DDTHH:mm:ss.SSSZ` in UTC, or ''. */
export function formatApiDateTime(input: DateInput | null | undefined): string {
  return toDayjs(input)?.utc().format(API_DATETIME_FORMAT) ?? '';
}

/** `DD.MM.YYYY`, or ''. */
export function formatDisplayDate(input: DateInput | null | undefined): string {
  return toDayjs(input)?.format(DISPLAY_DATE_FORMAT) ?? '';
}

/** `DD.MM.YYYY HH:mm:ss`, or ''. */
export function formatDisplayDateTime(input: DateInput | null | undefined): string {
  return toDayjs(input)?.format(DISPLAY_DATETIME_FORMAT) ?? '';
}

const DISPLAY_DATE_ONLY_RE = /^\d{1,2}\.\d{1,2}\.\d{4}$/;
const API_DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses a display date only (no time): '31.12.1990' → Dayjs, else null. */
export function parseDisplayDate(input: string | null | undefined): Dayjs | null {
  if (typeof input !== 'string' || !DISPLAY_DATE_ONLY_RE.test(input.trim())) return null;
  return parseDate(input);
}

/** Parses an API date only (no time): '1990-12-31' → Dayjs, else null. */
export function parseApiDate(input: string | null | undefined): Dayjs | null {
  if (typeof input !== 'string' || !API_DATE_ONLY_RE.test(input.trim())) return null;
  return parseDate(input);
}

/** The register form's typed date to the API form: '31.12.1990' → '1990-12-31'; invalid → null. */
export function displayDateToApiDate(display: string | null | undefined): string | null {
  return parseDisplayDate(display)?.format(API_DATE_FORMAT) ?? null;
}

/** The reverse, for prefilling a typed date field: '1990-12-31' → '31.12.1990'; invalid → null. */
export function apiDateToDisplayDate(api: string | null | undefined): string | null {
  return parseApiDate(api)?.format(DISPLAY_DATE_FORMAT) ?? null;
}

/**
 * Input mask for a typed DD.MM.YYYY field, applied to the raw value on every change.
 * Keeps at most 8 digits (letters and symbols vanish; '.', '/', '-' and spaces count as
 * separators) and puts the dots in: '0101' → '01.01', '01011990' → '01.01.1990'.
 * A dot is only added in front of a digit that follows it, so backspace is never trapped
 * ('01.0' → backspace → '01.' → backspace → '01'). A dot the user typed after a complete
 * day or month is kept ('01.' stays), and a one-digit day or month closed by a separator is
 * padded ('1.2.' → '01.02.'), which also tidies pasted dates like '1/2/1990'.
 */
export function maskDateInput(raw: string): string {
  // Letters and other stray characters vanish; only . / - and spaces act as separators.
  const cleaned = raw.replace(/[^\d./\-\s]/g, '');
  const segments = cleaned.split(/\D+/);
  let digits = '';
  segments.forEach((segment, index) => {
    const closedBySeparator = index < segments.length - 1;
    const startsGroup = digits.length === 0 || digits.length === 2;
    // '1.' means day 01; '0.' is left alone (there is no day or month 00).
    const pad = closedBySeparator && startsGroup && /^[1-9]$/.test(segment);
    digits += pad ? `0${segment}` : segment;
  });
  digits = digits.slice(0, 8);

  let out = digits.slice(0, 2);
  if (digits.length > 2) out += `.${digits.slice(2, 4)}`;
  if (digits.length > 4) out += `.${digits.slice(4, 8)}`;
  const endsWithSeparator = /[./\-\s]$/.test(cleaned);
  if (endsWithSeparator && (digits.length === 2 || digits.length === 4)) out += '.';
  return out;
}

/**
 * Whole years between a date of birth and a day (calendar dates; times ignored).
 * The birthday itself counts. Someone born on 29 February becomes a year older on 1 March in
 * a common year (the usual reading in Irish and UK law: the day after 28 February).
 */
export function ageOn(dateOfBirth: Dayjs, on: Dayjs): number {
  let age = on.year() - dateOfBirth.year();
  const beforeBirthday =
    on.month() < dateOfBirth.month() || (on.month() === dateOfBirth.month() && on.date() < dateOfBirth.date());
  if (beforeBirthday) age -= 1;
  return age;
}

/** Day number since the epoch of a calendar date, immune to DST and the machine's zone. */
function epochDay(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month, day) / 86_400_000);
}

/**
 * Days remaining to MAX OUT this year: full days after `today` up to and including 31 December,
 * i.e. today itself is not counted. 31 Dec → 0, 30 Dec → 1, 1 Jan → 364 (365 in a leap year).
 */
export function daysLeftInYear(today: Dayjs): number {
  return epochDay(today.year(), 11, 31) - epochDay(today.year(), today.month(), today.date());
}

/** Compares calendar dates only: negative if a is before b, 0 on the same day, positive after. */
export function compareCalendarDates(a: Dayjs, b: Dayjs): number {
  return epochDay(a.year(), a.month(), a.date()) - epochDay(b.year(), b.month(), b.date());
}

/** The calendar date of an instant on the local clock (e.g. `today` from the clock's `new Date()`). */
export function calendarDay(now: Date): Dayjs {
  return dayjs(now).startOf('day');
}
