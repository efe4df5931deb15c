// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromPromise, type InspectionEvent, waitFor } from 'xstate';
import type { PostAllAnswersInput, PostAnswerInput, PostResult } from '../../machines/form11Flow/form11Flow.types.ts';
import { FORM11_PROGRESS_KEY, FORM11_PROGRESS_VERSION, type Form11Progress, type JsonValue } from '../../src/domain/form11Progress.ts';
import { form11Sample } from '../../src/domain/schemas/form11/index.ts';
import type { AppEffects } from '../../src/app/effects/appEffects.ts';
import { createForm11FlowLogic, form11GuidedFlow, type AnswerCalls, type Form11FlowEffects } from '../../src/app/effects/form11FlowEffects.ts';
import type { Form11Entry } from '../../src/domain/schemas/form11Entry.ts';
import { aUser } from '../support/builders.ts';
import { defineFlow } from '../../src/app/flows/flow.ts';
import { createFlowRegistry } from '../../src/app/flows/registry.ts';

// Answers with amounts entered (a page with none is asked about first, not kept or posted).
const MEDICAL = form11Sample('medical-insurance-relief') as Record<string, JsonValue>;
const TUITION = form11Sample('tuition-fees') as Record<string, JsonValue>;

/**
 * The guided flow's browser effects, through the session registry the runtime builds: one actor
 * per signed-in user, progress kept in storage whenever it changes, corrupt and foreign saves
 * discarded and logged, navigation through the router, answers through the API calls, the claim the
 * server answers handed to the session, everything forgotten at sign-out.
 */

const OWNER = 'aoife@example.ie';

/** The claim the server answers a post with. */
const entry = (year: number, refunds: Record<string, number>): Form11Entry => ({
  id: `claim-${year}`,
  year,
  snapshot: Object.fromEntries(Object.keys(refunds).map((key) => [key, {}])),
  created_at: '2026-11-25T10:00:00.000Z',
  status: 'pending',
  categoryStatuses: {},
  categoryRefunds: refunds,
  totalApprovedRefund: 0,
});
const ENTRY = entry(2024, { 'rent-tax-credit': 1000 });

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const saved = (overrides: Partial<Form11Progress> = {}): Form11Progress => ({
  version: FORM11_PROGRESS_VERSION,
  ownerId: OWNER,
  year: 2024,
  routes: ['/form11/medical-insurance-relief', '/form11/rent-tax-credit'],
  currentRouteIndex: 1,
  isFromQuestionnaire: true,
  formData: { 'medical-insurance-relief': { selectedEmployment: 'Acme', insurances: [] } },
  selectedForms: ['medical-insurance-relief', 'rent-tax-credit'],
  selectedIncomeTypes: [],
  ...overrides,
});

/**
 * The registry with the guided flow's own effects module, except the answer calls and the router,
 * which the test plays. Its API mirrors what screens and the runtime use.
 */
function guidedFlowRegistry(effects: Form11FlowEffects & { now(): Date }) {
  const catalogue = {
    form11Flow: {
      scope: 'session',
      load: async () => defineFlow({ logic: () => createForm11FlowLogic(effects), input: form11GuidedFlow.input }),
      forgetOnSignOut: [FORM11_PROGRESS_KEY],
    },
  } as const;
  const appEffects = { storage: effects.storage, log: effects.log, now: effects.now } as unknown as AppEffects;
  const registry = createFlowRegistry({ catalogue, effects: appEffects });
  return {
    registry,
    current: () => registry.session('form11Flow'),
    subscribe: registry.subscribe,
    setOwner: registry.setOwner,
    clear: registry.signOut,
    stop: registry.stop,
  };
}
type Host = Awaited<ReturnType<typeof loadedHost>>;

async function loadedHost(effects: Form11FlowEffects & { now(): Date }) {
  const host = guidedFlowRegistry(effects);
  await host.registry.load('form11Flow');
  return host;
}

let host: Host | undefined;
afterEach(() => {
  host?.stop();
  host = undefined;
  vi.useRealTimers();
});

