import { assign, setup } from 'xstate';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { FORM11_PROGRESS_VERSION, type Form11FormData, type Form11Progress, type JsonValue } from '../../src/domain/form11Progress.ts';
import {
  REFUND_OPTIONS_ROUTE,
  REFUND_QUESTIONS_ROUTE,
  REFUND_SUBMITTED_ROUTE,
  buildFlowPlan,
  questionnaireRoute,
  stepKeyOf,
  type Form11FlowRoute,
} from '../../src/domain/form11Routes.ts';
import { safeInternalPath } from '../../src/domain/navigation.ts';
import type { FormSlug } from '../../src/domain/catalogue.ts';
import { amountsEntered } from '../../src/domain/schemas/form11/entered.ts';
import type { Form11Entry } from '../../src/domain/schemas/form11Entry.ts';
import { navigateTo, postAllAnswers, postAnswer } from './form11Flow.actors.ts';
import type {
  ClaimRecordedParams,
  Form11FlowContext,
  Form11FlowEvent,
  Form11FlowInput,
  Form11FlowTag,
  LogFailureParams,
  NavigateBackParams,
  NavigateParams,
  NavigationOutcome,
  PendingStart,
  PostResult,
  SaveProgressParams,
} from './form11Flow.types.ts';

/** The saved form of the flow in flight (what `saveProgress` writes). */
export function progressOf(context: Form11FlowContext): Form11Progress {
  return {
    version: FORM11_PROGRESS_VERSION,
    ownerId: context.userId,
    year: context.year ?? context.defaultYear,
    routes: context.routes,
    currentRouteIndex: context.currentRouteIndex,
    // Every flow keeps its answers until the end (spec: setup marks the flow as from-questionnaire).
    isFromQuestionnaire: true,
    formData: context.formData,
    selectedForms: context.selectedForms,
    selectedIncomeTypes: context.selectedIncomeTypes,
    drafts: context.drafts,
  };
}

/** No flow in flight. */
const NO_FLOW = {
  year: null,
  routes: [],
  currentRouteIndex: 0,
  formData: {},
  drafts: {},
  selectedForms: [],
  selectedIncomeTypes: [],
  replayIndex: 0,
  posting: null,
  returnTo: null,
  lastFailure: null,
  pendingStart: null,
  skipping: null,
} satisfies Omit<Form11FlowContext, 'userId' | 'defaultYear' | 'claimYears' | 'claimYear' | 'submitted'>;

/** A rejected actor (a bug or an outage) as the failure the flow logs. */
function outageOf(error: unknown): ApiFailure {
  return { status: null, message: error instanceof Error ? error.message : String(error), source: 'network' };
}

const failureOf = (result: PostResult): ApiFailure | null => (result.ok ? null : result.error);
const entryOf = (result: PostResult): Form11Entry | null => (result.ok ? result.entry : null);

// ─── Steps the flow takes in several places, written once ─────────────────────────────────────────

/** Saves the flow in flight as it now is: every change of it ends with this. */
const persist = { type: 'saveProgress', params: ({ context }: { context: Form11FlowContext }) => ({ progress: progressOf(context) }) } as const;

/** A post failed: logged, and remembered for the screens (spec section 8: the flow goes on). */
function postFailed<E>(operation: LogFailureParams['operation'], failure: (event: E) => ApiFailure) {
  const params = ({ event }: { event: E }): LogFailureParams => ({ operation, failure: failure(event) });
  return [
    { type: 'logFailure', params },
    { type: 'rememberFailure', params },
  ] as const;
}

/**
 * The claim is complete: kept for /tax-refund-submitted with the claim the server answered (which
 * the session takes too), its progress removed (a reload must not resume a sent claim), the user
 * taken there.
 */
function finishClaim<E>(entry: (event: E) => Form11Entry | null) {
  const params = ({ event }: { event: E }) => ({ entry: entry(event) });
  return [
    { type: 'recordSubmission', params },
    { type: 'claimRecorded', params },
    'clearProgress',
    'forgetFlow',
    { type: 'navigate', params: { to: REFUND_SUBMITTED_ROUTE, replace: false } },
  ] as const;
}

/**
 * The guided Form 11 flow (spec section 4, "Guided flow"): a selection becomes an ordered list of
 * /form11 pages; each page's answer is kept and all are posted together after the last page. The
 * progress is saved whenever it changes, so a reload, another day or "Continue previous
 * application" picks it up again. A page opened on its own posts its answer at once. The server's
 * answer to a post (the year's claim) goes to the session as it is. One actor per signed-in
 * session; effects are named actions and actors with harmless defaults.
 */
