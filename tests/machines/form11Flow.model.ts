import type { EventObject } from 'xstate';
import { form11FlowMachine } from '../../machines/form11Flow/form11Flow.machine.ts';
import type { Form11FlowEvent, Form11FlowInput, PostResult } from '../../machines/form11Flow/form11Flow.types.ts';
import type { Form11Progress } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { FORM_PAGES, type FormSlug } from '../../src/domain/catalogue.ts';
import { stepKeyOf } from '../../src/domain/form11Routes.ts';
import { browserPaths } from '../e2e/form11FlowPaths.ts';
import { createModelTest, type EventFixtures } from '../support/modelTest.ts';
import { pathDoc } from '../support/pathDocs.ts';
import {
  CLAIM_YEARS,
  CLOSED_YEAR,
  DEFAULT_YEAR,
  EMPTY_ANSWER,
  OUTAGE_ERROR,
  OUTSIDE_ROUTE,
  POST_OK,
  POST_REFUSED,
  QUESTIONNAIRE_YEAR,
  SELECTION_P,
  SELECTION_Q,
  USER_ID,
  answerFor,
  draftFor,
} from './form11Flow.oracle.ts';

type Machine = typeof form11FlowMachine;
type Snapshot = ReturnType<Machine['resolveState']>;

/** The questionnaire's start names its year; the advanced options' start is for the year chosen on the page. */
export const startQ = { type: 'flow.start', selection: [...SELECTION_Q], year: QUESTIONNAIRE_YEAR } as const;
export const startP = { type: 'flow.start', selection: [...SELECTION_P] } as const;
export const startNothing = { type: 'flow.start', selection: [] } as const;
export const isFlowP = (context: Snapshot['context']) => context.selectedIncomeTypes.length > 0;

