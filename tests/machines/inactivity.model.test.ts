import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { deadlinesOf, inactivityMachine } from '../../machines/inactivity/inactivity.machine.ts';
import { selectCountdownText, selectSecondsLeft, selectWarningOpen } from '../../machines/inactivity/inactivity.selectors.ts';
import type { InactivityContext } from '../../machines/inactivity/inactivity.types.ts';
import type { ModelStep } from '../support/modelTest.ts';
import { model, T0, TWO_HOURS } from './inactivity.model.ts';

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
          expect(selectWarningOpen(snapshot)).toBe(value === 'warning');
          const seconds = selectSecondsLeft(snapshot);
          expect(seconds).toBeGreaterThanOrEqual(0);
          expect(seconds).toBeLessThanOrEqual(300);
          expect(selectCountdownText(snapshot)).toMatch(/^[0-5]:[0-5]\d$/);
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
