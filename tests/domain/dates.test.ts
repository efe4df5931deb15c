import fc from 'fast-check';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import {
  ageOn,
  apiDateToDisplayDate,
  calendarDay,
  compareCalendarDates,
  dayjs,
  daysLeftInYear,
  displayDateToApiDate,
  formatApiDate,
  formatApiDateTime,
  formatDisplayDate,
  formatDisplayDateTime,
  maskDateInput,
  parseApiDate,
  parseDate,
  parseDisplayDate,
  toDayjs,
} from '../../src/domain/dates.ts';

/** A local calendar date, built without parsing. */
function day(year: number, month: number, date: number) {
  return dayjs(new Date(year, month - 1, date));
}

/** Runs `body` with the process time zone set to `zone` (Node re-reads TZ on assignment). */
function inZone(zone: string, body: () => void) {
  describe(`in time zone ${zone}`, () => {
    const previous = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    });
    body();
  });
}

describe('parseDate', () => {
  describe('display form day.month.year', () => {
    it.each([
      ['31.12.1990', '1990-12-31 00:00:00.000'],
      ['01.01.2024', '2024-01-01 00:00:00.000'],
      ['1.2.2024', '2024-02-01 00:00:00.000'],
      ['29.02.2024', '2024-02-29 00:00:00.000'],
      ['31.12.1990 23:59:59', '1990-12-31 23:59:59.000'],
      ['05.06.2023 08:07:06', '2023-06-05 08:07:06.000'],
      ['05.06.2023 08:07', '2023-06-05 08:07:00.000'],
      ['  05.06.2023  ', '2023-06-05 00:00:00.000'],
    ])('%s → %s', (input, expected) => {
      expect(parseDate(input)?.format('YYYY-MM-DD HH:mm:ss.SSS')).toBe(expected);
    });
  });

  describe('API and ISO forms', () => {
    it.each([
      ['1990-12-31', '1990-12-31 00:00:00.000'],
      ['2024-02-29', '2024-02-29 00:00:00.000'],
      ['2024-03-10T14:30:00', '2024-03-10 14:30:00.000'],
      ['2024-03-10T14:30', '2024-03-10 14:30:00.000'],
      ['2024-03-10 14:30:00', '2024-03-10 14:30:00.000'],
      ['2024-03-10T14:30:00.123', '2024-03-10 14:30:00.123'],
      ['2024-03-10T14:30:00.5', '2024-03-10 14:30:00.500'],
      ['2024-03-10T14:30:00.123456', '2024-03-10 14:30:00.123'],
    ])('%s (no zone: wall-clock time) → %s', (input, expected) => {
      expect(parseDate(input)?.format('YYYY-MM-DD HH:mm:ss.SSS')).toBe(expected);
    });

    it.each([
      ['2024-03-10T14:30:00.000Z', '2024-03-10T14:30:00.000Z'],
      ['2024-03-10T14:30:00Z', '2024-03-10T14:30:00.000Z'],
      ['2024-03-10T14:30Z', '2024-03-10T14:30:00.000Z'],
      ['2024-03-10T14:30:00.123456Z', '2024-03-10T14:30:00.123Z'],
      ['2024-03-10t14:30:00z', '2024-03-10T14:30:00.000Z'],
      ['2024-03-10T14:30:00+01:00', '2024-03-10T13:30:00.000Z'],
      ['2024-03-10T14:30:00+0100', '2024-03-10T13:30:00.000Z'],
      ['2024-03-10T14:30:00+01', '2024-03-10T13:30:00.000Z'],
      ['2024-03-10T00:30:00-05:30', '2024-03-10T06:00:00.000Z'],
      ['2024-01-01T00:30:00+02:00', '2023-12-31T22:30:00.000Z'],
    ])('%s (an instant) → %s in UTC', (input, expected) => {
      expect(parseDate(input)?.toISOString()).toBe(expected);
    });

    it('returns instants in local mode so display formats use the local clock', () => {
      expect(parseDate('2024-03-10T14:30:00.000Z')?.isUTC()).toBe(false);
    });
  });

  describe('strict: impossible or unknown forms give null', () => {
    it.each([
      '31.02.2024',
      '30.02.2024',
      '29.02.2023',
      '32.01.2024',
      '00.01.2024',
      '01.13.2024',
      '01.00.2024',
      '31.04.2024',
      '2023-02-29',
      '2024-02-30',
      '2024-13-01',
      '2024-00-10',
      '2024-01-32',
      '2024-1-5',
      '2024-01-01T24:00:00',
      '2024-01-01T23:60:00',
      '2024-01-01T23:59:60',
      '2024-01-01T10:00:00+25:00',
      '2024-01-01T10:00:00+01:',
      '31.12.1990 25:00:00',
      '31.12.90',
      '31/12/1990',
      '12/31/1990',
      'March 7, 2024',
      '20240307',
      '1990',
      'abc',
      '',
      '   ',
      '01.01.2024 12',
      '2024-01-01T',
    ])('%o', (input) => {
      expect(parseDate(input)).toBeNull();
    });

    it('null and undefined', () => {
      expect(parseDate(null)).toBeNull();
      expect(parseDate(undefined)).toBeNull();
    });
  });
});