async function setup(options: { stored?: string; answer?: PostResult; arriveAt?: (to: string) => string } = {}) {
  const storage = memoryStorage();
  if (options.stored !== undefined) storage.setItem(FORM11_PROGRESS_KEY, options.stored);
  let path = '/tax-refund-questions';
  const navigations: string[] = [];
  const posted: PostAnswerInput[] = [];
  const postedAll: PostAllAnswersInput[] = [];
  const answers: AnswerCalls = {
    postAnswer: async (input) => {
      posted.push(input);
      return options.answer ?? { ok: true, entry: ENTRY };
    },
    postAllAnswers: async (input) => {
      postedAll.push(input);
      return options.answer ?? { ok: true, entry: ENTRY };
    },
  };
  const claimRecorded = vi.fn();
  const log = { warn: vi.fn() };
  host = await loadedHost({
    navigator: {
      navigate: async (to, replace) => {
        navigations.push(`${to}${replace ? ' (replace)' : ''}`);
        path = options.arriveAt ? options.arriveAt(to) : new URL(to, 'http://x').pathname;
      },
      back: async (to) => {
        navigations.push(`${to} (back)`);
        path = new URL(to, 'http://x').pathname;
      },
      currentPath: () => path,
    },
    answers,
    claimRecorded,
    storage,
    log,
    now: () => new Date(2026, 10, 25),
  });
  return { host, storage, navigations, posted, postedAll, claimRecorded, log };
}

const storedProgress = (storage: ReturnType<typeof memoryStorage>) => {
  const raw = storage.getItem(FORM11_PROGRESS_KEY);
  return raw === null ? null : (JSON.parse(raw) as Form11Progress);
};

