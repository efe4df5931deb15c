import { assign, fromCallback, setup } from 'xstate';
import {
  ACTIVITY_BROADCAST_INTERVAL_MS,
  IDLE_WARNING_MS,
  LOGOUT_COUNTDOWN_SECONDS,
  SESSION_IDLE_LIMIT_MS,
} from '../../src/domain/constants.ts';
import type {
  ActivityMonitorLogic,
  BroadcastParams,
  CountdownTickerLogic,
  InactivityContext,
  InactivityEvent,
  InactivityInput,
} from './inactivity.types.ts';

/** The warning dialog's countdown, in ms (300 s). */
export const LOGOUT_COUNTDOWN_MS = LOGOUT_COUNTDOWN_SECONDS * 1000;

export interface InactivityDeadlines {
  /** When the warning opens: last activity + IDLE_WARNING_MS (50 min). */
  warnAt: number;
  /** When the session ends: the end of the warning's countdown, but never after the hard limit. */
  logoutAt: number;
  /** The hard backstop: last activity + SESSION_IDLE_LIMIT_MS (1 h). */
  hardLimitAt: number;
}

/** All deadlines, derived from the last activity (epoch ms). Pure; the selectors use it too. */
export function deadlinesOf(context: Pick<InactivityContext, 'lastActivityAt'>): InactivityDeadlines {
  const warnAt = context.lastActivityAt + IDLE_WARNING_MS;
  const hardLimitAt = context.lastActivityAt + SESSION_IDLE_LIMIT_MS;
  return { warnAt, logoutAt: Math.min(warnAt + LOGOUT_COUNTDOWN_MS, hardLimitAt), hardLimitAt };
}

const countdownTicker: CountdownTickerLogic = fromCallback(() => {
  // Harmless default: no ticks. The app provides a 1-second ticker that sends `clock.tick`.
  return () => {};
});

const activityMonitor: ActivityMonitorLogic = fromCallback(() => {
  // Harmless default: hears nothing. The app provides one that listens to the DOM and the other tabs.
  return () => {};
});

/**
 * Session inactivity (spec section 4). One actor per signed-in session, a child of the auth machine,
 * which stops it on sign-out.
 */
