import { assign, setup } from 'xstate';
import { PROFILE_REFRESH_DELAY_MS } from '../../src/domain/constants.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import { FORM11_PROGRESS_VERSION, type Form11FormData, type Form11Progress, type JsonValue } from '../../src/domain/form11Progress.ts';
import {
  REFUND_OPTIONS_ROUTE,
  REFUND_SUBMITTED_ROUTE,
  buildFlowPlan,
  stepKeyOf,
  type Form11FlowRoute,
} from '../../src/domain/form11Routes.ts';
import { safeInternalPath } from '../../src/domain/navigation.ts';
import { navigateTo, postAllAnswers, postAnswer } from './form11Flow.actors.ts';
import type {
  Form11FlowContext,
  Form11FlowEvent,
  Form11FlowInput,
  Form11FlowTag,
  LogFailureParams,
  NavigateParams,
  NavigationOutcome,
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
    isFromQuestionnaire: context.isFromQuestionnaire,
    formData: context.formData,
    selectedForms: context.selectedForms,
    selectedIncomeTypes: context.selectedIncomeTypes,
  };
}

/** No flow in flight. */
const NO_FLOW = {
  year: null,
  routes: [],
  currentRouteIndex: 0,
  isFromQuestionnaire: false,
  formData: {},
  selectedForms: [],
  selectedIncomeTypes: [],
  replayIndex: 0,
  posting: null,
  returnTo: null,
  lastFailure: null,
} satisfies Omit<Form11FlowContext, 'userId' | 'defaultYear' | 'lastSubmittedYear'>;

/** A rejected actor (a bug or an outage) as the failure the flow logs. */
function outageOf(error: unknown): ApiFailure {
  return { status: null, message: error instanceof Error ? error.message : String(error), source: 'network' };
}

const failureOf = (result: PostResult): ApiFailure | null => (result.ok ? null : result.error);

