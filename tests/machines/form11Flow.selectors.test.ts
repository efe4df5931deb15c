import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { form11FlowMachine, progressOf } from '../../machines/form11Flow/form11Flow.machine.ts';
import {
  selectCanSubmit,
  selectCurrentRoute,
  selectDefaultYear,
  selectPositionOf,
  selectYearFor,
  selectHasProgressForYear,
  selectHasSavedProgress,
  selectIsFlowRoute,
  selectIsFromQuestionnaire,
  selectKeptAnswer,
  selectLastFailure,
  selectLastSubmittedYear,
  selectProgress,
  selectSavedProgressYear,
  selectSelectedIncomeTypes,
  selectStepPosition,
  selectUnsentCount,
} from '../../machines/form11Flow/form11Flow.selectors.ts';
import type {
  Form11FlowContext,
  NavigateToInput,
  NavigationOutcome,
  PostAllAnswersInput,
  PostResult,
} from '../../machines/form11Flow/form11Flow.types.ts';
import { questionnaireMachine } from '../../machines/questionnaire/questionnaire.machine.ts';
import { QUESTIONS } from '../../src/domain/catalogue.ts';
import { parseSavedProgress, serializeProgress } from '../../src/domain/form11Progress.ts';
import { dottedValue } from '../support/expectedSteps.ts';
import { DEFAULT_YEAR, INITIAL, REFUSED, USER_ID, answerFor } from './form11Flow.oracle.ts';

/** A flow of the final form after a page, on the final form, one answer kept. */
const IN_FLIGHT: Form11FlowContext = {
  ...INITIAL,
  year: 2024,
  routes: ['/form11/tuition-fees', '/form11/final-form'],
  currentRouteIndex: 1,
  isFromQuestionnaire: true,
  formData: { 'tuition-fees': answerFor('/form11/tuition-fees') },
  selectedForms: ['tuition-fees'],
  selectedIncomeTypes: ['rental-income', 'uk-dividends'],
  lastFailure: REFUSED,
};
const view = (context: Form11FlowContext) => ({ context });

