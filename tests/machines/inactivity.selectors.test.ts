import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  selectCountdownText,
  selectSecondsLeft,
  selectWarningOpen,
  type InactivityView,
} from '../../machines/inactivity/inactivity.selectors.ts';

const T0 = 1_767_603_600_000;
const WARN_AT = T0 + 3_000_000;
const LOGOUT_AT = WARN_AT + 300_000;

/** Partial snapshots: just value and context, as a test or a restored snapshot would give. */
const view = (value: InactivityView['value'], now: number, lastActivityAt = T0): InactivityView => ({
  value,
  context: { lastActivityAt, now, lastBroadcastAt: 0 },
});

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [239, '3:59'],
    [61, '1:01'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
    [3_600, '60:00'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it('rounds fractions up and reads negatives and NaN as 0:00', () => {
    expect(formatCountdown(58.2)).toBe('0:59');
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(Number.NaN)).toBe('0:00');
  });
});

describe('inactivity selectors on partial snapshots', () => {
  it('warning open only in warning', () => {
    expect(selectWarningOpen(view('active', T0))).toBe(false);
    expect(selectWarningOpen(view('warning', WARN_AT))).toBe(true);
    expect(selectWarningOpen(view('timedOut', LOGOUT_AT))).toBe(false);
  });

  it('counts down from 300 s at the warning time', () => {
    expect(selectSecondsLeft(view('warning', WARN_AT))).toBe(300);
    expect(selectCountdownText(view('warning', WARN_AT))).toBe('5:00');
    expect(selectCountdownText(view('warning', WARN_AT + 61_000))).toBe('3:59');
    expect(selectCountdownText(view('warning', LOGOUT_AT - 59_000))).toBe('0:59');
    expect(selectCountdownText(view('warning', LOGOUT_AT))).toBe('0:00');
  });

  it('rounds partial seconds up (the dialog never shows 0:00 while time is left)', () => {
    expect(selectSecondsLeft(view('warning', WARN_AT + 500))).toBe(300);
    expect(selectSecondsLeft(view('warning', LOGOUT_AT - 1))).toBe(1);
  });

  it('clamps at 0 past the deadline', () => {
    expect(selectSecondsLeft(view('warning', LOGOUT_AT + 5_000))).toBe(0);
    expect(selectCountdownText(view('warning', LOGOUT_AT + 3_600_000))).toBe('0:00');
  });

  it('reads the full countdown before the warning and 0 once timed out', () => {
    expect(selectSecondsLeft(view('active', T0))).toBe(300);
    expect(selectCountdownText(view('active', WARN_AT - 1))).toBe('5:00');
    expect(selectSecondsLeft(view('timedOut', WARN_AT))).toBe(0);
    expect(selectCountdownText(view('timedOut', WARN_AT))).toBe('0:00');
  });

  it('derives everything from the last activity', () => {
    const later = T0 + 1_000_000;
    expect(selectCountdownText(view('warning', later + 3_000_000 + 120_000, later))).toBe('3:00');
  });
});
