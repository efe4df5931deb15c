/**
 * The guided flow's expected behaviour, written by hand from spec section 4 ("Guided flow"), section 8
 * (failed answer posts) and the decisions in the machine's description — not read from the machine:
 * the route lists of the fixture selections are spelled out, not built with buildFlowPlan.
 *
 * `oracle` is the state/context/tags table (tests/support/expectedSteps.ts); `expectedEffects` lists,
 * per case, the effects the app must see (navigations, saves, claims handed to the session, logs) in order.
 */
import type { EventObject } from 'xstate';
import type { Form11FlowContext, Form11FlowEvent, PostResult } from '../../machines/form11Flow/form11Flow.types.ts';
import type { ApiFailure } from '../../src/domain/failure.ts';
import type { Form11Progress, JsonValue } from '../../src/domain/form11Progress.ts';
import type { Form11FlowRoute } from '../../src/domain/form11Routes.ts';
import type { Form11Entry } from '../../src/domain/schemas/form11Entry.ts';
import type { FormSlug } from '../../src/domain/catalogue.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import { expectedSteps, type ExpectedMachine, type ExpectedState, type TransitionRule } from '../support/expectedSteps.ts';

export const USER_ID = 'user-aoife';
export const DEFAULT_YEAR = 2025;
/** The Tax Refund page's years, newest first. */
export const CLAIM_YEARS = [2025, 2024, 2023, 2022];
/** A year no claim may be made for (the page never offers it). */
export const CLOSED_YEAR = 2026;

// ─── Fixture selections and what they must build ─────────────────────────────────────────────────

/** Questionnaire answers, given out of catalogue order on purpose; started for the questionnaire's year. */
export const SELECTION_Q = ['rent-tax-credit', 'health-expenses'] as const;
export const QUESTIONNAIRE_YEAR = 2024;
/** Advanced options: a page and two income types (which collapse into the final form); started for the chosen year. */
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

/** The claim the server answers a successful post with. */
export const ENTRY: Form11Entry = {
  id: 'claim-2024',
  year: 2024,
  snapshot: { 'health-expenses': {}, 'rent-tax-credit': {} },
  created_at: '2026-03-02T10:00:00.000Z',
  status: 'pending',
  categoryStatuses: { 'health-expenses': 'pending', 'rent-tax-credit': 'pending' },
  categoryRefunds: { 'health-expenses': 40, 'rent-tax-credit': 1000 },
  totalApprovedRefund: 0,
};

export const POST_OK: PostResult = { ok: true, entry: ENTRY };
export const POST_REFUSED: PostResult = { ok: false, error: REFUSED };

/** A page's answer: its sample (amounts entered), or a stand-in for the final form. */
export const answerFor = (route: Form11FlowRoute): JsonValue =>
  route === '/form11/final-form' ? { page: route, amount: 250 } : (form11Sample(route.slice('/form11/'.length) as FormSlug) as JsonValue);
/** A form page submitted with nothing entered (every fixture page has amount fields): asked about, never kept. */
export const EMPTY_ANSWER: JsonValue = {};
const isEmpty = (data: JsonValue) => typeof data === 'object' && data !== null && Object.keys(data).length === 0;
/** What is typed on a page and not submitted: the form's raw values (text as typed). */
export const draftFor = (route: Form11FlowRoute): JsonValue => ({ page: route, amount: '12' });

// ─── Expected context ────────────────────────────────────────────────────────────────────────────

export type Context = Form11FlowContext;

const NONE = {
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
} satisfies Partial<Context>;

export const INITIAL: Context = {
  userId: USER_ID,
  defaultYear: DEFAULT_YEAR,
  claimYears: CLAIM_YEARS,
  claimYear: DEFAULT_YEAR,
  submitted: null,
  ...NONE,
};

/** The context of a saved progress handed in at startup. */
export function restored(progress: Form11Progress): Context {
  const { version: _v, ownerId: _o, isFromQuestionnaire: _q, ...flow } = progress;
  return { ...INITIAL, ...flow, drafts: flow.drafts ?? {} };
}

