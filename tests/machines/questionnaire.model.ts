import { type EventObject } from 'xstate';
import { questionnaireMachine } from '../../machines/questionnaire/questionnaire.machine.ts';
import type {
  QuestionnaireEvent,
} from '../../machines/questionnaire/questionnaire.types.ts';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';

export const YEAR = 2025;
export const LAST = QUESTIONS.length - 1; // 0-based
export const slugAt = (index: number) => QUESTIONS[index]!.slug;

export type Snapshot = ReturnType<typeof questionnaireMachine.resolveState>;
export type ButtonType = QuestionnaireEvent['type'];

/** The press on the question shown; on the first question also a late press meant for another one. */
export const press =
  <T extends ButtonType>(type: T) =>
  ({ context }: Snapshot): { type: T; index: number }[] =>
    context.index === 0 ? [{ type, index: 0 }, { type, index: 1 }] : [{ type, index: context.index }];

export const fixtures = {
  'question.yes': press('question.yes'),
  'question.no': press('question.no'),
  'question.prev': press('question.prev'),
  'question.next': press('question.next'),
} satisfies EventFixtures<typeof questionnaireMachine>;

export const describeEvent = (event: EventObject) => {
  const { type, index } = event as QuestionnaireEvent;
  return `${type.slice('question.'.length)}@${index + 1}`;
};

export const model = createModelTest(questionnaireMachine, {
  events: fixtures,
  input: { year: YEAR },
  // The question shown and whether anything is selected decide every branch; both are finite.
  serializeContext: (context) => ({ index: context.index, selected: Object.values(context.answers).includes('yes') }),
  describeEvent,
});

const BUTTONS: Record<ButtonType, string> = { 'question.yes': 'Yes', 'question.no': 'No', 'question.prev': 'Prev', 'question.next': 'Next' };
const pressWords = (event: { type: ButtonType; index: number }, before: Snapshot) =>
  event.index === before.context.index
    ? `Press "${BUTTONS[event.type]}" on question ${event.index + 1}`
    : `Press "${BUTTONS[event.type]}" a second time, meant for question ${event.index + 1} (a late double click)`;

export const doc = pathDoc(questionnaireMachine, fixtures, {
  testFile: 'tests/machines/questionnaire.model.test.ts',
  models: [model],
  start: `Open /form11-questionnaire for ${YEAR}`,
  words: { 'question.yes': pressWords, 'question.no': pressWords, 'question.prev': pressWords, 'question.next': pressWords },
  screen: (snapshot) =>
    snapshot.status === 'done'
      ? snapshot.matches('nothingSelected')
        ? '/tax-refund-options'
        : 'the first page of the guided flow'
      : `/form11-questionnaire, question ${snapshot.context.index + 1} of ${LAST + 1}`,
});