describe('the guided flow in the browser runtime', () => {
  beforeEach(() => vi.useRealTimers());

  it('has no actor while nobody is signed in, and one per signed-in user', async () => {
    const { host } = await setup();
    const seen = vi.fn();
    host.subscribe(seen);
    expect(host.current()).toBeNull();
    host.setOwner(OWNER);
    const first = host.current();
    expect(first?.getSnapshot().context.userId).toBe(OWNER);
    expect(first?.getSnapshot().context).toMatchObject({ defaultYear: 2025, claimYear: 2025, claimYears: [2025, 2024, 2023, 2022] });
    host.setOwner(OWNER);
    expect(host.current()).toBe(first);
    host.setOwner('someone@example.ie');
    expect(first?.getSnapshot().status).toBe('stopped');
    expect(host.current()?.getSnapshot().context.userId).toBe('someone@example.ie');
    host.setOwner(null);
    expect(host.current()).toBeNull();
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it("picks up the user's saved progress at sign-in, waiting at the saved page", async () => {
    const { host, navigations } = await setup({ stored: JSON.stringify(saved()) });
    host.setOwner(OWNER);
    const context = host.current()!.getSnapshot().context;
    expect(context.routes).toEqual(saved().routes);
    expect(context.currentRouteIndex).toBe(1);
    expect(context.year).toBe(2024);
    expect(context.formData).toEqual(saved().formData);
    expect(navigations).toEqual([]);
  });

  it.each([
    ['not JSON', '{"version":1,', 'corrupt'],
    ['another version', JSON.stringify({ ...saved(), version: 99 }), 'wrong-version'],
    ['a missing field', JSON.stringify({ ...saved(), routes: undefined }), 'invalid'],
    ['another user', JSON.stringify(saved({ ownerId: 'other@example.ie' })), 'foreign-owner'],
    ['an index past the routes', JSON.stringify(saved({ currentRouteIndex: 7 })), 'inconsistent'],
  ])('discards and logs a save with %s, and starts with no flow', async (_name, stored, reason) => {
    const { host, storage, log } = await setup({ stored });
    host.setOwner(OWNER);
    expect(host.current()!.getSnapshot().context.routes).toEqual([]);
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith('Form 11 progress discarded', expect.objectContaining({ reason }));
    // The log names the reason, never what the user entered.
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('Acme');
  });

  it('saves the progress whenever it changes, and navigates through the router', async () => {
    const { host, storage, navigations } = await setup();
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'flow.start', selection: ['rent-tax-credit', 'medical-insurance-relief'], year: 2024 });
    expect(storedProgress(storage)).toMatchObject({ ownerId: OWNER, year: 2024, currentRouteIndex: 0, isFromQuestionnaire: true });
    await waitFor(flow, (s) => s.matches({ inFlow: 'stepping' }));
    expect(navigations).toEqual(['/form11/medical-insurance-relief (replace)']);
    flow.send({ type: 'step.submit', route: '/form11/medical-insurance-relief', data: { ...MEDICAL, selectedEmployment: 'Acme' } });
    expect(storedProgress(storage)).toMatchObject({ currentRouteIndex: 1, formData: { 'medical-insurance-relief': { selectedEmployment: 'Acme' } } });
    expect(navigations.at(-1)).toBe('/form11/rent-tax-credit');
  });

  it('retries an aborted setup navigation as a push', async () => {
    let calls = 0;
    const { host, navigations } = await setup({ arriveAt: (to) => (calls++ === 0 ? '/elsewhere' : to) });
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'flow.start', selection: ['tuition-fees'], year: 2024 });
    await waitFor(flow, (s) => s.matches({ inFlow: 'stepping' }));
    expect(navigations).toEqual(['/form11/tuition-fees (replace)', '/form11/tuition-fees']);
  });

  it('posts a page submitted on its own at once, hands the claim the server answered to the session, then goes to the callback', async () => {
    const { host, posted, claimRecorded, navigations } = await setup();
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'step.submit', route: '/form11/tuition-fees', data: TUITION, callback: '/landing', year: 2023 });
    await waitFor(flow, (s) => s.matches('idle'));
    expect(posted).toEqual([{ year: 2023, question: 'tuition-fees', answer: TUITION }]);
    expect(claimRecorded).toHaveBeenCalledWith(ENTRY);
    expect(navigations).toEqual(['/landing']);
  });

  it('logs a refused post with its status only, and goes on', async () => {
    const refused: PostResult = { ok: false, error: { status: 422, message: 'no', source: 'server' } };
    const { host, log, navigations } = await setup({ answer: refused });
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'step.submit', route: '/form11/tuition-fees', data: { ...TUITION, secret: 'Acme' } });
    await waitFor(flow, (s) => s.matches('idle'));
    expect(log.warn).toHaveBeenCalledWith('Form 11 answer was not sent', { operation: 'answer', status: 422 });
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('Acme');
    expect(navigations).toEqual(['/tax-refund-submitted']);
  });

  it('posts all kept answers after the last page, then clears the saved progress and shows the claim at once', async () => {
    const { host, storage, postedAll, claimRecorded, navigations } = await setup({ stored: JSON.stringify(saved()) });
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'step.submit', route: '/form11/rent-tax-credit', data: { rentPaid: 9000 } });
    await waitFor(flow, (s) => s.matches('idle'));
    expect(postedAll).toEqual([
      { year: 2024, questions: { 'medical-insurance-relief': saved().formData['medical-insurance-relief'], 'rent-tax-credit': { rentPaid: 9000 } } },
    ]);
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
    expect(claimRecorded).toHaveBeenCalledWith(ENTRY);
    expect(flow.getSnapshot().context.submitted).toEqual({ year: 2024, entry: ENTRY });
    expect(navigations).toEqual(['/tax-refund-submitted']);
  });

  it('signing out forgets the flow and its saved progress', async () => {
    const { host, storage } = await setup({ stored: JSON.stringify(saved()) });
    host.setOwner(OWNER);
    const flow = host.current()!;
    host.clear();
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
    expect(flow.getSnapshot().status).toBe('stopped');
    expect(host.current()).toBeNull();
  });

  it('signing out with no actor still removes a saved progress', async () => {
    const { host, storage } = await setup({ stored: JSON.stringify(saved()) });
    host.clear();
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
  });

  it('keeps the flow going when storage throws', async () => {
    const { host, log } = await setup();
    const broken = { getItem: () => null, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined };
    host.stop();
    const other = await loadedHost({
      navigator: { navigate: async () => undefined, back: async () => undefined, currentPath: () => '/form11/tuition-fees' },
      answers: { postAnswer: async () => ({ ok: true, entry: null }), postAllAnswers: async () => ({ ok: true, entry: null }) },
      claimRecorded: () => undefined,
      storage: broken,
      log,
      now: () => new Date(2026, 10, 25),
    });
    other.setOwner(OWNER);
    other.current()!.send({ type: 'flow.start', selection: ['tuition-fees'], year: 2024 });
    await waitFor(other.current()!, (s) => s.matches({ inFlow: 'stepping' }));
    expect(log.warn).toHaveBeenCalledWith('Form 11 progress: could not save', { error: 'Error' });
    other.stop();
  });
});

describe('the guided flow with the app’s effects table', () => {
  it('puts the claim the server answered in place of that year’s in the session’s profile, the other years kept', () => {
    const older = entry(2023, { 'tuition-fees': 80 });
    const user = aUser({ email: OWNER, form11: [entry(2024, { 'rent-tax-credit': 500 }), older] });
    const announceUser = vi.fn();
    const effects = {
      user: () => user,
      announceUser,
      storage: memoryStorage(),
      log: { warn: vi.fn() },
      now: () => new Date(2026, 10, 25),
      navigate: async () => undefined,
      currentPath: () => '/tax-refund-questions',
    } as unknown as AppEffects;
    const logic = form11GuidedFlow.logic(effects);
    const input = form11GuidedFlow.input(effects, OWNER);
    expect(input).toMatchObject({ userId: OWNER, defaultYear: 2025, claimYears: [2025, 2024, 2023, 2022], saved: null });
    const actor = createActor(logic.provide({ actors: { postAnswer: fromPromise<PostResult, PostAnswerInput>(async () => ({ ok: true, entry: ENTRY })) } }), { input }).start();
    actor.send({ type: 'step.submit', route: '/form11/rent-tax-credit', data: { rentPaid: 9000 }, year: 2024 });
    return vi.waitFor(() => {
      expect(announceUser).toHaveBeenCalledWith({ ...user, form11: [ENTRY, older] });
      actor.stop();
    });
  });
});

