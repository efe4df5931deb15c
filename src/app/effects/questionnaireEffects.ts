import { questionnaireMachine } from '../../../machines/questionnaire/questionnaire.machine.ts';
import type { QuestionSlug } from '../../../machines/questionnaire/questionnaire.types.ts';
import { calendarDay } from '../../domain/dates.ts';
import { defaultClaimYear } from '../../domain/tax/claimYears.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

export interface QuestionnaireEffects {
  /** Hand the pages answered Yes to the guided flow, for the claim year. */
  startGuidedFlow(selection: QuestionSlug[], year: number): void;
  navigate(to: string): void;
}

/** The questionnaire machine with the app's effects; one actor per visit of /form11-questionnaire. */
export function createQuestionnaireLogic(effects: QuestionnaireEffects) {
  return questionnaireMachine.provide({
    actions: {
      startGuidedFlow: (_, params) => effects.startGuidedFlow(params.selection, params.year),
      navigate: (_, params) => effects.navigate(params.to),
    },
  });
}

export type QuestionnaireLogic = ReturnType<typeof createQuestionnaireLogic>;

export const questionnaireFlow = defineFlow({
  logic: (effects: AppEffects) =>
    createQuestionnaireLogic({
      // A flow still in flight (the questionnaire opened by its address) makes the guided flow ask before it is replaced.
      startGuidedFlow: (selection, year) => effects.guidedFlow()?.send({ type: 'flow.start', selection, year }),
      navigate: (to) => void effects.navigate(to),
    }),
  // The year the Tax Refund page chose (the questionnaire's address carries it), else last year.
  input: (effects: AppEffects, screen: { year: number | undefined }) => ({ year: screen.year ?? defaultClaimYear(calendarDay(effects.now())) }),
});
