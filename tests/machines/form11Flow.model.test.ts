import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { form11FlowMachine } from '../../machines/form11Flow/form11Flow.machine.ts';
import {
  selectCanResume,
  selectCanRetry,
  selectFinalSend,
  selectHasSavedProgress,
  selectIsBusy,
  selectIsSending,
  selectSendFailed,
} from '../../machines/form11Flow/form11Flow.selectors.ts';
import type {
  Form11FlowInput,
  NavigateToInput,
  NavigationOutcome,
  PostAllAnswersInput,
  PostResult,
} from '../../machines/form11Flow/form11Flow.types.ts';
import { parseSavedProgress, serializeProgress, type JsonValue } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { dottedValue } from '../support/expectedSteps.ts';
import type { ModelPath, StepContext } from '../support/modelTest.ts';
import { FRESH, freshModel, SAVED, savedModel, start, WITH_SAVED } from './form11Flow.model.ts';
import {
  OUTSIDE_ROUTE,
  POST_OK,
  POST_REFUSED,
  REFUSED,
  SELECTION_P,
  SELECTION_Q,
  SELECTION_THREE,
  USER_ID,
  answerFor,
  caseOf,
  expectedEffects,
  expectedProgress,
  oracle,
  oracleFrom,
} from './form11Flow.oracle.ts';

type Machine = typeof form11FlowMachine;
type Snapshot = ReturnType<Machine['resolveState']>;

// ─── Running a path against the real actor ───────────────────────────────────────────────────────

export interface Recorder {
  /** The effects of the current step. */
  effects: string[];
  /** Every effect of the run, in order. */
  log: string[];
  /** What the app's localStorage holds under 'form11Progress'. */
  stored: string | null;
}

export function createRecordedActor(input: Form11FlowInput, recorder: Recorder, promises: StepContext<Machine>['promises']) {
  return createActor(
    form11FlowMachine.provide({
      actors: { navigateTo: promises.logic(), postAnswer: promises.logic(), postAllAnswers: promises.logic() },
      actions: {
        navigate: (_, { to, replace }) => void recorder.effects.push(`navigate ${to}${replace ? ' (replace)' : ''}`),
        saveProgress: (_, { progress }) => {
          recorder.effects.push('saveProgress');
          recorder.stored = serializeProgress(progress);
        },
        clearProgress: () => {
          recorder.effects.push('clearProgress');
          recorder.stored = null;
        },
        refreshProfile: () => void recorder.effects.push('refreshProfile'),
        logFailure: (_, { operation }) => void recorder.effects.push(`logFailure ${operation}`),
      },
    }),
    { input },
  );
}

/** Runs a path with every step checked against the table, the effects, the storage and the actors' inputs. */
export async function runChecked(model: typeof freshModel, path: ModelPath<Machine>, input: Form11FlowInput): Promise<Recorder> {
  const table = input.saved ? oracleFrom(input.saved) : oracle;
  const expected = table.expectedSteps(path);
  const recorder: Recorder = { effects: [], log: [], stored: input.saved ? serializeProgress(input.saved) : null };
  await model.runPath(path, {
    createActor: ({ promises }) => createRecordedActor(input, recorder, promises),
    beforeStep: () => {
      recorder.log.push(...recorder.effects);
      recorder.effects = [];
    },
    afterStep: (ctx) => {
      table.check(ctx);
      const before = expected[ctx.index - 1];
      const after = expected[ctx.index]!;
      const snapshot = ctx.actor.getSnapshot() as Snapshot;
      const value = dottedValue(snapshot.value);
      if (before) {
        const kase = caseOf(ctx.step.event, before);
        expect(recorder.effects, `effects of "${kase}" in ${before.value}`).toEqual(expectedEffects(kase, before, after));
      }
      // Saved whenever it changes: storage always holds the flow in flight, and reads back as it.
      const read = parseSavedProgress(recorder.stored, USER_ID);
      if (after.context.routes.length > 0) expect(read).toEqual({ kind: 'valid', progress: expectedProgress(after.context) });
      else expect(read).toEqual({ kind: 'none' });
      // The invoked actors get the expected input.
      const c = after.context;
      const inputs = ctx.promises.inputs;
      if (value === 'inFlow.settingUp.navigating') expect(inputs.navigateTo).toEqual({ to: c.routes[0], replace: true });
      if (value === 'inFlow.settingUp.retrying') expect(inputs.navigateTo).toEqual({ to: c.routes[0], replace: false });
      if (value === 'inFlow.replaying') expect(inputs.navigateTo).toEqual({ to: c.routes[c.replayIndex], replace: false });
      if (value === 'inFlow.postingAnswer' || value === 'single.posting') expect(inputs.postAnswer).toEqual(c.posting);
      if (value === 'inFlow.sendingAll') expect(inputs.postAllAnswers).toEqual({ year: c.year, questions: c.formData });
      // Selectors agree with the state.
      expect(selectHasSavedProgress(snapshot)).toBe(c.routes.length > 0);
      expect(selectIsBusy(snapshot)).toBe(!['idle', 'inFlow.stepping.atStep', 'inFlow.stepping.unsent'].includes(value));
      expect(selectIsSending(snapshot)).toBe(['single.posting', 'inFlow.postingAnswer', 'inFlow.sendingAll'].includes(value));
      expect(selectSendFailed(snapshot)).toBe(value === 'inFlow.stepping.unsent');
      expect(selectCanResume(snapshot), 'Continue is possible exactly while the flow waits').toBe(value.startsWith('inFlow.stepping'));
      expect(selectCanRetry(snapshot)).toBe(value === 'inFlow.stepping.unsent');
      const finalSend = { 'inFlow.stepping.unsent': 'failed', 'inFlow.sendingAll': 'sending', finishing: 'finishing' }[value] ?? null;
      expect(selectFinalSend(snapshot), '/tax-refund-submitted offers Try again exactly after a failed final send').toBe(finalSend);
    },
  });
  recorder.log.push(...recorder.effects);
  return recorder;
}

