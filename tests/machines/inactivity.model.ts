import type { EventObject } from 'xstate';
import { deadlinesOf, inactivityMachine } from '../../machines/inactivity/inactivity.machine.ts';
import { ACTIVITY_BROADCAST_INTERVAL_MS } from '../../src/domain/constants.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { duration, pathDoc } from '../support/pathDocs.ts';

export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
export const TWO_HOURS = 7_200_000;

export const fixtures = {
  activity: ({ context }) => {
    const { warnAt, hardLimitAt } = deadlinesOf(context);
    // Newer, before the warning, and due for a broadcast (15 s or more after the last one)…
    const due = Math.min(Math.max(context.now + 1_000, context.lastBroadcastAt + ACTIVITY_BROADCAST_INTERVAL_MS), warnAt - 1);
    return [
      { type: 'activity', at: due },
      // …or newer but within 15 s of the last broadcast (the other tabs already know); stale until the first broadcast.
      { type: 'activity', at: Math.min(context.lastBroadcastAt + ACTIVITY_BROADCAST_INTERVAL_MS - 1, warnAt - 1) },
      { type: 'activity', at: context.lastActivityAt }, // stale: changes nothing
      { type: 'activity', at: warnAt + 1_000 }, // stamped after the warning time (the tab slept)
      { type: 'activity', at: hardLimitAt + TWO_HOURS }, // stamped long past the hard limit
    ];
  },
  'tab.activity': ({ context }) => {
    const { warnAt } = deadlinesOf(context);
    return [
      { type: 'tab.activity', at: Math.min(context.now + 60_000, warnAt - 1) }, // newer, before the warning
      { type: 'tab.activity', at: context.lastActivityAt }, // stale or duplicate: changes nothing
      { type: 'tab.activity', at: warnAt + 1_000 }, // stamped after the warning time
    ];
  },
  'session.continue': ({ context }) => [
    { type: 'session.continue', at: context.now }, // in time
    { type: 'session.continue', at: deadlinesOf(context).logoutAt }, // too late
  ],
  'tab.continue': ({ context }) => [
    { type: 'tab.continue', at: context.now }, // in time
    { type: 'tab.continue', at: deadlinesOf(context).logoutAt }, // too late
  ],
  'clock.tick': ({ context }) => {
    const { warnAt, logoutAt, hardLimitAt } = deadlinesOf(context);
    return [
      { type: 'clock.tick', now: warnAt - 1 }, // before the warning
      { type: 'clock.tick', now: warnAt }, // exactly at the warning
      { type: 'clock.tick', now: warnAt + 61_000 }, // during the countdown
      { type: 'clock.tick', now: logoutAt }, // exactly at the end of the countdown
      { type: 'clock.tick', now: hardLimitAt + TWO_HOURS }, // woke long past the hard limit
    ];
  },
} satisfies EventFixtures<typeof inactivityMachine>;

/** Readable times in path names: offsets from the last activity. */
export function describeEvent(event: EventObject): string | undefined {
  const e = event as EventObject & { at?: number; now?: number };
  const time = e.at ?? e.now;
  if (time === undefined) return undefined;
  return `${event.type}@T0+${((time - T0) / 1000).toFixed(3).replace(/\.?0+$/, '')}s`;
}

export const model = createModelTest(inactivityMachine, { events: fixtures, input: { now: T0 }, describeEvent });

/** An instant as an offset from the last activity before the event, as QA would set a clock. */
const since = (at: number, lastActivityAt: number) => (at >= lastActivityAt ? `${duration(at - lastActivityAt)} after the last activity` : `${duration(lastActivityAt - at)} before the last activity`);

export const doc = pathDoc(inactivityMachine, fixtures, {
  testFile: 'tests/machines/inactivity.model.test.ts',
  models: [model],
  start: 'Sign in (the session starts as the last activity)',
  words: {
    activity: (event, before) => `Move the mouse or press a key in this tab, ${since(event.at, before.context.lastActivityAt)}`,
    'tab.activity': (event, before) => `Another tab reports activity stamped ${since(event.at, before.context.lastActivityAt)}`,
    'session.continue': (event, before) => `Press "Continue Session", ${since(event.at, before.context.lastActivityAt)}`,
    'tab.continue': (event, before) => `"Continue Session" is pressed in another tab, ${since(event.at, before.context.lastActivityAt)}`,
    'clock.tick': (event, before) => `The clock ticks (or the tab wakes) at ${since(event.now, before.context.lastActivityAt)}`,
  },
});
