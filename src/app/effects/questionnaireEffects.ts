import { questionnaireMachine } from '../../../machines/questionnaire/questionnaire.machine.ts';
import type { QuestionSlug, QuestionnaireProgress } from '../../../machines/questionnaire/questionnaire.types.ts';
import { QUESTIONS } from '../../domain/catalogue.ts';
import { QUESTIONNAIRE_PROGRESS_KEY } from '../../domain/form11ProgressKey.ts';
import { calendarDay } from '../../domain/dates.ts';
import { defaultClaimYear } from '../../domain/tax/claimYears.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

export interface QuestionnaireEffects {
  /** Hand the pages answered Yes to the guided flow, for the claim year. */
  startGuidedFlow(selection: QuestionSlug[], year: number): void;
  navigate(to: string): void;
  /** Keep the visit's progress (a reload goes on from it); forget it once the questionnaire ends. */
  saveProgress(progress: QuestionnaireProgress): void;
  clearProgress(): void;
}


type ProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage can be full or refused (private modes): progress is then simply not kept. */
function attempt(run: () => void): void {
  try {
    run();
  } catch {
    // Nothing kept: a reload starts the questionnaire again, as it did before progress was kept.
  }
}

export function saveQuestionnaireProgress(storage: ProgressStorage, owner: string, progress: QuestionnaireProgress): void {
  attempt(() => storage.setItem(QUESTIONNAIRE_PROGRESS_KEY, JSON.stringify({ owner, ...progress })));
}

/**
 * The progress `owner` kept for `year`, or null: anything else (another user's, another year's, a
 * question that no longer exists, a broken value) is not used.
 */
export function readQuestionnaireProgress(storage: ProgressStorage, owner: string, year: number): QuestionnaireProgress | null {
  let raw: string | null = null;
  attempt(() => {
    raw = storage.getItem(QUESTIONNAIRE_PROGRESS_KEY);
  });
  if (raw === null) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const { owner: savedOwner, year: savedYear, index, answers } = saved as Record<string, unknown>;
  if (savedOwner !== owner || savedYear !== year) return null;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= QUESTIONS.length) return null;
  if (typeof answers !== 'object' || answers === null) return null;
  const slugs = new Set<string>(QUESTIONS.map((question) => question.slug));
  const kept: QuestionnaireProgress['answers'] = {};
  for (const [slug, answer] of Object.entries(answers)) {
    if (!slugs.has(slug) || (answer !== 'yes' && answer !== 'no')) return null;
    kept[slug as QuestionSlug] = answer;
  }
  return { year, index, answers: kept };
}

/** The questionnaire machine with the app's effects; one actor per visit of /form11-questionnaire. */
export function createQuestionnaireLogic(effects: QuestionnaireEffects) {
  return questionnaireMachine.provide({
    actions: {
      startGuidedFlow: (_, params) => effects.startGuidedFlow(params.selection, params.year),
      navigate: (_, params) => effects.navigate(params.to),
      saveProgress: (_, params) => effects.saveProgress(params),
      clearProgress: () => effects.clearProgress(),
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
      saveProgress: (progress) => {
        const owner = ownerOf(effects);
        if (owner) saveQuestionnaireProgress(effects.storage, owner, progress);
      },
      clearProgress: () => attempt(() => effects.storage.removeItem(QUESTIONNAIRE_PROGRESS_KEY)),
    }),
  // The year the Tax Refund page chose (the questionnaire's address carries it), else last year;
  // and where the user's last visit of that year stopped.
  input: (effects: AppEffects, screen: { year: number | undefined }) => {
    const year = screen.year ?? defaultClaimYear(calendarDay(effects.now()));
    const owner = ownerOf(effects);
    return { year, resume: owner ? readQuestionnaireProgress(effects.storage, owner, year) : null };
  },
});

/** Whose progress it is: the signed-in user, as the session's flows know them. */
function ownerOf(effects: AppEffects): string | null {
  return effects.user()?.email.toLowerCase() ?? null;
}