// ─── Pinned journeys ─────────────────────────────────────────────────────────────────────────────

const navigated = { type: 'xstate.done.actor.navigateTo', output: { aborted: false } };
const aborted = { type: 'xstate.done.actor.navigateTo', output: { aborted: true } };
const posted = { type: 'xstate.done.actor.postAnswer', output: POST_OK };
const postRefused = { type: 'xstate.done.actor.postAnswer', output: POST_REFUSED };
const allPosted = { type: 'xstate.done.actor.postAllAnswers', output: POST_OK };
const allRefused = { type: 'xstate.done.actor.postAllAnswers', output: POST_REFUSED };
const submit = (route: Form11FlowRoute, data: JsonValue = answerFor(route)) => ({ type: 'step.submit', route, data }) as const;
const DECLARATION: JsonValue = { 'rental-income': { rentReceived: 14400, expenses: 2100 }, 'uk-dividends': { grossAmount: 600 } };

const journeys = {
  threePages: freshModel.pathFromEvents('three questionnaire pages, then submitted', [
    start(SELECTION_THREE, 2025, true),
    navigated,
    submit('/form11/health-expenses'),
    submit('/form11/rent-tax-credit'),
    submit('/form11/flat-rate-expenses'),
    allPosted,
    'after:profileRefreshDelay',
  ]),
  incomeCollapses: freshModel.pathFromEvents('income types collapse into the final form', [
    start(SELECTION_P, 2024, true),
    navigated,
    submit('/form11/tuition-fees'),
    submit('/form11/final-form', DECLARATION),
    allPosted,
    'after:profileRefreshDelay',
  ]),
  resume: savedModel.pathFromEvents('resume at the saved page, then finish', [
    { type: 'flow.resume' },
    navigated,
    navigated,
    submit('/form11/rent-tax-credit'),
    allPosted,
    'after:profileRefreshDelay',
  ]),
  abortedOnce: freshModel.pathFromEvents('an aborted navigation during setup is retried with a push', [start(SELECTION_Q, 2024, true), aborted, navigated]),
  abortedTwice: freshModel.pathFromEvents('aborted twice: the flow waits, saved', [start(SELECTION_Q, 2024, true), aborted, aborted]),
  singlePostFails: freshModel.pathFromEvents('a failed answer post is logged and the flow goes on; the answer is sent at the end', [
    start(SELECTION_P, 2025, false),
    navigated,
    submit('/form11/tuition-fees'),
    postRefused,
    submit('/form11/final-form', DECLARATION),
    posted,
    'after:profileRefreshDelay',
    allPosted,
    'after:profileRefreshDelay',
  ]),
  finalPostFails: freshModel.pathFromEvents('a failed final post keeps the answers and the saved progress until Try again', [
    start(SELECTION_Q, 2024, true),
    navigated,
    submit('/form11/health-expenses'),
    submit('/form11/rent-tax-credit'),
    allRefused,
    { type: 'flow.retry' },
    allPosted,
    'after:profileRefreshDelay',
  ]),
  submitOnItsOwn: freshModel.pathFromEvents('a page opened on its own: posted, then the callback (never another site)', [
    { type: 'step.submit', route: OUTSIDE_ROUTE, data: answerFor(OUTSIDE_ROUTE), callback: 'https://evil.example/phish', year: 2023 },
    posted,
    'after:profileRefreshDelay',
  ]),
};