describe('screen actors of the session registry', () => {
  /** A tiny machine standing in for a screen's: it counts its own events and remembers its input. */
  const screenMachine = createMachine({
    types: {} as { context: { input: string; count: number }; input: { input: string }; events: { type: 'bump' } },
    id: 'screen',
    context: ({ input }) => ({ input: input.input, count: 0 }),
    on: { bump: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
  });
  const effects = { storage: { getItem: () => null, setItem: () => undefined, removeItem: vi.fn() }, log: { warn: vi.fn() }, now: () => new Date(2026, 10, 25) } as unknown as AppEffects;
  const catalogue = {
    screen: { scope: 'visit', load: async () => defineFlow({ logic: () => screenMachine, input: (_e: AppEffects, screen: string) => ({ input: screen }) }), forgetOnSignOut: ['screenDraft'] },
    publicScreen: { scope: 'visit', public: true, load: async () => defineFlow({ logic: () => screenMachine, input: (_e: AppEffects, screen: string) => ({ input: screen }) }) },
  } as const;

  async function registryWith(inspect?: (event: InspectionEvent) => void) {
    const registry = createFlowRegistry({ catalogue, effects, ...(inspect ? { inspect } : {}) });
    await registry.preload('screen', 'publicScreen');
    return registry;
  }

  it('rejoins the same actor for every render of a visit, and starts a new one for a new visit', async () => {
    const registry = await registryWith();
    const first = registry.visit('screen', 'visit-1', 'a');
    first.send({ type: 'bump' });
    const again = registry.visit('screen', 'visit-1', 'ignored: input is read once');
    expect(again).toBe(first);
    expect(again.getSnapshot().context).toEqual({ input: 'a', count: 1 });
    const release = registry.hold('screen', 'visit-1');
    const second = registry.visit('screen', 'visit-2', 'b');
    expect(second).not.toBe(first);
    expect(second.getSnapshot().context).toEqual({ input: 'b', count: 0 });
    // The first visit is still shown (held): a new visit of the same flow does not stop it.
    expect(first.getSnapshot().status).toBe('active');
    release();
    registry.stop();
  });

  it('stops a visit’s actor once no component holds it, but not across a remount (StrictMode)', async () => {
    vi.useFakeTimers();
    const registry = await registryWith();
    const actor = registry.visit('screen', 'visit-1', 'a');
    const firstMount = registry.hold('screen', 'visit-1');
    firstMount();
    const secondMount = registry.hold('screen', 'visit-1');
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().status).toBe('active');
    expect(registry.visit('screen', 'visit-1', 'a')).toBe(actor);
    secondMount();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(registry.running()).toEqual([]);
  });

  it('a visit that was rendered but never shown is stopped by the next visit of the same flow', async () => {
    const registry = await registryWith();
    const orphan = registry.visit('screen', 'visit-1', 'a');
    registry.visit('screen', 'visit-2', 'b');
    expect(orphan.getSnapshot().status).toBe('stopped');
    registry.stop();
  });

  it('signing out stops every screen actor and forgets every flow’s saved progress', async () => {
    const registry = await registryWith();
    const actor = registry.visit('screen', 'visit-1', 'a');
    registry.hold('screen', 'visit-1');
    registry.signOut();
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(effects.storage.removeItem).toHaveBeenCalledWith('screenDraft');
    expect(registry.running()).toEqual([]);
  });

  it('a public screen’s actor (the reset-password page) carries on through a sign-out and a new owner: it holds nothing of a user', async () => {
    const registry = await registryWith();
    const reset = registry.visit('publicScreen', 'visit-1', 'a');
    registry.hold('publicScreen', 'visit-1');
    reset.send({ type: 'bump' });
    registry.setOwner('aoife@example.ie');
    registry.signOut();
    registry.setOwner(null);
    expect(reset.getSnapshot().status).toBe('active');
    // The screen's next render rejoins the same actor, where it was.
    expect(registry.visit('publicScreen', 'visit-1', 'a')).toBe(reset);
    expect(reset.getSnapshot().context.count).toBe(1);
    registry.stop();
  });

  it('gives every actor the inspector and its flow’s name as systemId', async () => {
    const events: InspectionEvent[] = [];
    const registry = await registryWith((event) => events.push(event));
    const actor = registry.visit('screen', 'visit-1', 'a');
    actor.send({ type: 'bump' });
    expect(actor.system.get('screen')).toBe(actor);
    expect(events.some((event) => event.type === '@xstate.event' && event.event.type === 'bump' && event.actorRef === actor)).toBe(true);
    registry.stop();
  });

  it('a failed download is not kept: the next load tries again', async () => {
    let attempts = 0;
    const flaky = {
      screen: {
        scope: 'visit',
        load: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
          return defineFlow({ logic: () => screenMachine, input: (_e: AppEffects, screen: string) => ({ input: screen }) });
        },
      },
    } as const;
    const registry = createFlowRegistry({ catalogue: flaky, effects });
    await expect(registry.load('screen')).rejects.toThrow('Failed to fetch');
    expect(registry.loaded('screen')).toBeNull();
    await registry.load('screen');
    expect(registry.loaded('screen')).toBe(screenMachine);
    expect(attempts).toBe(2);
  });
  it('a session flow marked afterFirstPaint loads when the app says so, unless a page asks for it first; the others at sign-in', async () => {
    const loads: string[] = [];
    const sessionFlow = (name: string, afterFirstPaint: boolean) => ({
      scope: 'session' as const,
      ...(afterFirstPaint ? { afterFirstPaint: true as const } : {}),
      load: async () => {
        loads.push(name);
        return defineFlow({ logic: () => screenMachine, input: (_e: AppEffects, owner: string) => ({ input: owner }) });
      },
    });
    const deferred: (() => void)[] = [];
    const registry = createFlowRegistry({
      catalogue: { banner: sessionFlow('banner', false), prompt: sessionFlow('prompt', true), guided: sessionFlow('guided', true) },
      effects,
      later: (task) => void deferred.push(task),
    });
    registry.setOwner('aoife@example.ie');
    await vi.waitFor(() => expect(registry.session('banner')).not.toBeNull());
    expect(loads).toEqual(['banner']);
    expect(registry.session('prompt')).toBeNull();
    // A page that needs one of them loads it at once, and its actor starts with it.
    await registry.load('guided');
    expect(registry.session('guided')?.getSnapshot().context.input).toBe('aoife@example.ie');
    // Once the page has painted, the rest.
    for (const task of deferred.splice(0)) task();
    await vi.waitFor(() => expect(registry.session('prompt')).not.toBeNull());
    expect(loads.sort()).toEqual(['banner', 'guided', 'prompt']);
  });

  it('between the module’s first run and the actor’s start it waits for `between` (a new task in the app); `load` resolves after both', async () => {
    const steps: string[] = [];
    let release: () => void = () => {};
    const registry = createFlowRegistry({
      catalogue: {
        prompt: {
          scope: 'session',
          load: async () => {
            steps.push('module ran');
            return defineFlow({
              logic: () => {
                steps.push('logic built');
                return screenMachine;
              },
              input: (_e: AppEffects, owner: string) => ({ input: owner }),
            });
          },
        },
      },
      effects,
      between: () => {
        steps.push('between');
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    registry.setOwner('aoife@example.ie');
    const loaded = registry.load('prompt');
    await vi.waitFor(() => expect(steps).toEqual(['module ran', 'between']));
    expect(registry.session('prompt')).toBeNull();
    release();
    await loaded;
    expect(steps).toEqual(['module ran', 'between', 'logic built']);
    expect(registry.session('prompt')?.getSnapshot().context.input).toBe('aoife@example.ie');
  });

  it('a deferred load asked for one user is dropped when someone else signs in meanwhile', async () => {
    let loads = 0;
    const deferred: (() => void)[] = [];
    const registry = createFlowRegistry({
      catalogue: {
        prompt: {
          scope: 'session',
          afterFirstPaint: true,
          load: async () => {
            loads += 1;
            return defineFlow({ logic: () => screenMachine, input: (_e: AppEffects, owner: string) => ({ input: owner }) });
          },
        },
      },
      effects,
      later: (task) => void deferred.push(task),
    });
    registry.setOwner('aoife@example.ie');
    registry.signOut();
    for (const task of deferred.splice(0)) task();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loads).toBe(0);
    expect(registry.session('prompt')).toBeNull();
  });
});