/** What saveProgress must write for a context: every flow keeps its answers until the end. */
export function expectedProgress(c: Context): Form11Progress {
  return {
    version: 1,
    ownerId: c.userId,
    year: c.year!,
    routes: c.routes,
    currentRouteIndex: c.currentRouteIndex,
    isFromQuestionnaire: true,
    formData: c.formData,
    selectedForms: c.selectedForms,
    selectedIncomeTypes: c.selectedIncomeTypes,
    drafts: c.drafts,
  };
}

const keyOf = (route: Form11FlowRoute) => (route === '/form11/final-form' ? 'final-form' : route.slice('/form11/'.length));
const hasFlow = (c: Context) => c.routes.length > 0;
const isLast = (c: Context) => c.currentRouteIndex === c.routes.length - 1;
const unsent = (c: Context) => Object.keys(c.formData).length > 0;
const safeReturn = (callback: string | undefined) => (callback?.startsWith('/') && !callback.startsWith('//') ? callback : '/tax-refund-submitted');
export const questionnaireAddress = (year: number) => `/form11-questionnaire?year=${year}`;

/** After Next: the next page, or past the last one. */
const advanced = (c: Context): Context => (isLast(c) ? c : { ...c, currentRouteIndex: c.currentRouteIndex + 1 });
/** Where the flow goes after a page: more pages, answers to send, or nothing to send (every page skipped). */
const advanceCase = (c: Context) => (!isLast(c) ? 'more pages' : unsent(c) ? 'answers to send' : 'all skipped');
/** The claim is complete: shown on /tax-refund-submitted, the flow forgotten. */
const sent = (c: Context, entry: Form11Entry | null): Context => ({ ...c, ...NONE, submitted: { year: c.year!, entry } });
const withPlan = (c: Context, selection: readonly string[], year: number): Context => ({ ...c, ...NONE, ...PLANS[selection.join()]!, year });

type Ev = Form11FlowEvent;
type DoneEvent = EventObject & { output: unknown };

/** The case an event falls into, from the event and the table's own expected state before it. */
export function caseOf(event: EventObject, before: ExpectedState<Context>): string {
  const c = before.context;
  const e = event as Ev;
  switch (e.type) {
    case 'year.choose':
      return CLAIM_YEARS.includes(e.year) ? 'choose year' : 'choose closed year';
    case 'flow.start':
      return e.selection.length === 0 ? 'start nothing' : 'start';
    case 'questionnaire.open':
      return 'open questionnaire';
    case 'replace.confirm':
      return c.pendingStart?.kind === 'questionnaire' ? 'confirm questionnaire' : 'confirm pages';
    case 'replace.cancel':
      return 'keep';
    case 'flow.resume':
      return 'resume';
    case 'flow.retry':
      return 'retry';
    case 'flow.clear':
      return 'clear';
    case 'skip.confirm': {
      const index = c.skipping ? c.routes.indexOf(c.skipping.route) : -1;
      if (index < 0) return hasFlow(c) ? 'skip on its own, flow in flight' : 'skip on its own, no flow';
      return `skip, ${advanceCase({ ...c, currentRouteIndex: index })}`;
    }
    case 'skip.cancel':
      return hasFlow(c) ? 'enter amounts, flow in flight' : 'enter amounts, no flow';
    case 'step.submit': {
      if (e.route !== '/form11/final-form' && isEmpty(e.data)) return 'submit empty';
      const index = c.routes.indexOf(e.route);
      if (index < 0) return 'submit on its own';
      return index === c.routes.length - 1 ? 'submit, last page' : 'submit, more pages';
    }
    case 'step.next': {
      const index = c.routes.indexOf(e.route);
      if (index < 0) return 'next outside';
      return `next, ${advanceCase({ ...c, currentRouteIndex: index })}`;
    }
    case 'step.back': {
      const index = c.routes.indexOf(e.route);
      if (index < 0) return 'back outside';
      return index === 0 ? 'back, first page' : 'back, later page';
    }
    case 'step.draft':
      return c.routes.includes(e.route) ? 'draft' : 'draft outside';
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
    return `${type.startsWith('xstate.error') ? 'post outage' : ok ? 'post ok' : 'post refused'}, ${flowOrNot}`;
  }
  if (type === 'xstate.done.actor.postAllAnswers') return ((event as DoneEvent).output as PostResult).ok ? 'post all ok' : 'post all refused';
  if (type === 'xstate.error.actor.postAllAnswers') return 'post all outage';
  return type;
}

