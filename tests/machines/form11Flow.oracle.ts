/**
 * The guided flow's expected behaviour, written by hand from spec section 4 ("Guided flow"), section 8
 * (failed answer posts) and the decisions in the machine's description — not read from the machine:
 * the route lists of the fixture selections are spelled out, not built with buildFlowPlan.
 *
 * `oracle` is the state/context/tags table (tests/support/expectedSteps.ts); `expectedEffects` lists,
 * per case, the effects the app must see (navigations, saves, refreshes, logs) in order.
 */
import type { EventObject } from 'xstate';
import type { Form11FlowContext, Form11FlowEvent, PostResult } from '../../machines/form11Flow/form11Flow.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Form11Progress, JsonValue } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import { expectedSteps, type ExpectedMachine, type ExpectedState, type TransitionRule } from '../support/expectedSteps.ts';

export const USER_ID = 'user-aoife';
export const DEFAULT_YEAR = 2025;

// ─── Fixture selections and what they must build ─────────────────────────────────────────────────

/** Questionnaire answers, given out of catalogue order on purpose. */
export const SELECTION_Q = ['rent-tax-credit', 'health-expenses'] as const;
/** Advanced options: a page and two income types (which collapse into the final form). */
export const SELECTION_P = ['uk-dividends', 'tuition-fees', 'rental-income'] as const;
/** Three questionnaire pages, for the pinned journey. */
export const SELECTION_THREE = ['flat-rate-expenses', 'health-expenses', 'rent-tax-credit'] as const;

interface Plan {
  routes: Form11FlowRoute[];
  selectedForms: Form11FlowContext['selectedForms'];
  selectedIncomeTypes: Form11FlowContext['selectedIncomeTypes'];
}

/** Written out by hand: catalogue order, income types as one final form placed last. */
export const PLANS: Record<string, Plan> = {
  [SELECTION_Q.join()]: {
    routes: ['/form11/health-expenses', '/form11/rent-tax-credit'],
    selectedForms: ['health-expenses', 'rent-tax-credit'],
    selectedIncomeTypes: [],
  },
  [SELECTION_THREE.join()]: {
    routes: ['/form11/health-expenses', '/form11/rent-tax-credit', '/form11/flat-rate-expenses'],
    selectedForms: ['health-expenses', 'rent-tax-credit', 'flat-rate-expenses'],
    selectedIncomeTypes: [],
  },
  [SELECTION_P.join()]: {
    routes: ['/form11/tuition-fees', '/form11/final-form'],
    selectedForms: ['tuition-fees'],
    selectedIncomeTypes: ['rental-income', 'uk-dividends'],
  },
};

/** A page in neither fixture flow, submitted on its own. */
export const OUTSIDE_ROUTE = '/form11/remote-working-relief' satisfies Form11FlowRoute;

export const REFUSED: ApiFailure = { status: 422, message: 'The answer could not be saved.', source: 'server' };
export const OUTAGE_ERROR = new Error('socket hang up');
export const OUTAGE: ApiFailure = { status: null, message: 'socket hang up', source: 'network' };

export const POST_OK: PostResult = { ok: true };
export const POST_REFUSED: PostResult = { ok: false, error: REFUSED };

/** A page's answer, the same shape for every fixture page. */
export const answerFor = (route: Form11FlowRoute): JsonValue => ({ page: route, amount: 250 });

// ─── Expected context ────────────────────────────────────────────────────────────────────────────

export type Context = Form11FlowContext;

const NONE = {
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
} satisfies Partial<Context>;

export const INITIAL: Context = { userId: USER_ID, defaultYear: DEFAULT_YEAR, lastSubmittedYear: null, ...NONE };

/** The context of a saved progress handed in at startup. */
export function restored(progress: Form11Progress): Context {
  const { version: _v, ownerId: _o, ...flow } = progress;
  return { ...INITIAL, ...flow };
}

/** What saveProgress must write for a context. */
export function expectedProgress(c: Context): Form11Progress {
  return {
    version: 1,
    ownerId: c.userId,
    year: c.year!,
    routes: c.routes,
    currentRouteIndex: c.currentRouteIndex,
    isFromQuestionnaire: c.isFromQuestionnaire,
    formData: c.formData,
    selectedForms: c.selectedForms,
    selectedIncomeTypes: c.selectedIncomeTypes,
  };
}