describe('guided flow machine: model-based', () => {
  it('covers every state and transition between a fresh start and a start from saved progress', () => {
    const fresh = freshModel.coverage();
    const saved = savedModel.coverage();
    // `restoring` is transient and initial: the helper records its two transitions (covered below), not the state itself.
    const uncoveredStates = fresh.states.uncovered.filter((s) => saved.states.uncovered.includes(s) && s !== 'restoring');
    const uncoveredTransitions = fresh.transitions.uncovered.filter((t) => saved.transitions.uncovered.includes(t));
    expect({ uncoveredStates, uncoveredTransitions }).toEqual({ uncoveredStates: [], uncoveredTransitions: [] });
    expect(fresh.transitions.covered).toContain('restoring —[always]→ idle');
    expect(saved.transitions.covered).toContain('restoring —[always if hasFlow]→ inFlow');
    expect(freshModel.unrealisablePaths).toEqual([]);
    expect(savedModel.unrealisablePaths).toEqual([]);
  });

  it('uses every rule of the expected table', () => {
    const pinned = Object.values(journeys);
    const freshUnused = oracle.unusedRules([...freshModel.paths, ...pinned.filter((j) => j !== journeys.resume)]);
    const savedUnused = oracleFrom(SAVED).unusedRules([...savedModel.paths, journeys.resume]);
    expect(freshUnused.filter((rule) => savedUnused.includes(rule))).toEqual([]);
  });

  describe('from a fresh start', () => {
    for (const path of freshModel.paths) it(path.description, () => runChecked(freshModel, path, FRESH));
  });

  describe('from saved progress', () => {
    for (const path of savedModel.paths) it(path.description, () => runChecked(savedModel, path, WITH_SAVED));
  });
});