export const fixtures = {
  // Chosen on the Tax Refund page, with or without a claim in flight; a closed year only from the start.
  'year.choose': (snapshot: Snapshot) =>
    snapshot.matches('idle')
      ? [
          { type: 'year.choose', year: 2023 },
          { type: 'year.choose', year: CLOSED_YEAR },
        ]
      : snapshot.matches({ inFlow: { stepping: 'atStep' } })
        ? [{ type: 'year.choose', year: 2023 }]
        : [],
  'flow.start': ({ context }: Snapshot) => {
    if (context.routes.length === 0) return [startNothing, startQ, startP];
    return [startNothing, isFlowP(context) ? startQ : startP];
  },
  'questionnaire.open': () => [{ type: 'questionnaire.open' }],
  'replace.confirm': () => [{ type: 'replace.confirm' }],
  'replace.cancel': () => [{ type: 'replace.cancel' }],
  'skip.confirm': () => [{ type: 'skip.confirm' }],
  'skip.cancel': () => [{ type: 'skip.cancel' }],
  'flow.resume': () => [{ type: 'flow.resume' }],
  'flow.retry': () => [{ type: 'flow.retry' }],
  'flow.clear': () => [{ type: 'flow.clear' }],
  'step.submit': ({ context }: Snapshot) => {
    const outside = { type: 'step.submit', route: OUTSIDE_ROUTE, data: answerFor(OUTSIDE_ROUTE), callback: '/landing' } as const;
    // Nothing entered: asked "Skip this page?" first.
    const outsideEmpty = { type: 'step.submit', route: OUTSIDE_ROUTE, data: EMPTY_ANSWER, callback: '/landing' } as const;
    const current = context.routes[context.currentRouteIndex];
    if (!current) return [outside, outsideEmpty];
    const submit = (route: Form11FlowRoute) => ({ type: 'step.submit', route, data: answerFor(route) }) as const;
    const empty = (route: Form11FlowRoute) => ({ type: 'step.submit', route, data: EMPTY_ANSWER }) as const;
    const emptyPages = current === '/form11/final-form' ? [outsideEmpty] : [empty(current), outsideEmpty];
    // The first page again, after going back with the browser.
    return context.currentRouteIndex > 0 ? [submit(current), outside, submit(context.routes[0]!), ...emptyPages] : [submit(current), outside, ...emptyPages];
  },
  'step.next': ({ context }: Snapshot) => {
    const current = context.routes[context.currentRouteIndex];
    if (!current) return [];
    const next = (route: Form11FlowRoute) => ({ type: 'step.next', route }) as const;
    // Also Next on the first page again, after going back with the browser.
    return context.currentRouteIndex > 0 ? [next(current), next(OUTSIDE_ROUTE), next(context.routes[0]!)] : [next(current), next(OUTSIDE_ROUTE)];
  },
  // Back on the page the flow is on (the previous page, or the Tax Refund page from the first), and, once, on a page outside it.
  // Not while the Tax Refund page asks "Start a new claim?": no form page is on the screen then.
  'step.back': (snapshot: Snapshot) => {
    const current = snapshot.context.routes[snapshot.context.currentRouteIndex];
    if (!current || snapshot.matches({ inFlow: { stepping: 'confirmingReplace' } })) return [];
    const back = (route: Form11FlowRoute) => ({ type: 'step.back', route }) as const;
    return snapshot.matches({ inFlow: { stepping: 'atStep' } }) ? [back(current), back(OUTSIDE_ROUTE)] : [back(current)];
  },
  // Typing on the page the flow is on (kept as its draft), and, once, on a page outside it (no draft); not during the question either.
  'step.draft': (snapshot: Snapshot) => {
    const current = snapshot.context.routes[snapshot.context.currentRouteIndex];
    if (!current || snapshot.matches({ inFlow: { stepping: 'confirmingReplace' } })) return [];
    const draft = (route: Form11FlowRoute) => ({ type: 'step.draft', route, values: draftFor(route) }) as const;
    return snapshot.matches({ inFlow: { stepping: 'atStep' } }) ? [draft(current), draft(OUTSIDE_ROUTE)] : [draft(current)];
  },
  'xstate.done.actor.navigateTo': () => [
    { type: 'xstate.done.actor.navigateTo', output: { aborted: false } },
    { type: 'xstate.done.actor.navigateTo', output: { aborted: true } },
  ],
  'xstate.error.actor.navigateTo': () => [{ type: 'xstate.error.actor.navigateTo', error: OUTAGE_ERROR }],
  'xstate.done.actor.postAnswer': () => [
    { type: 'xstate.done.actor.postAnswer', output: POST_OK },
    { type: 'xstate.done.actor.postAnswer', output: POST_REFUSED },
  ],
  'xstate.error.actor.postAnswer': () => [{ type: 'xstate.error.actor.postAnswer', error: OUTAGE_ERROR }],
  'xstate.done.actor.postAllAnswers': () => [
    { type: 'xstate.done.actor.postAllAnswers', output: POST_OK },
    { type: 'xstate.done.actor.postAllAnswers', output: POST_REFUSED },
  ],
  'xstate.error.actor.postAllAnswers': () => [{ type: 'xstate.error.actor.postAllAnswers', error: OUTAGE_ERROR }],
} satisfies EventFixtures<Machine>;

const isEmptyData = (data: unknown) => typeof data === 'object' && data !== null && Object.keys(data).length === 0;

/** Short path names: the event type and what decides its branch. */
export function describeEvent(event: EventObject): string | undefined {
  const e = event as Form11FlowEvent & { output?: { ok?: boolean; aborted?: boolean } };
  switch (e.type) {
    case 'flow.start':
      return `start[${e.selection.join(',') || '∅'}${e.year ? ` ${e.year}` : ''}]`;
    case 'year.choose':
      return `year ${e.year}`;
    case 'step.submit':
      return `${'route' in e && e.route !== '/form11/final-form' && isEmptyData(e.data) ? 'submit∅' : 'submit'}(${e.route.slice('/form11/'.length)})`;
    case 'step.next':
    case 'step.back':
    case 'step.draft':
      return `${e.type.slice(5)}(${e.route.slice('/form11/'.length)})`;
  }
  const name = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (event.type.startsWith('xstate.error.')) return `${name}✗`;
  if (e.output && 'ok' in e.output) return `${name}${e.output.ok ? '✓' : ' refused'}`;
  if (e.output && 'aborted' in e.output) return `${name}${e.output.aborted ? ' aborted' : '✓'}`;
  return undefined;
}

