import type { PromiseActorLogic } from 'xstate';
import type { FormSlug, IncomeTypeId } from '../../src/domain/catalogue.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Form11FormData, Form11Progress, JsonValue } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute, Form11StepKey } from '../../src/domain/form11Routes.ts';
import type { Form11Entry } from '../../src/domain/schemas/form11Entry.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Plain JSON. The second block is the flow in flight, saved as `Form11Progress` whenever it changes
 * (see `progressOf`); `routes` is empty when there is none. The rest is working state, never saved.
 */
export interface Form11FlowContext {
  /** The signed-in user; saved progress carries it as its owner. */
  userId: string;
  /** The claim year for a page submitted outside a flow that names none (last year). */
  defaultYear: number;
  /** The years a claim may be made for, newest first (the Tax Refund page's choices). */
  claimYears: number[];
  /** The claim year chosen on the Tax Refund page: a flow started there is for this year. */
  claimYear: number;

  // ── The flow in flight (saved) ──────────────────────────────────────────────────────────────
  /** The claim year of the flow; null when there is none. */
  year: number | null;
  routes: Form11FlowRoute[];
  currentRouteIndex: number;
  /** The answers, by step key, kept until they are posted together after the last page. */
  formData: Form11FormData;
  /**
   * What was typed on a page and not submitted (the form's raw values), by step key: shown again when
   * the user comes back to the page, dropped once the page is submitted, forgotten with the flow.
   */
  drafts: Form11FormData;
  selectedForms: FormSlug[];
  selectedIncomeTypes: IncomeTypeId[];

  // ── Working state (not saved) ───────────────────────────────────────────────────────────────
  /** While replaying navigation on resume: the route being navigated to. */
  replayIndex: number;
  /** The answer of a page submitted on its own, being posted (POST /answer). */
  posting: PostAnswerInput | null;
  /** Where a page submitted on its own goes once its answer is posted. */
  returnTo: string | null;
  /** The last failed post, until a later post succeeds or the flow is left; screens may mention it. */
  lastFailure: ApiFailure | null;
  /** What the user asked to start while a flow is in flight, until they confirm or keep the unfinished claim. */
  pendingStart: PendingStart | null;
  /** The page submitted with nothing entered, while the user is asked "Skip this page?". */
  skipping: { route: Form11FlowRoute } | null;
  /** The claim last sent in full, as the server recorded it (for /tax-refund-submitted). */
  submitted: SubmittedClaim | null;
}

/** A start that would replace the flow in flight: the pages chosen, or the questionnaire to be taken. */
export type PendingStart = { kind: 'pages'; selection: string[]; year: number } | { kind: 'questionnaire'; year: number };

/** The year of the claim last sent, and the claim as the server answered it (null when nothing was left to send). */
export interface SubmittedClaim {
  year: number;
  entry: Form11Entry | null;
}

// ─── Input ───────────────────────────────────────────────────────────────────────────────────────

export interface Form11FlowInput {
  /** The signed-in user's id. */
  userId: string;
  /** The claim year offered first (defaultClaimYear(today)). */
  defaultYear: number;
  /** The years a claim may be made for, newest first (openClaimYears(today)); the default year is one of them. */
  claimYears: number[];
  /**
   * The progress saved under 'form11Progress', already read with `parseSavedProgress` (which
   * rejects corrupt and foreign saves; the app logs and removes those). It becomes the flow in
   * flight without navigating: "Continue previous application" (flow.resume) takes the user back.
   */
  saved?: Form11Progress | null;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

export type Form11FlowEvent =
  /** The Tax Refund page's year choice: the claim year of what is started there. Only an open year is taken. */
  | { type: 'year.choose'; year: number }
  /**
   * Start the guided flow with the pages chosen: the questionnaire's Yes answers (for its `year`) or
   * the options ticked under "For Advanced Use" (for the chosen claim year, `year` left out). While
   * another flow is in flight the user is asked first (`confirmingReplace`).
   */
  | { type: 'flow.start'; selection: readonly string[]; year?: number }
  /** The Tax Refund page's Questionnaire button: the questionnaire for the chosen year (asked first while a flow is in flight). */
  | { type: 'questionnaire.open' }
  /** "Start a new claim": the unfinished claim is discarded for what was asked. */
  | { type: 'replace.confirm' }
  /** "Keep my unfinished claim": nothing changes. */
  | { type: 'replace.cancel' }
  /** "Continue previous application": back to the saved page, replaying the flow's navigation. */
  | { type: 'flow.resume' }
  /** "Try again" after the final POST /answer-multiple failed (the answers are still saved). */
  | { type: 'flow.retry' }
  /** Signing out, or abandoning the claim: forget the flow and remove the saved progress. */
  | { type: 'flow.clear' }
  /**
   * A form page was submitted with valid data (the form's parsed values, once). `route` is the
   * page's own route. With no amount entered the user is asked "Skip this page?" first
   * (`confirmingSkip`) and nothing is kept or sent. On a page of the flow: kept, then the flow moves on. On a page outside the
   * flow (opened on its own): posted at once, then the user goes to `callback` (an in-app path,
   * e.g. the page's returnTo) or /tax-refund-submitted; `year` names the claim year (default: the
   * input's defaultYear).
   */
  | { type: 'step.submit'; route: Form11FlowRoute; data: JsonValue; callback?: string; year?: number }
  /** "Skip this page" in the question asked after a page was submitted with nothing entered. */
  | { type: 'skip.confirm' }
  /** "Enter amounts": back to the page, nothing changed. */
  | { type: 'skip.cancel' }
  /** Next without submitting (skip the page). `route` is the page it was pressed on. */
  | { type: 'step.next'; route: Form11FlowRoute }
  /**
   * Back on a page of the flow (`route`, the page it was pressed on): the previous page of the flow,
   * or the Tax Refund page from the first one. Nothing entered is lost (answers and drafts are kept).
   */
  | { type: 'step.back'; route: Form11FlowRoute }
  /** What is typed on a page of the flow, not submitted (the form's raw values): kept as the page's draft. */
  | { type: 'step.draft'; route: Form11FlowRoute; values: JsonValue };

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

/**
 * `navigateBack`: go to `to` as the browser's Back button would: back one history entry when the
 * flow pushed this one from `to` (so the browser's Back and Forward agree with the flow), else a
 * push of `to`. Fire and forget.
 */
export interface NavigateBackParams {
  to: string;
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

/**
 * `claimRecorded`: the year's claim as the server answered a post; the session's profile takes it
 * in place of that year's. Null: the server answered no claim (nothing was left to send), and the
 * profile stays as it is.
 */
export interface ClaimRecordedParams {
  entry: Form11Entry | null;
}

// `clearProgress` (remove 'form11Progress') takes no params.

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

/**
 * The server's answer: the year's claim as it now stands (`entry`, null if the answers left it
 * empty). Expected failures (validation, server refusal, no response) resolve as data; only a bug rejects.
 */
export type PostResult = { ok: true; entry: Form11Entry | null } | { ok: false; error: ApiFailure };

export type PostAnswerLogic = PromiseActorLogic<PostResult, PostAnswerInput>;
export type PostAllAnswersLogic = PromiseActorLogic<PostResult, PostAllAnswersInput>;
