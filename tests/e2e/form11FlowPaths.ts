/**
 * The guided flow machine's shortest paths, limited to what a user can do in the browser, for
 * tests/e2e/form11FlowPaths.test.ts to replay through the real UI. This is also the list QA reads:
 * `browserPaths` gives every path its stable id and each step its words, and docs/paths/form11Flow.md
 * lists the same paths under the same ids (tests/machines/form11Flow.model.ts), so a browser test's
 * name is the path QA reads.
 *
 * `getShortestPaths` (xstate/graph) walks the machine with the events below and keeps, for every
 * state the walk reaches (keyed by its state value), the shortest event path to it. The events are
 * the ones the UI can cause, each named so the test can map it to an action:
 *
 * - `flow.start` — the Tax Refund page's For Advanced Use with two pages ticked, then Continue
 *   (the questionnaire sends the same event with its year); over an unfinished claim it brings up
 *   the flow's question, answered with `replace.confirm` / `replace.cancel` in its dialog;
 * - `flow.resume` — "Continue previous application"; `flow.retry` — "Try again" on /tax-refund-submitted;
 * - `step.submit` / `step.next` — a page's Next (filled in) / its Skip button, on the page the flow is on;
 *   from `idle` also a page opened on its own and saved (posted at once); Next with nothing entered
 *   brings up "Skip this page?", answered with `skip.confirm` / `skip.cancel` in its dialog;
 * - `xstate.done.actor.navigateTo` — the router arriving (it does so by itself);
 * - `xstate.done.actor.postAnswer` / `postAllAnswers` — the server's answer to a held request:
 *   let through (ok) or answered 422 (refused).
 *
 * Left out, because a user cannot cause them on purpose: an aborted router navigation (another
 * navigation superseding setup's at the same instant), and a rejected post actor (the API client
 * turns every failure into data, so only a bug rejects). The states only those lead to are listed in
 * UNREACHABLE_FROM_THE_UI with the reason, and the machine tests (tests/machines) cover them.
 */
