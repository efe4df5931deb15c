import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { form11FlowMachine, progressOf } from '../../machines/form11Flow/form11Flow.machine.ts';
import type { Form11FlowInput, NavigateToInput, NavigationOutcome, PostAllAnswersInput, PostResult } from '../../machines/form11Flow/form11Flow.types.ts';
import { form11FlowView } from '../../machines/form11Flow/form11Flow.view.ts';
import { parseSavedProgress, serializeProgress, type JsonValue } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { categoryTitle, type FormSlug } from '../../src/domain/catalogue.ts';
import { dottedValue } from '../support/expectedSteps.ts';
import type { ModelPath, StepContext } from '../support/modelTest.ts';
import { FRESH, freshModel, SAVED, savedModel, startP, startQ, WITH_SAVED } from './form11Flow.model.ts';
import {
  CLAIM_YEARS,
  CLOSED_YEAR,
  DEFAULT_YEAR,
  EMPTY_ANSWER,
  ENTRY,
  OUTSIDE_ROUTE,
  POST_OK,
  POST_REFUSED,
  QUESTIONNAIRE_YEAR,
  REFUSED,
  SELECTION_P,
  SELECTION_Q,
  SELECTION_THREE,
  USER_ID,
  answerFor,
  caseOf,
  draftFor,
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
        navigateBack: (_, { to }) => void recorder.effects.push(`navigateBack ${to}`),
        saveProgress: (_, { progress }) => {
          recorder.effects.push('saveProgress');
          recorder.stored = serializeProgress(progress);
        },
        clearProgress: () => {
          recorder.effects.push('clearProgress');
          recorder.stored = null;
        },
        claimRecorded: (_, { entry }) => void recorder.effects.push(`claimRecorded ${entry?.id ?? 'none'}`),
        logFailure: (_, { operation }) => void recorder.effects.push(`logFailure ${operation}`),
      },
    }),
    { input },
  );
}

/** What every Form 11 screen shows must follow the state: checked at every step of every path. */
function expectViewOf(snapshot: Snapshot, value: string) {
  const c = snapshot.context;
  const view = form11FlowView(snapshot);
  expect(view.busy).toBe(['single', 'inFlow.settingUp.navigating', 'inFlow.settingUp.retrying', 'inFlow.replaying', 'inFlow.sendingAll'].includes(value));
  expect(view.claimYear).toBe(c.claimYear);
  expect(view.yearChoices).toEqual(CLAIM_YEARS);
  expect(view.unfinished, 'the Tax Refund page offers the claim in flight').toEqual(
    c.routes.length > 0 ? { year: c.year, position: { index: c.currentRouteIndex, number: c.currentRouteIndex + 1, total: c.routes.length, isLast: c.currentRouteIndex === c.routes.length - 1 } } : null,
  );
  expect(view.canResume, 'Continue is possible exactly while the flow waits').toBe(value.startsWith('inFlow.stepping'));
  expect(view.confirmReplace, 'the question shows exactly while the flow asks it').toEqual(
    value === 'inFlow.stepping.confirmingReplace' ? { year: c.pendingStart!.year, replacing: c.year } : null,
  );
  const notSent = value === 'inFlow.stepping.unsent' ? { year: c.year, sending: false } : value === 'inFlow.sendingAll' && c.lastFailure ? { year: c.year, sending: true } : null;
  expect(view.notSent, '/tax-refund-submitted offers Try again exactly after a failed final send').toEqual(notSent);
  expect(view.canRetry).toBe(value === 'inFlow.stepping.unsent');
  expect(view.submitted).toEqual(c.submitted);
  // The page the flow is on, and a page opened on its own.
  const takesAnswers = value === 'idle' || value.startsWith('inFlow.stepping');
  const current = c.routes[c.currentRouteIndex];
  if (current) {
    const page = view.page(current, 2022);
    expect(page).toMatchObject({ year: c.year, canSubmit: takesAnswers, position: { number: c.currentRouteIndex + 1, total: c.routes.length } });
    expect(page.busy, 'the submit button waits exactly while the flow works').toBe(view.busy);
    expect(page.confirmSkip, '"Skip this page?" shows over the page submitted empty, exactly while the flow asks').toEqual(
      value === 'confirmingSkip' && c.skipping!.route === current ? { title: categoryTitle(current.slice(8) as FormSlug) } : null,
    );
    const key = current === '/form11/final-form' ? 'final-form' : current.slice(8);
    expect(page.kept).toEqual((c.formData as Record<string, unknown>)[key] ?? null);
    expect(page.draft, 'what was typed and not submitted comes back').toEqual((c.drafts as Record<string, unknown>)[key] ?? null);
    expect(page.back, 'Back leads to the previous page, or from the first to the Tax Refund page, while the flow waits').toEqual({
      to: c.currentRouteIndex === 0 ? 'start' : 'previous',
      enabled: value.startsWith('inFlow.stepping'),
    });
    expect(page.incomeIds).toEqual(current === '/form11/final-form' ? c.selectedIncomeTypes : null);
  }
  expect(view.page(OUTSIDE_ROUTE, 2022)).toEqual({
    position: null,
    year: 2022,
    canSubmit: takesAnswers,
    busy: view.busy,
    confirmSkip: value === 'confirmingSkip' && c.skipping!.route === OUTSIDE_ROUTE ? { title: 'Remote Working Relief' } : null,
    kept: null,
    draft: null,
    back: null,
    incomeIds: null,
  });
  expect(view.page(OUTSIDE_ROUTE).year, 'a page opened without a year works for last year').toBe(DEFAULT_YEAR);
}

