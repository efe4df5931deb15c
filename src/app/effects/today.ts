import { calendarDay, formatApiDate } from '../../domain/dates.ts';
import type { AppEffects } from './appEffects.ts';

/** The Irish calendar date of the app's clock, as machine input (YYYY-MM-DD). */
export function todayOf(effects: Pick<AppEffects, 'now'>): string {
  return formatApiDate(calendarDay(effects.now()));
}