/**
 * The strict reading dayjs's own format parse gives (what parseDate used until it read the parts
 * with Date arithmetic, which is much faster): invalid when the date or time does not exist in UTC,
 * else the wall time on the local clock, or the UTC instant.
 */
function dayjsStrictReading(text: string, asUtc: boolean): number | null {
  const format = 'YYYY-MM-DD HH:mm:ss.SSS';
  if (!dayjs.utc(text, format, true).isValid()) return null;
  return (asUtc ? dayjs.utc(text, format, true) : dayjs(text, format)).valueOf();
}

describe('parseDate reads dates and times as dayjs strict format parsing does', () => {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  // Days, hours, minutes and seconds one past their range, and February 29th in any year.
  const wallTime = fc.record({
    year: fc.integer({ min: 1900, max: 2100 }),
    month: fc.integer({ min: 1, max: 13 }),
    day: fc.integer({ min: 1, max: 32 }),
    hour: fc.integer({ min: 0, max: 24 }),
    minute: fc.integer({ min: 0, max: 60 }),
    second: fc.integer({ min: 0, max: 60 }),
    ms: fc.integer({ min: 0, max: 999 }),
  });
  const agrees = () =>
    fc.assert(
      fc.property(wallTime, ({ year, month, day, hour, minute, second, ms }) => {
        const canonical = `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}`;
        const local = parseDate(`${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}`);
        expect(local?.valueOf() ?? null).toBe(dayjsStrictReading(canonical, false));
        const instant = parseDate(`${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}Z`);
        expect(instant?.valueOf() ?? null).toBe(dayjsStrictReading(canonical, true));
        const display = parseDate(`${day}.${month}.${year}`);
        expect(display?.valueOf() ?? null).toBe(dayjsStrictReading(`${year}-${pad(month)}-${pad(day)} 00:00:00.000`, false));
      }),
      { numRuns: 3000 },
    );

  it('in the process time zone', agrees);
  inZone('America/Santiago', () => {
    it('where some local midnights do not exist', agrees);
  });
  inZone('Europe/Dublin', () => {
    it('in Ireland', agrees);
  });
});

describe('parseDisplayDate / parseApiDate (date only)', () => {
  it('accept only their own form', () => {
    expect(parseDisplayDate('31.12.1990')?.format('YYYY-MM-DD')).toBe('1990-12-31');
    expect(parseDisplayDate('1990-12-31')).toBeNull();
    expect(parseDisplayDate('31.12.1990 10:00:00')).toBeNull();
    expect(parseDisplayDate('31.02.1990')).toBeNull();
    expect(parseApiDate('1990-12-31')?.format('DD.MM.YYYY')).toBe('31.12.1990');
    expect(parseApiDate('31.12.1990')).toBeNull();
    expect(parseApiDate('1990-12-31T00:00:00Z')).toBeNull();
    expect(parseApiDate('1990-02-29')).toBeNull();
    expect(parseApiDate(null)).toBeNull();
  });
});