export const inactivityMachine = setup({
  types: {
    context: {} as InactivityContext,
    events: {} as InactivityEvent,
    input: {} as InactivityInput,
  },
  actors: {
    activityMonitor,
    countdownTicker,
  },
  actions: {
    /** Move `now` forward to `at` (time never runs backwards for this machine). */
    recordTime: assign(({ context }, params: { at: number }) => ({ now: Math.max(context.now, params.at) })),
    /** Activity or Continue at `at`: the last activity (and `now`) move forward to it, so both deadlines move. */
    recordActivity: assign(({ context }, params: { at: number }) => ({
      lastActivityAt: Math.max(context.lastActivityAt, params.at),
      now: Math.max(context.now, params.at),
    })),
    /** This tab told the other tabs of its activity at `at`. */
    recordBroadcast: assign((_, params: BroadcastParams) => ({ lastBroadcastAt: params.at })),
    /** Log out and go to /auth/login. Default does nothing; the app (or the parent) provides it. */
    endSession: () => {},
    /**
     * The user was active (in this tab or another, or pressed Continue): whoever keeps the session
     * alive on the server hears of it. Default does nothing; the auth parent provides it, and
     * refreshes the tokens only after such a report.
     */
    reportActivity: () => {},
    /** Tell the other tabs of this tab's activity at `at`. Default does nothing; the app provides it. */
    broadcastActivity: (_, _params: BroadcastParams) => {},
    /** Tell the other tabs that Continue Session was pressed at `at`. Default does nothing; the app provides it. */
    broadcastContinue: (_, _params: BroadcastParams) => {},
  },
  guards: {
    /** The warning's countdown (or the hard limit) has run out by `now`. */
    isPastLogout: ({ context }) => context.now >= deadlinesOf(context).logoutAt,
    /** The warning time has come by `now`. */
    isPastWarning: ({ context }) => context.now >= deadlinesOf(context).warnAt,
    /** `at` is at or after the warning time: too late to count as activity before the warning. */
    isAtOrPastWarning: ({ context }, params: { at: number }) => params.at >= deadlinesOf(context).warnAt,
    /** `at` is at or after the logout time: the session had already ended by then. */
    isAtOrPastLogout: ({ context }, params: { at: number }) => params.at >= deadlinesOf(context).logoutAt,
    /** `at` is newer than the last activity (stale or duplicate broadcasts change nothing). */
    isNewerActivity: ({ context }, params: { at: number }) => params.at > context.lastActivityAt,
    /**
     * `at` is newer than the last activity, and the other tabs last heard of this tab's activity at least
     * ACTIVITY_BROADCAST_INTERVAL_MS before it: time to tell them again.
     */
    isNewerActivityToBroadcast: ({ context }, params: { at: number }) =>
      params.at > context.lastActivityAt && params.at - context.lastBroadcastAt >= ACTIVITY_BROADCAST_INTERVAL_MS,
  },
  delays: {
    /** Wall-clock time left until the warning opens. */
    untilWarning: ({ context }) => Math.max(0, deadlinesOf(context).warnAt - context.now),
    /** Wall-clock time left until the session ends. */
    untilLogout: ({ context }) => Math.max(0, deadlinesOf(context).logoutAt - context.now),
  },
}).createMachine({
  id: 'inactivity',
  description:
    'Ends an idle session. Any mouse press, mouse move, key press, key down, scroll, touch start or click ' +
    'restarts two timers, counted from the last activity. Decision: the first timer (IDLE_WARNING_MS, 50 min) ' +
    'opens the warning dialog; its 300-second countdown (shown as m:ss) ends the session, so an idle session ' +
    'ends at 55 min. The second timer (SESSION_IDLE_LIMIT_MS, 1 h) is a hard backstop: if the machine finds ' +
    'itself past it (e.g. the tab slept past both deadlines) it ends the session at once, without the dialog. ' +
    'While the warning shows, activity is ignored: only Continue Session dismisses it (WCAG 2.2.1, one explicit ' +
    'action). All deadlines are wall-clock (derived from lastActivityAt and now, epoch ms), never tick counts: ' +
    'timers are named delays computed from context, and every clock.tick (each second during the warning, and ' +
    'on wake) re-judges them, so a tab that sleeps and wakes judges by real time. The inputs arrive from the ' +
    'invoked activityMonitor (this tab, the other tabs of the browser, wake-ups); this tab tells the other tabs ' +
    'of its activity (at most every 15 s) and of Continue Session, so the tabs of one session agree. Every ' +
    'activity that counts, here or in another tab, and every Continue is reported (reportActivity): the auth ' +
    'parent refreshes the tokens only after such a report, so an unattended tab stops extending its session.',
  context: ({ input }) => ({ lastActivityAt: input.now, now: input.now, lastBroadcastAt: 0 }),
  // The inputs are heard for the actor's whole life, on every route: the auth machine runs this
  // machine exactly while someone is signed in.
  invoke: { id: 'activityMonitor', src: 'activityMonitor' },
  initial: 'active',
  states: {
    active: {
      description:
        'The user is active; the warning timer runs (re-armed from the current time on every activity and tick). ' +
        'On entry, passed deadlines are caught at once: past the logout time ends the session, past the warning time opens it.',
      always: [
        { guard: 'isPastLogout', target: 'timedOut' },
        { guard: 'isPastWarning', target: 'warning' },
      ],
      after: {
        untilWarning: {
          target: 'warning',
          // The timer fired, so it is at least the warning time (it may be later if the tab slept; the next tick tells).
          actions: { type: 'recordTime', params: ({ context }) => ({ at: deadlinesOf(context).warnAt }) },
        },
      },
      on: {
        activity: [
          {
            description:
              'Activity stamped at or after the warning time (the timer was held up, e.g. the tab slept): judged by ' +
              'that time, not counted as activity; the eventless transitions open the warning or end the session.',
            guard: { type: 'isAtOrPastWarning', params: ({ event }) => ({ at: event.at }) },
            actions: { type: 'recordTime', params: ({ event }) => ({ at: event.at }) },
          },
          {
            description: 'Newer activity restarts both timers, and the other tabs hear of it (at most every 15 s).',
            guard: { type: 'isNewerActivityToBroadcast', params: ({ event }) => ({ at: event.at }) },
            target: 'active',
            reenter: true,
            actions: [
              { type: 'recordActivity', params: ({ event }) => ({ at: event.at }) },
              { type: 'broadcastActivity', params: ({ event }) => ({ at: event.at }) },
              { type: 'recordBroadcast', params: ({ event }) => ({ at: event.at }) },
              'reportActivity',
            ],
          },
          {
            description: 'Newer activity soon after the last broadcast: restarts both timers, the other tabs already know.',
            guard: { type: 'isNewerActivity', params: ({ event }) => ({ at: event.at }) },
            target: 'active',
            reenter: true,
            actions: [{ type: 'recordActivity', params: ({ event }) => ({ at: event.at }) }, 'reportActivity'],
          },
        ],
        'tab.activity': [
          {
            description: 'Another tab’s activity stamped at or after the warning time: judged by that time, not counted.',
            guard: { type: 'isAtOrPastWarning', params: ({ event }) => ({ at: event.at }) },
            actions: { type: 'recordTime', params: ({ event }) => ({ at: event.at }) },
          },
          {
            description: 'Another tab’s newer activity restarts both timers (not passed on again).',
            guard: { type: 'isNewerActivity', params: ({ event }) => ({ at: event.at }) },
            target: 'active',
            reenter: true,
            actions: [{ type: 'recordActivity', params: ({ event }) => ({ at: event.at }) }, 'reportActivity'],
          },
        ],
        'tab.continue': [
          {
            description: 'A Continue from another tab that arrives after the session had already ended by wall clock.',
            guard: { type: 'isAtOrPastLogout', params: ({ event }) => ({ at: event.at }) },
            target: 'timedOut',
            actions: { type: 'recordTime', params: ({ event }) => ({ at: event.at }) },
          },
          {
            description: 'Continue from another tab: restarts both timers.',
            target: 'active',
            reenter: true,
            actions: [{ type: 'recordActivity', params: ({ event }) => ({ at: event.at }) }, 'reportActivity'],
          },
        ],
        'clock.tick': {
          description:
            'The time now (e.g. on wake): re-arms the warning timer with the real time left; the eventless ' +
            'transitions catch deadlines that passed while timers were held up.',
          target: 'active',
          reenter: true,
          actions: { type: 'recordTime', params: ({ event }) => ({ at: event.now }) },
        },
      },
    },
    warning: {
      description:
        'The Session Timeout Warning dialog shows a 300-second countdown (m:ss). Only Continue Session dismisses it; ' +
        'activity is ignored. The 1-second countdownTicker runs only here.',
      invoke: { id: 'countdownTicker', src: 'countdownTicker' },
      always: { guard: 'isPastLogout', target: 'timedOut' },
      after: {
        untilLogout: {
          target: 'timedOut',
          actions: { type: 'recordTime', params: ({ context }) => ({ at: deadlinesOf(context).logoutAt }) },
        },
      },
      on: {
        activity: {
          description: 'Ignored: only an explicit Continue Session dismisses the warning (WCAG 2.2.1).',
        },
        'tab.activity': {
          description: 'Ignored: activity elsewhere does not dismiss the warning either; a Continue there does.',
        },
        'session.continue': [
          {
            description: 'Continue pressed after the countdown had run out by wall clock: too late.',
            guard: { type: 'isAtOrPastLogout', params: ({ event }) => ({ at: event.at }) },
            target: 'timedOut',
            actions: { type: 'recordTime', params: ({ event }) => ({ at: event.at }) },
          },
          {
            description: 'Continue Session: dismisses the dialog, restarts both timers and dismisses the other tabs’ dialogs.',
            target: 'active',
            actions: [
              { type: 'recordActivity', params: ({ event }) => ({ at: event.at }) },
              { type: 'broadcastContinue', params: ({ event }) => ({ at: event.at }) },
              'reportActivity',
            ],
          },
        ],
        'tab.continue': [
          {
            description: 'Continue pressed in another tab after the countdown had run out by wall clock: too late.',
            guard: { type: 'isAtOrPastLogout', params: ({ event }) => ({ at: event.at }) },
            target: 'timedOut',
            actions: { type: 'recordTime', params: ({ event }) => ({ at: event.at }) },
          },
          {
            description: 'Continue Session in another tab: dismisses this dialog too and restarts both timers.',
            target: 'active',
            actions: [{ type: 'recordActivity', params: ({ event }) => ({ at: event.at }) }, 'reportActivity'],
          },
        ],
        'clock.tick': {
          description: 'Moves the countdown; the eventless transition ends the session at 0:00.',
          actions: { type: 'recordTime', params: ({ event }) => ({ at: event.now }) },
        },
      },
    },
    timedOut: {
      description:
        'The session ended for inactivity: endSession logs out and goes to /auth/login. Ignores every further ' +
        'event; not a final state, the parent stops this actor on sign-out.',
      entry: 'endSession',
    },
  },
});

export type InactivityMachine = typeof inactivityMachine;