/** Runs a path with every step checked against the table, the effects, the storage, the actors' inputs and the view. */
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
      // A save from before drafts (the saved fixture, until the flow changes) has none.
      const stored = read.kind === 'valid' ? { ...read, progress: { drafts: {}, ...read.progress } } : read;
      if (after.context.routes.length > 0) expect(stored).toEqual({ kind: 'valid', progress: expectedProgress(after.context) });
      else expect(read).toEqual({ kind: 'none' });
      // The invoked actors get the expected input.
      const c = after.context;
      const inputs = ctx.promises.inputs;
      if (value === 'inFlow.settingUp.navigating') expect(inputs.navigateTo).toEqual({ to: c.routes[0], replace: true });
      if (value === 'inFlow.settingUp.retrying') expect(inputs.navigateTo).toEqual({ to: c.routes[0], replace: false });
      if (value === 'inFlow.replaying') expect(inputs.navigateTo).toEqual({ to: c.routes[c.replayIndex], replace: false });
      if (value === 'single') expect(inputs.postAnswer).toEqual(c.posting);
      if (value === 'inFlow.sendingAll') expect(inputs.postAllAnswers).toEqual({ year: c.year, questions: c.formData });
      expectViewOf(snapshot, value);
    },
  });
  recorder.log.push(...recorder.effects);
  return recorder;
}

// ─── Pinned journeys ─────────────────────────────────────────────────────────────────────────────

const navigated = { type: 'xstate.done.actor.navigateTo', output: { aborted: false } };
const aborted = { type: 'xstate.done.actor.navigateTo', output: { aborted: true } };
const posted = { type: 'xstate.done.actor.postAnswer', output: POST_OK };
const allPosted = { type: 'xstate.done.actor.postAllAnswers', output: POST_OK };
const allRefused = { type: 'xstate.done.actor.postAllAnswers', output: POST_REFUSED };
const submit = (route: Form11FlowRoute, data: JsonValue = answerFor(route)) => ({ type: 'step.submit', route, data }) as const;
const DECLARATION: JsonValue = { 'rental-income': { rentReceived: 14400, expenses: 2100 }, 'uk-dividends': { grossAmount: 600 } };

