import { questionnaireMachine } from '../../../machines/questionnaire/questionnaire.machine.ts';
import type { QuestionSlug } from '../../../machines/questionnaire/questionnaire.types.ts';
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
      // The user was asked on the Tax Refund page before a flow in flight is replaced.
      startGuidedFlow: (selection, year) => effects.guidedFlow()?.send({ type: 'flow.start', selection, year, fromQuestionnaire: true, replace: true }),
      navigate: (to) => void effects.navigate(to),
    }),
  input: (_effects: AppEffects, screen: { year: number }) => ({ year: screen.year }),
});
