import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { mandateOutlook } from '../../src/domain/directDebit.ts';

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
});
