import type { SnapshotFrom } from 'xstate';
import { QUESTIONS, type Question } from '../../src/domain/catalogue.ts';
import { QUESTION_COUNT, type QuestionnaireMachine } from './questionnaire.machine.ts';
import type { Answer } from './questionnaire.types.ts';

type Snapshot = Pick<SnapshotFrom<QuestionnaireMachine>, 'context' | 'hasTag' | 'can'>;

export interface QuestionnaireView {
  year: number;
  /** The question shown (slug and text). */
  question: Question;
  /** 0-based index of the question shown: what the buttons' events carry. */
  index: number;
  /** 1-based, for "Question n of m". */
  number: number;
  total: number;
  /** The shown question's answer, to mark the chosen button, or null. */
  answer: Answer | null;
  /** The last question is shown: Next reads "Finish". */
  isLast: boolean;
  /** Prev is enabled (asked of the machine, so the button never copies its rule). */
  canGoBack: boolean;
  /** The questionnaire has ended (handed over to the flow, or sent the user to the refund options): every button is off. */
  finished: boolean;
}

/** The questionnaire as /form11-questionnaire shows it. */
export function questionnaireView(snapshot: Snapshot): QuestionnaireView {
  const { index, answers, year } = snapshot.context;
  const question = QUESTIONS[index]!;
  return {
    year,
    question,
    index,
    number: index + 1,
    total: QUESTION_COUNT,
    answer: answers[question.slug] ?? null,
    isLast: index === QUESTION_COUNT - 1,
    canGoBack: snapshot.can({ type: 'question.prev', index }),
    finished: snapshot.hasTag('finished'),
  };
}
