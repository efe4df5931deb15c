import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { IDLE_WARNING_MS, LOGOUT_COUNTDOWN_SECONDS, SESSION_IDLE_LIMIT_MS } from '../../src/domain/constants.ts';
import { deadlinesOf, inactivityMachine, LOGOUT_COUNTDOWN_MS } from '../../machines/inactivity/inactivity.machine.ts';
import { inactivityView } from '../../machines/inactivity/inactivity.view.ts';
import { COUNTDOWN_TICK_MS, type ActivityMonitorLogic, type ActivityMonitorEvent } from '../../machines/inactivity/inactivity.types.ts';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** A real actor with a spy for endSession; `ticking` gives it a ticker like the app's (Date.now() every second). */
function start(options: { ticking?: boolean; monitor?: ActivityMonitorLogic } = {}) {
  const endSession = vi.fn();
  const broadcastActivity = vi.fn((_: unknown, _params: { at: number }) => {});
  const broadcastContinue = vi.fn((_: unknown, _params: { at: number }) => {});
  const seen: string[] = [];
  const tickerStarts = vi.fn();
  const tickerStops = vi.fn();
  const actor = createActor(
    inactivityMachine.provide({
      actions: { endSession, broadcastActivity, broadcastContinue },
      actors: {
        ...(options.monitor ? { activityMonitor: options.monitor } : {}),
        countdownTicker: fromCallback(({ sendBack }) => {
          tickerStarts();
          const id = options.ticking
            ? setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), COUNTDOWN_TICK_MS)
            : undefined;
          return () => {
            tickerStops();
            if (id !== undefined) clearInterval(id);
          };
        }),
      },
    }),
    { input: { now: Date.now() } },
  );
  actor.subscribe((snapshot) => {
    if (seen.at(-1) !== snapshot.value) seen.push(snapshot.value);
  });
  actor.start();
  return { actor, endSession, broadcastActivity, broadcastContinue, seen, tickerStarts, tickerStops };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('inactivity machine', () => {
  it('starts active, with the input time as the last activity', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context).toEqual({ lastActivityAt: T0, now: T0, lastBroadcastAt: 0 });
    expect(inactivityView(actor.getSnapshot()).open).toBe(false);
  });

  it('opens the warning exactly at 3,000,000 ms of no activity, not 1 ms earlier', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('warning');
    expect(inactivityView(actor.getSnapshot()).open).toBe(true);
  });

  it('shows 5:00 when the warning opens and 3:59 after 61 seconds', async () => {
    const { actor } = start({ ticking: true });
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('5:00');
    expect(inactivityView(actor.getSnapshot()).secondsLeft).toBe(LOGOUT_COUNTDOWN_SECONDS);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('4:59');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('3:59');
  });

  it('computes the countdown from the tick time alone (3:59 after a tick 61 s into the warning)', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    actor.send({ type: 'clock.tick', now: T0 + IDLE_WARNING_MS + 61_000 });
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('3:59');
  });

  it('ends an idle session when the countdown runs out, at 55 minutes', async () => {
    const { actor, endSession, seen } = start({ ticking: true });
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS + LOGOUT_COUNTDOWN_MS - 1);
    expect(actor.getSnapshot().value).toBe('warning');
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('0:01');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('0:00');
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['active', 'warning', 'timedOut']);
  });

  it('ends the session on the countdown timer even with no ticks', async () => {
    const { actor, endSession } = start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS + LOGOUT_COUNTDOWN_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('Continue Session dismisses the warning and restarts both timers', async () => {
    const { actor, endSession } = start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS + 100_000);
    expect(actor.getSnapshot().value).toBe('warning');
    const continuedAt = Date.now();
    actor.send({ type: 'session.continue', at: continuedAt });
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.lastActivityAt).toBe(continuedAt);
    // The warning timer restarted from the continue...
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('warning');
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('5:00');
    // ...and so did the logout deadline.
    await vi.advanceTimersByTimeAsync(LOGOUT_COUNTDOWN_MS - 1);
    expect(actor.getSnapshot().value).toBe('warning');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(Date.now()).toBe(continuedAt + IDLE_WARNING_MS + LOGOUT_COUNTDOWN_MS);
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('activity while active postpones the warning', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(1_000_000);
    actor.send({ type: 'activity', at: Date.now() });
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('warning');
    expect(Date.now()).toBe(T0 + 1_000_000 + IDLE_WARNING_MS);
  });

  it('activity from another tab postpones the warning too, and stale activity changes nothing', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(500_000);
    actor.send({ type: 'tab.activity', at: T0 + 500_000 }); // broadcast from another tab
    actor.send({ type: 'tab.activity', at: T0 + 200_000 }); // an older broadcast, arriving late
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0 + 500_000);
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('tells the other tabs of its own activity at most every 15 s, and never of theirs', async () => {
    const { actor, broadcastActivity } = start();
    const at = (ms: number) => T0 + ms;
    for (const ms of [1_000, 2_000, 15_999, 16_000, 20_000, 31_000]) {
      await vi.advanceTimersByTimeAsync(at(ms) - Date.now());
      actor.send({ type: 'activity', at: at(ms) });
    }
    actor.send({ type: 'tab.activity', at: at(60_000) });
    expect(broadcastActivity.mock.calls.map(([, params]) => params.at - T0)).toEqual([1_000, 16_000, 31_000]);
    expect(actor.getSnapshot().context.lastBroadcastAt).toBe(at(31_000));
    expect(actor.getSnapshot().context.lastActivityAt).toBe(at(60_000));
  });

  it('tells the other tabs of Continue Session, and dismisses its own warning on theirs', async () => {
    const { actor, broadcastContinue } = start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    actor.send({ type: 'session.continue', at: Date.now() });
    expect(broadcastContinue.mock.calls.map(([, params]) => params.at)).toEqual([Date.now()]);
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    expect(actor.getSnapshot().value).toBe('warning');
    actor.send({ type: 'tab.continue', at: Date.now() });
    expect(actor.getSnapshot().value).toBe('active');
    expect(broadcastContinue).toHaveBeenCalledTimes(1);
  });

  it('hears its inputs from the invoked activity monitor, which lives as long as the actor', async () => {
    let report: ((event: ActivityMonitorEvent) => void) | undefined;
    const stops = vi.fn();
    const monitor: ActivityMonitorLogic = fromCallback(({ sendBack }) => {
      report = sendBack;
      return stops;
    });
    const { actor } = start({ monitor });
    await vi.advanceTimersByTimeAsync(600_000);
    report!({ type: 'activity', at: Date.now() });
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0 + 600_000);
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    expect(actor.getSnapshot().value).toBe('warning');
    report!({ type: 'tab.continue', at: Date.now() });
    expect(actor.getSnapshot().value).toBe('active');
    expect(stops).not.toHaveBeenCalled();
    actor.stop();
    expect(stops).toHaveBeenCalledTimes(1);
  });

  it('local activity during the warning does not dismiss it', async () => {
    const { actor, endSession } = start({ ticking: true });
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS + 30_000);
    for (let i = 0; i < 5; i += 1) {
      actor.send({ type: 'activity', at: Date.now() });
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(actor.getSnapshot().value).toBe('warning');
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0);
    expect(actor.getSnapshot().can({ type: 'activity', at: Date.now() })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'session.continue', at: Date.now() })).toBe(true);
    await vi.advanceTimersByTimeAsync(LOGOUT_COUNTDOWN_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('a tick after the tab slept 2 hours goes straight to timedOut without the warning', () => {
    const { actor, endSession, seen, tickerStarts } = start();
    // The tab was suspended: no timer ran. On wake the app sends the real time.
    actor.send({ type: 'clock.tick', now: T0 + 2 * 3_600_000 });
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(seen).toEqual(['active', 'timedOut']);
    expect(tickerStarts).not.toHaveBeenCalled();
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('a tick past the hard limit ends the session at once even if the warning timer never fired', () => {
    const { actor, seen } = start();
    actor.send({ type: 'clock.tick', now: T0 + SESSION_IDLE_LIMIT_MS });
    expect(seen).toEqual(['active', 'timedOut']);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('a tick after a shorter sleep opens the warning with the real time left', () => {
    const { actor } = start();
    actor.send({ type: 'clock.tick', now: T0 + IDLE_WARNING_MS + 120_000 });
    expect(actor.getSnapshot().value).toBe('warning');
    expect(inactivityView(actor.getSnapshot()).countdown).toBe('3:00');
  });

  it('a tick before the warning re-arms the timer with the wall-clock time left', async () => {
    const { actor } = start();
    // Timers were held up (e.g. the laptop slept and setTimeout did not count the sleep): 40 min of wall clock passed.
    actor.send({ type: 'clock.tick', now: T0 + 2_400_000 });
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(600_000 - 1);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('activity stamped after the warning time (the timer was held up) opens the warning instead of restarting', () => {
    const { actor } = start();
    actor.send({ type: 'activity', at: T0 + IDLE_WARNING_MS + 5_000 });
    expect(actor.getSnapshot().value).toBe('warning');
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0);
  });

  it('Continue pressed after the countdown had already run out by wall clock ends the session', async () => {
    const { actor, endSession } = start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    actor.send({ type: 'session.continue', at: deadlinesOf(actor.getSnapshot().context).logoutAt });
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('runs the countdown ticker only while the warning shows', async () => {
    const { actor, tickerStarts, tickerStops } = start({ ticking: true });
    expect(tickerStarts).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    expect(tickerStarts).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000); // five ticks do not restart it
    expect(tickerStarts).toHaveBeenCalledTimes(1);
    actor.send({ type: 'session.continue', at: Date.now() });
    expect(tickerStops).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS + LOGOUT_COUNTDOWN_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(tickerStarts).toHaveBeenCalledTimes(2);
    expect(tickerStops).toHaveBeenCalledTimes(2);
  });

  it('calls endSession exactly once, and ignores every later event', async () => {
    const { actor, endSession } = start({ ticking: true });
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS + LOGOUT_COUNTDOWN_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
    const frozen = actor.getSnapshot().context;
    actor.send({ type: 'activity', at: Date.now() });
    actor.send({ type: 'session.continue', at: Date.now() });
    actor.send({ type: 'clock.tick', now: Date.now() + 10 * 3_600_000 });
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().context).toEqual(frozen);
    expect(actor.getSnapshot().status).toBe('active'); // not final: the parent stops it
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('never lets time run backwards', () => {
    const { actor } = start();
    actor.send({ type: 'clock.tick', now: T0 + 1_000 });
    actor.send({ type: 'clock.tick', now: T0 - 60_000 });
    expect(actor.getSnapshot().context.now).toBe(T0 + 1_000);
  });

  it('describes the machine and every state', () => {
    expect(inactivityMachine.root.description).toMatch(/hard backstop/);
    for (const node of Object.values(inactivityMachine.root.states)) {
      expect(node.description, node.key).toBeTruthy();
    }
  });

  it('keeps context plain JSON', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    const context = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const restored = createActor(inactivityMachine, { snapshot: persisted, input: { now: T0 } }).start();
    expect(restored.getSnapshot().value).toBe('warning');
    restored.stop();
  });
});

describe('inactivity machine defaults', () => {
  it('runs with no provided implementations (no-op endSession and ticker)', async () => {
    const actor = createActor(inactivityMachine, { input: { now: T0 } }).start();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS + LOGOUT_COUNTDOWN_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
    actor.stop();
  });
});