// ─── The table ───────────────────────────────────────────────────────────────────────────────────

type Rule = TransitionRule<Context>;
const startFlow: Rule = {
  to: 'inFlow.settingUp.navigating',
  context: (c, event) => {
    const e = event as Extract<Ev, { type: 'flow.start' }>;
    return withPlan(c, e.selection, e.year ?? c.claimYear);
  },
};
const arrived: Rule = { to: 'inFlow.stepping.atStep' };

const onItsOwn: Rule = {
  to: 'single',
  context: (c, event) => {
    const e = event as Extract<Ev, { type: 'step.submit' }>;
    return {
      ...c,
      pendingStart: null,
      posting: { year: e.year ?? DEFAULT_YEAR, question: keyOf(e.route) as never, answer: e.data },
      returnTo: safeReturn(e.callback),
    };
  },
};
const atRoute = (c: Context, route: Form11FlowRoute): Context => ({ ...c, pendingStart: null, currentRouteIndex: c.routes.indexOf(route) });
/** The answer kept, and the page's draft gone (it is submitted). */
const kept = (c: Context, event: EventObject): Context => {
  const e = event as Extract<Ev, { type: 'step.submit' }>;
  const drafts = Object.fromEntries(Object.entries(c.drafts).filter(([key]) => key !== keyOf(e.route)));
  return { ...atRoute(c, e.route), formData: { ...c.formData, [keyOf(e.route)]: e.data }, drafts };
};
const backRoute = (event: EventObject) => (event as Extract<Ev, { type: 'step.back' }>).route;
/** A draft is kept in whichever waiting state the flow is in (a form page is on the screen: not while the Tax Refund page asks to replace the claim). */
const drafted = (state: string): Rule => ({
  to: state,
  context: (c, event) => {
    const e = event as Extract<Ev, { type: 'step.draft' }>;
    return { ...c, drafts: { ...c.drafts, [keyOf(e.route)]: e.values } };
  },
});
const asking: Rule = { to: 'inFlow.stepping.confirmingReplace' };
/** Nothing entered: the page is asked about; nothing kept, nothing saved. */
const askingSkip: Rule = {
  to: 'confirmingSkip',
  context: (c, event) => ({ ...c, pendingStart: null, skipping: { route: (event as Extract<Ev, { type: 'step.submit' }>).route } }),
};
/** "Skip this page" on a page of the flow: as its Skip button (step.next) does. */
const skippedRoute = (c: Context): Context => ({ ...atRoute(c, c.skipping!.route), skipping: null });

/** atStep, unsent and confirmingReplace share the rules of their parent, stepping. */
const steppingRules: Record<string, Rule> = {
  start: {
    ...asking,
    context: (c, event) => {
      const e = event as Extract<Ev, { type: 'flow.start' }>;
      return { ...c, pendingStart: { kind: 'pages', selection: [...e.selection], year: e.year ?? c.claimYear } };
    },
  },
  'open questionnaire': { ...asking, context: (c) => ({ ...c, pendingStart: { kind: 'questionnaire', year: c.claimYear } }) },
  resume: { to: 'inFlow.replaying', context: (c) => ({ ...c, pendingStart: null, replayIndex: 0 }) },
  'submit on its own': onItsOwn,
  'submit empty': askingSkip,
  'submit, more pages': { to: 'inFlow.stepping.atStep', context: (c, e) => advanced(kept(c, e)) },
  'submit, last page': { to: 'inFlow.sendingAll', context: kept },
  'next, more pages': { to: 'inFlow.stepping.atStep', context: (c, e) => advanced(atRoute(c, (e as Extract<Ev, { type: 'step.next' }>).route)) },
  'next, answers to send': { to: 'inFlow.sendingAll', context: (c, e) => atRoute(c, (e as Extract<Ev, { type: 'step.next' }>).route) },
  'next, all skipped': { to: 'idle', context: (c) => sent(c, null) },
  // Back loses nothing: only the page the flow is on changes.
  'back, first page': { to: 'inFlow.stepping.atStep', context: (c, e) => atRoute(c, backRoute(e)) },
  'back, later page': { to: 'inFlow.stepping.atStep', context: (c, e) => ({ ...c, pendingStart: null, currentRouteIndex: c.routes.indexOf(backRoute(e)) - 1 }) },
  // 'start nothing', 'next outside', 'back outside' and 'draft outside' are not listed: state and context stay.
};

