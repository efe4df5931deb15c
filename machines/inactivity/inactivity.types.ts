import type { CallbackActorLogic, EventObject } from 'xstate';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Plain JSON. Both fields are wall-clock epoch milliseconds; every deadline is derived from them
 * (see `deadlinesOf` in inactivity.machine.ts), never counted in ticks, so a tab that sleeps and wakes
 * judges by real time.
 */
export interface InactivityContext {
  /** When the user was last active (locally or in another tab of the same session). */
  lastActivityAt: number;
  /** The latest time the machine has been told (by input, an event or a fired timer). Never moves back. */
  now: number;
}

// ─── Input ───────────────────────────────────────────────────────────────────────────────────────

/** `now` is the start time, which counts as the last activity (the user just signed in or came back). */
export interface InactivityInput {
  now: number;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type InactivityEvent =
  /**
   * Mouse press, mouse move, key press, key down, scroll, touch start or click at `at` (epoch ms), in
   * this tab or broadcast from another tab of the same session. Restarts both timers when newer than
   * the last activity. Ignored while the warning shows: only Continue Session dismisses it.
   */
  | { type: 'activity'; at: number }
  /** The dialog's "Continue Session" button (or the same choice broadcast from another tab) at `at`. */
  | { type: 'session.continue'; at: number }
  /**
   * The current time: every second from `countdownTicker` while the warning shows, and on
   * visibilitychange / wake. Re-evaluates the deadlines in any state.
   */
  | { type: 'clock.tick'; now: number };

export type InactivityEventType = InactivityEvent['type'];

// ─── States ──────────────────────────────────────────────────────────────────────────────────────

export type InactivityStateValue = 'active' | 'warning' | 'timedOut';

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

/**
 * The 1-second ticker invoked only while the warning shows. The real one (provided by the app) does
 * `sendBack({ type: 'clock.tick', now: Date.now() })` every second and clears its interval on cleanup.
 * The machine's default does nothing.
 */
export type CountdownTickerLogic = CallbackActorLogic<EventObject>;

// ─── For the app's wiring (pure data, no DOM access here) ────────────────────────────────────────

/** The DOM events that count as activity (spec section 4). */
export const ACTIVITY_DOM_EVENTS = ['mousedown', 'mousemove', 'keypress', 'keydown', 'scroll', 'touchstart', 'click'] as const;

export type ActivityDomEvent = (typeof ACTIVITY_DOM_EVENTS)[number];

/** Interval of the countdown ticker, in ms. */
export const COUNTDOWN_TICK_MS = 1000;