const keyOf = (route: Form11FlowRoute) => (route === '/form11/final-form' ? 'final-form' : route.slice('/form11/'.length));
const hasFlow = (c: Context) => c.routes.length > 0;
const isLast = (c: Context) => c.currentRouteIndex === c.routes.length - 1;
const unsent = (c: Context) => Object.keys(c.formData).length > 0;
const withoutKey = (formData: Context['formData'], key: string) => Object.fromEntries(Object.entries(formData).filter(([k]) => k !== key));
const safeReturn = (callback: string | undefined) => (callback?.startsWith('/') && !callback.startsWith('//') ? callback : '/tax-refund-submitted');

/** After Next: the next page, or past the last one. */
const advanced = (c: Context): Context => (isLast(c) ? c : { ...c, currentRouteIndex: c.currentRouteIndex + 1 });
/** Where the flow goes after a page: more pages, answers to send, or nothing left to send. */
const advanceCase = (c: Context) => (!isLast(c) ? 'more pages' : unsent(c) ? 'answers to send' : 'all sent');
const sent = (c: Context): Context => ({ ...c, ...NONE, lastSubmittedYear: c.year });

type Ev = Form11FlowEvent;
type DoneEvent = EventObject & { output: unknown };

/** The case an event falls into, from the event and the table's own expected state before it. */
export function caseOf(event: EventObject, before: ExpectedState<Context>): string {
  const c = before.context;
  const e = event as Ev;
  switch (e.type) {
    case 'flow.start':
      if (e.selection.length === 0) return 'start nothing';
      return hasFlow(c) && before.value.startsWith('inFlow') && !e.replace ? 'start refused' : 'start';
    case 'flow.resume':
      return 'resume';
    case 'flow.retry':
      return 'retry';
    case 'flow.clear':
      return 'clear';
    case 'step.submit': {
      const index = c.routes.indexOf(e.route);
      if (index < 0) return 'submit on its own';
      if (!c.isFromQuestionnaire) return 'submit, posted';
      return index === c.routes.length - 1 ? 'submit, kept, last page' : 'submit, kept, more pages';
    }
    case 'step.next': {
      const index = c.routes.indexOf(e.route);
      if (index < 0) return 'next outside';
      return `next, ${advanceCase({ ...c, currentRouteIndex: index })}`;
    }
  }
  const type = event.type;
  const flowOrNot = hasFlow(c) ? 'flow in flight' : 'no flow';
  if (type === 'xstate.done.actor.navigateTo') {
    if ((event as DoneEvent & { output: { aborted: boolean } }).output.aborted) return 'navigation aborted';
    if (before.value === 'inFlow.replaying') return c.replayIndex < c.currentRouteIndex ? 'arrived, more to replay' : 'arrived at the saved page';
    return 'navigation arrived';
  }
  if (type === 'xstate.error.actor.navigateTo') return 'navigation outage';
  if (type === 'xstate.done.actor.postAnswer' || type === 'xstate.error.actor.postAnswer') {
    const ok = type === 'xstate.done.actor.postAnswer' && ((event as DoneEvent).output as PostResult).ok;
    const how = type.startsWith('xstate.error') ? 'post outage' : ok ? 'post ok' : 'post refused';
    if (ok) return how;
    return before.value.startsWith('single') ? `${how}, ${flowOrNot}` : `${how}, ${advanceCase(c)}`;
  }
  if (type === 'xstate.done.actor.postAllAnswers') return ((event as DoneEvent).output as PostResult).ok ? 'post all ok' : 'post all refused';
  if (type === 'xstate.error.actor.postAllAnswers') return 'post all outage';
  if (type.startsWith('xstate.after.profileRefreshDelay.')) {
    if (before.value === 'single.waitingToRefresh') return `refresh delay, ${flowOrNot}`;
    if (before.value === 'inFlow.waitingToRefresh') return `refresh delay, ${advanceCase(c)}`;
    return 'refresh delay';
  }
  return type;
}

// ─── The table ───────────────────────────────────────────────────────────────────────────────────

type Rule = TransitionRule<Context>;
const startFlow: Rule = {
  to: 'inFlow.settingUp.navigating',
  context: (c, event) => {
    const e = event as Extract<Ev, { type: 'flow.start' }>;
    return { ...c, ...NONE, ...PLANS[e.selection.join()]!, year: e.year, isFromQuestionnaire: e.fromQuestionnaire };
  },
};
const clear: Rule = { to: 'idle', context: (c) => ({ ...c, ...NONE, lastSubmittedYear: null }) };
const arrived: Rule = { to: 'inFlow.stepping.atStep' };