const afterSingle = (outcome: 'post ok' | 'post refused' | 'post outage'): Record<string, Rule> => {
  const lastFailure = outcome === 'post ok' ? null : outcome === 'post refused' ? REFUSED : OUTAGE;
  const settled = (c: Context): Context => ({ ...c, posting: null, returnTo: null, lastFailure });
  return {
    [`${outcome}, flow in flight`]: { to: 'inFlow.stepping.atStep', context: settled },
    [`${outcome}, no flow`]: { to: 'idle', context: settled },
  };
};

const spec: ExpectedMachine<Context> = {
  initial: { value: 'idle', context: INITIAL },
  tags: {
    single: ['busy', 'sending'],
    'inFlow.settingUp.navigating': ['busy', 'navigating'],
    'inFlow.settingUp.retrying': ['busy', 'navigating'],
    'inFlow.replaying': ['busy', 'navigating'],
    'inFlow.sendingAll': ['busy', 'sending'],
  },
  caseOf,
  transitions: withEveryState({
    idle: { start: startFlow, 'submit on its own': onItsOwn, 'submit empty': askingSkip },
    confirmingSkip: {
      'skip, more pages': { to: 'inFlow.stepping.atStep', context: (c) => advanced(skippedRoute(c)) },
      'skip, answers to send': { to: 'inFlow.sendingAll', context: skippedRoute },
      'skip, all skipped': { to: 'idle', context: (c) => sent(c, null) },
      'skip on its own, flow in flight': { to: 'inFlow.stepping.atStep', context: (c) => ({ ...c, skipping: null }) },
      'skip on its own, no flow': { to: 'idle', context: (c) => ({ ...c, skipping: null }) },
      'enter amounts, flow in flight': { to: 'inFlow.stepping.atStep', context: (c) => ({ ...c, skipping: null }) },
      'enter amounts, no flow': { to: 'idle', context: (c) => ({ ...c, skipping: null }) },
    },
    single: { ...afterSingle('post ok'), ...afterSingle('post refused'), ...afterSingle('post outage') },
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
    'inFlow.stepping.atStep': { ...steppingRules, draft: drafted('inFlow.stepping.atStep') },
    // Unsent means answers wait to be sent, so Next on the last page always has something to send.
    // Unsent follows the last page, never the first: Back from it goes to the page before.
    'inFlow.stepping.unsent': { ...withoutRule(withoutRule(steppingRules, 'next, all skipped'), 'back, first page'), retry: { to: 'inFlow.sendingAll' }, draft: drafted('inFlow.stepping.unsent') },
    'inFlow.stepping.confirmingReplace': {
      // No form page is on the screen while the question is asked: no Back, no typing.
      ...withoutRule(withoutRule(steppingRules, 'back, first page'), 'back, later page'),
      'confirm pages': {
        to: 'inFlow.settingUp.navigating',
        context: (c) => {
          const pending = c.pendingStart as Extract<Context['pendingStart'], { kind: 'pages' }>;
          return withPlan(c, pending.selection, pending.year);
        },
      },
      'confirm questionnaire': { to: 'idle', context: (c) => ({ ...c, ...NONE }) },
      keep: { to: 'inFlow.stepping.atStep', context: (c) => ({ ...c, pendingStart: null }) },
    },
    'inFlow.sendingAll': {
      'post all ok': { to: 'idle', context: (c) => sent(c, ENTRY) },
      'post all refused': { to: 'inFlow.stepping.unsent', context: (c) => ({ ...c, lastFailure: REFUSED }) },
      'post all outage': { to: 'inFlow.stepping.unsent', context: (c) => ({ ...c, lastFailure: OUTAGE }) },
    },
  }),
};

