import { describe, expect, it } from 'vitest';
import { FORM_PAGES } from '../../src/domain/catalogue.ts';
import { calendarDay } from '../../src/domain/dates.ts';
import { SETTINGS_DESCRIPTION, screenHeading } from '../../src/app/layout/screenHeadings.ts';

/** The heading a signed-in page paints while the stored session is checked: the screen's own, from the route and the day. */
describe('screenHeading', () => {
  const today = calendarDay(new Date(2026, 10, 27));

  it('the Overview counts the days left in the year as its screen does', () => {
    expect(screenHeading('/landing', today)).toEqual({ layout: 'overview', title: 'You have 34 days remaining to MAX OUT for 2026' });
    expect(screenHeading('/landing', calendarDay(new Date(2026, 11, 31)))).toMatchObject({ title: 'You have 0 days remaining to MAX OUT for 2026' });
  });

  it('a Form 11 page has its form’s title and line; an unknown slug has none', () => {
    expect(screenHeading('/form11/rent-tax-credit', today)).toEqual({ layout: 'formPage', title: FORM_PAGES['rent-tax-credit'].title, description: FORM_PAGES['rent-tax-credit'].description });
    expect(screenHeading('/form11/no-such-form', today)).toBeNull();
  });

  it('Tax Refund and Settings; a screen whose heading needs the user’s data has none', () => {
    expect(screenHeading('/tax-refund-questions', today)).toMatchObject({ layout: 'taxRefund', title: 'Tax Refund' });
    expect(screenHeading('/settings/', today)).toEqual({ layout: 'settings', title: 'Settings', description: SETTINGS_DESCRIPTION });
    expect(screenHeading('/profile', today)).toBeNull();
  });
});