import { __unsafe_getAllOwnEventDescriptors, transition, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { form11FlowMachine } from '../../machines/form11Flow/form11Flow.machine.ts';
import type { Form11FlowEvent, Form11FlowInput } from '../../machines/form11Flow/form11Flow.types.ts';
import { FORM_PAGES, type FormSlug } from '../../src/domain/catalogue.ts';
import { FORM11_PROGRESS_VERSION, type Form11Progress, type JsonValue } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { pathId } from '../support/pathId.ts';

export type FlowSnapshot = SnapshotFrom<typeof form11FlowMachine>;

/** The two pages the walk's flow is made of (For Advanced Use: Health Expenses and Rent Tax Credit). */
export const SELECTION = ['health-expenses', 'rent-tax-credit'] as const;
/** A page opened on its own from `idle`, saved, and where it returns to afterwards. */
export const OUTSIDE: { route: Form11FlowRoute; returnTo: string } = { route: '/form11/health-expenses', returnTo: '/tax-refund-options' };

/** A step as the UI causes it. */
export type UiEvent =
  | { kind: 'start' }
  | { kind: 'confirm' }
  | { kind: 'keep' }
  | { kind: 'resume' }
  | { kind: 'retry' }
  | { kind: 'submit'; route: Form11FlowRoute; onItsOwn: boolean }
  | { kind: 'submitEmpty'; route: Form11FlowRoute }
  | { kind: 'skipConfirm' }
  | { kind: 'skipCancel' }
  | { kind: 'skip'; route: Form11FlowRoute }
  | { kind: 'arrive' }
  | { kind: 'respond'; request: 'answer' | 'answer-multiple'; ok: boolean };

export interface UiStep {
  event: UiEvent;
  /** The machine event the walk sent for it (what the UI makes the app send, or the actor's answer). */
  machineEvent: EventObject;
  /** What the user does (or how the router or the server answers), as QA reads it. */
  words: string;
  /** The machine's state after the step. */
  state: FlowSnapshot;
}

export interface UiPath {
  /** Stable id (`form11Flow-<6 hex>`): a hash of where the path starts and its steps, never its position. */
  id: string;
  /** How the path starts, as QA reads it. */
  start: string;
  /** The state value the path leads to, dotted (`inFlow.stepping.unsent`). */
  target: string;
  /** The saved progress the browser starts from (null: none). */
  saved: Form11Progress | null;
  initial: FlowSnapshot;
  steps: UiStep[];
}

/** States the UI cannot bring about on purpose, and why; every other state must get a path. */
export const UNREACHABLE_FROM_THE_UI: Readonly<Record<string, string>> = {
  'inFlow.settingUp.retrying':
    'Entered only when the router reports setup’s navigation aborted (another navigation superseded it at the same instant); no user action does that deterministically.',
};

/**
 * States the machine only passes through (eventless `always`), never resting in them, so no path
 * ends there: `restoring` (startup), `settling` (after a page posted on its own), `inFlow.advancing`
 * (Next). Their effects are what the following state shows.
 */
export const TRANSIENT = ['restoring', 'settling', 'inFlow.advancing'] as const;

export function dotted(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${key}.${dotted(inner)}`;
}

/** The answer a page is submitted with: its "Fill Mock Data" sample (the browser types the same pages' samples). */
const sampleAnswer = (route: Form11FlowRoute): JsonValue => form11Sample(route.slice('/form11/'.length) as FormSlug) as JsonValue;

/** What the UI can send in `snapshot`, as machine events; the walk's `year` is filled in by the caller's input. */
function uiEvents(year: number) {
  // Internal events (an actor's output) are not in the machine's event type; the walk sends them all the same.
  return (snapshot: FlowSnapshot): Form11FlowEvent[] => {
    const value = dotted(snapshot.value);
    const { routes, currentRouteIndex } = snapshot.context;
    const current = routes[currentRouteIndex];
    const events: EventObject[] = [];
    // For Advanced Use starts for the year the page offers first.
    const start: Form11FlowEvent = { type: 'flow.start', selection: [...SELECTION] };
    if (value === 'idle') {
      const fromIdle: Form11FlowEvent[] = [start, { type: 'step.submit', route: OUTSIDE.route, data: sampleAnswer(OUTSIDE.route), callback: OUTSIDE.returnTo, year }];
      events.push(...fromIdle);
    }
    if (value === 'inFlow.stepping.atStep' && current) {
      const step: Form11FlowEvent[] = [
        { type: 'step.submit', route: current, data: sampleAnswer(current) },
        { type: 'step.submit', route: current, data: {} },
        { type: 'step.next', route: current },
        { type: 'flow.resume' },
        start,
      ];
      events.push(...step);
    }
    if (value === 'confirmingSkip') events.push({ type: 'skip.confirm' }, { type: 'skip.cancel' });
    if (value === 'inFlow.stepping.confirmingReplace') events.push({ type: 'replace.confirm' }, { type: 'replace.cancel' });
    if (value === 'inFlow.stepping.unsent') events.push({ type: 'flow.retry' });
    for (const type of __unsafe_getAllOwnEventDescriptors(snapshot) as string[]) {
      const done = (output: unknown): EventObject => ({ type, output }) as EventObject;
      if (type === 'xstate.done.actor.navigateTo') events.push(done({ aborted: false }));
      if (type === 'xstate.done.actor.postAnswer' || type === 'xstate.done.actor.postAllAnswers') {
        events.push(done({ ok: true, entry: null }), done({ ok: false, error: { status: 422, message: 'refused', source: 'server' } }));
      }
    }
    return events as Form11FlowEvent[];
  };
}

/** How the UI causes `event`, applied to `before`. */
function uiEventOf(event: EventObject, before: FlowSnapshot): UiEvent {
  const e = event as EventObject & { route?: Form11FlowRoute; output?: { ok?: boolean } };
  switch (e.type) {
    case 'flow.start':
      return { kind: 'start' };
    case 'replace.confirm':
      return { kind: 'confirm' };
    case 'replace.cancel':
      return { kind: 'keep' };
    case 'flow.resume':
      return { kind: 'resume' };
    case 'flow.retry':
      return { kind: 'retry' };
    case 'skip.confirm':
      return { kind: 'skipConfirm' };
    case 'skip.cancel':
      return { kind: 'skipCancel' };
    case 'step.submit': {
      const data = (e as EventObject & { data?: JsonValue }).data;
      if (typeof data === 'object' && data !== null && Object.keys(data).length === 0) return { kind: 'submitEmpty', route: e.route! };
      return { kind: 'submit', route: e.route!, onItsOwn: !before.context.routes.includes(e.route!) };
    }
    case 'step.next':
      return { kind: 'skip', route: e.route! };
    case 'xstate.done.actor.navigateTo':
      return { kind: 'arrive' };
    case 'xstate.done.actor.postAnswer':
      return { kind: 'respond', request: 'answer', ok: e.output?.ok === true };
    case 'xstate.done.actor.postAllAnswers':
      return { kind: 'respond', request: 'answer-multiple', ok: e.output?.ok === true };
  }
  throw new Error(`No UI action for ${e.type}`);
}

const pageTitle = (route: Form11FlowRoute) => FORM_PAGES[route.slice('/form11/'.length) as FormSlug].title;

/** How QA reads a step. */
export function uiWords(event: UiEvent): string {
  switch (event.kind) {
    case 'start':
      return `Open /tax-refund-questions, press "For Advanced Use", tick ${SELECTION.map((slug) => FORM_PAGES[slug].title).join(' and ')}, press "Continue"`;
    case 'confirm':
      return 'Press "Start a new claim" in the dialog';
    case 'keep':
      return 'Press "Keep my unfinished claim" in the dialog';
    case 'resume':
      return 'Open /tax-refund-questions and press "Continue previous application"';
    case 'retry':
      return 'Press "Try again" on /tax-refund-submitted';
    case 'submit':
      return event.onItsOwn
        ? `Open ${event.route}?returnTo=${OUTSIDE.returnTo} directly, fill it in and press "Save"`
        : `Fill in ${pageTitle(event.route)} and press "Next"`;
    case 'submitEmpty':
      return `Press "Next" on ${pageTitle(event.route)} with nothing entered`;
    case 'skipConfirm':
      return 'Press "Skip this page" in the dialog';
    case 'skipCancel':
      return 'Press "Enter amounts" in the dialog';
    case 'skip':
      return `Press "Skip ${pageTitle(event.route)}"`;
    case 'arrive':
      return 'The page opens';
    case 'respond':
      return `POST /${event.request} ${event.ok ? 'succeeds' : 'is refused (422)'}`;
  }
}

/** A step as the walk took it: the UI's cause, the machine's event, the words, the state after. */
function uiStep(event: EventObject, before: FlowSnapshot, state: FlowSnapshot): UiStep {
  const ui = uiEventOf(event, before);
  return { event: ui, machineEvent: event, words: uiWords(ui), state };
}

/** The id and the opening words of a path: where it starts and its steps (the user, the year and the answers are the caller's). */
function named(saved: Form11Progress | null, steps: readonly UiStep[]): { id: string; start: string } {
  const id = pathId(form11FlowMachine.id, ['browser', saved ? `saved at ${saved.routes[saved.currentRouteIndex]}` : 'fresh', ...steps.map((s) => JSON.stringify(s.event))]);
  const start = saved
    ? `Signed in, with a flow saved on this device (an older save that posted each answer at once, ${saved.routes.length} pages): open ${saved.routes[saved.currentRouteIndex]}`
    : 'Signed in, nothing saved on this device: open /tax-refund-questions';
  return { id, start };
}

/** The shortest UI path to every state reachable from `input` (one per state value). */
export function shortestUiPaths(input: Form11FlowInput): UiPath[] {
  const paths = getShortestPaths(form11FlowMachine, {
    input,
    events: uiEvents(input.defaultYear),
    // The walk tells apart what decides later branches (which page, what is kept, which flow); the
    // shortest of those paths per state value is kept below.
    serializeState: (snapshot) => {
      const c = snapshot.context;
      // A sent claim too: else `idle` after sending stands for the start, and the steps' snapshots QA reads say so.
      return JSON.stringify([dotted(snapshot.value), c.routes, c.currentRouteIndex, c.replayIndex, Object.keys(c.formData), c.pendingStart?.kind ?? null, c.submitted !== null]);
    },
  });
  const shortest = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    const value = dotted(path.state.value);
    const known = shortest.get(value);
    if (!known || path.steps.length < known.steps.length) shortest.set(value, path);
  }
  return [...shortest.values()].map((path) => {
    const [first, ...rest] = path.steps;
    const initial = first!.state;
    let before = initial;
    const steps = rest.map((step) => {
      const ui = uiStep(step.event, before, step.state);
      before = step.state;
      return ui;
    });
    const saved = input.saved ?? null;
    return { ...named(saved, steps), target: dotted(path.state.value), saved, initial, steps };
  });
}

/**
 * A path one UI step longer: for an outcome the shortest paths leave out because its state is
 * reached sooner another way (`idle` after a page saved on its own, or after the claim was sent).
 */
export function extendPath(path: UiPath, event: EventObject): UiPath {
  const before = path.steps.at(-1)?.state ?? path.initial;
  const [state] = transition(form11FlowMachine, before, event as Form11FlowEvent);
  const steps = [...path.steps, uiStep(event, before, state)];
  return { ...path, ...named(path.saved, steps), target: dotted(state.value), steps };
}

/** An older save of a flow that posted each answer at once: it resumes as any flow does, keeping its answers until the end. */
export function savedPostingAtOnce(ownerId: string, year: number): Form11Progress {
  return {
    version: FORM11_PROGRESS_VERSION,
    ownerId,
    year,
    routes: ['/form11/health-expenses', '/form11/rent-tax-credit'],
    currentRouteIndex: 0,
    isFromQuestionnaire: false,
    formData: {},
    selectedForms: ['health-expenses', 'rent-tax-credit'],
    selectedIncomeTypes: [],
  };
}

/**
 * The paths the browser replays: the shortest to every state from a fresh start; from an older
 * saved flow, the states only it leads to and the restore itself; and the two ways back to `idle`
 * the shortest paths leave out (after a page saved on its own, and after the claim was sent).
 */
export function browserPaths(options: { userId: string; year: number }): UiPath[] {
  const input: Form11FlowInput = { userId: options.userId, defaultYear: options.year, claimYears: [options.year, options.year - 1, options.year - 2, options.year - 3] };
  const fresh = shortestUiPaths(input);
  const reached = new Set(fresh.map((path) => path.target));
  const saved = shortestUiPaths({ ...input, saved: savedPostingAtOnce(options.userId, options.year) }).filter((path) => !reached.has(path.target) || path.steps.length === 0);
  const ok = (actor: 'postAnswer' | 'postAllAnswers') => ({ type: `xstate.done.actor.${actor}`, output: { ok: true, entry: null } });
  const backToIdle = [
    extendPath(fresh.find((path) => path.target === 'single')!, ok('postAnswer')),
    extendPath(fresh.find((path) => path.target === 'inFlow.sendingAll')!, ok('postAllAnswers')),
  ];
  return [...fresh, ...saved, ...backToIdle];
}
