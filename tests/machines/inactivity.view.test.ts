import { describe, expect, it } from 'vitest';
import { formatCountdown, inactivityView, type InactivitySnapshot } from '../../machines/inactivity/inactivity.view.ts';

const T0 = 1_767_603_600_000;
const WARN_AT = T0 + 3_000_000;
const LOGOUT_AT = WARN_AT + 300_000;

/** Partial snapshots: just value and context, as a test or a restored snapshot would give. */
const view = (value: InactivitySnapshot['value'], now: number, lastActivityAt = T0) =>
  inactivityView({ value, context: { lastActivityAt, now, lastBroadcastAt: 0 } });

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

describe('inactivity view on partial snapshots', () => {
  it('warning open only in warning', () => {
    expect(view('active', T0).open).toBe(false);
    expect(view('warning', WARN_AT).open).toBe(true);
    expect(view('timedOut', LOGOUT_AT).open).toBe(false);
  });

  it('counts down from 300 s at the warning time', () => {
    expect(view('warning', WARN_AT).secondsLeft).toBe(300);
    expect(view('warning', WARN_AT).countdown).toBe('5:00');
    expect(view('warning', WARN_AT + 61_000).countdown).toBe('3:59');
    expect(view('warning', LOGOUT_AT - 59_000).countdown).toBe('0:59');
    expect(view('warning', LOGOUT_AT).countdown).toBe('0:00');
  });

  it('rounds partial seconds up (the dialog never shows 0:00 while time is left)', () => {
    expect(view('warning', WARN_AT + 500).secondsLeft).toBe(300);
    expect(view('warning', LOGOUT_AT - 1).secondsLeft).toBe(1);
  });

  it('clamps at 0 past the deadline', () => {
    expect(view('warning', LOGOUT_AT + 5_000).secondsLeft).toBe(0);
    expect(view('warning', LOGOUT_AT + 3_600_000).countdown).toBe('0:00');
  });

  it('reads the full countdown before the warning and 0 once timed out', () => {
    expect(view('active', T0).secondsLeft).toBe(300);
    expect(view('active', WARN_AT - 1).countdown).toBe('5:00');
    expect(view('timedOut', WARN_AT).secondsLeft).toBe(0);
    expect(view('timedOut', WARN_AT).countdown).toBe('0:00');
  });

  it('derives everything from the last activity', () => {
    const later = T0 + 1_000_000;
    expect(view('warning', later + 3_000_000 + 120_000, later).countdown).toBe('3:00');
  });

  it('gives the same object while the dialog shows the same: activity before the warning does not re-render it', () => {
    const first = view('active', T0 + 1_000, T0 + 1_000);
    expect(view('active', T0 + 2_000, T0 + 2_000)).toBe(first);
    expect(view('warning', WARN_AT)).not.toBe(first);
    expect(view('warning', WARN_AT + 1_000)).toEqual({ open: true, secondsLeft: 299, countdown: '4:59' });
  });
});
