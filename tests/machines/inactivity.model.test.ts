import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { deadlinesOf, inactivityMachine } from '../../machines/inactivity/inactivity.machine.ts';
import { inactivityView } from '../../machines/inactivity/inactivity.view.ts';
import { ACTIVITY_BROADCAST_INTERVAL_MS } from '../../src/domain/constants.ts';
import type { InactivityContext } from '../../machines/inactivity/inactivity.types.ts';
import { createModelTest, type EventFixtures, type ModelStep } from '../support/modelTest.ts';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const TWO_HOURS = 7_200_000;

const fixtures = {
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
function describeEvent(event: EventObject): string | undefined {
  const e = event as EventObject & { at?: number; now?: number };
  const time = e.at ?? e.now;
  if (time === undefined) return undefined;
  return `${event.type}@T0+${((time - T0) / 1000).toFixed(3).replace(/\.?0+$/, '')}s`;
}

const model = createModelTest(inactivityMachine, { events: fixtures, input: { now: T0 }, describeEvent });

describe('inactivity machine: model-based', () => {
  it('covers every state and every transition', () => {
    model.assertFullCoverage();
    expect(model.coverage().states.covered).toEqual(['active', 'warning', 'timedOut']);
    expect(model.unrealisablePaths).toEqual([]);
  });

  it('generates paths through the warning timer, the countdown, continue and the hard limit', () => {
    const all = model.paths.flatMap((p) => p.steps.flatMap((s) => s.transitions));
    expect(all).toEqual(
      expect.arrayContaining([
        'active —[after untilWarning]→ warning',
        'warning —[after untilLogout]→ timedOut',
        'warning —[session.continue]→ active',
        'warning —[tab.continue]→ active',
        'active —[activity if isNewerActivityToBroadcast]→ active (re-enter)',
        'active —[activity if isNewerActivity]→ active (re-enter)',
        'active —[tab.activity if isNewerActivity]→ active (re-enter)',
        'active —[always if isPastLogout]→ timedOut',
        'warning —[activity]→ (no target)',
        'warning —[tab.activity]→ (no target)',
      ]),
    );
  });

  const journeys = [
    model.pathFromEvents('an idle session ends at 55 min', ['after:untilWarning', 'after:untilLogout']),
    model.pathFromEvents('continue restarts both timers', [
      'after:untilWarning',
      ({ context }) => ({ type: 'session.continue', at: context.now + 10_000 }),
      'after:untilWarning',
      'after:untilLogout',
    ]),
    model.pathFromEvents('a countdown ticking to 0:00', [
      'after:untilWarning',
      ({ context }) => ({ type: 'clock.tick', now: context.now + 1_000 }),
      ({ context }) => ({ type: 'clock.tick', now: deadlinesOf(context).logoutAt - 1 }),
      ({ context }) => ({ type: 'activity', at: context.now }),
      ({ context }) => ({ type: 'clock.tick', now: deadlinesOf(context).logoutAt }),
    ]),
    model.pathFromEvents('a tab asleep for 2 hours', [{ type: 'clock.tick', now: T0 + TWO_HOURS }]),
  ];

  it('times the pinned journeys by the model', () => {
    expect(journeys[0]!.steps.map((s) => s.advanceMs)).toEqual([0, 3_000_000, 300_000]);
    expect(journeys[0]!.steps.at(-1)!.atMs).toBe(3_300_000);
    expect(journeys[1]!.steps.map((s) => s.state.value)).toEqual(['active', 'warning', 'active', 'warning', 'timedOut']);
    expect(journeys[1]!.steps.at(-1)!.atMs).toBe(3_000_000 + 3_300_000);
    expect(journeys[2]!.steps.map((s) => s.state.value)).toEqual(['active', 'warning', 'warning', 'warning', 'warning', 'timedOut']);
    expect(journeys[3]!.steps.map((s) => s.state.value)).toEqual(['active', 'timedOut']);
  });

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, async () => {
      let endSessionCalls = 0;
      let tickersRunning = 0;
      let monitorsRunning = 0;
      let broadcasts: { type: string; at: number }[] = [];
      let reports = 0;
      await model.runPath(path, {
        createActor: () =>
          createActor(
            inactivityMachine.provide({
              actions: {
                endSession: () => void (endSessionCalls += 1),
                broadcastActivity: (_, params) => void broadcasts.push({ type: 'activity', at: params.at }),
                broadcastContinue: (_, params) => void broadcasts.push({ type: 'continue', at: params.at }),
                reportActivity: () => void (reports += 1),
              },
              actors: {
                countdownTicker: fromCallback(() => {
                  tickersRunning += 1;
                  return () => void (tickersRunning -= 1);
                }),
                activityMonitor: fromCallback(() => {
                  monitorsRunning += 1;
                  return () => void (monitorsRunning -= 1);
                }),
              },
            }),
            { input: { now: T0 } },
          ),
        assertContext: true,
        beforeStep: () => {
          broadcasts = [];
          reports = 0;
        },
        afterStep: ({ actor, step }) => {
          const snapshot = actor.getSnapshot() as ReturnType<typeof inactivityMachine.resolveState>;
          const value = snapshot.value;
          expect(monitorsRunning, 'the activity monitor runs for the actor’s whole life').toBe(1);
          expect(tickersRunning, 'the countdown ticker runs exactly while the warning shows').toBe(value === 'warning' ? 1 : 0);
          expect(endSessionCalls, 'endSession runs once, on timing out').toBe(value === 'timedOut' ? 1 : 0);
          expect(broadcasts, 'what the other tabs hear after this step').toEqual(expectedBroadcasts(step));
          expect(reports, 'activity reported to the session keep-alive').toBe(reportsActivity(step) ? 1 : 0);
          // What the dialog shows at this step: open exactly while warning, its countdown the time left to logoutAt.
          const view = inactivityView(snapshot);
          expect(view.open).toBe(value === 'warning');
          const { logoutAt } = deadlinesOf(snapshot.context);
          const expectedSeconds = value === 'timedOut' ? 0 : value === 'warning' ? Math.max(0, Math.ceil((logoutAt - snapshot.context.now) / 1000)) : 300;
          expect(view.secondsLeft).toBe(Math.min(300, expectedSeconds));
          expect(view.countdown).toBe(`${Math.floor(view.secondsLeft / 60)}:${String(view.secondsLeft % 60).padStart(2, '0')}`);
          if (value === 'active') checkActiveInvariant(snapshot.context);
        },
      });
    });
  }
});