const draft = (route: Form11FlowRoute) => ({ type: 'step.draft', route, values: draftFor(route) }) as const;
const back = (route: Form11FlowRoute) => ({ type: 'step.back', route }) as const;

const journeys = {
  backAndDrafts: freshModel.pathFromEvents('Back through the flow and out of it, drafts kept until their page is submitted', [
    startQ,
    navigated,
    draft('/form11/health-expenses'),
    submit('/form11/health-expenses'),
    draft('/form11/rent-tax-credit'),
    back('/form11/rent-tax-credit'),
    back('/form11/health-expenses'),
    submit('/form11/health-expenses'),
    submit('/form11/rent-tax-credit'),
    allPosted,
  ]),
  threePages: freshModel.pathFromEvents('three questionnaire pages, then submitted', [
    { type: 'flow.start', selection: [...SELECTION_THREE], year: 2025 },
    navigated,
    submit('/form11/health-expenses'),
    submit('/form11/rent-tax-credit'),
    submit('/form11/flat-rate-expenses'),
    allPosted,
  ]),
  incomeCollapses: freshModel.pathFromEvents('income types collapse into the final form, for the year chosen on the page', [
    { type: 'year.choose', year: 2023 },
    startP,
    navigated,
    submit('/form11/tuition-fees'),
    submit('/form11/final-form', DECLARATION),
    allPosted,
  ]),
  resume: savedModel.pathFromEvents('resume at the saved page, then finish', [
    { type: 'flow.resume' },
    navigated,
    navigated,
    submit('/form11/rent-tax-credit'),
    allPosted,
  ]),
  skipAsked: freshModel.pathFromEvents('a page submitted with nothing entered is asked about: Enter amounts keeps the page, Skip this page moves on with nothing kept', [
    startQ,
    navigated,
    submit('/form11/health-expenses', EMPTY_ANSWER),
    { type: 'skip.cancel' },
    submit('/form11/health-expenses', EMPTY_ANSWER),
    { type: 'skip.confirm' },
    submit('/form11/rent-tax-credit'),
    allPosted,
  ]),
  skipOnItsOwn: freshModel.pathFromEvents('a page opened on its own and saved with nothing entered: asked, and skipping it sends nothing', [
    { type: 'step.submit', route: OUTSIDE_ROUTE, data: EMPTY_ANSWER, callback: '/landing' },
    { type: 'skip.confirm' },
  ]),
  abortedOnce: freshModel.pathFromEvents('an aborted navigation during setup is retried with a push', [startQ, aborted, navigated]),
  abortedTwice: freshModel.pathFromEvents('aborted twice: the flow waits, saved', [startQ, aborted, aborted]),
  finalPostFails: freshModel.pathFromEvents('a failed final post keeps the answers and the saved progress until Try again', [
    startQ,
    navigated,
    submit('/form11/health-expenses'),
    submit('/form11/rent-tax-credit'),
    allRefused,
    { type: 'flow.retry' },
    allPosted,
  ]),
  submitOnItsOwn: freshModel.pathFromEvents('a page opened on its own: posted, then the callback (never another site)', [
    { type: 'step.submit', route: OUTSIDE_ROUTE, data: answerFor(OUTSIDE_ROUTE), callback: 'https://evil.example/phish', year: 2023 },
    posted,
  ]),
  replaceKept: freshModel.pathFromEvents('asked to replace the unfinished claim, the user keeps it and goes on with it', [
    startQ,
    navigated,
    submit('/form11/health-expenses'),
    { type: 'questionnaire.open' },
    { type: 'replace.cancel' },
    startP,
    submit('/form11/rent-tax-credit'),
  ]),
  replaceWithQuestionnaire: freshModel.pathFromEvents('the questionnaire replaces the unfinished claim once confirmed; its end starts the new one', [
    startP,
    navigated,
    { type: 'year.choose', year: 2022 },
    { type: 'questionnaire.open' },
    { type: 'replace.confirm' },
    { type: 'flow.start', selection: [...SELECTION_Q], year: 2022 },
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

  it('Back goes to the previous page, then from the first to the Tax Refund page, losing nothing; a draft lasts until its page is submitted, and the flow’s end forgets them all', async () => {
    const path = journeys.backAndDrafts;
    const { log, stored } = await runChecked(freshModel, path, FRESH);
    const at = (i: number) => path.steps[i]!.state;
    const p1 = '/form11/health-expenses' as const;
    const p2 = '/form11/rent-tax-credit' as const;
    expect(at(3).context.drafts, 'typing on page 1 keeps a draft').toEqual({ 'health-expenses': draftFor(p1) });
    expect(at(4).context.drafts, 'submitting page 1 drops its draft').toEqual({});
    expect(at(5).context.drafts, 'a draft on page 2').toEqual({ 'rent-tax-credit': draftFor(p2) });
    // Back on page 2: page 1 with its answer; page 2's draft stays, and is saved.
    expect(at(6).context.currentRouteIndex).toBe(0);
    expect(form11FlowView(at(6)).page(p1)).toMatchObject({ position: { number: 1, total: 2 }, kept: answerFor(p1), draft: null, back: { to: 'start', enabled: true } });
    expect(parseSavedProgress(serializeProgress(progressOf(at(6).context)), USER_ID)).toMatchObject({ kind: 'valid', progress: { drafts: { 'rent-tax-credit': draftFor(p2) } } });
    // Forward again: page 2 shows its draft.
    expect(form11FlowView(at(8)).page(p2)).toMatchObject({ position: { number: 2, total: 2 }, draft: draftFor(p2), kept: null, back: { to: 'previous', enabled: true } });
    expect(at(9).context.drafts, 'the last page submitted: no draft left').toEqual({});
    expect(at(10).context.drafts).toEqual({});
    expect(stored, 'the sent claim forgets the saved progress, drafts and all').toBeNull();
    expect(navigations(log)).toEqual([
      `navigate ${p2}`,
      `navigateBack ${p1}`,
      'navigateBack /tax-refund-questions',
      `navigate ${p2}`,
      'navigate /tax-refund-submitted',
    ]);
  });

  it('drafts are forgotten when the flow is abandoned or the user signs out (flow.clear)', () => {
    const actor = createActor(form11FlowMachine, { input: WITH_SAVED }).start();
    actor.send(draft('/form11/rent-tax-credit'));
    expect(actor.getSnapshot().context.drafts).toEqual({ 'rent-tax-credit': draftFor('/form11/rent-tax-credit') });
    actor.send({ type: 'flow.clear' });
    expect(actor.getSnapshot().context.drafts).toEqual({});
    actor.stop();
  });

  it('three questionnaire pages: each answer kept, then all posted together; the server’s claim goes to the session and to /tax-refund-submitted at once', async () => {
    const { log, stored } = await runChecked(freshModel, journeys.threePages, FRESH);
    expect(journeys.threePages.steps.map((s) => dottedValue(s.state.value))).toEqual([
      'idle',
      'inFlow.settingUp.navigating',
      'inFlow.stepping.atStep',
      'inFlow.stepping.atStep',
      'inFlow.stepping.atStep',
      'inFlow.sendingAll',
      'idle',
    ]);
    expect(navigations(log)).toEqual(['navigate /form11/rent-tax-credit', 'navigate /form11/flat-rate-expenses', 'navigate /tax-refund-submitted']);
    expect(log.slice(-3), 'no timed profile reload: the answer itself is the claim').toEqual([`claimRecorded ${ENTRY.id}`, 'clearProgress', 'navigate /tax-refund-submitted']);
    expect(journeys.threePages.steps.every((s) => s.advanceMs === 0), 'nothing waits on a timer').toBe(true);
    expect(stored).toBeNull();
    expect(journeys.threePages.steps[5]!.state.context.formData).toEqual({
      'health-expenses': answerFor('/form11/health-expenses'),
      'rent-tax-credit': answerFor('/form11/rent-tax-credit'),
      'flat-rate-expenses': answerFor('/form11/flat-rate-expenses'),
    });
    expect(journeys.threePages.state.context.submitted).toEqual({ year: 2025, entry: ENTRY });
  });

  it('income types collapse into one final form, its declaration sent with the other answers, for the year chosen on the page', async () => {
    await runChecked(freshModel, journeys.incomeCollapses, FRESH);
    const atStart = journeys.incomeCollapses.steps[2]!.state.context;
    expect(atStart.routes).toEqual(['/form11/tuition-fees', '/form11/final-form']);
    expect(atStart.selectedIncomeTypes).toEqual(['rental-income', 'uk-dividends']);
    expect(atStart.year).toBe(2023);
    expect(journeys.incomeCollapses.steps[5]!.state.context.formData).toEqual({
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

  it('"Skip this page?" is a state of the flow: asked after an empty Next, Enter amounts returns to the page as it was, Skip this page moves on, and no €0 answer is kept or sent', async () => {
    const path = journeys.skipAsked;
    const { log } = await runChecked(freshModel, path, FRESH);
    expect(path.steps.map((s) => dottedValue(s.state.value))).toEqual([
      'idle',
      'inFlow.settingUp.navigating',
      'inFlow.stepping.atStep',
      'confirmingSkip',
      'inFlow.stepping.atStep',
      'confirmingSkip',
      'inFlow.stepping.atStep',
      'inFlow.sendingAll',
      'idle',
    ]);
    expect(form11FlowView(path.steps[3]!.state).page('/form11/health-expenses').confirmSkip).toEqual({ title: 'Health Expenses' });
    expect(path.steps[4]!.state.context.currentRouteIndex, 'Enter amounts: still on page 1').toBe(0);
    expect(path.steps[6]!.state.context.currentRouteIndex, 'skipped: on page 2').toBe(1);
    expect(path.steps[7]!.state.context.formData, 'only what was entered is sent').toEqual({ 'rent-tax-credit': answerFor('/form11/rent-tax-credit') });
    expect(navigations(log)).toEqual(['navigate /form11/rent-tax-credit', 'navigate /tax-refund-submitted']);
  });

  it('a page opened on its own and saved empty: asked, then skipped with nothing posted, back to the Tax Refund page', async () => {
    const { log } = await runChecked(freshModel, journeys.skipOnItsOwn, FRESH);
    expect(journeys.skipOnItsOwn.steps.map((s) => dottedValue(s.state.value))).toEqual(['idle', 'confirmingSkip', 'idle']);
    expect(log).toEqual(['navigate /tax-refund-questions']);
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

  it('a failed final post: logged, the user sent on, the answers and the saved progress kept; Try again sends them', async () => {
    const path = journeys.finalPostFails;
    const table = oracle.expectedSteps(path);
    expect(table[5]).toMatchObject({ value: 'inFlow.stepping.unsent', context: { lastFailure: REFUSED } });
    const { log, stored } = await runChecked(freshModel, path, FRESH);
    const unsentAt = log.indexOf('logFailure answer-multiple');
    expect(log.slice(unsentAt, unsentAt + 2)).toEqual(['logFailure answer-multiple', 'navigate /tax-refund-submitted']);
    expect(log.indexOf('clearProgress'), 'cleared only after the retry succeeded').toBeGreaterThan(unsentAt);
    expect(form11FlowView(journeys.finalPostFails.steps[6]!.state).notSent, 'Try again shows progress').toEqual({ year: QUESTIONNAIRE_YEAR, sending: true });
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
            return { ok: true, entry: ENTRY };
          }),
        },
      }),
      { input: { ...FRESH, saved: read.progress } },
    ).start();
    afterReload.send({ type: 'flow.resume' });
    await vi.waitFor(() => expect(dottedValue(afterReload.getSnapshot().value)).toBe('inFlow.stepping.atStep'));
    afterReload.send({ type: 'step.next', route: '/form11/rent-tax-credit' });
    await vi.waitFor(() => expect(afterReload.getSnapshot().context.submitted).toEqual({ year: 2024, entry: ENTRY }));
    expect(sent).toEqual([{ year: 2024, questions: read.progress.formData }]);
    afterReload.stop();
  });

  it('an older save that posted each answer at once resumes like any flow: its answers are kept until the end', () => {
    const older = { ...SAVED, isFromQuestionnaire: false };
    const actor = createActor(form11FlowMachine, { input: { ...FRESH, saved: older } }).start();
    expect(progressOf(actor.getSnapshot().context)).toEqual({ ...older, isFromQuestionnaire: true, drafts: {} });
    actor.stop();
  });

  it('a page opened on its own is posted at once and goes to a safe callback, the server’s claim handed to the session', async () => {
    const { log } = await runChecked(freshModel, journeys.submitOnItsOwn, FRESH);
    expect(journeys.submitOnItsOwn.steps[1]!.state.context.posting).toEqual({ year: 2023, question: 'remote-working-relief', answer: answerFor(OUTSIDE_ROUTE) });
    expect(log).toEqual([`claimRecorded ${ENTRY.id}`, 'navigate /tax-refund-submitted']);
  });

  it('asked before replacing the unfinished claim: keeping it changes nothing, and a step of it forgets the question', async () => {
    const { log } = await runChecked(freshModel, journeys.replaceKept, FRESH);
    const values = journeys.replaceKept.steps.map((s) => dottedValue(s.state.value));
    expect(values.slice(3)).toEqual(['inFlow.stepping.atStep', 'inFlow.stepping.confirmingReplace', 'inFlow.stepping.atStep', 'inFlow.stepping.confirmingReplace', 'inFlow.sendingAll']);
    expect(journeys.replaceKept.steps[6]!.state.context.pendingStart).toEqual({ kind: 'pages', selection: [...SELECTION_P], year: DEFAULT_YEAR });
    expect(journeys.replaceKept.state.context.pendingStart).toBeNull();
    expect(journeys.replaceKept.state.context.routes, 'the unfinished claim went on').toEqual(['/form11/health-expenses', '/form11/rent-tax-credit']);
    expect(navigations(log).some((n) => n.includes('questionnaire')), 'keeping the claim opens nothing').toBe(false);
  });

  it('confirmed, the questionnaire replaces the unfinished claim: it is discarded, the questionnaire opens for the chosen year, and its end starts the new claim', async () => {
    const { log } = await runChecked(freshModel, journeys.replaceWithQuestionnaire, FRESH);
    expect(form11FlowView(journeys.replaceWithQuestionnaire.steps[4]!.state).confirmReplace).toEqual({ year: 2022, replacing: DEFAULT_YEAR });
    expect(dottedValue(journeys.replaceWithQuestionnaire.steps[5]!.state.value)).toBe('idle');
    expect(navigations(log)).toContain('navigate /form11-questionnaire?year=2022');
    expect(journeys.replaceWithQuestionnaire.state.context).toMatchObject({ year: 2022, routes: ['/form11/health-expenses', '/form11/rent-tax-credit'] });
  });

  it('takes only an open claim year, and the advanced start uses it', () => {
    const actor = createActor(form11FlowMachine, { input: FRESH }).start();
    actor.send({ type: 'year.choose', year: CLOSED_YEAR });
    expect(actor.getSnapshot().context.claimYear).toBe(DEFAULT_YEAR);
    actor.send({ type: 'year.choose', year: 2022 });
    actor.send(startP);
    expect(actor.getSnapshot().context.year).toBe(2022);
    actor.stop();
  });
});
