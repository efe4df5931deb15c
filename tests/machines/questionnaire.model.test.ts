import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { questionnaireMachine, selectionOf } from '../../machines/questionnaire/questionnaire.machine.ts';
import { questionnaireView } from '../../machines/questionnaire/questionnaire.view.ts';
import type {
  QuestionnaireContext,
  QuestionnaireEvent,
  QuestionnaireInput,
  QuestionnaireProgress,
  StartGuidedFlowParams,
} from '../../machines/questionnaire/questionnaire.types.ts';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { expectedSteps, type ExpectedState } from '../support/expectedSteps.ts';
import { LAST, model, slugAt, YEAR, type ButtonType, type Snapshot } from './questionnaire.model.ts';

// ─── The expected behaviour, written from spec section 4 and the screen, not read from the machine ──

const anyYes = (answers: QuestionnaireContext['answers']) => Object.values(answers).includes('yes');
const answered = (c: QuestionnaireContext, answer: 'yes' | 'no'): QuestionnaireContext => ({
  ...c,
  answers: { ...c.answers, [slugAt(c.index)]: answer },
});

function caseOf(event: EventObject, before: ExpectedState<QuestionnaireContext>): string {
  const { type, index } = event as QuestionnaireEvent;
  const { context } = before;
  if (index !== context.index) return 'pressed on another question';
  const last = context.index === LAST;
  switch (type) {
    case 'question.yes':
      return last ? 'yes on the last' : 'yes';
    case 'question.no':
      if (!last) return 'no';
      return anyYes(answered(context, 'no').answers) ? 'no on the last, something selected' : 'no on the last, nothing selected';
    case 'question.prev':
      return context.index === 0 ? 'prev on the first' : 'prev';
    case 'question.next':
      if (!last) return 'next';
      return anyYes(context.answers) ? 'next on the last, something selected' : 'next on the last, nothing selected';
  }
}

const oracle = expectedSteps<QuestionnaireContext>({
  initial: { value: 'asking', context: { year: YEAR, index: 0, answers: {} } },
  tags: { asking: ['answering'], startingFlow: ['finished'], nothingSelected: ['finished'] },
  final: ['startingFlow', 'nothingSelected'],
  caseOf,
  transitions: {
    asking: {
      yes: { to: 'asking', context: (c) => ({ ...answered(c, 'yes'), index: c.index + 1 }) },
      no: { to: 'asking', context: (c) => ({ ...answered(c, 'no'), index: c.index + 1 }) },
      prev: { to: 'asking', context: (c) => ({ ...c, index: c.index - 1 }) },
      next: { to: 'asking', context: (c) => ({ ...c, index: c.index + 1 }) },
      'yes on the last': { to: 'startingFlow', context: (c) => answered(c, 'yes') },
      'no on the last, something selected': { to: 'startingFlow', context: (c) => answered(c, 'no') },
      'no on the last, nothing selected': { to: 'nothingSelected', context: (c) => answered(c, 'no') },
      'next on the last, something selected': { to: 'startingFlow' },
      'next on the last, nothing selected': { to: 'nothingSelected' },
      // 'prev on the first' and 'pressed on another question' are not listed: ignored, nothing changes.
    },
  },
});

/** The selection the spec implies: the pages answered Yes, in the order of the questions. */
const expectedSelection = (answers: QuestionnaireContext['answers']) =>
  QUESTIONS.map((q) => q.slug).filter((slug) => answers[slug] === 'yes');

interface Effects {
  started: StartGuidedFlowParams[];
  navigated: string[];
}

function createRealActor(effects: Effects) {
  return createActor(
    questionnaireMachine.provide({
      actions: {
        startGuidedFlow: (_, params) => void effects.started.push(params),
        navigate: (_, params) => void effects.navigated.push(params.to),
      },
    }),
    { input: { year: YEAR } },
  );
}

const answerAll = (answer: (index: number) => ButtonType): QuestionnaireEvent[] =>
  QUESTIONS.map((_, index) => ({ type: answer(index), index }));