describe('toDayjs', () => {
  it('takes Dayjs, Date and strings', () => {
    const d = day(2024, 5, 6);
    expect(toDayjs(d)).toBe(d);
    expect(toDayjs(new Date(2024, 4, 6))?.format('YYYY-MM-DD')).toBe('2024-05-06');
    expect(toDayjs('06.05.2024')?.format('YYYY-MM-DD')).toBe('2024-05-06');
  });

  it('rejects invalid values', () => {
    expect(toDayjs(new Date(Number.NaN))).toBeNull();
    expect(toDayjs(dayjs('nope'))).toBeNull();
    expect(toDayjs('nope')).toBeNull();
    expect(toDayjs(null)).toBeNull();
    expect(toDayjs(undefined)).toBeNull();
  });
});

describe('formatters', () => {
  it('formatApiDate', () => {
    expect(formatApiDate('31.12.1990')).toBe('1990-12-31');
    expect(formatApiDate(day(2024, 2, 29))).toBe('2024-02-29');
    expect(formatApiDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(formatApiDate('2024-02-29T10:00:00')).toBe('2024-02-29');
  });

  it('formatApiDateTime always prints UTC with a literal Z and milliseconds', () => {
    expect(formatApiDateTime('2024-03-10T14:30:00Z')).toBe('2024-03-10T14:30:00.000Z');
    expect(formatApiDateTime('2024-03-10T14:30:00.5+01:00')).toBe('2024-03-10T13:30:00.500Z');
    expect(formatApiDateTime(new Date(Date.UTC(2024, 0, 1, 0, 0, 0, 7)))).toBe('2024-01-01T00:00:00.007Z');
    expect(formatApiDateTime(dayjs.utc('2024-06-01T12:00:00Z'))).toBe('2024-06-01T12:00:00.000Z');
  });

  it('formatDisplayDate and formatDisplayDateTime', () => {
    expect(formatDisplayDate('1990-12-31')).toBe('31.12.1990');
    expect(formatDisplayDate('1.2.2024')).toBe('01.02.2024');
    expect(formatDisplayDate(day(2024, 2, 29))).toBe('29.02.2024');
    expect(formatDisplayDateTime('2024-03-10T14:30:05')).toBe('10.03.2024 14:30:05');
    expect(formatDisplayDateTime('10.03.2024')).toBe('10.03.2024 00:00:00');
    // A UTC-mode Dayjs is printed in its own mode.
    expect(formatDisplayDateTime(dayjs.utc('2024-03-10T14:30:05Z'))).toBe('10.03.2024 14:30:05');
  });

  it.each([[''], ['abc'], ['31.02.2024'], [null], [undefined], [new Date(Number.NaN)]])(
    'every formatter returns "" for %o',
    (input) => {
      expect(formatApiDate(input)).toBe('');
      expect(formatApiDateTime(input)).toBe('');
      expect(formatDisplayDate(input)).toBe('');
      expect(formatDisplayDateTime(input)).toBe('');
    },
  );
});

describe('displayDateToApiDate / apiDateToDisplayDate', () => {
  it.each([
    ['31.12.1990', '1990-12-31'],
    ['29.02.2024', '2024-02-29'],
    ['01.01.2000', '2000-01-01'],
    ['1.1.2000', '2000-01-01'],
    [' 01.01.2000 ', '2000-01-01'],
  ])('%s → %s', (display, api) => {
    expect(displayDateToApiDate(display)).toBe(api);
  });

  it.each([['31.02.2024'], ['29.02.2023'], ['1990-12-31'], ['01.01.2000 10:00:00'], ['01.01'], [''], [null], [undefined]])(
    '%o → null',
    (display) => {
      expect(displayDateToApiDate(display)).toBeNull();
    },
  );

  it('reverse', () => {
    expect(apiDateToDisplayDate('1990-12-31')).toBe('31.12.1990');
    expect(apiDateToDisplayDate('1990-02-31')).toBeNull();
    expect(apiDateToDisplayDate('31.12.1990')).toBeNull();
    expect(apiDateToDisplayDate(null)).toBeNull();
  });
});

describe('maskDateInput', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['01', '01'],
    ['010', '01.0'],
    ['0101', '01.01'],
    ['01011', '01.01.1'],
    ['01011990', '01.01.1990'],
    ['010119901', '01.01.1990'], // max 8 digits
    ['01.0', '01.0'],
    ['01.01.1990', '01.01.1990'],
    ['01.01.19901234', '01.01.1990'],
  ])('typing %o shows %o', (raw, shown) => {
    expect(maskDateInput(raw)).toBe(shown);
  });

  it.each([
    ['ab', ''],
    ['0a1b0c1', '01.01'],
    ['01a', '01'], // a letter is not a separator
    ['1a.', '01.'],
    ['31-12-1990', '31.12.1990'],
    ['31/12/1990', '31.12.1990'],
    ['31 12 1990', '31.12.1990'],
    ['1/2/1990', '01.02.1990'], // a pasted one-digit day and month are padded
    ['1.2.', '01.02.'],
    ['1.', '01.'],
    ['12.3', '12.3'], // the month is still being typed: no padding yet
  ])('keeps digits only and tidies %o → %o', (raw, shown) => {
    expect(maskDateInput(raw)).toBe(shown);
  });

  it('keeps a dot the user typed after a full day or month', () => {
    expect(maskDateInput('01.')).toBe('01.');
    expect(maskDateInput('01.01.')).toBe('01.01.');
    // …but not after a partial group or a full year
    expect(maskDateInput('0.')).toBe('0'); // no day 00 to pad to
    expect(maskDateInput('01.0.')).toBe('01.0');
    expect(maskDateInput('01.01.1990.')).toBe('01.01.1990');
  });

  it('deleting from the end never gets stuck on a dot', () => {
    // Simulate backspace: remove the last character of what is shown, then mask again.
    let shown = maskDateInput('01011990');
    const seen = [shown];
    while (shown !== '') {
      shown = maskDateInput(shown.slice(0, -1));
      seen.push(shown);
    }
    expect(seen).toEqual([
      '01.01.1990',
      '01.01.199',
      '01.01.19',
      '01.01.1',
      '01.01.',
      '01.01',
      '01.0',
      '01.',
      '01',
      '0',
      '',
    ]);
  });

  it('typing one digit at a time builds the full date', () => {
    let shown = '';
    for (const digit of '31121990') shown = maskDateInput(shown + digit);
    expect(shown).toBe('31.12.1990');
  });

  it('deleting a dot in the middle puts it back (the digits stay in place)', () => {
    expect(maskDateInput('0101.1990')).toBe('01.01.1990');
  });
});