export const oracle = expectedSteps(spec);

function withoutRule(rules: Record<string, Rule>, name: string): Record<string, Rule> {
  return Object.fromEntries(Object.entries(rules).filter(([kase]) => kase !== name));
}

/**
 * flow.clear and the year choice are handled by the machine as a whole, from every state. The year is
 * chosen on the Tax Refund page, so the paths choose it where that page is used: with no claim, or one
 * waiting at its page.
 */
function withEveryState(table: Record<string, Record<string, Rule>>): Record<string, Record<string, Rule>> {
  const chooseYear = (state: string): Rule => ({ to: state, context: (c, e) => ({ ...c, claimYear: (e as Extract<Ev, { type: 'year.choose' }>).year }) });
  return Object.fromEntries(
    Object.entries(table).map(([state, rules]) => [
      state,
      {
        ...rules,
        clear: { to: 'idle', context: (c: Context) => ({ ...c, ...NONE, submitted: null }) },
        ...(state === 'idle' || state === 'inFlow.stepping.atStep' ? { 'choose year': chooseYear(state) } : {}),
      },
    ]),
  );
}

/** The same table, starting from a saved progress handed in at startup. */
export function oracleFrom(progress: Form11Progress) {
  return expectedSteps<Context>({ ...spec, initial: { value: 'inFlow.stepping.atStep', context: restored(progress) } });
}

// ─── Effects ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The effects a step must run, in order, as `navigate <to>[ (replace)]`, `navigateBack <to>`, `saveProgress`,
 * `clearProgress`, `claimRecorded <entry id | none>`, `logFailure <operation>`. `before` and
 * `after` are the table's expected states around the step.
 */
export function expectedEffects(kase: string, before: ExpectedState<Context>, after: ExpectedState<Context>): string[] {
  const c = before.context;
  const nextPage = () => `navigate ${after.context.routes[after.context.currentRouteIndex]}`;
  const finished = (entry: Form11Entry | null) => [`claimRecorded ${entry?.id ?? 'none'}`, 'clearProgress', 'navigate /tax-refund-submitted'];
  if (kase === 'clear') return ['clearProgress'];
  if (kase === 'start nothing') return ['navigate /tax-refund-options'];
  if (kase === 'start' || kase === 'confirm pages') return after.value === 'inFlow.settingUp.navigating' ? ['saveProgress'] : [];
  if (kase === 'open questionnaire') return before.value === 'idle' ? [`navigate ${questionnaireAddress(c.claimYear)}`] : [];
  if (kase === 'confirm questionnaire') return [`navigate ${questionnaireAddress(c.pendingStart!.year)}`, 'clearProgress'];
  if (kase === 'submit, more pages' || kase === 'next, more pages' || kase === 'skip, more pages') return ['saveProgress', 'saveProgress', nextPage()];
  if (kase === 'submit, last page' || kase === 'next, answers to send' || kase === 'skip, answers to send') return ['saveProgress'];
  if (kase.startsWith('skip on its own')) return ['navigate /tax-refund-questions'];
  if (kase === 'back, first page') return ['saveProgress', 'navigateBack /tax-refund-questions'];
  if (kase === 'back, later page') return ['saveProgress', `navigateBack ${after.context.routes[after.context.currentRouteIndex]}`];
  if (kase === 'draft') return ['saveProgress'];
  if (kase === 'next, all skipped' || kase === 'skip, all skipped') return ['saveProgress', ...finished(null)];
  if (before.value === 'single') {
    const back = `navigate ${c.returnTo}`;
    if (kase.startsWith('post ok')) return [`claimRecorded ${ENTRY.id}`, back];
    if (kase.startsWith('post refused') || kase.startsWith('post outage')) return ['logFailure answer', back];
  }
  if (kase === 'post all ok') return finished(ENTRY);
  if (kase === 'post all refused' || kase === 'post all outage') return ['logFailure answer-multiple', 'navigate /tax-refund-submitted'];
  return [];
}
