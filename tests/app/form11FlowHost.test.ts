// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { PostAllAnswersInput, PostAnswerInput, PostResult } from '../../machines/form11Flow/form11Flow.types.ts';
import { FORM11_PROGRESS_KEY, FORM11_PROGRESS_VERSION, type Form11Progress } from '../../src/domain/form11Progress.ts';
import { createForm11FlowHost, type Form11FlowHost } from '../../src/app/form11FlowHost.ts';
import type { AnswerCalls } from '../../src/app/effects/form11FlowEffects.ts';

/**
 * The guided flow's browser effects, through the host the runtime builds: progress kept in
 * storage whenever it changes, corrupt and foreign saves discarded and logged, navigation through
 * the router, answers through the API calls, the profile reloaded 700 ms after a post.
 */

const OWNER = 'aoife@example.ie';

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

let host: Form11FlowHost | undefined;
afterEach(() => {
  host?.stop();
  host = undefined;
  vi.useRealTimers();
});

function setup(options: { stored?: string; answer?: PostResult; arriveAt?: (to: string) => string } = {}) {
  const storage = memoryStorage();
  if (options.stored !== undefined) storage.setItem(FORM11_PROGRESS_KEY, options.stored);
  let path = '/tax-refund-questions';
  const navigations: string[] = [];
  const posted: PostAnswerInput[] = [];
  const postedAll: PostAllAnswersInput[] = [];
  const answers: AnswerCalls = {
    postAnswer: async (input) => {
      posted.push(input);
      return options.answer ?? { ok: true };
    },
    postAllAnswers: async (input) => {
      postedAll.push(input);
      return options.answer ?? { ok: true };
    },
  };
  const reloadProfile = vi.fn();
  const log = { warn: vi.fn() };
  host = createForm11FlowHost({
    navigator: {
      navigate: async (to, replace) => {
        navigations.push(`${to}${replace ? ' (replace)' : ''}`);
        path = options.arriveAt ? options.arriveAt(to) : new URL(to, 'http://x').pathname;
      },
      currentPath: () => path,
    },
    answers,
    reloadProfile,
    storage,
    log,
    now: () => new Date(2026, 10, 25),
  });
  return { host, storage, navigations, posted, postedAll, reloadProfile, log };
}

const storedProgress = (storage: ReturnType<typeof memoryStorage>) => {
  const raw = storage.getItem(FORM11_PROGRESS_KEY);
  return raw === null ? null : (JSON.parse(raw) as Form11Progress);
};

