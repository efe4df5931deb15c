import { questionnaireMachine } from '../../../machines/questionnaire/questionnaire.machine.ts';
import type { QuestionSlug } from '../../../machines/questionnaire/questionnaire.types.ts';

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