/** Only what decides a branch: which flow, where in it, the replay, whether answers are kept (what waits for confirmation follows from the transition that asked). */
export const serializeContext = (c: Snapshot['context']) => ({
  flow: c.routes.length === 0 ? null : isFlowP(c) ? 'p' : 'q',
  i: c.currentRouteIndex,
  r: c.replayIndex,
  unsent: Object.keys(c.formData).length > 0,
});

/** Saved at startup: the questionnaire flow on its second page, the first page's answer kept. */
export const SAVED: Form11Progress = {
  version: 1,
  ownerId: USER_ID,
  year: 2024,
  routes: ['/form11/health-expenses', '/form11/rent-tax-credit'],
  currentRouteIndex: 1,
  isFromQuestionnaire: true,
  formData: { 'health-expenses': answerFor('/form11/health-expenses') },
  selectedForms: ['health-expenses', 'rent-tax-credit'],
  selectedIncomeTypes: [],
};

export const FRESH: Form11FlowInput = { userId: USER_ID, defaultYear: DEFAULT_YEAR, claimYears: CLAIM_YEARS };
export const WITH_SAVED: Form11FlowInput = { ...FRESH, saved: SAVED };

export const common = { events: fixtures, describeEvent, serializeContext };
export const freshModel = createModelTest(form11FlowMachine, { ...common, name: 'fresh', input: FRESH });
export const savedModel = createModelTest(form11FlowMachine, { ...common, name: 'saved', input: WITH_SAVED });

const title = (route: Form11FlowRoute) => (stepKeyOf(route) === 'final-form' ? 'the final form' : FORM_PAGES[stepKeyOf(route) as FormSlug].title);
const titles = (selection: readonly string[]) => selection.map((slug) => (slug in FORM_PAGES ? FORM_PAGES[slug as FormSlug].title : slug)).join(', ');
const current = (snapshot: Snapshot) => snapshot.context.routes[snapshot.context.currentRouteIndex];
const post = (call: string, output: PostResult) => `${call} ${output.ok ? 'succeeds' : `is refused (${output.error.status})`}`;

/** Where the user is: the page the flow is on, the page posted on its own, the Tax Refund page's question, or /tax-refund-submitted. */
function screen(snapshot: Snapshot): string {
  const c = snapshot.context;
  if (snapshot.matches('confirmingSkip')) return `${c.skipping?.route}, the dialog "Skip this page?"`;
  if (snapshot.matches('single')) return c.posting ? `/form11/${c.posting.question}` : 'a page opened on its own';
  if (snapshot.matches({ inFlow: { stepping: 'unsent' } })) return '/tax-refund-submitted';
  if (snapshot.matches({ inFlow: { stepping: 'confirmingReplace' } })) return `/tax-refund-questions, the dialog "Start a new claim for ${c.pendingStart?.year}?"`;
  if (snapshot.matches({ inFlow: 'settingUp' })) return `on its way to ${c.routes[0]}`;
  if (snapshot.matches({ inFlow: 'replaying' })) return `on its way to ${c.routes[c.replayIndex]}`;
  if (snapshot.matches({ inFlow: 'sendingAll' })) return `${current(snapshot) ?? 'the last page'}, sending`;
  if (snapshot.matches('inFlow')) return current(snapshot) ?? '';
  if (c.submitted) return `/tax-refund-submitted, the claim for ${c.submitted.year}`;
  return 'outside the flow (/tax-refund-questions, say)';
}

/** The browser's list as QA reads it, for a fixed user and year (its ids depend on neither). */
const BROWSER = browserPaths({ userId: USER_ID, year: DEFAULT_YEAR });

