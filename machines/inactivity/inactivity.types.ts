import type { CallbackActorLogic, EventObject } from 'xstate';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Plain JSON. All fields are wall-clock epoch milliseconds; every deadline is derived from them
 * (see `deadlinesOf` in inactivity.machine.ts), never counted in ticks, so a tab that sleeps and wakes
 * judges by real time.
 */
export interface InactivityContext {
  /** When the user was last active (in this tab or in another tab of the same browser). */
  lastActivityAt: number;
  /** The latest time the machine has been told (by input, an event or a fired timer). Never moves back. */
  now: number;
  /** When this tab last told the other tabs of its activity (0: never); the broadcast throttle reads it. */
  lastBroadcastAt: number;
}

// ─── Input ───────────────────────────────────────────────────────────────────────────────────────

/** `now` is the start time, which counts as the last activity (the user just signed in or came back). */
export interface InactivityInput {
  now: number;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

/** What the activity monitor reports (see {@link ActivityMonitorLogic}). */
export type ActivityMonitorEvent =
  /**
   * This tab's user at `at` (epoch ms): a mouse press, mouse move, key press, key down, scroll, touch
   * start or click. Restarts both timers when newer than the last activity; told to the other tabs at
   * most every ACTIVITY_BROADCAST_INTERVAL_MS. Ignored while the warning shows.
   */
  | { type: 'activity'; at: number }
  /** Activity in another tab of this browser at `at`: restarts both timers, is not passed on. */
  | { type: 'tab.activity'; at: number }
  /** "Continue Session" pressed in another tab at `at`: dismisses this tab's warning too. */
  | { type: 'tab.continue'; at: number }
  /**
   * The current time: every second from `countdownTicker` while the warning shows, and when the tab
   * becomes visible again (wake). Re-evaluates the deadlines in any state.
   */
  | { type: 'clock.tick'; now: number };

export type InactivityEvent =
  | ActivityMonitorEvent
  /** The dialog's "Continue Session" button in this tab at `at`; told to the other tabs. */
  | { type: 'session.continue'; at: number };

export type InactivityEventType = InactivityEvent['type'];

// ─── States ──────────────────────────────────────────────────────────────────────────────────────

export type InactivityStateValue = 'active' | 'warning' | 'timedOut';

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

/**
 * The machine's inputs, invoked for the actor's whole life. The app's one listens to the DOM events of
 * ACTIVITY_DOM_EVENTS (reporting `activity` at most every ACTIVITY_REPORT_INTERVAL_MS), to
 * `visibilitychange` (a `clock.tick` when the tab shows again) and to the other tabs (`tab.activity`,
 * `tab.continue`), and removes every listener on cleanup. The machine's default listens to nothing.
 */
export type ActivityMonitorLogic = CallbackActorLogic<EventObject>;

/**
 * The 1-second ticker invoked only while the warning shows. The real one (provided by the app) does
 * `sendBack({ type: 'clock.tick', now: Date.now() })` every second and clears its interval on cleanup.
 * The machine's default does nothing.
 */
export type CountdownTickerLogic = CallbackActorLogic<EventObject>;

/** What the broadcast actions tell the other tabs. */
export interface BroadcastParams {
  at: number;
}

// ─── For the app's wiring (pure data, no DOM access here) ────────────────────────────────────────

/** The DOM events that count as activity (spec section 4). */
export const ACTIVITY_DOM_EVENTS = ['mousedown', 'mousemove', 'keypress', 'keydown', 'scroll', 'touchstart', 'click'] as const;

export type ActivityDomEvent = (typeof ACTIVITY_DOM_EVENTS)[number];

/** Interval of the countdown ticker, in ms. */
export const COUNTDOWN_TICK_MS = 1000;
