/**
 * For QA: the shortest path to each resting state of the guided flow, as a list of steps a browser
 * test can replay through the real UI. Each step is one of
 * - `user`: something the user does (its `action` says what; `event` is what the screen sends),
 * - `outcome`: how the router or the server answers an invoked actor (`arrived`/`aborted`, `ok`/`refused`).
 *
 * Only events the real UI can produce are offered: a start with nothing chosen never reaches the flow
 * (the questionnaire goes to /tax-refund-options itself; "For Advanced Use" refuses an empty
 * Continue), and a start over an unfinished claim is the flow's question, answered in its dialog.
 *
 * Built with xstate/graph's getShortestPaths; imported by tests only, never by the app.
 */
import { __unsafe_getAllOwnEventDescriptors, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { categoryTitle, type FormSlug, type IncomeTypeId } from '../../src/domain/catalogue.ts';
import type { Form11Progress, JsonValue } from '../../src/domain/form11Progress.ts';
import { stepKeyOf, type Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { form11FlowMachine } from './form11Flow.machine.ts';
import type { Form11FlowEvent, Form11FlowInput, NavigationOutcome, PostResult } from './form11Flow.types.ts';

type Snapshot = SnapshotFrom<typeof form11FlowMachine>;

export type FlowActorId = 'navigateTo' | 'postAnswer' | 'postAllAnswers';

export type FlowPathStep =
  | { kind: 'user'; action: string; event: Form11FlowEvent }
  | {
      kind: 'outcome';
      action: string;
      actor: FlowActorId;
      result: 'arrived' | 'aborted' | 'ok' | 'refused';
      /** What the actor resolves with. */
      output: NavigationOutcome | PostResult;
      /** The machine's view: `xstate.done.actor.<id>` with that output. */
      event: EventObject;
    };

export interface Form11FlowPath {
  /** The resting state reached, as a dotted path (`inFlow.stepping.unsent`). */
  state: string;
  steps: FlowPathStep[];
  /** The steps' actions joined, for a test name. */
  description: string;
}

export interface FlowPathOptions {
  userId: string;
  /** The claim year offered first (the advanced options start for it); the questionnaire path is taken for the year before. */
  year: number;
  /** Start from this saved progress (as after a reload), instead of from nothing. */
  saved?: Form11Progress | null;
}

/** Two questionnaire pages, answered Yes (both have a question). */
export const QA_QUESTIONNAIRE_SELECTION: readonly FormSlug[] = ['health-expenses', 'rent-tax-credit'];
/** "For Advanced Use": one page and one income type (which leads to the final form). */
export const QA_ADVANCED_SELECTION: readonly (FormSlug | IncomeTypeId)[] = ['tuition-fees', 'rental-income'];
/** A page submitted on its own (not in either flow), with the returnTo it was opened with. */
export const QA_OUTSIDE_ROUTE: Form11FlowRoute = '/form11/remote-working-relief';
export const QA_OUTSIDE_RETURN_TO = '/landing';

const titles = (selection: readonly string[]) => selection.map((c) => categoryTitle(c as FormSlug | IncomeTypeId)).join(', ');
const pageTitle = (route: Form11FlowRoute) => (stepKeyOf(route) === 'final-form' ? 'the final form' : categoryTitle(stepKeyOf(route) as FormSlug));

/** The "Fill Mock Data" sample of a page; the final form gets one per chosen income type. */
export function sampleAnswer(route: Form11FlowRoute, incomeTypes: readonly IncomeTypeId[]): JsonValue {
  const key = stepKeyOf(route);
  if (key === 'final-form') return Object.fromEntries(incomeTypes.map((id) => [id, form11Sample(id) as JsonValue]));
  return form11Sample(key) as JsonValue;
}

function startStep(fromQuestionnaire: boolean, options: FlowPathOptions): FlowPathStep {
  const selection = fromQuestionnaire ? QA_QUESTIONNAIRE_SELECTION : QA_ADVANCED_SELECTION;
  if (fromQuestionnaire) {
    const year = options.year - 1;
    return {
      kind: 'user',
      action: `Pick ${year} on the Tax Refund page, take the questionnaire and answer Yes to ${titles(selection)} only`,
      event: { type: 'flow.start', selection: [...selection], year },
    };
  }
  return {
    kind: 'user',
    action: `Tick ${titles(selection)} under "For Advanced Use" on the Tax Refund page (${options.year}, the year it offers first) and press Continue`,
    event: { type: 'flow.start', selection: [...selection] },
  };
}

/** Every step the UI (or the router, the server, the clock) can take from a snapshot. */
function stepsFrom(snapshot: Snapshot, options: FlowPathOptions): FlowPathStep[] {
  const { context } = snapshot;
  const current = context.routes[context.currentRouteIndex];
  const steps: FlowPathStep[] = [];
  for (const type of __unsafe_getAllOwnEventDescriptors(snapshot) as string[]) {
    switch (type) {
      case 'flow.start':
        // With a claim in flight one start is enough to bring up the question; the dialog decides.
        if (context.routes.length === 0) steps.push(startStep(true, options));
        steps.push(startStep(false, options));
        break;
      case 'questionnaire.open':
        steps.push({ kind: 'user', action: 'Press Questionnaire on the Tax Refund page', event: { type: 'questionnaire.open' } });
        break;
      case 'replace.confirm':
        steps.push({ kind: 'user', action: 'Press "Start a new claim" in the dialog', event: { type: 'replace.confirm' } });
        break;
      case 'replace.cancel':
        steps.push({ kind: 'user', action: 'Press "Keep my unfinished claim" in the dialog', event: { type: 'replace.cancel' } });
        break;
      case 'year.choose':
        // The year changes what a start is for, not where the flow goes: no path needs it.
        break;
      case 'flow.resume':
        steps.push({ kind: 'user', action: 'Press "Continue previous application" on the Tax Refund page', event: { type: 'flow.resume' } });
        break;
      case 'flow.retry':
        steps.push({ kind: 'user', action: 'Press "Try again" on /tax-refund-submitted', event: { type: 'flow.retry' } });
        break;
      case 'flow.clear':
        steps.push({ kind: 'user', action: 'Log out', event: { type: 'flow.clear' } });
        break;
      case 'step.submit':
        if (current) {
          steps.push({
            kind: 'user',
            action: `Fill ${pageTitle(current)} with its sample data and submit it`,
            event: { type: 'step.submit', route: current, data: sampleAnswer(current, context.selectedIncomeTypes) },
          });
        }
        steps.push({
          kind: 'user',
          action: `Open ${QA_OUTSIDE_ROUTE}?returnTo=${QA_OUTSIDE_RETURN_TO} directly, fill it with its sample data and submit it`,
          event: { type: 'step.submit', route: QA_OUTSIDE_ROUTE, data: sampleAnswer(QA_OUTSIDE_ROUTE, []), callback: QA_OUTSIDE_RETURN_TO },
        });
        break;
      case 'step.next':
        if (current) steps.push({ kind: 'user', action: `Press Next on ${pageTitle(current)} without submitting it`, event: { type: 'step.next', route: current } });
        break;
      default:
        steps.push(...systemSteps(type));
    }
  }
  return steps;
}

const DONE = 'xstate.done.actor.';

function systemSteps(type: string): FlowPathStep[] {
  const outcome = (
    actor: FlowActorId,
    result: Extract<FlowPathStep, { kind: 'outcome' }>['result'],
    action: string,
    output: NavigationOutcome | PostResult,
  ): FlowPathStep => ({ kind: 'outcome', actor, result, action, output, event: { type: `${DONE}${actor}`, output } as EventObject });
  if (type === `${DONE}navigateTo`) {
    return [
      outcome('navigateTo', 'arrived', 'The page opens', { aborted: false }),
      outcome('navigateTo', 'aborted', 'The navigation is superseded before the page opens', { aborted: true }),
    ];
  }
  if (type === `${DONE}postAnswer` || type === `${DONE}postAllAnswers`) {
    const actor = type.slice(DONE.length) as FlowActorId;
    const call = actor === 'postAnswer' ? 'POST /answer' : 'POST /answer-multiple';
    return [
      outcome(actor, 'ok', `${call} succeeds`, { ok: true, entry: null }),
      outcome(actor, 'refused', `${call} is refused (the server answers 500)`, { ok: false, error: { status: 500, message: null, source: 'server' } }),
    ];
  }
  // xstate.error.actor.* is an outage of the router or a bug in an actor: not something a browser test causes.
  return [];
}

/** What decides the branches, and nothing else, so the graph stays small. */
function abstractKey(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    flow: c.routes.length === 0 ? null : c.selectedIncomeTypes.length > 0 ? 'advanced' : 'questionnaire',
    index: c.currentRouteIndex,
    replay: c.replayIndex,
    unsent: Object.keys(c.formData).length > 0,
    asked: c.pendingStart?.kind ?? null,
  });
}