describe('the guided flow in the browser runtime', () => {
  beforeEach(() => vi.useRealTimers());

  it('has no actor while nobody is signed in, and one per signed-in user', () => {
    const { host } = setup();
    const seen = vi.fn();
    host.subscribe(seen);
    expect(host.current()).toBeNull();
    host.setOwner(OWNER);
    const first = host.current();
    expect(first?.getSnapshot().context.userId).toBe(OWNER);
    expect(first?.getSnapshot().context.defaultYear).toBe(2025);
    host.setOwner(OWNER);
    expect(host.current()).toBe(first);
    host.setOwner('someone@example.ie');
    expect(first?.getSnapshot().status).toBe('stopped');
    expect(host.current()?.getSnapshot().context.userId).toBe('someone@example.ie');
    host.setOwner(null);
    expect(host.current()).toBeNull();
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it("picks up the user's saved progress at sign-in, waiting at the saved page", () => {
    const { host, navigations } = setup({ stored: JSON.stringify(saved()) });
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
  ])('discards and logs a save with %s, and starts with no flow', (_name, stored, reason) => {
    const { host, storage, log } = setup({ stored });
    host.setOwner(OWNER);
    expect(host.current()!.getSnapshot().context.routes).toEqual([]);
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith('Form 11 progress discarded', expect.objectContaining({ reason }));
    // The log names the reason, never what the user entered.
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('Acme');
  });

  it('saves the progress whenever it changes, and navigates through the router', async () => {
    const { host, storage, navigations } = setup();
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'flow.start', selection: ['rent-tax-credit', 'medical-insurance-relief'], year: 2024, fromQuestionnaire: true });
    expect(storedProgress(storage)).toMatchObject({ ownerId: OWNER, year: 2024, currentRouteIndex: 0, isFromQuestionnaire: true });
    await waitFor(flow, (s) => s.matches({ inFlow: 'stepping' }));
    expect(navigations).toEqual(['/form11/medical-insurance-relief (replace)']);
    flow.send({ type: 'step.submit', route: '/form11/medical-insurance-relief', data: { selectedEmployment: 'Acme' } });
    expect(storedProgress(storage)).toMatchObject({ currentRouteIndex: 1, formData: { 'medical-insurance-relief': { selectedEmployment: 'Acme' } } });
    expect(navigations.at(-1)).toBe('/form11/rent-tax-credit');
  });

  it('retries an aborted setup navigation as a push', async () => {
    let calls = 0;
    const { host, navigations } = setup({ arriveAt: (to) => (calls++ === 0 ? '/elsewhere' : to) });
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'flow.start', selection: ['tuition-fees'], year: 2024, fromQuestionnaire: true });
    await waitFor(flow, (s) => s.matches({ inFlow: 'stepping' }));
    expect(navigations).toEqual(['/form11/tuition-fees (replace)', '/form11/tuition-fees']);
  });

  it('posts a page submitted on its own at once, reloads the profile 700 ms later, then goes to the callback', async () => {
    vi.useFakeTimers();
    const { host, posted, reloadProfile, navigations } = setup();
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'step.submit', route: '/form11/tuition-fees', data: { fees: 1 }, callback: '/landing', year: 2023 });
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual([{ year: 2023, question: 'tuition-fees', answer: { fees: 1 } }]);
    await vi.advanceTimersByTimeAsync(699);
    expect(reloadProfile).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reloadProfile).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual(['/landing']);
  });

  it('logs a refused post with its status only, and goes on', async () => {
    const refused: PostResult = { ok: false, error: { status: 422, message: 'no', source: 'server' } };
    const { host, log, navigations } = setup({ answer: refused });
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'step.submit', route: '/form11/tuition-fees', data: { secret: 'Acme' } });
    await waitFor(flow, (s) => s.matches('idle'));
    expect(log.warn).toHaveBeenCalledWith('Form 11 answer was not sent', { operation: 'answer', status: 422 });
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('Acme');
    expect(navigations).toEqual(['/tax-refund-submitted']);
  });

  it('posts all kept answers after the last page, then clears the saved progress', async () => {
    vi.useFakeTimers();
    const { host, storage, postedAll, reloadProfile, navigations } = setup({ stored: JSON.stringify(saved()) });
    host.setOwner(OWNER);
    const flow = host.current()!;
    flow.send({ type: 'step.submit', route: '/form11/rent-tax-credit', data: { rentPaid: 9000 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(postedAll).toEqual([
      { year: 2024, questions: { 'medical-insurance-relief': saved().formData['medical-insurance-relief'], 'rent-tax-credit': { rentPaid: 9000 } } },
    ]);
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(700);
    expect(reloadProfile).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual(['/tax-refund-submitted']);
  });

  it('signing out forgets the flow and its saved progress', () => {
    const { host, storage } = setup({ stored: JSON.stringify(saved()) });
    host.setOwner(OWNER);
    host.clear();
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
    expect(host.current()!.getSnapshot().context.routes).toEqual([]);
  });

  it('signing out with no actor still removes a saved progress', () => {
    const { host, storage } = setup({ stored: JSON.stringify(saved()) });
    host.clear();
    expect(storage.getItem(FORM11_PROGRESS_KEY)).toBeNull();
  });

  it('keeps the flow going when storage throws', async () => {
    const { host, log } = setup();
    const broken = { getItem: () => null, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined };
    host.stop();
    const other = createForm11FlowHost({
      navigator: { navigate: async () => undefined, currentPath: () => '/form11/tuition-fees' },
      answers: { postAnswer: async () => ({ ok: true }), postAllAnswers: async () => ({ ok: true }) },
      reloadProfile: () => undefined,
      storage: broken,
      log,
      now: () => new Date(2026, 10, 25),
    });
    other.setOwner(OWNER);
    other.current()!.send({ type: 'flow.start', selection: ['tuition-fees'], year: 2024, fromQuestionnaire: true });
    await waitFor(other.current()!, (s) => s.matches({ inFlow: 'stepping' }));
    expect(log.warn).toHaveBeenCalledWith('Form 11 progress: could not save', { error: 'Error' });
    other.stop();
  });
});