describe('ageOn', () => {
  it.each([
    ['2000-06-15', '2016-06-14', 15], // the day before the 16th birthday
    ['2000-06-15', '2016-06-15', 16], // the birthday itself counts
    ['2000-06-15', '2016-06-16', 16],
    ['2000-06-15', '2017-06-14', 16],
    ['2000-12-31', '2001-12-30', 0],
    ['2000-12-31', '2001-12-31', 1],
    ['2000-01-01', '2000-01-01', 0],
    // 29 February: a year older on 1 March in a common year, on 29 February in a leap year.
    ['2008-02-29', '2024-02-28', 15],
    ['2008-02-29', '2024-02-29', 16],
    ['2008-02-29', '2025-02-28', 16],
    ['2008-02-29', '2025-03-01', 17],
    ['2007-02-28', '2024-02-29', 17],
    ['1994-03-01', '2024-02-29', 29],
    ['1994-03-01', '2024-03-01', 30],
  ])('born %s, on %s → %d', (dob, on, age) => {
    const birth = parseApiDate(dob);
    const date = parseApiDate(on);
    expect(birth && date && ageOn(birth, date)).toBe(age);
  });

  it('ignores the time of day', () => {
    const birth = dayjs(new Date(2000, 5, 15, 23, 59));
    expect(ageOn(birth, dayjs(new Date(2016, 5, 15, 0, 1)))).toBe(16);
  });
});

