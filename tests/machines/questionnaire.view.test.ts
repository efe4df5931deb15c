import { describe, expect, it } from 'vitest';
import { questionnaireMachine } from '../../machines/questionnaire/questionnaire.machine.ts';
import type { QuestionnaireContext } from '../../machines/questionnaire/questionnaire.types.ts';
import { questionnaireView } from '../../machines/questionnaire/questionnaire.view.ts';
import { QUESTIONS } from '../../src/domain/catalogue.ts';

/** What /form11-questionnaire shows, worked out by hand for a few questions of the 32 (the spec's 27 and one per credit added since). */
const YEAR = 2024;
const viewOf = (value: 'asking' | 'startingFlow', context: Partial<QuestionnaireContext>) =>
  questionnaireView(questionnaireMachine.resolveState({ value, context: { year: YEAR, index: 0, answers: {}, ...context } }));

describe('questionnaire view', () => {
  it('numbers the question shown and marks its answer', () => {
    const answers = { 'health-expenses': 'yes', 'medical-insurance-relief': 'no', 'nursing-home-expenses': 'yes' } as const;
    // The third question is nursing home expenses, answered Yes.
    expect(viewOf('asking', { index: 2, answers })).toMatchObject({ year: YEAR, index: 2, number: 3, total: 32, answer: 'yes', isLast: false, finished: false });
    expect(viewOf('asking', { index: 2, answers }).question).toEqual(QUESTIONS[2]);
    expect(viewOf('asking', { index: 3, answers })).toMatchObject({ number: 4, answer: null });
  });

  it('offers Prev except on the first question, and Finish on the last', () => {
    expect(viewOf('asking', { index: 0 }).canGoBack).toBe(false);
    expect(viewOf('asking', { index: 1 }).canGoBack).toBe(true);
    const last = viewOf('asking', { index: 31 });
    expect(last).toMatchObject({ number: 32, isLast: true, canGoBack: true });
    expect(last.question.slug).toBe('employment-investment-incentive');
  });

  it('turns every button off once the questionnaire has ended', () => {
    expect(viewOf('startingFlow', { index: 31, answers: { 'employment-investment-incentive': 'yes' } })).toMatchObject({ finished: true, canGoBack: false, answer: 'yes' });
  });
});
