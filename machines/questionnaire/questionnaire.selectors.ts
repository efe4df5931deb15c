import type { SnapshotFrom } from 'xstate';
import { QUESTIONS, type Question } from '../../src/domain/catalogue.ts';
import { QUESTION_COUNT, selectionOf, type QuestionnaireMachine } from './questionnaire.machine.ts';
import type { Answer, QuestionSlug } from './questionnaire.types.ts';

export type QuestionnaireSnapshot = SnapshotFrom<QuestionnaireMachine>;

/** What the context selectors read: a real snapshot, or a partial one in tests. */
export type QuestionnaireView = Pick<QuestionnaireSnapshot, 'context'>;

/** The question shown (slug and text). */
export function selectQuestion(snapshot: QuestionnaireView): Question {
  return QUESTIONS[snapshot.context.index]!;
}

export interface QuestionnaireProgress {
  /** 0-based index of the question shown (what the buttons' events carry). */
  index: number;
  /** 1-based number for "Question n of 27". */
  number: number;
  total: number;
  /** Has the question shown been answered (Yes or No)? */
  answered: boolean;
  /** Its answer, to mark the chosen button, or null. */
  answer: Answer | null;
  /** How many of the 27 have an answer. */
  answeredCount: number;
}

/** The progress indicator's data. */
export function selectProgress(snapshot: QuestionnaireView): QuestionnaireProgress {
  const { index, answers } = snapshot.context;
  const answer = answers[QUESTIONS[index]!.slug] ?? null;
  return {
    index,
    number: index + 1,
    total: QUESTION_COUNT,
    answered: answer !== null,
    answer,
    answeredCount: QUESTIONS.filter((q) => answers[q.slug] !== undefined).length,
  };
}

/** The pages answered Yes so far, in question order. */
export function selectSelection(snapshot: QuestionnaireView): QuestionSlug[] {
  return selectionOf(snapshot.context.answers);
}

export function selectYear(snapshot: QuestionnaireView): number {
  return snapshot.context.year;
}

/** Is the last question shown (the screen may label Next "Finish")? */
export function selectIsLastQuestion(snapshot: QuestionnaireView): boolean {
  return snapshot.context.index === QUESTION_COUNT - 1;
}

/** Is Prev enabled? Asked of the machine, so the button never copies its rule. */
export const selectCanGoBack = (snapshot: Pick<QuestionnaireSnapshot, 'can' | 'context'>) =>
  snapshot.can({ type: 'question.prev', index: snapshot.context.index });

/** Has the questionnaire ended (handed over to the flow, or sent the user to the refund options)? */
export const selectIsFinished = (snapshot: Pick<QuestionnaireSnapshot, 'hasTag'>) => snapshot.hasTag('finished');
