import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { deadlinesOf, inactivityMachine } from '../../machines/inactivity/inactivity.machine.ts';
import { inactivityView } from '../../machines/inactivity/inactivity.view.ts';
import type { InactivityContext } from '../../machines/inactivity/inactivity.types.ts';
import { expectedSteps, type TransitionRule } from '../support/expectedSteps.ts';
import type { ModelStep } from '../support/modelTest.ts';
import { model, T0, TWO_HOURS } from './inactivity.model.ts';

// ─── The expected behaviour, written from spec section 4 and the timer decision, not read from the machine ──

/** The warning opens 50 minutes after the last activity; its 300-second countdown ends the session at 55 (before the 1-hour hard limit). */
const WARNING_AFTER = 50 * 60_000;
const LOGOUT_AFTER = 55 * 60_000;
/** This tab tells the others of its activity at most every 15 s. */
const BROADCAST_EVERY = 15_000;

type Timed = EventObject & { at?: number; now?: number };
const timeOf = (event: EventObject) => (event as Timed).at ?? (event as Timed).now!;
/** The clock moves to `t` (never back). */
const clockAt = (t: number) => (c: InactivityContext, _e?: EventObject): InactivityContext => ({ ...c, now: Math.max(c.now, t) });
const movedTo = (c: InactivityContext, e: EventObject) => clockAt(timeOf(e))(c);
/** Activity (or Continue) at the event's time: both deadlines move. */
const activeAt = (c: InactivityContext, e: EventObject): InactivityContext => ({ ...c, lastActivityAt: Math.max(c.lastActivityAt, timeOf(e)), now: Math.max(c.now, timeOf(e)) });

/** Where a time falls against the deadlines counted from the last activity. */
function phase(t: number, c: InactivityContext): 'before the warning' | 'during the countdown' | 'after the countdown' {
  if (t >= c.lastActivityAt + LOGOUT_AFTER) return 'after the countdown';
  return t >= c.lastActivityAt + WARNING_AFTER ? 'during the countdown' : 'before the warning';
}

const judged: Record<string, TransitionRule<InactivityContext>> = {
  // Stamped after the warning time (the tab slept): not activity; the deadlines that passed decide.
  'late, during the countdown': { to: 'warning', context: movedTo },
  'late, after the countdown': { to: 'timedOut', context: movedTo },
};

const oracle = expectedSteps<InactivityContext>({
  initial: { value: 'active', context: { lastActivityAt: T0, now: T0, lastBroadcastAt: 0 } },
  caseOf: (event, before) => {
    const c = before.context;
    if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
    const t = timeOf(event);
    switch (event.type) {
      case 'activity':
      case 'tab.activity': {
        if (phase(t, c) !== 'before the warning') return `late, ${phase(t, c)}`;
        if (t <= c.lastActivityAt) return 'stale';
        return event.type === 'activity' && t - c.lastBroadcastAt >= BROADCAST_EVERY ? 'newer, told to the other tabs' : 'newer';
      }
      case 'session.continue':
      case 'tab.continue':
        return phase(t, c) === 'after the countdown' ? 'continue, too late' : 'continue';
      case 'clock.tick':
        return `tick ${phase(Math.max(c.now, t), c)}`;
    }
    return event.type;
  },
  transitions: {
    active: {
      ...judged,
      'newer, told to the other tabs': { to: 'active', context: (c, e) => ({ ...activeAt(c, e), lastBroadcastAt: timeOf(e) }) },
      newer: { to: 'active', context: activeAt },
      // Only Continue from another tab reaches an open tab's active state (this tab's button shows only in the warning).
      continue: { to: 'active', context: activeAt },
      'continue, too late': { to: 'timedOut', context: movedTo },
      'tick before the warning': { to: 'active', context: movedTo },
      'tick during the countdown': { to: 'warning', context: movedTo },
      'tick after the countdown': { to: 'timedOut', context: movedTo },
      'after untilWarning': { to: 'warning', context: (c) => clockAt(c.lastActivityAt + WARNING_AFTER)(c) },
    },
    warning: {
      // Activity is ignored while the warning shows (WCAG 2.2.1): not listed. Only Continue dismisses it.
      continue: { to: 'active', context: activeAt },
      'continue, too late': { to: 'timedOut', context: movedTo },
      'tick during the countdown': { to: 'warning', context: movedTo },
      'tick after the countdown': { to: 'timedOut', context: movedTo },
      'after untilLogout': { to: 'timedOut', context: (c) => clockAt(c.lastActivityAt + LOGOUT_AFTER)(c) },
    },
    // timedOut ignores everything.
  },
});

describe('inactivity machine: model-based', () => {
  it('covers every state and every transition', () => {
    model.assertFullCoverage();
    expect(model.coverage().states.covered).toEqual(['active', 'warning', 'timedOut']);
    expect(model.unrealisablePaths).toEqual([]);
    expect(oracle.unusedRules([...model.paths, ...journeys])).toEqual([]);
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
        afterStep: (ctx) => {
          oracle.check(ctx);
          const { actor, step } = ctx;
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
