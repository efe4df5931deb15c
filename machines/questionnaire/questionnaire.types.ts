import type { QUESTIONS } from '../../src/domain/catalogue.ts';

// ─── Context ─────────────────────────────────────────────────────────────────────────────────────

/** The form page a question leads to (one per question; a few slugs have none). */
export type QuestionSlug = (typeof QUESTIONS)[number]['slug'];

export type Answer = 'yes' | 'no';

/** Plain JSON. The selection is not stored: it is the questions answered Yes (see `selectionOf`). */
export interface QuestionnaireContext {
  /** The tax year the claim is for; handed on to the guided flow. */
  year: number;
  /** The question shown, 0-based. */
  index: number;
  /** The last answer given to each question; an unanswered question has none. */
  answers: Partial<Record<QuestionSlug, Answer>>;
}

// ─── Input ───────────────────────────────────────────────────────────────────────────────────────

export interface QuestionnaireInput {
  /** The claim year chosen on the Tax Refund page. */
  year: number;
  /** Where an earlier visit of this tab stopped (a reload): used only for the same year. */
  resume?: QuestionnaireProgress | null;
}

/** What a visit has answered so far: kept by the app so a reload goes on from there. */
export interface QuestionnaireProgress {
  year: number;
  index: number;
  answers: Partial<Record<QuestionSlug, Answer>>;
}

// ─── Events ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Every button says which question it was pressed on (`index`, 0-based, as the screen showed it).
 * An event for another question than the one shown is ignored: a double click whose second click
 * lands after the screen moved on must not answer (or skip) a question the user never saw.
 */
export type QuestionnaireEvent =
  /** Yes: the question's page joins the selection; then the next question (or the end). */
  | { type: 'question.yes'; index: number }
  /** No: the question's page leaves the selection; then the next question (or the end). */
  | { type: 'question.no'; index: number }
  /** Prev: the question before, without answering. Not on the first question. */
  | { type: 'question.prev'; index: number }
  /** Next: the question after, without answering; on the last question it ends the questionnaire. */
  | { type: 'question.next'; index: number };

export type QuestionnaireEventType = QuestionnaireEvent['type'];

// ─── Tags ────────────────────────────────────────────────────────────────────────────────────────

/** `answering`: a question is shown. `finished`: the questionnaire handed over (or sent the user on). */
export type QuestionnaireTag = 'answering' | 'finished';

// ─── Effects the app provides ────────────────────────────────────────────────────────────────────

/** `startGuidedFlow` params: the pages answered Yes, in question order, and the claim year. */
export interface StartGuidedFlowParams {
  selection: QuestionSlug[];
  year: number;
}

/** `navigate` params. */
export interface NavigateParams {
  to: string;
}

/** What a finished questionnaire actor outputs (the same as StartGuidedFlowParams; empty selection when none). */
export interface QuestionnaireOutput {
  selection: QuestionSlug[];
  year: number;
}