describe('guided flow selectors on partial snapshots', () => {
  it('say whether a flow waits, for which year (one claim per year in flight)', () => {
    expect(selectHasSavedProgress(view(INITIAL))).toBe(false);
    expect(selectSavedProgressYear(view(INITIAL))).toBeNull();
    expect(selectHasProgressForYear(2024)(view(INITIAL))).toBe(false);
    expect(selectHasSavedProgress(view(IN_FLIGHT))).toBe(true);
    expect(selectSavedProgressYear(view(IN_FLIGHT))).toBe(2024);
    expect(selectHasProgressForYear(2024)(view(IN_FLIGHT))).toBe(true);
    expect(selectHasProgressForYear(2025)(view(IN_FLIGHT))).toBe(false);
  });

  it('give a page its claim year and its place: the flow’s for its steps, else the one asked for or the default', () => {
    expect(selectYearFor('/form11/tuition-fees')(view(IN_FLIGHT))).toBe(2024);
    expect(selectYearFor('/form11/tuition-fees', 2023)(view(IN_FLIGHT))).toBe(2024);
    expect(selectYearFor('/form11/rent-tax-credit', 2023)(view(IN_FLIGHT))).toBe(2023);
    expect(selectYearFor('/form11/rent-tax-credit')(view(IN_FLIGHT))).toBe(DEFAULT_YEAR);
    expect(selectDefaultYear(view(IN_FLIGHT))).toBe(DEFAULT_YEAR);
    expect(selectPositionOf('/form11/tuition-fees')(view(IN_FLIGHT))).toEqual({ index: 0, number: 1, total: 2, isLast: false });
    expect(selectPositionOf('/form11/final-form')(view(IN_FLIGHT))).toEqual({ index: 1, number: 2, total: 2, isLast: true });
    expect(selectPositionOf('/form11/rent-tax-credit')(view(IN_FLIGHT))).toBeNull();
  });

  it('allow a submit only while the flow is not busy', () => {
    const actor = createActor(form11FlowMachine, { input: { userId: USER_ID, defaultYear: DEFAULT_YEAR } }).start();
    expect(selectCanSubmit('/form11/tuition-fees')(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'step.submit', route: '/form11/tuition-fees', data: {} });
    expect(selectCanSubmit('/form11/tuition-fees')(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('place the user in the flow', () => {
    expect(selectCurrentRoute(view(IN_FLIGHT))).toBe('/form11/final-form');
    expect(selectStepPosition(view(IN_FLIGHT))).toEqual({ index: 1, number: 2, total: 2, isLast: true });
    expect(selectStepPosition(view({ ...IN_FLIGHT, currentRouteIndex: 0 }))).toEqual({ index: 0, number: 1, total: 2, isLast: false });
    expect(selectCurrentRoute(view(INITIAL))).toBeNull();
    expect(selectStepPosition(view(INITIAL))).toBeNull();
  });

  it('tell a page whether it is a step of the flow, and give back its kept answer to prefill it', () => {
    expect(selectIsFlowRoute('/form11/tuition-fees')(view(IN_FLIGHT))).toBe(true);
    expect(selectIsFlowRoute('/form11/rent-tax-credit')(view(IN_FLIGHT))).toBe(false);
    expect(selectKeptAnswer('/form11/tuition-fees')(view(IN_FLIGHT))).toEqual(answerFor('/form11/tuition-fees'));
    expect(selectKeptAnswer('/form11/final-form')(view(IN_FLIGHT))).toBeNull();
  });

  it('give the final form its income types, the mode, the unsent count and the last failure', () => {
    expect(selectSelectedIncomeTypes(view(IN_FLIGHT))).toEqual(['rental-income', 'uk-dividends']);
    expect(selectIsFromQuestionnaire(view(IN_FLIGHT))).toBe(true);
    expect(selectUnsentCount(view(IN_FLIGHT))).toBe(1);
    expect(selectLastFailure(view(IN_FLIGHT))).toEqual(REFUSED);
    expect(selectLastSubmittedYear(view({ ...INITIAL, lastSubmittedYear: 2023 }))).toBe(2023);
  });

  it('give the progress to save, which reads back as it is, or null without a flow', () => {
    const progress = selectProgress(view(IN_FLIGHT));
    expect(progress).toEqual(progressOf(IN_FLIGHT));
    expect(parseSavedProgress(serializeProgress(progress!), USER_ID)).toEqual({ kind: 'valid', progress });
    expect(selectProgress(view(INITIAL))).toBeNull();
  });
});

describe('guided flow: input and defaults', () => {
  it("ignores a saved progress of another user handed in by mistake", () => {
    const saved = { ...progressOf(IN_FLIGHT), ownerId: 'someone-else' };
    const actor = createActor(form11FlowMachine, { input: { userId: USER_ID, defaultYear: DEFAULT_YEAR, saved } }).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectHasSavedProgress(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('keeps the answers when the app provides no effects: the default posts fail as an outage would', async () => {
    const actor = createActor(form11FlowMachine, { input: { userId: USER_ID, defaultYear: DEFAULT_YEAR } }).start();
    actor.send({ type: 'flow.start', selection: ['health-expenses'], year: 2025, fromQuestionnaire: true });
    await vi.waitFor(() => expect(dottedValue(actor.getSnapshot().value)).toBe('inFlow.stepping.atStep'));
    actor.send({ type: 'step.submit', route: '/form11/health-expenses', data: { amount: 1 } });
    await vi.waitFor(() => expect(dottedValue(actor.getSnapshot().value)).toBe('inFlow.stepping.unsent'));
    expect(actor.getSnapshot().context.formData).toEqual({ 'health-expenses': { amount: 1 } });
    expect(actor.getSnapshot().context.lastFailure).toEqual({ status: null, message: 'not provided', source: 'network' });
    actor.stop();
  });
});

describe('questionnaire and guided flow together', () => {
  it('three Yes answers hand three pages to the flow, which goes through them and sends them together', async () => {
    const navigations: string[] = [];
    const sent: PostAllAnswersInput[] = [];
    const flow = createActor(
      form11FlowMachine.provide({
        actors: {
          navigateTo: fromPromise<NavigationOutcome, NavigateToInput>(async ({ input }) => {
            navigations.push(`${input.to}${input.replace ? ' (replace)' : ''}`);
            return { aborted: false };
          }),
          postAllAnswers: fromPromise<PostResult, PostAllAnswersInput>(async ({ input }) => {
            sent.push(input);
            return { ok: true };
          }),
        },
        actions: { navigate: (_, { to }) => void navigations.push(to) },
        delays: { profileRefreshDelay: 0 },
      }),
      { input: { userId: USER_ID, defaultYear: DEFAULT_YEAR } },
    ).start();
    const questionnaire = createActor(
      questionnaireMachine.provide({
        actions: {
          startGuidedFlow: (_, { selection, year }) => flow.send({ type: 'flow.start', selection, year, fromQuestionnaire: true, replace: true }),
        },
      }),
      { input: { year: 2024 } },
    ).start();
    const yes = new Set(['health-expenses', 'tuition-fees', 'remote-working-relief']);
    QUESTIONS.forEach((question, index) => questionnaire.send({ type: yes.has(question.slug) ? 'question.yes' : 'question.no', index }));
    expect(questionnaire.getSnapshot().status).toBe('done');

    await vi.waitFor(() => expect(dottedValue(flow.getSnapshot().value)).toBe('inFlow.stepping.atStep'));
    const routes = ['/form11/health-expenses', '/form11/tuition-fees', '/form11/remote-working-relief'] as const;
    expect(flow.getSnapshot().context.routes).toEqual(routes);
    for (const route of routes) flow.send({ type: 'step.submit', route, data: answerFor(route) });
    await vi.waitFor(() => expect(flow.getSnapshot().value).toBe('idle'));

    expect(navigations).toEqual(['/form11/health-expenses (replace)', '/form11/tuition-fees', '/form11/remote-working-relief', '/tax-refund-submitted']);
    expect(sent).toEqual([
      {
        year: 2024,
        questions: {
          'health-expenses': answerFor('/form11/health-expenses'),
          'tuition-fees': answerFor('/form11/tuition-fees'),
          'remote-working-relief': answerFor('/form11/remote-working-relief'),
        },
      },
    ]);
    expect(selectLastSubmittedYear(flow.getSnapshot())).toBe(2024);
    expect(selectHasSavedProgress(flow.getSnapshot())).toBe(false);
    flow.stop();
  });
});