const onItsOwn: Rule = {
  to: 'single.posting',
  context: (c, event) => {
    const e = event as Extract<Ev, { type: 'step.submit' }>;
    return { ...c, posting: { year: e.year ?? DEFAULT_YEAR, question: keyOf(e.route) as never, answer: e.data }, returnTo: safeReturn(e.callback) };
  },
};
const atRoute = (c: Context, route: Form11FlowRoute): Context => ({ ...c, currentRouteIndex: c.routes.indexOf(route) });
const kept = (c: Context, event: EventObject): Context => {
  const e = event as Extract<Ev, { type: 'step.submit' }>;
  return { ...atRoute(c, e.route), formData: { ...c.formData, [keyOf(e.route)]: e.data } };
};

/** atStep and unsent share the rules of their parent, stepping. */
const steppingRules: Record<string, Rule> = {
  start: startFlow,
  resume: { to: 'inFlow.replaying', context: (c) => ({ ...c, replayIndex: 0 }) },
  'submit on its own': onItsOwn,
  'submit, kept, more pages': { to: 'inFlow.stepping.atStep', context: (c, e) => advanced(kept(c, e)) },
  'submit, kept, last page': { to: 'inFlow.sendingAll', context: kept },
  'submit, posted': {
    to: 'inFlow.postingAnswer',
    context: (c, event) => {
      const e = event as Extract<Ev, { type: 'step.submit' }>;
      return { ...kept(c, e), posting: { year: c.year!, question: keyOf(e.route) as never, answer: e.data } };
    },
  },
  'next, more pages': { to: 'inFlow.stepping.atStep', context: (c, e) => advanced(atRoute(c, (e as Extract<Ev, { type: 'step.next' }>).route)) },
  'next, answers to send': { to: 'inFlow.sendingAll', context: (c, e) => atRoute(c, (e as Extract<Ev, { type: 'step.next' }>).route) },
  'next, all sent': { to: 'finishing', context: (c) => sent(c) },
  // 'start nothing', 'start refused' and 'next outside' are not listed: state and context stay.
};

const failed = (failure: ApiFailure) => (c: Context): Context => ({ ...c, posting: null, lastFailure: failure });
const afterFlowPostFailure = (failure: ApiFailure): Record<string, Rule> => {
  const name = failure === OUTAGE ? 'post outage' : 'post refused';
  return {
    [`${name}, more pages`]: { to: 'inFlow.stepping.atStep', context: (c) => advanced(failed(failure)(c)) },
    // The failed answer stays unsent, so after the last page there is always something to send.
    [`${name}, answers to send`]: { to: 'inFlow.sendingAll', context: failed(failure) },
  };
};

const spec: ExpectedMachine<Context> = {
  initial: { value: 'idle', context: INITIAL },
  tags: {
    'single.posting': ['busy', 'sending'],
    'single.waitingToRefresh': ['busy'],
    'inFlow.settingUp.navigating': ['busy', 'navigating'],
    'inFlow.settingUp.retrying': ['busy', 'navigating'],
    'inFlow.replaying': ['busy', 'navigating'],
    'inFlow.postingAnswer': ['busy', 'sending'],
    'inFlow.waitingToRefresh': ['busy'],
    'inFlow.sendingAll': ['busy', 'sending'],
    finishing: ['busy'],
  },
  caseOf,
  transitions: withClear({
    idle: { start: startFlow, 'submit on its own': onItsOwn },
    'single.posting': {
      'post ok': { to: 'single.waitingToRefresh', context: (c) => ({ ...c, lastFailure: null }) },
      'post refused, flow in flight': { to: 'inFlow.stepping.atStep', context: failed(REFUSED) },
      'post refused, no flow': { to: 'idle', context: failed(REFUSED) },
      'post outage, flow in flight': { to: 'inFlow.stepping.atStep', context: failed(OUTAGE) },
      'post outage, no flow': { to: 'idle', context: failed(OUTAGE) },
    },
    'single.waitingToRefresh': {
      'refresh delay, flow in flight': { to: 'inFlow.stepping.atStep', context: (c) => ({ ...c, posting: null }) },
      'refresh delay, no flow': { to: 'idle', context: (c) => ({ ...c, posting: null }) },
    },
    'inFlow.settingUp.navigating': {
      'navigation arrived': arrived,
      'navigation aborted': { to: 'inFlow.settingUp.retrying' },
      'navigation outage': arrived,
    },
    'inFlow.settingUp.retrying': {
      'navigation arrived': arrived,
      'navigation aborted': arrived,
      'navigation outage': arrived,
    },
    'inFlow.replaying': {
      'arrived, more to replay': { to: 'inFlow.replaying', context: (c) => ({ ...c, replayIndex: c.replayIndex + 1 }) },
      'arrived at the saved page': arrived,
      'navigation aborted': arrived,
      'navigation outage': arrived,
    },
    'inFlow.stepping.atStep': steppingRules,
    // Unsent means answers wait to be sent, so Next on the last page always has something to send.
    'inFlow.stepping.unsent': { ...withoutRule(steppingRules, 'next, all sent'), retry: { to: 'inFlow.sendingAll' } },
    'inFlow.postingAnswer': {
      'post ok': {
        to: 'inFlow.waitingToRefresh',
        context: (c) => ({ ...c, formData: withoutKey(c.formData, c.posting!.question), posting: null, lastFailure: null }),
      },
      ...afterFlowPostFailure(REFUSED),
      ...afterFlowPostFailure(OUTAGE),
    },
    'inFlow.waitingToRefresh': {
      'refresh delay, more pages': { to: 'inFlow.stepping.atStep', context: advanced },
      'refresh delay, answers to send': { to: 'inFlow.sendingAll' },
      'refresh delay, all sent': { to: 'finishing', context: sent },
    },
    'inFlow.sendingAll': {
      'post all ok': { to: 'finishing', context: sent },
      'post all refused': { to: 'inFlow.stepping.unsent', context: (c) => ({ ...c, lastFailure: REFUSED }) },
      'post all outage': { to: 'inFlow.stepping.unsent', context: (c) => ({ ...c, lastFailure: OUTAGE }) },
    },
    finishing: { 'refresh delay': { to: 'idle' } },
  }),
};