export const form11FlowMachine = setup({
  types: {
    context: {} as Form11FlowContext,
    events: {} as Form11FlowEvent,
    input: {} as Form11FlowInput,
    tags: {} as Form11FlowTag,
  },
  actors: { navigateTo, postAnswer, postAllAnswers },
  actions: {
    // ── Effects (defaults do nothing; the app provides them) ──────────────────────────────────
    /** Route to an in-app path; fire and forget. */
    navigate: (_, _params: NavigateParams) => {},
    /** Back to an in-app path the way the browser's Back would; fire and forget. */
    navigateBack: (_, _params: NavigateBackParams) => {},
    /** Write the progress to localStorage under 'form11Progress'. */
    saveProgress: (_, _params: SaveProgressParams) => {},
    /** Remove 'form11Progress' from localStorage. */
    clearProgress: () => {},
    /** Log a failed answer post. */
    logFailure: (_, _params: LogFailureParams) => {},
    /** The year's claim as the server answered: the session's profile shows it (no reload needed). */
    claimRecorded: (_, _params: ClaimRecordedParams) => {},

    // ── Context updates (pure) ───────────────────────────────────────────────────────────────
    chooseYear: assign((_, params: { year: number }) => ({ claimYear: params.year })),
    rememberFailure: assign((_, params: LogFailureParams) => ({ lastFailure: params.failure })),
    /** The claim sent in full, kept for /tax-refund-submitted. */
    recordSubmission: assign(({ context }, params: { entry: Form11Entry | null }) => ({
      submitted: { year: context.year ?? context.defaultYear, entry: params.entry },
    })),
    /** Setup: the route list of the selection, the index back to 0, nothing kept yet. */
    startFlow: assign((_, params: { selection: readonly string[]; year: number }) => {
      const plan = buildFlowPlan(params.selection);
      return {
        ...NO_FLOW,
        year: params.year,
        routes: plan.routes,
        selectedForms: plan.selectedForms,
        selectedIncomeTypes: plan.selectedIncomeTypes,
      };
    }),
    holdPendingStart: assign((_, params: { pending: PendingStart }) => ({ pendingStart: params.pending })),
    dropPendingStart: assign({ pendingStart: null }),
    /** The page an event came from becomes the current one (the user may have gone back with the browser). */
    goToRoute: assign(({ context }, params: { route: Form11FlowRoute }) => ({
      currentRouteIndex: Math.max(0, context.routes.indexOf(params.route)),
    })),
    /** The page's answer is kept; its draft, now submitted, goes. */
    keepAnswer: assign(({ context }, params: { route: Form11FlowRoute; data: JsonValue }) => {
      const { [stepKeyOf(params.route)]: _submitted, ...drafts } = context.drafts;
      return { formData: { ...context.formData, [stepKeyOf(params.route)]: params.data } as Form11FormData, drafts };
    }),
    keepDraft: assign(({ context }, params: { route: Form11FlowRoute; values: JsonValue }) => ({
      drafts: { ...context.drafts, [stepKeyOf(params.route)]: params.values } as Form11FormData,
    })),
    /** Back from a page: the one before it becomes the current one (the first page stays current). */
    goBackFrom: assign(({ context }, params: { route: Form11FlowRoute }) => ({
      currentRouteIndex: Math.max(0, context.routes.indexOf(params.route) - 1),
    })),
    /** The answer to post at once, for a page opened on its own, and where to go afterwards. */
    holdSingleAnswer: assign(
      ({ context }, params: { route: Form11FlowRoute; data: JsonValue; callback: string | undefined; year: number | undefined }) => ({
        posting: { year: params.year ?? context.defaultYear, question: stepKeyOf(params.route), answer: params.data },
        returnTo: safeInternalPath(params.callback, REFUND_SUBMITTED_ROUTE),
      }),
    ),
    dropPosting: assign({ posting: null, returnTo: null }),
    /** A page submitted with nothing entered: held while the user is asked "Skip this page?". */
    holdSkip: assign((_, params: { route: Form11FlowRoute }) => ({ skipping: { route: params.route } })),
    dropSkip: assign({ skipping: null }),
    moveToNextRoute: assign(({ context }) => ({ currentRouteIndex: context.currentRouteIndex + 1 })),
    startReplay: assign({ replayIndex: 0 }),
    nextReplay: assign(({ context }) => ({ replayIndex: context.replayIndex + 1 })),
    clearFailure: assign({ lastFailure: null }),
    forgetFlow: assign(NO_FLOW),
    forgetSubmission: assign({ submitted: null }),
  },
  guards: {
    hasFlow: ({ context }) => context.routes.length > 0,
    /** Only a year a claim may be made for. */
    isOpenYear: ({ context }, params: { year: number }) => context.claimYears.includes(params.year),
    /** The selection builds an empty route list (nothing chosen, or nothing known). */
    selectsNothing: (_, params: { selection: readonly string[] }) => buildFlowPlan(params.selection).routes.length === 0,
    /** The route is not a step of the flow in flight (a page opened on its own). */
    isOutsideFlow: ({ context }, params: { route: Form11FlowRoute }) => !context.routes.includes(params.route),
    isFlowRoute: ({ context }, params: { route: Form11FlowRoute }) => context.routes.includes(params.route),
    isFirstFlowRoute: ({ context }, params: { route: Form11FlowRoute }) => context.routes[0] === params.route,
    /** What waits for confirmation is the questionnaire (not pages to start at once). */
    replacesWithQuestionnaire: ({ context }) => context.pendingStart?.kind === 'questionnaire',
    hasNextRoute: ({ context }) => context.currentRouteIndex < context.routes.length - 1,
    hasUnsentAnswers: ({ context }) => Object.keys(context.formData).length > 0,
    succeeded: (_, params: { result: PostResult }) => params.result.ok,
    /**
     * A form page's answer with no amount entered (nothing to claim: it would be a €0 line). The
     * final form is not judged here: its income declaration has its own checks.
     */
    isEmptyAnswer: (_, params: { route: Form11FlowRoute; data: JsonValue }) => {
      const key = stepKeyOf(params.route);
      return key !== 'final-form' && !amountsEntered(key as FormSlug, params.data);
    },
    /** The page being asked about is a step of the flow in flight. */
    skipsFlowRoute: ({ context }) => context.skipping !== null && context.routes.includes(context.skipping.route),
    wasAborted: (_, params: { outcome: NavigationOutcome }) => params.outcome.aborted,
    /** The last navigation arrived and routes up to the saved one remain. */
    replayGoesOn: ({ context }, params: { outcome: NavigationOutcome }) => !params.outcome.aborted && context.replayIndex < context.currentRouteIndex,
  },
}).createMachine({
  id: 'form11Flow',
  description:
    'The guided Form 11 flow. A selection (questionnaire pages answered Yes, or the advanced options ticked) becomes an ' +
    'ordered route list: /form11/{slug} per chosen page in catalogue order, and all chosen income types collapse into one ' +
    '/form11/final-form placed last (their ids kept in selectedIncomeTypes). Every answer is kept on the device and all ' +
    'are posted together after the last page (POST /answer-multiple); a page opened on its own posts its answer at once ' +
    '(POST /answer). The claim the server answers goes to the session as it is. The progress (routes, index, answers, ' +
    'selection, year, owner, schema version, and the draft of what was typed on a page and not submitted) is saved ' +
    'whenever it changes, so a reload or another day resumes it. A page submitted with nothing entered asks "Skip this ' +
    'page?" before anything is kept or sent. Back on a page goes to the previous page of the flow ' +
    '(the Tax Refund page from the first), losing nothing entered. One ' +
    'flow is in flight at a time and it carries its year: starting another one asks the user first. A failed post is ' +
    'logged and the flow goes on, but no answer is lost: the saved progress is kept until a post succeeds. flow.clear ' +
    '(sign-out, abandon) forgets it all in any state.',
  context: ({ input }) => {
    const saved = input.saved && input.saved.ownerId === input.userId ? input.saved : null;
    return {
      ...NO_FLOW,
      userId: input.userId,
      defaultYear: input.defaultYear,
      claimYears: input.claimYears,
      claimYear: input.defaultYear,
      submitted: null,
      ...(saved
        ? {
            year: saved.year,
            routes: saved.routes,
            currentRouteIndex: saved.currentRouteIndex,
            formData: saved.formData,
            drafts: saved.drafts ?? {},
            selectedForms: saved.selectedForms,
            selectedIncomeTypes: saved.selectedIncomeTypes,
          }
        : {}),
    };
  },
  initial: 'restoring',
  on: {
    'flow.clear': {
      description: 'Signing out or abandoning: the flow is forgotten and its saved progress removed; any post or navigation in progress is stopped.',
      target: '.idle',
      actions: ['clearProgress', 'forgetFlow', 'forgetSubmission'],
    },
    'year.choose': {
      description: 'The claim year of what is started next, from the Tax Refund page; a year no claim may be made for is ignored.',
      guard: { type: 'isOpenYear', params: ({ event }) => ({ year: event.year }) },
      actions: { type: 'chooseYear', params: ({ event }) => ({ year: event.year }) },
    },
  },
  states: {
    restoring: {
      description:
        'Startup: a saved progress handed in (read and checked by the app) becomes the flow in flight, without navigating; ' +
        'the user continues it with "Continue previous application".',
      always: [
        { description: 'A saved flow: it waits at its saved page.', guard: 'hasFlow', target: 'inFlow' },
        { description: 'Nothing saved.', target: 'idle' },
      ],
    },

    idle: {
      description: 'No flow in flight and nothing saved. A form page opened on its own posts its answer at once.',
      on: {
        'flow.start': [
          {
            description: 'An empty route list (nothing chosen): off to /tax-refund-options.',
            guard: { type: 'selectsNothing', params: ({ event }) => ({ selection: event.selection }) },
            actions: { type: 'navigate', params: { to: REFUND_OPTIONS_ROUTE, replace: false } },
          },
          {
            description: 'Setup: the route list is built for the year (the questionnaire’s, else the chosen one), the index reset to 0, the progress saved.',
            target: 'inFlow.settingUp',
            actions: [{ type: 'startFlow', params: ({ context, event }) => ({ selection: event.selection, year: event.year ?? context.claimYear }) }, persist],
          },
        ],
        'questionnaire.open': {
          description: 'Nothing to replace: the questionnaire for the chosen year.',
          actions: { type: 'navigate', params: ({ context }) => ({ to: questionnaireRoute(context.claimYear), replace: false }) },
        },
        'step.submit': [
          {
            description: 'A page submitted outside any flow with nothing entered: the user is asked "Skip this page?" first.',
            guard: { type: 'isEmptyAnswer', params: ({ event }) => ({ route: event.route, data: event.data }) },
            target: 'confirmingSkip',
            actions: { type: 'holdSkip', params: ({ event }) => ({ route: event.route }) },
          },
          {
            description: 'A page submitted outside any flow: its answer is posted at once.',
            target: 'single',
            actions: {
              type: 'holdSingleAnswer',
              params: ({ event }) => ({ route: event.route, data: event.data, callback: event.callback, year: event.year }),
            },
          },
        ],
      },
    },

    confirmingSkip: {
      description:
        '"Skip this page?": a page was submitted with nothing entered, so nothing would be claimed on it (a claim never ' +
        'holds a €0 line the user did not enter). The user skips the page or goes back to enter amounts.',
      on: {
        'skip.confirm': [
          {
            description: 'Skip a page of the flow: as its Skip button does, that page becomes the current one (saved) and the flow moves on.',
            guard: 'skipsFlowRoute',
            target: '#form11Flow.inFlow.advancing',
            actions: [{ type: 'goToRoute', params: ({ context }) => ({ route: context.skipping!.route }) }, 'dropSkip', persist],
          },
          {
            description: 'Skip a page opened on its own: nothing is sent; back to the Tax Refund page, the flow in flight (if any) waiting at its page.',
            guard: 'hasFlow',
            target: 'inFlow',
            actions: ['dropSkip', { type: 'navigate', params: { to: REFUND_QUESTIONS_ROUTE, replace: false } }],
          },
          {
            description: 'Skip a page opened on its own, no flow in flight: nothing is sent; back to the Tax Refund page.',
            target: 'idle',
            actions: ['dropSkip', { type: 'navigate', params: { to: REFUND_QUESTIONS_ROUTE, replace: false } }],
          },
        ],
        'skip.cancel': [
          { description: 'Enter amounts: back to the page, as it was; the flow waits at its page.', guard: 'hasFlow', target: 'inFlow', actions: 'dropSkip' },
          { description: 'Enter amounts: back to the page opened on its own, as it was.', target: 'idle', actions: 'dropSkip' },
        ],
      },
    },

    single: {
      description:
        'A page that is not part of the flow in flight (or with no flow): POST /answer; the claim the server answers goes to ' +
        'the session, and the user goes to the callback or /tax-refund-submitted. A failure is logged and the user goes on.',
      tags: ['busy', 'sending'],
      invoke: {
        id: 'postAnswer',
        src: 'postAnswer',
        input: ({ context }) => context.posting!,
        onDone: [
          {
            description: 'Posted: the session takes the claim as the server answered it.',
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'settling',
            actions: ['clearFailure', { type: 'claimRecorded', params: ({ event }) => ({ entry: entryOf(event.output) }) }],
          },
          {
            description: 'Refused or no response: logged; the user goes on (spec section 8).',
            target: 'settling',
            actions: postFailed('answer', (event: { output: PostResult }) => failureOf(event.output)!),
          },
        ],
        onError: {
          description: 'The post failed outright (a bug or an outage): logged; the user goes on.',
          target: 'settling',
          actions: postFailed('answer', (event: { error: unknown }) => outageOf(event.error)),
        },
      },
    },

    settling: {
      description: 'After a page posted on its own: the user goes to the callback or /tax-refund-submitted; the flow in flight, if any, waits at its page.',
      entry: [{ type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? REFUND_SUBMITTED_ROUTE, replace: false }) }, 'dropPosting'],
      always: [
        { description: 'A flow is in flight: it waits at its page.', guard: 'hasFlow', target: 'inFlow' },
        { description: 'No flow.', target: 'idle' },
      ],
    },

    inFlow: {
      description: 'A flow is in flight and saved. flow.clear leaves it from any of its states.',
      initial: 'stepping',
      states: {
        settingUp: {
          description:
            'Setup navigates to the first route, replacing the page the flow was started from. If that navigation is ' +
            'aborted it is tried once more, as a push.',
          initial: 'navigating',
          states: {
            navigating: {
              description: 'Navigating to the first route (replace).',
              tags: ['busy', 'navigating'],
              invoke: {
                id: 'navigateTo',
                src: 'navigateTo',
                input: ({ context }) => ({ to: context.routes[0]!, replace: true }),
                onDone: [
                  {
                    description: 'Aborted (another navigation superseded it): retried once, as a push.',
                    guard: { type: 'wasAborted', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'retrying',
                  },
                  { description: 'Arrived at the first page.', target: '#form11Flow.inFlow.stepping' },
                ],
                onError: {
                  description: 'The router failed: the flow waits, saved; Continue previous application takes the user there.',
                  target: '#form11Flow.inFlow.stepping',
                },
              },
            },
            retrying: {
              description: 'Navigating to the first route again, as a push.',
              tags: ['busy', 'navigating'],
              invoke: {
                id: 'navigateTo',
                src: 'navigateTo',
                input: ({ context }) => ({ to: context.routes[0]!, replace: false }),
                onDone: {
                  description: 'Arrived, or aborted a second time: the flow waits at its first page either way (saved; Continue takes the user there).',
                  target: '#form11Flow.inFlow.stepping',
                },
                onError: {
                  description: 'The router failed: the flow waits, saved.',
                  target: '#form11Flow.inFlow.stepping',
                },
              },
            },
          },
        },

        replaying: {
          description:
            'Resume: replays the flow navigation from the first route up to the saved one, each a push, so the browser ' +
            "history holds the flow's earlier pages and Back works as if the user had stepped through them. An aborted " +
            'navigation (the user went elsewhere) ends the replay where it is.',
          tags: ['busy', 'navigating'],
          invoke: {
            id: 'navigateTo',
            src: 'navigateTo',
            input: ({ context }) => ({ to: context.routes[context.replayIndex]!, replace: false }),
            onDone: [
              {
                description: 'Arrived, and routes up to the saved one remain: on to the next.',
                guard: { type: 'replayGoesOn', params: ({ event }) => ({ outcome: event.output }) },
                target: 'replaying',
                reenter: true,
                actions: 'nextReplay',
              },
              { description: 'At the saved page (or aborted): the replay is over.', target: 'stepping' },
            ],
            onError: { description: 'The router failed: the replay stops; the flow waits, saved.', target: 'stepping' },
          },
        },

        stepping: {
          description: 'The flow waits for the user, on its current page (or wherever they went meanwhile).',
          initial: 'atStep',
          on: {
            'flow.start': [
              {
                description: 'An empty route list: off to /tax-refund-options; the flow in flight stays.',
                guard: { type: 'selectsNothing', params: ({ event }) => ({ selection: event.selection }) },
                actions: { type: 'navigate', params: { to: REFUND_OPTIONS_ROUTE, replace: false } },
              },
              {
                description: 'One claim at a time: the user is asked before the flow in flight is replaced by these pages.',
                target: '.confirmingReplace',
                actions: {
                  type: 'holdPendingStart',
                  params: ({ context, event }) => ({ pending: { kind: 'pages', selection: [...event.selection], year: event.year ?? context.claimYear } }),
                },
              },
            ],
            'questionnaire.open': {
              description: 'One claim at a time: the user is asked before the flow in flight is replaced by a new questionnaire.',
              target: '.confirmingReplace',
              actions: { type: 'holdPendingStart', params: ({ context }) => ({ pending: { kind: 'questionnaire', year: context.claimYear } }) },
            },
            'flow.resume': {
              description: 'Continue previous application: replay the navigation up to the saved page.',
              target: 'replaying',
              actions: ['dropPendingStart', 'startReplay'],
            },
            'step.submit': [
              {
                description: 'A page submitted with nothing entered (of the flow or not): the user is asked "Skip this page?" first.',
                guard: { type: 'isEmptyAnswer', params: ({ event }) => ({ route: event.route, data: event.data }) },
                target: '#form11Flow.confirmingSkip',
                actions: ['dropPendingStart', { type: 'holdSkip', params: ({ event }) => ({ route: event.route }) }],
              },
              {
                description: 'A page that is not part of this flow (opened on its own): posted at once; the flow stays as it is.',
                guard: { type: 'isOutsideFlow', params: ({ event }) => ({ route: event.route }) },
                target: '#form11Flow.single',
                actions: [
                  'dropPendingStart',
                  {
                    type: 'holdSingleAnswer',
                    params: ({ event }) => ({ route: event.route, data: event.data, callback: event.callback, year: event.year }),
                  },
                ],
              },
              {
                description: 'A page of the flow: it becomes the current one, its answer is kept (saved) and the flow moves on.',
                target: 'advancing',
                actions: [
                  'dropPendingStart',
                  { type: 'goToRoute', params: ({ event }) => ({ route: event.route }) },
                  { type: 'keepAnswer', params: ({ event }) => ({ route: event.route, data: event.data }) },
                  persist,
                ],
              },
            ],
            'step.next': [
              {
                description: 'Next (skip) on a page of the flow: that page becomes the current one, then the flow moves on.',
                guard: { type: 'isFlowRoute', params: ({ event }) => ({ route: event.route }) },
                target: 'advancing',
                actions: ['dropPendingStart', { type: 'goToRoute', params: ({ event }) => ({ route: event.route }) }, persist],
              },
              { description: 'Next on a page that is not part of this flow: ignored.' },
            ],
            'step.back': [
              {
                description: 'Back on the first page: the Tax Refund page, where the flow started; the flow waits at its first page (Continue).',
                guard: { type: 'isFirstFlowRoute', params: ({ event }) => ({ route: event.route }) },
                target: '.atStep',
                actions: [
                  'dropPendingStart',
                  { type: 'goToRoute', params: ({ event }) => ({ route: event.route }) },
                  persist,
                  { type: 'navigateBack', params: { to: REFUND_QUESTIONS_ROUTE } },
                ],
              },
              {
                description: 'Back on a later page: the page before it in the flow becomes the current one (saved) and the user is taken there, its answer and draft intact.',
                guard: { type: 'isFlowRoute', params: ({ event }) => ({ route: event.route }) },
                target: '.atStep',
                actions: [
                  'dropPendingStart',
                  { type: 'goBackFrom', params: ({ event }) => ({ route: event.route }) },
                  persist,
                  { type: 'navigateBack', params: ({ context }) => ({ to: context.routes[context.currentRouteIndex]! }) },
                ],
              },
              { description: 'Back on a page that is not part of this flow: ignored.' },
            ],
            'step.draft': [
              {
                description: 'Typed on a page of the flow, not submitted: kept (saved) as the page’s draft until it is submitted or the flow ends.',
                guard: { type: 'isFlowRoute', params: ({ event }) => ({ route: event.route }) },
                actions: [{ type: 'keepDraft', params: ({ event }) => ({ route: event.route, values: event.values }) }, persist],
              },
              { description: 'Typed on a page that is not part of this flow: no draft (it is posted on its own).' },
            ],
          },
          states: {
            atStep: {
              description: 'On a page of the flow (the current one after setup, resume or a step).',
            },
            unsent: {
              description:
                'The final POST /answer-multiple failed. Logged, and the user went on to /tax-refund-submitted (spec: log ' +
                'and continue), but nothing is lost: the answers and the saved progress are kept until a post succeeds. ' +
                '/tax-refund-submitted says they were not sent and offers Try again; after a reload, Continue previous ' +
                'application leads back to the last page, whose Next sends them again.',
              on: {
                'flow.retry': { description: 'Try again: all answers are posted again.', target: '#form11Flow.inFlow.sendingAll' },
              },
            },
            confirmingReplace: {
              description:
                '"Start a new claim? Your unfinished claim will be discarded." The flow in flight stays until the user ' +
                'answers; going on with it (a step, Continue) forgets the question.',
              on: {
                'replace.confirm': [
                  {
                    description: 'Start a new claim with the questionnaire: the unfinished claim is discarded and the questionnaire opens.',
                    guard: 'replacesWithQuestionnaire',
                    target: '#form11Flow.idle',
                    actions: [
                      { type: 'navigate', params: ({ context }) => ({ to: questionnaireRoute(context.pendingStart!.year), replace: false }) },
                      'clearProgress',
                      'forgetFlow',
                    ],
                  },
                  {
                    description: 'Start a new claim with the pages chosen: setup for the new one (saved in place of the old).',
                    target: '#form11Flow.inFlow.settingUp',
                    actions: [
                      {
                        type: 'startFlow',
                        params: ({ context }) => {
                          const pending = context.pendingStart as Extract<PendingStart, { kind: 'pages' }>;
                          return { selection: pending.selection, year: pending.year };
                        },
                      },
                      persist,
                    ],
                  },
                ],
                'replace.cancel': {
                  description: 'Keep my unfinished claim: nothing changes; it waits at its page.',
                  target: 'atStep',
                  actions: 'dropPendingStart',
                },
              },
            },
          },
        },

        advancing: {
          description: 'Next: on to the next route; after the last one, the answers are posted together.',
          always: [
            {
              description: 'More routes: the next one becomes current (saved) and the user is taken there.',
              guard: 'hasNextRoute',
              target: 'stepping',
              actions: [
                'moveToNextRoute',
                persist,
                { type: 'navigate', params: ({ context }) => ({ to: context.routes[context.currentRouteIndex]!, replace: false }) },
              ],
            },
            { description: 'Past the last route with answers to send: all of them go together.', guard: 'hasUnsentAnswers', target: 'sendingAll' },
            {
              description: 'Past the last route with every page skipped: nothing to send; the claim year is shown as it stands.',
              target: '#form11Flow.idle',
              actions: finishClaim(() => null),
            },
          ],
        },

        sendingAll: {
          description: 'After the last route: POST /answer-multiple {questions, year} with every answer kept.',
          tags: ['busy', 'sending'],
          invoke: {
            id: 'postAllAnswers',
            src: 'postAllAnswers',
            input: ({ context }) => ({ year: context.year ?? context.defaultYear, questions: context.formData }),
            onDone: [
              {
                description: 'Sent: the claim is complete; the user sees it on /tax-refund-submitted as the server answered it.',
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#form11Flow.idle',
                actions: finishClaim((event: { output: PostResult }) => entryOf(event.output)),
              },
              {
                description: 'Refused or no response: logged; the user goes on to /tax-refund-submitted, the answers kept.',
                target: '#form11Flow.inFlow.stepping.unsent',
                actions: [
                  ...postFailed('answer-multiple', (event: { output: PostResult }) => failureOf(event.output)!),
                  { type: 'navigate', params: { to: REFUND_SUBMITTED_ROUTE, replace: false } },
                ],
              },
            ],
            onError: {
              description: 'The post failed outright: logged; the user goes on, the answers kept.',
              target: '#form11Flow.inFlow.stepping.unsent',
              actions: [
                ...postFailed('answer-multiple', (event: { error: unknown }) => outageOf(event.error)),
                { type: 'navigate', params: { to: REFUND_SUBMITTED_ROUTE, replace: false } },
              ],
            },
          },
        },
      },
    },
  },
});

export type Form11FlowMachine = typeof form11FlowMachine;
