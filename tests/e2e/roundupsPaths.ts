/**
 * The round-ups machine's shortest paths, limited to what a user (or the server) can do in the
 * browser, for tests/e2e/roundupsPaths.test.ts to replay through the real UI, as
 * form11FlowPaths.ts does for the guided flow.
 *
 * `getShortestPaths` (xstate/graph) walks the machine with the events below and keeps, for every
 * state value, the shortest path to it. The events are the ones the UI can cause on /roundups
 * (Confirm, Decline, "Save limits" with a weekly cap of €10, Retry, Close, "Set up now"), the
 * Round-ups switch on /linked-bank-accounts, and the server's answers to requests the test holds:
 * let through (ok), or a refusal the server gives (402: the bank declined the collection; 409:
 * no pension plan ID at the server).
 *
 * Left out, because a user cannot cause them on purpose: a rejected actor (the API client turns
 * every failure into data, so only a bug rejects), a fetch that partly fails, and the hourly and
 * snooze timers (the snooze is replayed as its own path with the page's clock: `snoozePath`).
 * `roundups.refresh` (a bank link completing) and `session.user.changed` lead only to states the
 * shorter paths reach.
 */
import { type EventObject, type SnapshotFrom, initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { roundupsMachine } from '../../machines/roundups/roundups.machine.ts';
import type { RoundupsEvent, RoundupsInput } from '../../machines/roundups/roundups.types.ts';
import * as m from '../../src/domain/schemas/messages.ts';
import { pathId } from '../support/pathId.ts';

export type RoundupsSnapshot = SnapshotFrom<typeof roundupsMachine>;

/** The Round-ups switch the walk turns (the test maps it to the current account of a bank). */
export const SWITCHED_ACCOUNT = 'switched-account';
/** What "Save limits" saves. */
export const WEEKLY_CAP = 10;

export type Refusal = { status: 402 | 409; message: string };
export const DECLINED: Refusal = { status: 402, message: m.ROUNDUPS_DECLINED };
export const PLAN_MISSING: Refusal = { status: 409, message: m.PENSION_PLAN_REQUIRED_TEXT };

/** A step as the UI causes it. */
export type UiEvent =
  | { kind: 'load' }
  | { kind: 'confirm' }
  | { kind: 'decline' }
  | { kind: 'switch'; on: boolean }
  | { kind: 'saveCap' }
  | { kind: 'retry' }
  | { kind: 'dismiss' }
  | { kind: 'setUpPlan' }
  | { kind: 'respond'; request: 'apply' | 'clear' | 'account' | 'settings'; refusal: Refusal | null }
  | { kind: 'clock'; hoursAfterClosing: number }
  /** Not a machine event: the app opened afresh (a new round-ups actor; this device remembers when the prompt was closed). */
  | { kind: 'reopen'; hoursAfterClosing: number };

export interface UiStep {
  event: UiEvent;
  /** The machine event the walk sent (the test sends the same with the real answers and times). */
  machineEvent: EventObject;
  words: string;
  /** The walk's state after the step. */
  target: string;
}

export interface UiPath {
  /** Stable id (`roundups-<6 hex>`): a hash of the steps, never the position. */
  id: string;
  target: string;
  steps: UiStep[];
}

export function dotted(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${key}.${dotted(inner)}`;
}

const refusedOutput = (refusal: Refusal) => ({ ok: false, error: { status: refusal.status, message: refusal.message, source: 'server' } });

/** What the UI (and the server) can do in `snapshot`, as machine events with stand-in payloads. */
function uiEvents(snapshot: RoundupsSnapshot): RoundupsEvent[] {
  const events: (EventObject & Record<string, unknown>)[] = [];
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  switch (snapshot.value) {
    case 'loading':
      events.push(done('loadData', { accounts: { ok: true, data: [] }, graph: { ok: true, data: { labels: [], datasets: [] } }, settings: { ok: true, data: null }, now: 0 }));
      break;
    case 'idle':
      events.push(
        { type: 'roundups.confirm', key: 'key', at: 0 },
        { type: 'roundups.decline', at: 0 },
        { type: 'account.update', id: SWITCHED_ACCOUNT, changes: { roundups: false } },
        { type: 'settings.save', changes: { weekly_cap: WEEKLY_CAP } },
      );
      break;
    case 'planRequired':
      events.push({ type: 'roundups.setUpPlan' }, { type: 'roundups.dismiss' });
      break;
    case 'applying':
      events.push(done('applyRoundups', { ok: true, answer: {}, now: 0 }), done('applyRoundups', refusedOutput(DECLINED)), done('applyRoundups', refusedOutput(PLAN_MISSING)));
      break;
    case 'declining':
      events.push(done('clearRoundups', { ok: true, answer: {}, now: 0 }));
      break;
    case 'updatingAccount':
      events.push(done('updateAccount', { ok: true, account: {} }));
      break;
    case 'savingSettings':
      events.push(done('saveSettings', { ok: true, settings: {} }));
      break;
    case 'failed':
      events.push({ type: 'roundups.retry' }, { type: 'roundups.dismiss' });
      break;
  }
  return events as RoundupsEvent[];
}

function uiEventOf(event: EventObject): UiEvent {
  const e = event as EventObject & { output?: { ok: boolean; error?: { status: number } }; changes?: { roundups?: boolean } };
  const refusal = e.output && !e.output.ok ? (e.output.error?.status === 409 ? PLAN_MISSING : DECLINED) : null;
  switch (e.type) {
    case 'xstate.done.actor.loadData':
      return { kind: 'load' };
    case 'roundups.confirm':
      return { kind: 'confirm' };
    case 'roundups.decline':
      return { kind: 'decline' };
    case 'account.update':
      return { kind: 'switch', on: e.changes?.roundups === true };
    case 'settings.save':
      return { kind: 'saveCap' };
    case 'roundups.retry':
      return { kind: 'retry' };
    case 'roundups.dismiss':
      return { kind: 'dismiss' };
    case 'roundups.setUpPlan':
      return { kind: 'setUpPlan' };
    case 'xstate.done.actor.applyRoundups':
      return { kind: 'respond', request: 'apply', refusal };
    case 'xstate.done.actor.clearRoundups':
      return { kind: 'respond', request: 'clear', refusal };
    case 'xstate.done.actor.updateAccount':
      return { kind: 'respond', request: 'account', refusal };
    case 'xstate.done.actor.saveSettings':
      return { kind: 'respond', request: 'settings', refusal };
    case 'clock.tick':
      return { kind: 'clock', hoursAfterClosing: (e as EventObject & { hours?: number }).hours ?? 0 };
    case 'page.reopened':
      return { kind: 'reopen', hoursAfterClosing: (e as EventObject & { hours?: number }).hours ?? 0 };
  }
  throw new Error(`No UI action for ${e.type}`);
}

/** How QA reads a step. */
export function uiWords(event: UiEvent): string {
  const request = { apply: 'POST /roundups/apply', clear: 'POST /roundups/clear', account: 'PATCH /accounts/{id}', settings: 'PATCH /roundups/settings' } as const;
  switch (event.kind) {
    case 'load':
      return 'GET /accounts, /graph and /roundups/settings answer';
    case 'confirm':
      return 'Press Confirm (on /roundups, or the banner on other screens)';
    case 'decline':
      return 'Press Decline (on /roundups, or the banner on other screens)';
    case 'switch':
      return `Turn round-ups ${event.on ? 'on' : 'off'} for an account on /linked-bank-accounts`;
    case 'saveCap':
      return `Type a weekly cap of €${WEEKLY_CAP} on /roundups and press "Save limits"`;
    case 'retry':
      return 'Press Retry';
    case 'dismiss':
      return 'Press Close (or the alert’s close button)';
    case 'setUpPlan':
      return 'Press "Set up now" on the pension-plan alert';
    case 'respond':
      return `${request[event.request]} ${event.refusal ? `is refused (${event.refusal.status})` : 'succeeds'}`;
    case 'clock':
      return `The page becomes visible again ${event.hoursAfterClosing} hours after the prompt was closed`;
    case 'reopen':
      return `Open the app again ${event.hoursAfterClosing} hours after the prompt was closed (a remembered session)`;
  }
}

const step = (event: EventObject, target: string): UiStep => {
  const ui = uiEventOf(event);
  return { event: ui, machineEvent: event, words: uiWords(ui), target };
};

const named = (steps: UiStep[], target: string): UiPath => ({ id: pathId(roundupsMachine.id, ['browser', ...steps.map((s) => JSON.stringify(s.event))]), target, steps });

/** The shortest UI path to every state value reachable from `input`. */
export function shortestUiPaths(input: RoundupsInput): UiPath[] {
  const paths = getShortestPaths(roundupsMachine, {
    input,
    events: uiEvents,
    // What decides later branches: the state, the failed request, whether the user has a plan ID.
    serializeState: (snapshot) => JSON.stringify([dotted(snapshot.value), snapshot.context.failed, Boolean(snapshot.context.user.pension_plan_id)]),
  });
  const shortest = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    const value = dotted(path.state.value);
    const known = shortest.get(value);
    if (!known || path.steps.length < known.steps.length) shortest.set(value, path);
  }
  return [...shortest.values()].map((path) => {
    // The first step is the start itself (xstate.init).
    const steps = path.steps.slice(1).map((s) => step(s.event, dotted(s.state.value)));
    return named(steps, dotted(path.state.value));
  });
}

/**
 * The snooze, as its own path: with round-ups off for one account, Decline (the others' round-ups
 * are declined and the prompt closes for a day); round-ups on again for that account, so more than
 * €20 is pending. The page becomes visible 45 minutes after closing: still closed. The app is
 * opened again 23½ hours after closing (an hour away from the page signs out for inactivity, so a
 * day later is a new visit): still closed, from what this device remembers. The page becomes
 * visible again 24 hours and a minute after closing: the prompt shows. `hours` on `clock.tick` and
 * `page.reopened` (not a machine event: a new actor) tells the test where to set the page's clock.
 */
export function snoozePath(input: RoundupsInput): UiPath {
  const loaded = { type: 'xstate.done.actor.loadData', output: { accounts: { ok: true, data: [] }, graph: { ok: true, data: { labels: [], datasets: [] } }, settings: { ok: true, data: null }, now: 0 } };
  const events: (EventObject & Record<string, unknown>)[] = [
    loaded,
    { type: 'account.update', id: SWITCHED_ACCOUNT, changes: { roundups: false } },
    { type: 'xstate.done.actor.updateAccount', output: { ok: true, account: {} } },
    { type: 'roundups.decline', at: 0 },
    { type: 'xstate.done.actor.clearRoundups', output: { ok: true, answer: {}, now: 0 } },
    loaded,
    { type: 'account.update', id: SWITCHED_ACCOUNT, changes: { roundups: true } },
    { type: 'xstate.done.actor.updateAccount', output: { ok: true, account: {} } },
    { type: 'clock.tick', now: 0, hours: 0.75 },
    { type: 'page.reopened', hours: 23.5 },
    loaded,
    { type: 'clock.tick', now: 0, hours: 24.02 },
  ];
  let [snapshot] = initialTransition(roundupsMachine, input);
  const steps: UiStep[] = [];
  for (const event of events) {
    if (event.type === 'page.reopened') [snapshot] = initialTransition(roundupsMachine, input);
    else [snapshot] = transition(roundupsMachine, snapshot, event as RoundupsEvent);
    steps.push(step(event, dotted(snapshot.value)));
  }
  return named(steps, 'idle (the snooze ends)');
}
