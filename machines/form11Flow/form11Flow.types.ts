import type { PromiseActorLogic } from 'xstate';
import type { FormSlug, IncomeTypeId } from '../../src/domain/catalogue.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Form11FormData, Form11Progress, JsonValue } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute, Form11StepKey } from '../../src/domain/form11Routes.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Plain JSON. The first block is the flow in flight, saved as `Form11Progress` whenever it changes
 * (see `progressOf`); `routes` is empty when there is none. The rest is working state, never saved.
 */
export interface Form11FlowContext {
  /** The signed-in user; saved progress carries it as its owner. */
  userId: string;
  /** The claim year for a page submitted outside a flow that names none (the Tax Refund page's default). */
  defaultYear: number;

  // ── The flow in flight (saved) ──────────────────────────────────────────────────────────────
  /** The claim year of the flow; null when there is none. */
  year: number | null;
  routes: Form11FlowRoute[];
  currentRouteIndex: number;
  /** True: answers are kept here and posted together after the last page; false: each is posted at once. */
  isFromQuestionnaire: boolean;
  /** Answers not yet sent, by step key. A failed single post leaves its answer here, for the final post. */
  formData: Form11FormData;
  selectedForms: FormSlug[];
  selectedIncomeTypes: IncomeTypeId[];

  // ── Working state (not saved) ───────────────────────────────────────────────────────────────
  /** While replaying navigation on resume: the route being navigated to. */
  replayIndex: number;
  /** The answer being posted at once (POST /answer). */
  posting: PostAnswerInput | null;
  /** Where a page submitted outside a flow goes once its answer is posted. */
  returnTo: string | null;
  /** The last failed post, until a later post succeeds or the flow is left; screens may mention it. */
  lastFailure: ApiFailure | null;
  /** The year of the last claim sent in full (for /tax-refund-submitted). */
  lastSubmittedYear: number | null;
}

// ─── Input ───────────────────────────────────────────────────────────────────────────────────────

export interface Form11FlowInput {
  /** The signed-in user's id. */
  userId: string;
  /** The claim year offered first (defaultClaimYear(today)). */
  defaultYear: number;
  /**
   * The progress saved under 'form11Progress', already read with `parseSavedProgress` (which
   * rejects corrupt and foreign saves; the app logs and removes those). It becomes the flow in
   * flight without navigating: "Continue previous application" (flow.resume) takes the user back.
   */
  saved?: Form11Progress | null;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type Form11FlowEvent =
  /**
   * Start the guided flow: from the questionnaire (its selection) or the Tax Refund page's "For
   * Advanced Use" Continue (the options ticked: form slugs and income type ids). `fromQuestionnaire`
   * true keeps every answer until the end (spec: setup marks the flow as from-questionnaire); false
   * posts each answer as it is given. While another flow is in flight the start is refused unless
   * `replace` is true: the app asks the user first ("Start a new claim for 2025? Your unfinished
   * claim for 2024 will be discarded."), see `selectSavedProgressYear`.
   */
  | { type: 'flow.start'; selection: readonly string[]; year: number; fromQuestionnaire: boolean; replace?: boolean }
  /** "Continue previous application": back to the saved page, replaying the flow's navigation. */
  | { type: 'flow.resume' }
  /** "Try again" after the final POST /answer-multiple failed (the answers are still saved). */
  | { type: 'flow.retry' }
  /** Signing out, or abandoning the claim: forget the flow and remove the saved progress. */
  | { type: 'flow.clear' }
  /**
   * A form page was submitted with valid data. `route` is the page's own route. On a page of the
   * flow: kept (questionnaire mode) or posted at once, then the flow moves on. On a page outside
   * the flow (opened on its own): posted at once, then the user goes to `callback` (an in-app
   * path, e.g. the page's returnTo) or /tax-refund-submitted; `year` names the claim year (default:
   * the input's defaultYear).
   */
  | { type: 'step.submit'; route: Form11FlowRoute; data: JsonValue; callback?: string; year?: number }
  /** Next without submitting (skip the page). `route` is the page it was pressed on. */
  | { type: 'step.next'; route: Form11FlowRoute };

export type Form11FlowEventType = Form11FlowEvent['type'];

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/**
 * `busy`: the flow is working (buttons disabled). `sending`: an answer post is on its way.
 * `navigating`: the flow is taking the user to its pages (setup or resume).
 */
export type Form11FlowTag = 'busy' | 'sending' | 'navigating';

// ─── Effects the app provides (actions) ──────────────────────────────────────────────────────────

/** `navigate`: route to an in-app path (push unless `replace`). Fire and forget. */
export interface NavigateParams {
  to: string;
  replace: boolean;
}

/** `saveProgress`: write `serializeProgress(progress)` to localStorage under 'form11Progress'. */
export interface SaveProgressParams {
  progress: Form11Progress;
}

/** `logFailure`: log a failed answer post (spec section 8: logged, and the flow continues). */
export interface LogFailureParams {
  operation: 'answer' | 'answer-multiple';
  failure: ApiFailure;
}

// `clearProgress` (remove 'form11Progress') and `refreshProfile` (reload the user's profile) take no params.

// ─── Actor contracts ─────────────────────────────────────────────────────────────────────────────

/** `navigateTo`: a navigation the flow waits for, because it must know whether it was aborted. */
export interface NavigateToInput {
  to: string;
  replace: boolean;
}

/** Aborted: the router did not arrive at `to` (superseded by another navigation, blocked or redirected). */
export interface NavigationOutcome {
  aborted: boolean;
}

export type NavigateToLogic = PromiseActorLogic<NavigationOutcome, NavigateToInput>;

/** `postAnswer`: POST /answer {question, answer, year}. */
export interface PostAnswerInput {
  year: number;
  /** The page's step key: its form slug, or `final-form` (then `answer` maps income type ids to their data). */
  question: Form11StepKey;
  answer: JsonValue;
}

/** `postAllAnswers`: POST /answer-multiple {questions, year}. */
export interface PostAllAnswersInput {
  year: number;
  questions: Form11FormData;
}

/** Expected failures (validation, server refusal, no response) resolve as data; only a bug rejects. */
export type PostResult = { ok: true } | { ok: false; error: ApiFailure };

export type PostAnswerLogic = PromiseActorLogic<PostResult, PostAnswerInput>;
export type PostAllAnswersLogic = PromiseActorLogic<PostResult, PostAllAnswersInput>;
