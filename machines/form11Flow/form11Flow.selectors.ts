import type { SnapshotFrom } from 'xstate';
import type { IncomeTypeId } from '../../src/domain/catalogue.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Form11Progress, JsonValue } from '../../src/domain/form11Progress.ts';
import { stepKeyOf, type Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { progressOf, type Form11FlowMachine } from './form11Flow.machine.ts';

export type Form11FlowSnapshot = SnapshotFrom<Form11FlowMachine>;

/** What the context selectors read: a real snapshot, or a partial one in tests. */
export type Form11FlowView = Pick<Form11FlowSnapshot, 'context'>;

/** Is a flow in flight (and saved)? The Tax Refund page shows "Continue previous application" then. */
export function selectHasSavedProgress(snapshot: Form11FlowView): boolean {
  return snapshot.context.routes.length > 0;
}

/** The claim year of the flow in flight, or null. Starting a flow while it is set needs the user's confirmation. */
export function selectSavedProgressYear(snapshot: Form11FlowView): number | null {
  return selectHasSavedProgress(snapshot) ? snapshot.context.year : null;
}

/** Does a flow for this claim year wait to be continued? (One claim per year in flight.) */
export const selectHasProgressForYear =
  (year: number) =>
  (snapshot: Form11FlowView): boolean =>
    selectSavedProgressYear(snapshot) === year;

/** The saved form of the flow in flight, or null. */
export function selectProgress(snapshot: Form11FlowView): Form11Progress | null {
  return selectHasSavedProgress(snapshot) ? progressOf(snapshot.context) : null;
}

/** The page the flow is on, or null. */
export function selectCurrentRoute(snapshot: Form11FlowView): Form11FlowRoute | null {
  return snapshot.context.routes[snapshot.context.currentRouteIndex] ?? null;
}

export interface StepPosition {
  /** 0-based index of the current route. */
  index: number;
  /** 1-based, for "Page n of m". */
  number: number;
  total: number;
  isLast: boolean;
}

/** Where in the flow the user is, or null when no flow is in flight. */
export function selectStepPosition(snapshot: Form11FlowView): StepPosition | null {
  const { routes, currentRouteIndex } = snapshot.context;
  if (routes.length === 0) return null;
  return { index: currentRouteIndex, number: currentRouteIndex + 1, total: routes.length, isLast: currentRouteIndex === routes.length - 1 };
}

/** Is the page at `route` a step of the flow in flight? (Else its submit is posted on its own.) */
export const selectIsFlowRoute =
  (route: Form11FlowRoute) =>
  (snapshot: Form11FlowView): boolean =>
    snapshot.context.routes.includes(route);

/** The answer kept for a page, to prefill its form after a resume; null when none is kept. */
export const selectKeptAnswer =
  (route: Form11FlowRoute) =>
  (snapshot: Form11FlowView): JsonValue | null =>
    snapshot.context.formData[stepKeyOf(route)] ?? null;

/** Does the flow keep answers until the end (questionnaire mode)? */
export function selectIsFromQuestionnaire(snapshot: Form11FlowView): boolean {
  return snapshot.context.isFromQuestionnaire;
}

/** The income types chosen for /form11/final-form, in catalogue order. */
export function selectSelectedIncomeTypes(snapshot: Form11FlowView): IncomeTypeId[] {
  return snapshot.context.selectedIncomeTypes;
}

/** How many answers are kept but not sent yet. */
export function selectUnsentCount(snapshot: Form11FlowView): number {
  return Object.keys(snapshot.context.formData).length;
}

/** The last failed post (until a later one succeeds), or null. */
export function selectLastFailure(snapshot: Form11FlowView): ApiFailure | null {
  return snapshot.context.lastFailure;
}

/** The year of the claim last sent in full (for /tax-refund-submitted), or null. */
export function selectLastSubmittedYear(snapshot: Form11FlowView): number | null {
  return snapshot.context.lastSubmittedYear;
}

/** Is the flow working (buttons disabled)? */
export const selectIsBusy = (snapshot: Pick<Form11FlowSnapshot, 'hasTag'>) => snapshot.hasTag('busy');

/** Is an answer post on its way? */
export const selectIsSending = (snapshot: Pick<Form11FlowSnapshot, 'hasTag'>) => snapshot.hasTag('sending');

/** Did the final POST /answer-multiple fail, the answers still kept? (/tax-refund-submitted offers Try again.) */
export const selectSendFailed = (snapshot: Pick<Form11FlowSnapshot, 'matches'>) => snapshot.matches({ inFlow: { stepping: 'unsent' } });

/**
 * Where the final send of the claim stands, for /tax-refund-submitted: `failed` (POST
 * /answer-multiple failed, the answers kept: Try again), `sending` (all answers on their way,
 * first time or again), `finishing` (sent; the profile is refreshed a moment later), or null.
 */
export type FinalSend = 'failed' | 'sending' | 'finishing';

export function selectFinalSend(snapshot: Pick<Form11FlowSnapshot, 'matches'>): FinalSend | null {
  if (snapshot.matches({ inFlow: { stepping: 'unsent' } })) return 'failed';
  if (snapshot.matches({ inFlow: 'sendingAll' })) return 'sending';
  if (snapshot.matches('finishing')) return 'finishing';
  return null;
}

/** May "Continue previous application" be pressed now? */
export const selectCanResume = (snapshot: Pick<Form11FlowSnapshot, 'can'>) => snapshot.can({ type: 'flow.resume' });

/** May "Try again" be pressed now? */
export const selectCanRetry = (snapshot: Pick<Form11FlowSnapshot, 'can'>) => snapshot.can({ type: 'flow.retry' });

/** The claim year a page at `route` works for: the flow's, when the page is one of its steps; else `fallback` (or the default year). */
export const selectYearFor =
  (route: Form11FlowRoute, fallback?: number) =>
  (snapshot: Form11FlowView): number => {
    const { context } = snapshot;
    if (context.routes.includes(route) && context.year !== null) return context.year;
    return fallback ?? context.defaultYear;
  };

/** The claim year offered first (last year). */
export function selectDefaultYear(snapshot: Form11FlowView): number {
  return snapshot.context.defaultYear;
}

/** Where the page at `route` sits in the flow in flight ("Page n of m"), or null when it is not a step of it. */
export const selectPositionOf =
  (route: Form11FlowRoute) =>
  (snapshot: Form11FlowView): StepPosition | null => {
    const { routes } = snapshot.context;
    const index = routes.indexOf(route);
    if (index < 0) return null;
    return { index, number: index + 1, total: routes.length, isLast: index === routes.length - 1 };
  };

/** May a page's answer be submitted now (no post or navigation of the flow under way)? Asked of the machine. */
export const selectCanSubmit =
  (route: Form11FlowRoute) =>
  (snapshot: Pick<Form11FlowSnapshot, 'can'>): boolean =>
    snapshot.can({ type: 'step.submit', route, data: null });
