import { assign, not, setup } from 'xstate';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { REFUND_OPTIONS_ROUTE } from '../../src/domain/form11Routes.ts';
import type {
  Answer,
  NavigateParams,
  QuestionSlug,
  QuestionnaireProgress,
  QuestionnaireContext,
  QuestionnaireEvent,
  QuestionnaireInput,
  QuestionnaireOutput,
  QuestionnaireTag,
  StartGuidedFlowParams,
} from './questionnaire.types.ts';

/** How many questions there are: one per question of the catalogue (spec section 9 counted 27; the catalogue has grown). */
export const QUESTION_COUNT = QUESTIONS.length;
const LAST_INDEX = QUESTION_COUNT - 1;

/** The pages answered Yes, in question order (catalogue order). */
export function selectionOf(answers: QuestionnaireContext['answers']): QuestionSlug[] {
  return QUESTIONS.filter((question) => answers[question.slug] === 'yes').map((question) => question.slug);
}

/** The progress to keep, from the context as the actions before it left it. */
function progressOf({ context }: { context: QuestionnaireContext }): QuestionnaireProgress {
  return { year: context.year, index: context.index, answers: context.answers };
}

/**
 * The questionnaire (spec section 4, "Questionnaire"; /form11-questionnaire). One actor
 * per visit of the screen; it ends by handing the selection to the guided flow, or by sending the
 * user to the refund options when nothing applies.
 */
export const questionnaireMachine = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
    input: {} as QuestionnaireInput,
    output: {} as QuestionnaireOutput,
    tags: {} as QuestionnaireTag,
  },
  actions: {
    // ── Effects (defaults do nothing; the app provides them) ──────────────────────────────────
    /** Start the guided flow with the pages answered Yes (the app sends `flow.start` to the flow actor). */
    startGuidedFlow: (_, _params: StartGuidedFlowParams) => {},
    /** Route to an in-app path. */
    navigate: (_, _params: NavigateParams) => {},
    /** Keep where the user is and what they answered, so a reload goes on from there. */
    saveProgress: (_, _params: QuestionnaireProgress) => {},
    /** The questionnaire is over: nothing to go on from. */
    clearProgress: () => {},

    // ── Context updates (pure) ───────────────────────────────────────────────────────────────
    /** Yes adds the shown question's page to the selection, No removes it. */
    recordAnswer: assign(({ context }, params: { answer: Answer }) => {
      const slug = QUESTIONS[context.index]!.slug;
      return { answers: { ...context.answers, [slug]: params.answer } };
    }),
    showNextQuestion: assign(({ context }) => ({ index: Math.min(context.index + 1, LAST_INDEX) })),
    showPreviousQuestion: assign(({ context }) => ({ index: Math.max(context.index - 1, 0) })),
  },
  guards: {
    /** The button was pressed on another question than the one shown (a late second click). */
    isForAnotherQuestion: ({ context }, params: { index: number }) => params.index !== context.index,
    isFirstQuestion: ({ context }) => context.index === 0,
    isLastQuestion: ({ context }) => context.index === LAST_INDEX,
    /** At least one question was answered Yes. */
    hasSelection: ({ context }) => selectionOf(context.answers).length > 0,
  },
}).createMachine({
  id: 'questionnaire',
  description:
    'The questionnaire: plain-English yes/no questions, one at a time, each leading to one Form 11 page. ' +
    'Yes adds the page to the selection and No removes it; either moves on. Prev and Next move without answering. ' +
    'After the last question the guided flow starts with the selection, or, when nothing was answered Yes, the user ' +
    'goes to /tax-refund-options. Carries the claim year chosen on the Tax Refund page; ' +
    'each answer and move is kept, so a reload of the page goes on from the same question with the same answers.',
  context: ({ input }) => (input.resume && input.resume.year === input.year ? { year: input.year, index: input.resume.index, answers: input.resume.answers } : { year: input.year, index: 0, answers: {} }),
  initial: 'asking',
  output: ({ context }) => ({ selection: selectionOf(context.answers), year: context.year }),
  states: {
    asking: {
      description:
        'One question is shown with Yes, No, Prev and Next and a progress indicator (question n of m, answered or not). ' +
        'Every button names the question it was pressed on; a press meant for another question is ignored.',
      tags: ['answering'],
      on: {
        'question.yes': [
          {
            description: 'Pressed on another question (a late second click): ignored.',
            guard: { type: 'isForAnotherQuestion', params: ({ event }) => ({ index: event.index }) },
          },
          {
            description: 'Yes on the last question: the page joins the selection and the questionnaire ends.',
            guard: 'isLastQuestion',
            target: 'deciding',
            actions: { type: 'recordAnswer', params: { answer: 'yes' } },
          },
          {
            description: 'Yes: the page joins the selection; the next question is shown.',
            actions: [{ type: 'recordAnswer', params: { answer: 'yes' } }, 'showNextQuestion', { type: 'saveProgress', params: progressOf }],
          },
        ],
        'question.no': [
          {
            description: 'Pressed on another question (a late second click): ignored.',
            guard: { type: 'isForAnotherQuestion', params: ({ event }) => ({ index: event.index }) },
          },
          {
            description: 'No on the last question: the page leaves the selection and the questionnaire ends.',
            guard: 'isLastQuestion',
            target: 'deciding',
            actions: { type: 'recordAnswer', params: { answer: 'no' } },
          },
          {
            description: 'No: the page leaves the selection; the next question is shown.',
            actions: [{ type: 'recordAnswer', params: { answer: 'no' } }, 'showNextQuestion', { type: 'saveProgress', params: progressOf }],
          },
        ],
        'question.prev': [
          {
            description: 'Pressed on another question (a late second click): ignored.',
            guard: { type: 'isForAnotherQuestion', params: ({ event }) => ({ index: event.index }) },
          },
          {
            description: 'The question before, its answer unchanged. The first question has no Prev.',
            guard: not('isFirstQuestion'),
            actions: ['showPreviousQuestion', { type: 'saveProgress', params: progressOf }],
          },
        ],
        'question.next': [
          {
            description: 'Pressed on another question (a late second click): ignored.',
            guard: { type: 'isForAnotherQuestion', params: ({ event }) => ({ index: event.index }) },
          },
          {
            description: 'Next on the last question ends the questionnaire, leaving that question as it was.',
            guard: 'isLastQuestion',
            target: 'deciding',
          },
          {
            description: 'The question after, without answering this one.',
            actions: ['showNextQuestion', { type: 'saveProgress', params: progressOf }],
          },
        ],
      },
    },
    deciding: {
      description: 'The last question is behind: the selection decides where the user goes.',
      entry: 'clearProgress',
      always: [
        { description: 'At least one Yes: the guided flow starts.', guard: 'hasSelection', target: 'startingFlow' },
        { description: 'No Yes at all: nothing to claim here.', target: 'nothingSelected' },
      ],
    },
    startingFlow: {
      description: 'Some pages were answered Yes: the guided flow starts with them, in question order, for the claim year.',
      type: 'final',
      tags: ['finished'],
      entry: {
        type: 'startGuidedFlow',
        params: ({ context }) => ({ selection: selectionOf(context.answers), year: context.year }),
      },
    },
    nothingSelected: {
      description: 'Nothing was answered Yes: the user goes to /tax-refund-options.',
      type: 'final',
      tags: ['finished'],
      entry: { type: 'navigate', params: { to: REFUND_OPTIONS_ROUTE } },
    },
  },
});

export type QuestionnaireMachine = typeof questionnaireMachine;