describe('daysLeftInYear (today not counted; 31 December → 0)', () => {
  it.each([
    ['2023-12-31', 0],
    ['2023-12-30', 1],
    ['2023-12-01', 30],
    ['2023-01-01', 364],
    ['2024-01-01', 365], // leap year
    ['2024-02-28', 307],
    ['2024-02-29', 306],
    ['2024-03-01', 305],
    ['2023-03-01', 305],
    ['2023-02-28', 306],
    ['2024-12-31', 0],
    ['2024-06-30', 184],
  ])('%s → %d', (today, days) => {
    const date = parseApiDate(today);
    expect(date && daysLeftInYear(date)).toBe(days);
  });

  it('ignores the time of day', () => {
    expect(daysLeftInYear(dayjs(new Date(2024, 11, 30, 23, 59, 59)))).toBe(1);
    expect(daysLeftInYear(dayjs(new Date(2024, 11, 31, 0, 0, 1)))).toBe(0);
  });
});

describe('compareCalendarDates and calendarDay', () => {
  it('compares dates, not times', () => {
    expect(compareCalendarDates(day(2024, 1, 1), day(2024, 1, 2))).toBe(-1);
    expect(compareCalendarDates(dayjs(new Date(2024, 0, 1, 23)), dayjs(new Date(2024, 0, 1, 1)))).toBe(0);
    expect(compareCalendarDates(day(2025, 1, 1), day(2024, 12, 31))).toBe(1);
  });

  it('calendarDay drops the time', () => {
    expect(calendarDay(new Date(2024, 6, 4, 15, 30)).format('YYYY-MM-DD HH:mm')).toBe('2024-07-04 00:00');
  });
});

describe('time zones: calendar dates never shift', () => {
  for (const zone of ['UTC', 'Europe/Dublin', 'America/New_York', 'Pacific/Auckland', 'Pacific/Kiritimati', 'America/Santiago']) {
    inZone(zone, () => {
      it('display and API dates keep their calendar date', () => {
        expect(displayDateToApiDate('31.12.1990')).toBe('1990-12-31');
        expect(formatDisplayDate('1990-12-31')).toBe('31.12.1990');
        expect(formatApiDate('01.07.2024')).toBe('2024-07-01');
        expect(formatApiDate('2024-03-31')).toBe('2024-03-31'); // Dublin's spring-forward day
        expect(formatDisplayDate('27.10.2024')).toBe('27.10.2024'); // Dublin's fall-back day
      });

      it('a date whose local midnight does not exist still parses (Santiago 8 Sep 2024)', () => {
        expect(formatDisplayDate('08.09.2024')).toBe('08.09.2024');
        expect(formatApiDate('2024-09-08')).toBe('2024-09-08');
      });

      it('API datetimes round-trip exactly', () => {
        for (const text of ['2024-03-31T00:30:00.000Z', '2024-10-27T01:30:00.250Z', '1990-12-31T23:59:59.999Z']) {
          expect(formatApiDateTime(text)).toBe(text);
        }
      });

      it('age and days left do not depend on the zone', () => {
        const birth = parseApiDate('2008-06-15');
        const today = parseDisplayDate('15.06.2024');
        expect(birth && today && ageOn(birth, today)).toBe(16);
        const newYearsEve = parseApiDate('2024-12-31');
        expect(newYearsEve && daysLeftInYear(newYearsEve)).toBe(0);
        const spring = parseApiDate('2024-03-31');
        expect(spring && daysLeftInYear(spring)).toBe(275);
      });
    });
  }

  inZone('Europe/Dublin', () => {
    it('an instant shows on the local clock (IST is UTC+1 in summer)', () => {
      expect(formatDisplayDateTime('2024-07-01T12:00:00.000Z')).toBe('01.07.2024 13:00:00');
      expect(formatDisplayDateTime('2024-01-01T12:00:00.000Z')).toBe('01.01.2024 12:00:00');
    });
  });

  inZone('America/New_York', () => {
    it('an instant late in the UTC day is the previous local day', () => {
      expect(formatApiDate('2024-01-02T03:00:00Z')).toBe('2024-01-01');
      expect(formatApiDateTime('2024-01-01T22:00:00')).toBe('2024-01-02T03:00:00.000Z');
    });
  });
});
