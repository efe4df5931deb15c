/**
 * Actor CONTRACTS of the guided-flow machine, with harmless defaults. The app supplies the real ones
 * with `form11FlowMachine.provide({ actors: { … } })`; tests supply fakes the same way.
 *
 * Real post actors resolve expected failures as `{ ok: false, error }` and reject only on a bug;
 * they pass `signal` to the HTTP call, so a flow that is cleared aborts its request.
 */
import { fromPromise } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type {
  NavigateToInput,
  NavigateToLogic,
  NavigationOutcome,
  PostAllAnswersInput,
  PostAllAnswersLogic,
  PostAnswerInput,
  PostAnswerLogic,
  PostResult,
} from './form11Flow.types.ts';

const NOT_PROVIDED: ApiFailure = { status: null, message: 'not provided', source: 'network' };

/**
 * Navigate and report whether the router got there. The app's version awaits the router's
 * navigation and compares where it arrived with `to`. Default: nothing moves and nothing is
 * reported aborted, so the flow goes on.
 */
export const navigateTo: NavigateToLogic = fromPromise<NavigationOutcome, NavigateToInput>(async () => ({ aborted: false }));

/** POST /answer. Default: answers as an outage would (the answer stays unsent, nothing is lost). */
export const postAnswer: PostAnswerLogic = fromPromise<PostResult, PostAnswerInput>(async () => ({ ok: false, error: NOT_PROVIDED }));

/** POST /answer-multiple. Default: answers as an outage would (the progress is kept). */
export const postAllAnswers: PostAllAnswersLogic = fromPromise<PostResult, PostAllAnswersInput>(async () => ({
  ok: false,
  error: NOT_PROVIDED,
}));
