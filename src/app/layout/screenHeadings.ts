import type { Dayjs } from 'dayjs';
import { categoryTitle, FORM_PAGES } from '../../domain/catalogue.ts';
import { isFormSlug } from '../../domain/catalogueIds.ts';
import { daysLeftInYear } from '../../domain/dates.ts';

/**
 * The heading a signed-in screen opens with, as far as it is known without the network: what the
 * frame shows in the screen's place while the stored session is checked, laid out as the screen
 * lays it out (`layout`), so the screen replaces it without moving it. Null for the screens whose
 * heading depends on the user's data.
 */
export type ScreenHeading =
  /** The Overview (OverviewScreen). */
  | { layout: 'overview'; title: string }
  /** Tax Refund (TaxRefundScreen): the title and its line. */
  | { layout: 'taxRefund'; title: string; description: string }
  /** A Form 11 page (Form11Header): the form's title and its one-line description. */
  | { layout: 'formPage'; title: string; description: string }
  /** Settings (SettingsScreen): the title and its line. */
  | { layout: 'settings'; title: string; description: string };

export const TAX_REFUND_TITLE = 'Tax Refund';
export const TAX_REFUND_DESCRIPTION = 'Claim back tax on what you paid for health, home, family and work, for any of the last four years.';
export const SETTINGS_TITLE = 'Settings';
export const SETTINGS_DESCRIPTION =
  'Your password and two-step sign-in, the devices signed in to your account, your PAYE authorisation and your data. You can also close your account here.';

/** The Overview's heading on `today` (the overview view says the same from the machine's day). */
export function overviewTitle(today: Dayjs): string {
  return `You have ${daysLeftInYear(today)} days remaining to MAX OUT for ${today.year()}`;
}

export function screenHeading(pathname: string, today: Dayjs): ScreenHeading | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/landing' || path === '/') return { layout: 'overview', title: overviewTitle(today) };
  if (path === '/tax-refund-questions') return { layout: 'taxRefund', title: TAX_REFUND_TITLE, description: TAX_REFUND_DESCRIPTION };
  if (path === '/settings') return { layout: 'settings', title: SETTINGS_TITLE, description: SETTINGS_DESCRIPTION };
  const formSlug = /^\/form11\/([^/]+)$/.exec(path)?.[1];
  if (formSlug && isFormSlug(formSlug)) return { layout: 'formPage', title: categoryTitle(formSlug), description: FORM_PAGES[formSlug].description };
  return null;
}
