import type { SnapshotFrom } from 'xstate';
import { LOGOUT_COUNTDOWN_SECONDS } from '../../src/domain/constants.ts';
import { deadlinesOf, type InactivityMachine } from './inactivity.machine.ts';

export type InactivitySnapshot = SnapshotFrom<InactivityMachine>;

/** What the selectors read: a real snapshot, or a partial one in tests. */
export type InactivityView = Pick<InactivitySnapshot, 'value' | 'context'>;

/** Is the Session Timeout Warning dialog open? */
export function selectWarningOpen(snapshot: InactivityView): boolean {
  return snapshot.value === 'warning';
}

/**
 * Whole seconds left on the countdown: ceil((logoutAt − now) / 1000), never below 0. Before the warning the
 * countdown has not started, so it reads the full length (300); once timed out it reads 0.
 */
export function selectSecondsLeft(snapshot: InactivityView): number {
  if (snapshot.value === 'timedOut') return 0;
  const { warnAt, logoutAt } = deadlinesOf(snapshot.context);
  const from = snapshot.value === 'warning' ? snapshot.context.now : Math.max(snapshot.context.now, warnAt);
  const seconds = Math.ceil((logoutAt - from) / 1000);
  return Math.min(LOGOUT_COUNTDOWN_SECONDS, Math.max(0, seconds));
}

/** The countdown as the dialog shows it: 'm:ss' ('5:00', '0:59', '0:00'). */
export function selectCountdownText(snapshot: InactivityView): string {
  return formatCountdown(selectSecondsLeft(snapshot));
}

/** Seconds as 'm:ss' (300 → '5:00', 59 → '0:59', 0 → '0:00'); fractions round up, negatives and NaN read '0:00'. */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}