export const doc = pathDoc(form11FlowMachine, fixtures, {
  testFile: 'tests/machines/form11Flow.model.test.ts',
  models: [freshModel, savedModel],
  visits: {
    fresh: 'A signed-in user with nothing saved on this device',
    saved: `A signed-in user whose flow was saved on this device (questionnaire, ${SAVED.year}, on its second page)`,
  },
  start: (snapshot) => (snapshot.context.routes.length ? 'Sign in: the saved flow is picked up' : 'Sign in'),
  words: {
    'year.choose': (event) => `Pick ${event.year} under "Which tax year is this claim for?"${CLAIM_YEARS.includes(event.year) ? '' : ' (not an open year: a stale page)'}`,
    'flow.start': (event, before) => {
      const what = event.selection.length ? `with ${titles(event.selection)} chosen` : 'with nothing chosen';
      return 'year' in event
        ? `Finish the questionnaire for ${event.year} ${what}`
        : `Press "Continue" under "For Advanced Use" ${what}, for ${before.context.claimYear} (the year picked)`;
    },
    'questionnaire.open': 'Press "Questionnaire" on the Tax Refund page',
    'replace.confirm': 'Press "Start a new claim" in the dialog',
    'replace.cancel': 'Press "Keep my unfinished claim" in the dialog',
    'skip.confirm': 'Press "Skip this page" in the dialog',
    'skip.cancel': 'Press "Enter amounts" in the dialog',
    'flow.resume': 'Press "Continue previous application"',
    'flow.retry': 'Press "Try again" on /tax-refund-submitted',
    'flow.clear': 'Log out',
    'step.submit': (event, before) => {
      if (event.route !== '/form11/final-form' && isEmptyData(event.data)) {
        return 'callback' in event ? `Open ${event.route}?returnTo=${event.callback} on its own and press "Save" with nothing entered` : `Press "Next" on ${title(event.route)} with nothing entered`;
      }
      if ('callback' in event) return `Open ${event.route}?returnTo=${event.callback} on its own, fill it in and press "Save"`;
      return event.route === current(before) ? `Fill in ${title(event.route)} and press "Next"` : `Go back with the browser to ${title(event.route)}, fill it in and press "Next"`;
    },
    'step.next': (event, before) =>
      event.route === current(before) ? `Press "Skip ${title(event.route)}"` : `Press "Skip" on ${title(event.route)}, a page the flow is not on`,
    'step.back': (event, before) => {
      if (event.route !== current(before)) return `Press "Back" on ${title(event.route)}, a page the flow is not on`;
      return before.context.routes[0] === event.route ? `Press "Back" on ${title(event.route)}, the first page` : `Press "Back" on ${title(event.route)}`;
    },
    'step.draft': (event, before) =>
      event.route === current(before) ? `Type on ${title(event.route)} without pressing "Next"` : `Type on ${title(event.route)}, a page the flow is not on`,
    'xstate.done.actor.navigateTo': (event) => (event.output.aborted ? 'Another navigation supersedes it before the page opens' : 'The page opens'),
    'xstate.error.actor.navigateTo': 'The router fails (the navigation rejects)',
    'xstate.done.actor.postAnswer': (event) => post('POST /answer', event.output),
    'xstate.error.actor.postAnswer': 'POST /answer breaks (the call rejects)',
    'xstate.done.actor.postAllAnswers': (event) => post('POST /answer-multiple', event.output),
    'xstate.error.actor.postAllAnswers': 'POST /answer-multiple breaks (the call rejects)',
  },
  screen,
  lists: [
    {
      title: `Replayed in the browser (${BROWSER.length} paths)`,
      intro:
        'tests/e2e/form11FlowPaths.test.ts replays these in Chromium against the production build, under these ids: the shortest path to ' +
        'every state a user can bring about, with only what the UI can do. After each step the page must show what the state says.',
      paths: BROWSER.map((path) => ({
        id: path.id,
        steps: [{ words: path.start, snapshot: path.initial }, ...path.steps.map((step) => ({ words: step.words, snapshot: step.state }))],
      })),
    },
  ],
});