describe('guided flow machine: pinned journeys', () => {
  const navigations = (log: string[]) => log.filter((e) => e.startsWith('navigate'));

  it('three questionnaire pages: each answer kept, then all posted together, the profile refreshed, submitted', async () => {
    const { log, stored } = await runChecked(freshModel, journeys.threePages, FRESH);
    expect(journeys.threePages.steps.map((s) => dottedValue(s.state.value))).toEqual([
      'idle',
      'inFlow.settingUp.navigating',
      'inFlow.stepping.atStep',
      'inFlow.stepping.atStep',
      'inFlow.stepping.atStep',
      'inFlow.sendingAll',
      'finishing',
      'idle',
    ]);
    expect(navigations(log)).toEqual(['navigate /form11/rent-tax-credit', 'navigate /form11/flat-rate-expenses', 'navigate /tax-refund-submitted']);
    expect(log.filter((e) => e === 'refreshProfile')).toHaveLength(1);
    expect(journeys.threePages.steps.at(-1)!.advanceMs, 'the profile is refreshed 700 ms after the post').toBe(700);
    expect(stored).toBeNull();
    expect(journeys.threePages.steps[5]!.state.context.formData).toEqual({
      'health-expenses': answerFor('/form11/health-expenses'),
      'rent-tax-credit': answerFor('/form11/rent-tax-credit'),
      'flat-rate-expenses': answerFor('/form11/flat-rate-expenses'),
    });
    expect(journeys.threePages.state.context.lastSubmittedYear).toBe(2025);
  });

  it('income types collapse into one final form, its declaration sent with the other answers', async () => {
    await runChecked(freshModel, journeys.incomeCollapses, FRESH);
    const atStart = journeys.incomeCollapses.steps[1]!.state.context;
    expect(atStart.routes).toEqual(['/form11/tuition-fees', '/form11/final-form']);
    expect(atStart.selectedIncomeTypes).toEqual(['rental-income', 'uk-dividends']);
    expect(journeys.incomeCollapses.steps[4]!.state.context.formData).toEqual({
      'tuition-fees': answerFor('/form11/tuition-fees'),
      'final-form': DECLARATION,
    });
  });

  it('resume replays the navigation up to the saved page, then goes on from there with the saved answers', async () => {
    const { log } = await runChecked(savedModel, journeys.resume, WITH_SAVED);
    expect(journeys.resume.steps.slice(0, 4).map((s) => [dottedValue(s.state.value), s.state.context.replayIndex])).toEqual([
      ['inFlow.stepping.atStep', 0],
      ['inFlow.replaying', 0],
      ['inFlow.replaying', 1],
      ['inFlow.stepping.atStep', 1],
    ]);
    expect(journeys.resume.steps[4]!.state.context.formData).toEqual({
      'health-expenses': answerFor('/form11/health-expenses'),
      'rent-tax-credit': answerFor('/form11/rent-tax-credit'),
    });
    expect(navigations(log)).toEqual(['navigate /tax-refund-submitted']);
  });

  it('an aborted setup navigation is retried once as a push; a second abort leaves the flow waiting, saved', async () => {
    await runChecked(freshModel, journeys.abortedOnce, FRESH);
    const { stored } = await runChecked(freshModel, journeys.abortedTwice, FRESH);
    expect(journeys.abortedOnce.steps.map((s) => dottedValue(s.state.value))).toEqual([
      'idle',
      'inFlow.settingUp.navigating',
      'inFlow.settingUp.retrying',
      'inFlow.stepping.atStep',
    ]);
    expect(dottedValue(journeys.abortedTwice.state.value)).toBe('inFlow.stepping.atStep');
    expect(parseSavedProgress(stored, USER_ID)).toMatchObject({ kind: 'valid', progress: { currentRouteIndex: 0 } });
  });

  it('a failed single post is logged and the flow goes on; the answer stays unsent and goes with the final post', async () => {
    const { log } = await runChecked(freshModel, journeys.singlePostFails, FRESH);
    const steps = journeys.singlePostFails.steps;
    expect(dottedValue(steps[4]!.state.value)).toBe('inFlow.stepping.atStep');
    expect(steps[4]!.state.context).toMatchObject({ currentRouteIndex: 1, lastFailure: REFUSED, formData: { 'tuition-fees': answerFor('/form11/tuition-fees') } });
    expect(dottedValue(steps[7]!.state.value)).toBe('inFlow.sendingAll');
    expect(steps[7]!.state.context.formData).toEqual({ 'tuition-fees': answerFor('/form11/tuition-fees') });
    expect(log.filter((e) => e.startsWith('logFailure'))).toEqual(['logFailure answer']);
    expect(log.filter((e) => e === 'refreshProfile')).toHaveLength(2);
  });

  it('a failed final post: logged, the user sent on, the answers and the saved progress kept; Try again sends them', async () => {
    const path = journeys.finalPostFails;
    const table = oracle.expectedSteps(path);
    expect(table[5]).toMatchObject({ value: 'inFlow.stepping.unsent', context: { lastFailure: REFUSED } });
    const { log, stored } = await runChecked(freshModel, path, FRESH);
    const unsentAt = log.indexOf('logFailure answer-multiple');
    expect(log.slice(unsentAt, unsentAt + 2)).toEqual(['logFailure answer-multiple', 'navigate /tax-refund-submitted']);
    expect(log.indexOf('clearProgress'), 'cleared only after the retry succeeded').toBeGreaterThan(unsentAt);
    expect(stored).toBeNull();
  });

  it('keeps the saved progress after a failed final post, so after a reload Continue and Next send it again', async () => {
    const events = journeys.finalPostFails.steps.slice(1, 6).map((s) => s.event);
    const { stored } = await runChecked(freshModel, freshModel.pathFromEvents('a failed final post, then a reload', events), FRESH);
    const read = parseSavedProgress(stored, USER_ID);
    if (read.kind !== 'valid') throw new Error(`the progress was not kept: ${JSON.stringify(read)}`);
    expect(read.progress).toMatchObject({ currentRouteIndex: 1, formData: { 'health-expenses': {}, 'rent-tax-credit': {} } });

    // The reload: a new actor from what was saved.
    const sent: PostAllAnswersInput[] = [];
    const afterReload = createActor(
      form11FlowMachine.provide({
        actors: {
          navigateTo: fromPromise<NavigationOutcome, NavigateToInput>(async () => ({ aborted: false })),
          postAllAnswers: fromPromise<PostResult, PostAllAnswersInput>(async ({ input }) => {
            sent.push(input);
            return { ok: true };
          }),
        },
      }),
      { input: { ...FRESH, saved: read.progress } },
    ).start();
    afterReload.send({ type: 'flow.resume' });
    await vi.waitFor(() => expect(dottedValue(afterReload.getSnapshot().value)).toBe('inFlow.stepping.atStep'));
    afterReload.send({ type: 'step.next', route: '/form11/rent-tax-credit' });
    await vi.waitFor(() => expect(afterReload.getSnapshot().value).toBe('finishing'));
    expect(sent).toEqual([{ year: 2024, questions: read.progress.formData }]);
    afterReload.stop();
  });

  it('a page opened on its own is posted at once and goes to a safe callback', async () => {
    const { log } = await runChecked(freshModel, journeys.submitOnItsOwn, FRESH);
    expect(journeys.submitOnItsOwn.steps[1]!.state.context.posting).toEqual({ year: 2023, question: 'remote-working-relief', answer: answerFor(OUTSIDE_ROUTE) });
    expect(log).toEqual(['refreshProfile', 'navigate /tax-refund-submitted']);
  });
});