const dotted = (value: Snapshot['value']): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${dotted(child as Snapshot['value'])}`).join();

/**
 * The shortest path to each resting state of the guided flow, from a fresh start (or from `saved`),
 * as user actions and outcomes. One path per state, the shortest found (ties: the first).
 */
export function getForm11FlowShortestPaths(options: FlowPathOptions): Form11FlowPath[] {
  const input: Form11FlowInput = {
    userId: options.userId,
    defaultYear: options.year,
    claimYears: [options.year, options.year - 1, options.year - 2, options.year - 3],
    saved: options.saved ?? null,
  };
  const stepOf = new WeakMap<EventObject, FlowPathStep>();
  const graphPaths = getShortestPaths(form11FlowMachine, {
    input,
    events: (snapshot) =>
      stepsFrom(snapshot, options).map((step) => {
        const event = { ...step.event };
        stepOf.set(event, step);
        return event as Form11FlowEvent;
      }),
    serializeState: (snapshot) => abstractKey(snapshot),
  });
  const best = new Map<string, Form11FlowPath>();
  for (const graphPath of graphPaths) {
    const state = dotted(graphPath.state.value);
    const steps = graphPath.steps.slice(1).map((s) => stepOf.get(s.event)!);
    const known = best.get(state);
    if (known && known.steps.length <= steps.length) continue;
    best.set(state, { state, steps, description: steps.length ? steps.map((s) => s.action).join(' → ') : '(start)' });
  }
  return [...best.values()].sort((a, b) => a.steps.length - b.steps.length || a.state.localeCompare(b.state));
}
