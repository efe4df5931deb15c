import type { SnapshotFrom } from 'xstate';
import { LOGOUT_COUNTDOWN_SECONDS } from '../../src/domain/constants.ts';
import { stableView } from '../shared/stableView.ts';
import { deadlinesOf, type InactivityMachine } from './inactivity.machine.ts';
import { warningShows } from './warning.view.ts';

/** What the view reads: a real snapshot, or a partial one in tests. */
export type InactivitySnapshot = Pick<SnapshotFrom<InactivityMachine>, 'value' | 'context'>;

/** The Session Timeout Warning dialog (spec section 8). */
export interface InactivityView {
  /** The dialog shows (the warning state). */
  open: boolean;
  /**
   * Whole seconds left on the countdown: ceil((logoutAt − now) / 1000), never below 0. Before the
   * warning the countdown has not started, so it reads the full length (300); once timed out, 0.
   */
  secondsLeft: number;
  /** The countdown as the dialog says it: 'm:ss' ('5:00', '0:59', '0:00'). */
  countdown: string;
}

function secondsLeftOf(snapshot: InactivitySnapshot): number {
  if (snapshot.value === 'timedOut') return 0;
  const { warnAt, logoutAt } = deadlinesOf(snapshot.context);
  const from = snapshot.value === 'warning' ? snapshot.context.now : Math.max(snapshot.context.now, warnAt);
  const seconds = Math.ceil((logoutAt - from) / 1000);
  return Math.min(LOGOUT_COUNTDOWN_SECONDS, Math.max(0, seconds));
}

/** Seconds as 'm:ss' (300 → '5:00', 59 → '0:59', 0 → '0:00'); fractions round up, negatives and NaN read '0:00'. */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/**
 * The dialog as the inactivity actor stands. The same object while the dialog shows the same, so
 * activity the machine records while no warning shows does not re-render it.
 */
export const inactivityView: (snapshot: InactivitySnapshot) => InactivityView = stableView((snapshot: InactivitySnapshot) => {
  const secondsLeft = secondsLeftOf(snapshot);
  return { open: warningShows(snapshot), secondsLeft, countdown: formatCountdown(secondsLeft) };
});