export const oracle = expectedSteps(spec);

function withoutRule(rules: Record<string, Rule>, name: string): Record<string, Rule> {
  return Object.fromEntries(Object.entries(rules).filter(([kase]) => kase !== name));
}

/** flow.clear is handled by the machine as a whole: from every state to idle. */
function withClear(table: Record<string, Record<string, Rule>>): Record<string, Record<string, Rule>> {
  return Object.fromEntries(Object.entries(table).map(([state, rules]) => [state, { ...rules, clear }]));
}

/** The same table, starting from a saved progress handed in at startup. */
export function oracleFrom(progress: Form11Progress) {
  return expectedSteps<Context>({ ...spec, initial: { value: 'inFlow.stepping.atStep', context: restored(progress) } });
}

// ─── Effects ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The effects a step must run, in order, as `navigate <to>[ (replace)]`, `saveProgress`,
 * `clearProgress`, `refreshProfile`, `logFailure <operation>`. `before` and `after` are the table's
 * expected states around the step.
 */
export function expectedEffects(kase: string, before: ExpectedState<Context>, after: ExpectedState<Context>): string[] {
  const c = before.context;
  const nextPage = () => `navigate ${after.context.routes[after.context.currentRouteIndex]}`;
  const advanceEffects = (suffix: string) =>
    suffix === 'more pages' ? ['saveProgress', nextPage()] : suffix === 'all sent' ? ['clearProgress'] : [];
  if (kase === 'clear') return ['clearProgress'];
  if (kase === 'start nothing') return ['navigate /tax-refund-options'];
  if (kase === 'start') return ['saveProgress'];
  if (kase === 'submit, kept, more pages') return ['saveProgress', 'saveProgress', nextPage()];
  if (kase === 'submit, kept, last page' || kase === 'submit, posted') return ['saveProgress'];
  if (kase.startsWith('next, ')) {
    if (kase === 'next, more pages') return ['saveProgress', 'saveProgress', nextPage()];
    return ['saveProgress', ...advanceEffects(kase.slice('next, '.length))];
  }
  if (before.value.startsWith('single')) {
    const back = `navigate ${c.returnTo}`;
    if (kase === 'post ok') return [];
    if (kase.startsWith('post refused') || kase.startsWith('post outage')) return ['logFailure answer', back];
    if (kase.startsWith('refresh delay')) return ['refreshProfile', back];
  }
  if (before.value === 'inFlow.postingAnswer') {
    if (kase === 'post ok') return ['saveProgress'];
    return ['logFailure answer', ...advanceEffects(kase.slice(kase.indexOf(', ') + 2))];
  }
  if (before.value === 'inFlow.waitingToRefresh') return ['refreshProfile', ...advanceEffects(kase.slice('refresh delay, '.length))];
  if (kase === 'post all ok') return ['clearProgress'];
  if (kase === 'post all refused' || kase === 'post all outage') return ['logFailure answer-multiple', 'navigate /tax-refund-submitted'];
  if (before.value === 'finishing' && kase === 'refresh delay') return ['refreshProfile', 'navigate /tax-refund-submitted'];
  return [];
}