/**
 * Only this tab's own acts are passed on: activity when a broadcast is due (the machine's throttle), and
 * Continue Session in time. Anything heard from another tab, or too late, is not.
 */
function expectedBroadcasts(step: ModelStep<typeof inactivityMachine>): { type: string; at: number }[] {
  const event = step.event as EventObject & { at?: number };
  if (step.transitions.includes('active —[activity if isNewerActivityToBroadcast]→ active (re-enter)')) {
    return [{ type: 'activity', at: event.at! }];
  }
  if (step.transitions.includes('warning —[session.continue]→ active')) return [{ type: 'continue', at: event.at! }];
  return [];
}

/**
 * The session's keep-alive hears of every activity that counts: this tab's or another's (newer, before the
 * warning), and a Continue Session in time, here or in another tab. Stale, late or ignored input is not.
 */
function reportsActivity(step: ModelStep<typeof inactivityMachine>): boolean {
  return [
    'active —[activity if isNewerActivityToBroadcast]→ active (re-enter)',
    'active —[activity if isNewerActivity]→ active (re-enter)',
    'active —[tab.activity if isNewerActivity]→ active (re-enter)',
    'active —[tab.continue]→ active (re-enter)',
    'warning —[session.continue]→ active',
    'warning —[tab.continue]→ active',
  ].some((label) => step.transitions.includes(label));
}

/** In `active`, no deadline has passed by `now`. */
function checkActiveInvariant(context: InactivityContext): void {
  expect(context.now).toBeLessThan(deadlinesOf(context).warnAt);
}

// The helper uses fake timers itself; make sure none leak out of a run.
it('leaves real timers behind', () => {
  expect(vi.isFakeTimers()).toBe(false);
});