/**
 * The guided Form 11 flow (spec section 4, "Guided flow"): a selection becomes an ordered list of
 * /form11 pages; each page's answer is kept and all are posted together after the last page
 * (questionnaire mode), or each is posted as it is given. The progress is saved whenever it
 * changes, so a reload, another day or "Continue previous application" picks it up again.
 * One actor per signed-in session; effects are named actions and actors with harmless defaults.
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
    /** Write the progress to localStorage under 'form11Progress'. */
    saveProgress: (_, _params: SaveProgressParams) => {},
    /** Remove 'form11Progress' from localStorage. */
    clearProgress: () => {},
    /** Reload the signed-in user's profile (claims and refund totals changed). */
    refreshProfile: () => {},
    /** Log a failed answer post. */
    logFailure: (_, _params: LogFailureParams) => {},

    // ── Context updates (pure) ───────────────────────────────────────────────────────────────
    /** Setup: the route list of the selection, the index back to 0, the mode, nothing kept yet. */
    startFlow: assign(({ context }, params: { selection: readonly string[]; year: number; fromQuestionnaire: boolean }) => {
      const plan = buildFlowPlan(params.selection);
      return {
        ...NO_FLOW,
        year: params.year,
        routes: plan.routes,
        selectedForms: plan.selectedForms,
        selectedIncomeTypes: plan.selectedIncomeTypes,
        isFromQuestionnaire: params.fromQuestionnaire,
        lastSubmittedYear: context.lastSubmittedYear,
      };
    }),
    /** The page an event came from becomes the current one (the user may have gone back with the browser). */
    goToRoute: assign(({ context }, params: { route: Form11FlowRoute }) => ({
      currentRouteIndex: Math.max(0, context.routes.indexOf(params.route)),
    })),
    keepAnswer: assign(({ context }, params: { route: Form11FlowRoute; data: JsonValue }) => ({
      formData: { ...context.formData, [stepKeyOf(params.route)]: params.data },
    })),
    /** The answer to post at once, for a page of the flow. */
    holdFlowAnswer: assign(({ context }, params: { route: Form11FlowRoute; data: JsonValue }) => ({
      posting: { year: context.year ?? context.defaultYear, question: stepKeyOf(params.route), answer: params.data },
    })),
    /** The answer to post at once, for a page opened on its own, and where to go afterwards. */
    holdSingleAnswer: assign(
      ({ context }, params: { route: Form11FlowRoute; data: JsonValue; callback: string | undefined; year: number | undefined }) => ({
        posting: { year: params.year ?? context.defaultYear, question: stepKeyOf(params.route), answer: params.data },
        returnTo: safeInternalPath(params.callback, REFUND_SUBMITTED_ROUTE),
      }),
    ),
    /** A posted answer is no longer unsent. */
    forgetPostedAnswer: assign(({ context }) => {
      const key = context.posting?.question;
      if (key === undefined) return {};
      const { [key]: _sent, ...rest } = context.formData;
      return { formData: rest as Form11FormData, posting: null, lastFailure: null };
    }),
    dropPosting: assign({ posting: null }),
    moveToNextRoute: assign(({ context }) => ({ currentRouteIndex: context.currentRouteIndex + 1 })),
    startReplay: assign({ replayIndex: 0 }),
    nextReplay: assign(({ context }) => ({ replayIndex: context.replayIndex + 1 })),
    rememberFailure: assign((_, params: { failure: ApiFailure }) => ({ lastFailure: params.failure })),
    clearFailure: assign({ lastFailure: null }),
    recordSubmission: assign(({ context }) => ({ lastSubmittedYear: context.year })),
    forgetFlow: assign(NO_FLOW),
    forgetSubmission: assign({ lastSubmittedYear: null }),
  },
  guards: {
    /** The selection builds no route (nothing chosen, or nothing this app knows). */
    selectsNothing: (_, params: { selection: readonly string[] }) => buildFlowPlan(params.selection).routes.length === 0,
    /** The app asked the user before replacing the flow in flight. */
    replaceConfirmed: (_, params: { replace: boolean | undefined }) => params.replace === true,
    hasFlow: ({ context }) => context.routes.length > 0,
    isFlowRoute: ({ context }, params: { route: Form11FlowRoute }) => context.routes.includes(params.route),
    isOutsideFlow: ({ context }, params: { route: Form11FlowRoute }) => !context.routes.includes(params.route),
    isQuestionnaireMode: ({ context }) => context.isFromQuestionnaire,
    hasNextRoute: ({ context }) => context.currentRouteIndex < context.routes.length - 1,
    hasUnsentAnswers: ({ context }) => Object.keys(context.formData).length > 0,
    succeeded: (_, params: { result: PostResult }) => params.result.ok,
    wasAborted: (_, params: { outcome: NavigationOutcome }) => params.outcome.aborted,
    /** The last navigation arrived and routes up to the saved one remain. */
    replayGoesOn: ({ context }, params: { outcome: NavigationOutcome }) => !params.outcome.aborted && context.replayIndex < context.currentRouteIndex,
  },
  delays: {
    /** The server needs a moment before a refreshed profile shows a posted answer (spec section 9: 700 ms). */
    profileRefreshDelay: PROFILE_REFRESH_DELAY_MS,
  },
}).createMachine({
  id: 'form11Flow',
  description:
    'The guided Form 11 flow. A selection (questionnaire pages answered Yes, or the advanced options ticked) becomes an ' +
    'ordered route list: /form11/{slug} per chosen page in catalogue order, and all chosen income types collapse into one ' +
    '/form11/final-form placed last (their ids kept in selectedIncomeTypes). Questionnaire mode keeps every answer on the ' +
    'device and posts them all together after the last page (POST /answer-multiple); otherwise each is posted at once ' +
    '(POST /answer). After a successful post the profile is refreshed 700 ms later. The progress (routes, index, mode, ' +
    'unsent answers, selection, year, owner, schema version) is saved whenever it changes, so a reload or another day ' +
    'resumes it. One flow is in flight at a time and it carries its year: starting another one needs the user to ' +
    'confirm. A failed post is logged and the flow goes on, but no answer is lost: a failed answer stays unsent and ' +
    'the saved progress is kept until a post succeeds. flow.clear (sign-out, abandon) forgets it all in any state.',
  context: ({ input }) => {
    const saved = input.saved && input.saved.ownerId === input.userId ? input.saved : null;
    return {
      ...NO_FLOW,
      userId: input.userId,
      defaultYear: input.defaultYear,
      lastSubmittedYear: null,
      ...(saved
        ? {
            year: saved.year,
            routes: saved.routes,
            currentRouteIndex: saved.currentRouteIndex,
            isFromQuestionnaire: saved.isFromQuestionnaire,
            formData: saved.formData,
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
            description: 'Setup: the route list is built, the index reset to 0, the mode marked, the progress saved.',
            target: 'inFlow.settingUp',
            actions: [
              { type: 'startFlow', params: ({ event }) => ({ selection: event.selection, year: event.year, fromQuestionnaire: event.fromQuestionnaire }) },
              { type: 'saveProgress', params: ({ context }) => ({ progress: progressOf(context) }) },
            ],
          },
        ],
        'step.submit': {
          description: 'A page submitted outside any flow: its answer is posted at once.',
          target: 'single',
          actions: {
            type: 'holdSingleAnswer',
            params: ({ event }) => ({ route: event.route, data: event.data, callback: event.callback, year: event.year }),
          },
        },
      },
    },

    single: {
      description:
        'Outside questionnaire mode, for a page that is not part of the flow in flight (or with no flow): POST /answer, ' +
        'then, 700 ms after a success, the profile is refreshed and the user goes to the callback or /tax-refund-submitted. ' +
        'A failure is logged and the user goes on at once.',
      initial: 'posting',
      states: {
        posting: {
          description: 'POST /answer is on its way.',
          tags: ['busy', 'sending'],
          invoke: {
            id: 'postAnswer',
            src: 'postAnswer',
            input: ({ context }) => context.posting!,
            onDone: [
              {
                description: 'Posted: the profile is refreshed after a moment.',
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'waitingToRefresh',
                actions: 'clearFailure',
              },
              {
                description: 'Refused or no response: logged; the user goes on (spec section 8).',
                target: '#form11Flow.settling',
                actions: [
                  { type: 'logFailure', params: ({ event }) => ({ operation: 'answer', failure: failureOf(event.output)! }) },
                  { type: 'rememberFailure', params: ({ event }) => ({ failure: failureOf(event.output)! }) },
                  { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? REFUND_SUBMITTED_ROUTE, replace: false }) },
                ],
              },
            ],
            onError: {
              description: 'The post failed outright (a bug or an outage): logged; the user goes on.',
              target: '#form11Flow.settling',
              actions: [
                { type: 'logFailure', params: ({ event }) => ({ operation: 'answer', failure: outageOf(event.error) }) },
                { type: 'rememberFailure', params: ({ event }) => ({ failure: outageOf(event.error) }) },
                { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? REFUND_SUBMITTED_ROUTE, replace: false }) },
              ],
            },
          },
        },
        waitingToRefresh: {
          description: 'Posted; the profile is refreshed 700 ms later, then the user goes to the callback or /tax-refund-submitted.',
          tags: ['busy'],
          after: {
            profileRefreshDelay: {
              description: 'The profile is refreshed; the user goes to the callback or /tax-refund-submitted.',
              target: '#form11Flow.settling',
              actions: ['refreshProfile', { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? REFUND_SUBMITTED_ROUTE, replace: false }) }],
            },
          },
        },
      },
    },

    settling: {
      description: 'After a page posted on its own: back to the flow in flight, if any.',
      entry: 'dropPosting',
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
                description: 'The user confirmed replacing the flow in flight (one claim at a time): setup for the new one.',
                guard: { type: 'replaceConfirmed', params: ({ event }) => ({ replace: event.replace }) },
                target: '#form11Flow.inFlow.settingUp',
                actions: [
                  { type: 'startFlow', params: ({ event }) => ({ selection: event.selection, year: event.year, fromQuestionnaire: event.fromQuestionnaire }) },
                  { type: 'saveProgress', params: ({ context }) => ({ progress: progressOf(context) }) },
                ],
              },
              {
                description: 'Refused: a flow is in flight and the user was not asked (replace not set). Nothing changes.',
              },
            ],
            'flow.resume': {
              description: 'Continue previous application: replay the navigation up to the saved page.',
              target: 'replaying',
              actions: 'startReplay',
            },
            'step.submit': [
              {
                description: 'A page that is not part of this flow (opened on its own): posted at once; the flow stays as it is.',
                guard: { type: 'isOutsideFlow', params: ({ event }) => ({ route: event.route }) },
                target: '#form11Flow.single',
                actions: {
                  type: 'holdSingleAnswer',
                  params: ({ event }) => ({ route: event.route, data: event.data, callback: event.callback, year: event.year }),
                },
              },
              {
                description: 'Questionnaire mode: that page becomes the current one, its answer is kept (saved) and the flow moves on.',
                guard: 'isQuestionnaireMode',
                target: 'advancing',
                actions: [
                  { type: 'goToRoute', params: ({ event }) => ({ route: event.route }) },
                  { type: 'keepAnswer', params: ({ event }) => ({ route: event.route, data: event.data }) },
                  { type: 'saveProgress', params: ({ context }) => ({ progress: progressOf(context) }) },
                ],
              },
              {
                description: 'Otherwise: that page becomes the current one, its answer is kept as unsent (saved) and posted at once.',
                target: 'postingAnswer',
                actions: [
                  { type: 'goToRoute', params: ({ event }) => ({ route: event.route }) },
                  { type: 'keepAnswer', params: ({ event }) => ({ route: event.route, data: event.data }) },
                  { type: 'saveProgress', params: ({ context }) => ({ progress: progressOf(context) }) },
                  { type: 'holdFlowAnswer', params: ({ event }) => ({ route: event.route, data: event.data }) },
                ],
              },
            ],
            'step.next': [
              {
                description: 'Next (skip) on a page of the flow: that page becomes the current one, then the flow moves on.',
                guard: { type: 'isFlowRoute', params: ({ event }) => ({ route: event.route }) },
                target: 'advancing',
                actions: [
                  { type: 'goToRoute', params: ({ event }) => ({ route: event.route }) },
                  { type: 'saveProgress', params: ({ context }) => ({ progress: progressOf(context) }) },
                ],
              },
              { description: 'Next on a page that is not part of this flow: ignored.' },
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
          },
        },

        postingAnswer: {
          description:
            'Outside questionnaire mode, a page of the flow: its answer is kept as unsent (and saved) and posted at once. ' +
            'After a success the profile is refreshed 700 ms later and the flow moves on; a failure is logged and the flow ' +
            'moves on at once, the answer staying unsent for the final post.',
          tags: ['busy', 'sending'],
          invoke: {
            id: 'postAnswer',
            src: 'postAnswer',
            input: ({ context }) => context.posting!,
            onDone: [
              {
                description: 'Posted: no longer unsent.',
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'waitingToRefresh',
                actions: ['forgetPostedAnswer', { type: 'saveProgress', params: ({ context }) => ({ progress: progressOf(context) }) }],
              },
              {
                description: 'Refused or no response: logged; the answer stays unsent and the flow moves on.',
                target: 'advancing',
                actions: [
                  { type: 'logFailure', params: ({ event }) => ({ operation: 'answer', failure: failureOf(event.output)! }) },
                  { type: 'rememberFailure', params: ({ event }) => ({ failure: failureOf(event.output)! }) },
                  'dropPosting',
                ],
              },
            ],
            onError: {
              description: 'The post failed outright: logged; the answer stays unsent and the flow moves on.',
              target: 'advancing',
              actions: [
                { type: 'logFailure', params: ({ event }) => ({ operation: 'answer', failure: outageOf(event.error) }) },
                { type: 'rememberFailure', params: ({ event }) => ({ failure: outageOf(event.error) }) },
                'dropPosting',
              ],
            },
          },
        },

        waitingToRefresh: {
          description: 'Posted; the profile is refreshed 700 ms later, then the flow moves on.',
          tags: ['busy'],
          after: {
            profileRefreshDelay: { description: 'The profile is refreshed; the flow moves on.', target: 'advancing', actions: 'refreshProfile' },
          },
        },

        advancing: {
          description: 'Next: on to the next route; after the last one, the unsent answers are posted together.',
          always: [
            {
              description: 'More routes: the next one becomes current (saved) and the user is taken there.',
              guard: 'hasNextRoute',
              target: 'stepping',
              actions: [
                'moveToNextRoute',
                { type: 'saveProgress', params: ({ context }) => ({ progress: progressOf(context) }) },
                { type: 'navigate', params: ({ context }) => ({ to: context.routes[context.currentRouteIndex]!, replace: false }) },
              ],
            },
            { description: 'Past the last route with answers to send: all of them go together.', guard: 'hasUnsentAnswers', target: 'sendingAll' },
            { description: 'Past the last route, every answer already sent: the claim is complete.', target: '#form11Flow.finishing' },
          ],
        },

        sendingAll: {
          description: 'After the last route: POST /answer-multiple {questions, year} with every unsent answer.',
          tags: ['busy', 'sending'],
          invoke: {
            id: 'postAllAnswers',
            src: 'postAllAnswers',
            input: ({ context }) => ({ year: context.year ?? context.defaultYear, questions: context.formData }),
            onDone: [
              {
                description: 'Sent: the claim is complete.',
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#form11Flow.finishing',
              },
              {
                description: 'Refused or no response: logged; the user goes on to /tax-refund-submitted, the answers kept.',
                target: '#form11Flow.inFlow.stepping.unsent',
                actions: [
                  { type: 'logFailure', params: ({ event }) => ({ operation: 'answer-multiple', failure: failureOf(event.output)! }) },
                  { type: 'rememberFailure', params: ({ event }) => ({ failure: failureOf(event.output)! }) },
                  { type: 'navigate', params: { to: REFUND_SUBMITTED_ROUTE, replace: false } },
                ],
              },
            ],
            onError: {
              description: 'The post failed outright: logged; the user goes on, the answers kept.',
              target: '#form11Flow.inFlow.stepping.unsent',
              actions: [
                { type: 'logFailure', params: ({ event }) => ({ operation: 'answer-multiple', failure: outageOf(event.error) }) },
                { type: 'rememberFailure', params: ({ event }) => ({ failure: outageOf(event.error) }) },
                { type: 'navigate', params: { to: REFUND_SUBMITTED_ROUTE, replace: false } },
              ],
            },
          },
        },
      },
    },

    finishing: {
      description:
        'The claim is sent: the saved progress and the flow are cleared at once (a reload must not resume a sent claim); ' +
        '700 ms later the profile is refreshed and the user goes to /tax-refund-submitted.',
      tags: ['busy'],
      entry: ['clearProgress', 'recordSubmission', 'forgetFlow'],
      after: {
        profileRefreshDelay: {
          description: 'The profile is refreshed; the user sees /tax-refund-submitted.',
          target: 'idle',
          actions: ['refreshProfile', { type: 'navigate', params: { to: REFUND_SUBMITTED_ROUTE, replace: false } }],
        },
      },
    },
  },
});

export type Form11FlowMachine = typeof form11FlowMachine;
