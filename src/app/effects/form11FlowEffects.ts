import { fromPromise } from 'xstate';
import { form11FlowMachine } from '../../../machines/form11Flow/form11Flow.machine.ts';
import type {
  NavigateToInput,
  NavigationOutcome,
  PostAllAnswersInput,
  PostAnswerInput,
  PostResult,
} from '../../../machines/form11Flow/form11Flow.types.ts';
import type { SessionHooks } from '../../api/client.ts';
import { withClaim } from '../../domain/claimRefund.ts';
import { calendarDay } from '../../domain/dates.ts';
import { FORM11_PROGRESS_KEY, parseSavedProgress, serializeProgress, type Form11Progress } from '../../domain/form11Progress.ts';
import type { Form11Entry } from '../../domain/schemas/form11Entry.ts';
import { defaultClaimYear, openClaimYears } from '../../domain/tax/claimYears.ts';
import { defineFlow } from '../flows/flow.ts';
import type { AppEffects } from './appEffects.ts';

/**
 * The browser's side of the guided Form 11 flow: the router, the answer calls, the session told of
 * the claim the server answered, and the progress kept in localStorage under 'form11Progress'.
 * Nothing here decides anything; the machine does.
 */

/** The answer calls as the flow needs them: expected failures resolve as data, never throw. */
export interface AnswerCalls {
  postAnswer(input: PostAnswerInput, signal: AbortSignal): Promise<PostResult>;
  postAllAnswers(input: PostAllAnswersInput, signal: AbortSignal): Promise<PostResult>;
}

/** What the router must offer: go somewhere, and say where it is now. */
export interface FlowNavigator {
  navigate(to: string, replace: boolean): Promise<void>;
  /** Go to `to` as the browser's Back would (one entry back when the entry before is `to`, else a push). */
  back(to: string): Promise<void>;
  /** The path the router is on now (no search). */
  currentPath(): string;
}

export interface Form11FlowEffects {
  navigator: FlowNavigator;
  answers: AnswerCalls;
  /** The session takes the year's claim the server answered, in place of the one it had (auth `profile.updated`). */
  claimRecorded(entry: Form11Entry): void;
  /** Where progress is kept (localStorage in the browser). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  log: Pick<Console, 'warn'>;
}

/** Storage that throws (private mode, quota, disabled) must never break a form: the flow goes on unsaved. */
function attempt(log: Form11FlowEffects['log'], what: string, fn: () => void) {
  try {
    fn();
  } catch (error) {
    log.warn(`Form 11 progress: could not ${what}`, { error: error instanceof Error ? error.name : String(error) });
  }
}

/** The flow machine with the browser's effects. */
export function createForm11FlowLogic(effects: Form11FlowEffects) {
  const { navigator, answers, storage, log } = effects;
  return form11FlowMachine.provide({
    actions: {
      navigate: (_, params) => {
        void navigator.navigate(params.to, params.replace).catch((error: unknown) => {
          log.warn('Form 11 flow: navigation failed', { to: params.to, error: error instanceof Error ? error.message : String(error) });
        });
      },
      navigateBack: (_, params) => {
        void navigator.back(params.to).catch((error: unknown) => {
          log.warn('Form 11 flow: navigation failed', { to: params.to, error: error instanceof Error ? error.message : String(error) });
        });
      },
      saveProgress: (_, params) => attempt(log, 'save', () => storage.setItem(FORM11_PROGRESS_KEY, serializeProgress(params.progress))),
      clearProgress: () => attempt(log, 'remove', () => storage.removeItem(FORM11_PROGRESS_KEY)),
      // No claim in the answer (nothing was left to send): the session's profile stays as it is.
      claimRecorded: (_, params) => {
        if (params.entry) effects.claimRecorded(params.entry);
      },
      // The status and the operation only: an answer carries what the user entered.
      logFailure: (_, params) => log.warn('Form 11 answer was not sent', { operation: params.operation, status: params.failure.status }),
    },
    actors: {
      navigateTo: fromPromise<NavigationOutcome, NavigateToInput>(async ({ input }) => {
        await navigator.navigate(input.to, input.replace);
        return { aborted: navigator.currentPath() !== pathOf(input.to) };
      }),
      postAnswer: fromPromise<PostResult, PostAnswerInput>(({ input, signal }) => answers.postAnswer(input, signal)),
      postAllAnswers: fromPromise<PostResult, PostAllAnswersInput>(({ input, signal }) => answers.postAllAnswers(input, signal)),
    },
  });
}

export type Form11FlowLogic = ReturnType<typeof createForm11FlowLogic>;

function pathOf(to: string): string {
  return new URL(to, 'http://x').pathname;
}

/**
 * The saved progress of `ownerId`, or null. A corrupt, outdated or foreign save is logged (the
 * reason and its detail, never its content) and removed, so it is reported once (spec section 8).
 */
export function readSavedProgress(
  storage: Form11FlowEffects['storage'],
  ownerId: string,
  log: Form11FlowEffects['log'],
): Form11Progress | null {
  let raw: string | null = null;
  attempt(log, 'read', () => {
    raw = storage.getItem(FORM11_PROGRESS_KEY);
  });
  const read = parseSavedProgress(raw, ownerId);
  if (read.kind === 'valid') return read.progress;
  if (read.kind === 'rejected') {
    log.warn('Form 11 progress discarded', { reason: read.reason, detail: read.reason === 'foreign-owner' ? 'saved by another user' : read.detail });
    attempt(log, 'remove', () => storage.removeItem(FORM11_PROGRESS_KEY));
  }
  return null;
}

/**
 * POST /answer and POST /answer-multiple with the session's client, loaded on first use. A
 * refusal or an outage resolves as `{ ok: false, error }` (the flow logs it and goes on).
 */
export function answerCallsOver(sessionHooks: () => SessionHooks): AnswerCalls {
  const load = async () => {
    const [{ createSessionClient }, calls] = await Promise.all([import('../../api/client.ts'), import('../../api/form11.ts')]);
    return { client: createSessionClient(sessionHooks()), ...calls };
  };
  return {
    postAnswer: async (input, signal) => {
      const { client, answerOutcome } = await load();
      return answerOutcome(client, input, signal);
    },
    postAllAnswers: async (input, signal) => {
      const { client, answersOutcome } = await load();
      return answersOutcome(client, input, signal);
    },
  };
}

/**
 * The guided flow as the session registry runs it: one actor per signed-in user (`owner`, their
 * email), started with the progress they saved on this device.
 */
export const form11GuidedFlow = defineFlow({
  logic: (effects: AppEffects) =>
    createForm11FlowLogic({
      navigator: { navigate: (to, replace) => effects.navigate(to, { replace }), back: (to) => effects.back(to), currentPath: () => effects.currentPath() },
      answers: answerCallsOver(() => effects.sessionHooks),
      claimRecorded: (entry) => {
        const user = effects.user();
        if (user) effects.announceUser({ ...user, form11: withClaim(user.form11, entry) });
      },
      storage: effects.storage,
      log: effects.log,
    }),
  input: (effects: AppEffects, owner: string) => {
    const today = calendarDay(effects.now());
    return {
      userId: owner,
      defaultYear: defaultClaimYear(today),
      claimYears: [...openClaimYears(today).pastYears].reverse(),
      saved: readSavedProgress(effects.storage, owner, effects.log),
    };
  },
});
