import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { collectsFrom, isPaused, mandateOutlook } from '../../src/domain/directDebit.ts';

const MANDATE = { amount: 350, day_of_month: 15, start_date: '2026-01-15' };

describe('mandate outlook', () => {
  it('counts the collections still to come this year: on 26 November, only 15 December', () => {
    expect(mandateOutlook(MANDATE, 10_000, dayjs('2026-11-26'))).toEqual({ next: '2026-12-15', remaining: ['2026-12-15'], remainingTotal: 350, overLimitFrom: null, overBy: 0 });
  });

  it('on 1 October: 15 October, November and December, €1,050', () => {
    expect(mandateOutlook(MANDATE, 10_000, dayjs('2026-10-01'))).toMatchObject({ remaining: ['2026-10-15', '2026-11-15', '2026-12-15'], remainingTotal: 1_050 });
  });

  it('flags the first collection that passes the room left: €800 of room holds two of €350, not the third', () => {
    expect(mandateOutlook(MANDATE, 800, dayjs('2026-10-01'))).toMatchObject({ overLimitFrom: '2026-12-15', overBy: 250 });
    // Exactly the room: nothing is over.
    expect(mandateOutlook(MANDATE, 1_050, dayjs('2026-10-01'))).toMatchObject({ overLimitFrom: null, overBy: 0 });
    // No room left: the very next collection is over.
    expect(mandateOutlook(MANDATE, 0, dayjs('2026-10-01'))).toMatchObject({ overLimitFrom: '2026-10-15', overBy: 1_050 });
  });

  it('a collection today counts; a mandate starting next year collects nothing this year', () => {
    expect(mandateOutlook(MANDATE, 10_000, dayjs('2026-12-15')).remaining).toEqual(['2026-12-15']);
    expect(mandateOutlook({ ...MANDATE, start_date: '2027-01-15' }, 0, dayjs('2026-10-01'))).toMatchObject({ next: '2027-01-15', remaining: [], overLimitFrom: null, overBy: 0 });
  });

  it('on a collection day, today counts until it is collected and not after (the room left has then taken it): never twice', () => {
    // 15 December, €700 of room: the run has not collected yet, so €350 is still to come and fits.
    expect(mandateOutlook({ ...MANDATE, last_collection: '2026-11-15' }, 700, dayjs('2026-12-15'))).toEqual({
      next: '2026-12-15',
      remaining: ['2026-12-15'],
      remainingTotal: 350,
      overLimitFrom: null,
      overBy: 0,
    });
    // Collected: the room is €350 less and nothing more comes this year (counting it again would flag €350 that never comes).
    expect(mandateOutlook({ ...MANDATE, last_collection: '2026-12-15' }, 350, dayjs('2026-12-15'))).toEqual({
      next: '2027-01-15',
      remaining: [],
      remainingTotal: 0,
      overLimitFrom: null,
      overBy: 0,
    });
    // 15 October collected, €700 of room: November and December fit exactly.
    expect(mandateOutlook({ ...MANDATE, last_collection: '2026-10-15' }, 700, dayjs('2026-10-15'))).toMatchObject({ remaining: ['2026-11-15', '2026-12-15'], overBy: 0 });
    // A collection of an earlier day changes nothing from today.
    expect(mandateOutlook({ ...MANDATE, last_collection: '2026-09-15' }, 10_000, dayjs('2026-10-01')).remaining).toEqual(['2026-10-15', '2026-11-15', '2026-12-15']);
  });

  it('a paused mandate skips its collections up to the pause: paused to 31 December on 1 October, nothing more this year and nothing over the limit', () => {
    expect(mandateOutlook({ ...MANDATE, paused_until: '2026-12-31' }, 0, dayjs('2026-10-01'))).toEqual({ next: '2027-01-15', remaining: [], remainingTotal: 0, overLimitFrom: null, overBy: 0 });
    // Paused to 20 November: 15 October and 15 November are skipped, 15 December still comes (€350 against €200 of room).
    expect(mandateOutlook({ ...MANDATE, paused_until: '2026-11-20' }, 200, dayjs('2026-10-01'))).toEqual({ next: '2026-12-15', remaining: ['2026-12-15'], remainingTotal: 350, overLimitFrom: '2026-12-15', overBy: 150 });
    // A pause that ended yesterday (resumed) skips nothing from today.
    expect(mandateOutlook({ ...MANDATE, paused_until: '2026-09-30' }, 10_000, dayjs('2026-10-01')).remaining).toEqual(['2026-10-15', '2026-11-15', '2026-12-15']);
  });

  it('paused means the pause reaches today', () => {
    expect(isPaused('2026-10-01', dayjs('2026-10-01'))).toBe(true);
    expect(isPaused('2026-09-30', dayjs('2026-10-01'))).toBe(false);
    expect(isPaused(null, dayjs('2026-10-01'))).toBe(false);
    expect(collectsFrom('2026-10-05', dayjs('2026-10-01')).format('YYYY-MM-DD')).toBe('2026-10-06');
    expect(collectsFrom('2026-09-05', dayjs('2026-10-01')).format('YYYY-MM-DD')).toBe('2026-10-01');
  });
});