describe('questionnaire machine: model-based', () => {
  it('covers every state and transition, and the expected table matches the generated paths', () => {
    model.assertFullCoverage();
    expect(model.coverage().states.covered).toEqual(['asking', 'deciding', 'startingFlow', 'nothingSelected']);
    expect(model.unrealisablePaths).toEqual([]);
    expect(oracle.unusedRules(model.paths)).toEqual([]);
  });

  const threeYes = new Set((['health-expenses', 'rent-tax-credit', 'flat-rate-expenses'] as const).map((slug) => QUESTIONS.findIndex((q) => q.slug === slug)));
  const journeys = [
    model.pathFromEvents('three Yes answers hand three pages to the guided flow', answerAll((i) => (threeYes.has(i) ? 'question.yes' : 'question.no'))),
    model.pathFromEvents('all No: off to the refund options', answerAll(() => 'question.no')),
    model.pathFromEvents('Next through every question: nothing selected', answerAll(() => 'question.next')),
    model.pathFromEvents('Prev keeps an answer; a No changes a Yes; a late double click is ignored', [
      { type: 'question.yes', index: 0 },
      { type: 'question.yes', index: 0 }, // the second click of a double click, after the screen moved on
      { type: 'question.prev', index: 1 },
      { type: 'question.no', index: 0 },
      { type: 'question.prev', index: 1 },
      { type: 'question.prev', index: 0 }, // no Prev on the first question
    ]),
  ];

  it('pins the journeys the shortest paths leave out', () => {
    expect(journeys.map((j) => j.state.value)).toEqual(['startingFlow', 'nothingSelected', 'nothingSelected', 'asking']);
    expect(journeys[0]!.state.output).toEqual({ selection: ['health-expenses', 'rent-tax-credit', 'flat-rate-expenses'], year: YEAR });
    expect(journeys[3]!.state.context).toEqual({ year: YEAR, index: 0, answers: { 'health-expenses': 'no' } });
  });

  for (const path of [...model.paths, ...journeys]) {
    it(path.description, async () => {
      const effects: Effects = { started: [], navigated: [] };
      await model.runPath(path, {
        createActor: () => createRealActor(effects),
        afterStep: (ctx) => {
          oracle.check(ctx);
          const snapshot = ctx.actor.getSnapshot() as Snapshot;
          const { context } = snapshot;
          const finished = snapshot.status === 'done';
          const view = questionnaireView(snapshot);
          expect(view.finished, 'every button is off once the questionnaire has ended').toBe(finished);
          expect(effects.started, 'startGuidedFlow runs once, when the flow starts').toEqual(
            snapshot.value === 'startingFlow' ? [{ selection: expectedSelection(context.answers), year: YEAR }] : [],
          );
          expect(effects.navigated, 'navigate runs once, to the refund options').toEqual(
            snapshot.value === 'nothingSelected' ? ['/tax-refund-options'] : [],
          );
          expect(selectionOf(context.answers)).toEqual(expectedSelection(context.answers));
          expect(view).toMatchObject({ year: YEAR, index: context.index, number: context.index + 1, total: QUESTIONS.length, isLast: context.index === LAST });
          expect(view.answer).toBe(context.answers[slugAt(context.index)] ?? null);
          expect(view.question.slug).toBe(slugAt(context.index));
          if (!finished) expect(view.canGoBack, 'Prev is enabled except on the first question').toBe(context.index > 0);
        },
      });
    });
  }
});

describe('questionnaire defaults', () => {
  it('do nothing when the app provides no effects, and output the selection', () => {
    const actor = createActor(questionnaireMachine, { input: { year: 2024 } }).start();
    for (const event of answerAll((i) => (i === LAST ? 'question.yes' : 'question.next'))) actor.send(event);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ selection: ['employment-investment-incentive'], year: 2024 });
  });
});

describe('questionnaire progress kept across a reload', () => {
  function withProgress(input: QuestionnaireInput) {
    const saved: QuestionnaireProgress[] = [];
    let cleared = 0;
    const actor = createActor(
      questionnaireMachine.provide({
        actions: {
          saveProgress: (_, params) => void saved.push(params),
          clearProgress: () => void (cleared += 1),
        },
      }),
      { input },
    ).start();
    return { actor, saved, cleared: () => cleared };
  }

  it('keeps each answer and move, and forgets them when the questionnaire ends', () => {
    const { actor, saved, cleared } = withProgress({ year: 2025 });
    actor.send({ type: 'question.yes', index: 0 });
    actor.send({ type: 'question.next', index: 1 });
    actor.send({ type: 'question.prev', index: 2 });
    const first = QUESTIONS[0]!.slug;
    expect(saved).toEqual([
      { year: 2025, index: 1, answers: { [first]: 'yes' } },
      { year: 2025, index: 2, answers: { [first]: 'yes' } },
      { year: 2025, index: 1, answers: { [first]: 'yes' } },
    ]);
    expect(cleared()).toBe(0);
    for (let i = 1; i <= LAST; i += 1) actor.send({ type: 'question.no', index: i });
    expect(actor.getSnapshot().status).toBe('done');
    expect(cleared()).toBe(1);
  });

  it('a reload goes on at the same question with the same answers; another year starts afresh', () => {
    const answers = { [QUESTIONS[0]!.slug]: 'yes', [QUESTIONS[1]!.slug]: 'no' } as const;
    const resumed = withProgress({ year: 2025, resume: { year: 2025, index: 2, answers } }).actor;
    expect(resumed.getSnapshot().context).toEqual({ year: 2025, index: 2, answers });
    const otherYear = withProgress({ year: 2024, resume: { year: 2025, index: 2, answers } }).actor;
    expect(otherYear.getSnapshot().context).toEqual({ year: 2024, index: 0, answers: {} });
  });
});
