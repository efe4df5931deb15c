// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type InspectionEvent, type Observer, waitFor } from 'xstate';
import { selectGuardUser, selectIsSignedIn } from '../../machines/auth/auth.selectors.ts';
import { bankLinkView } from '../../machines/bankLink/bankLink.view.ts';
import { VISIT_STATE_KEY, visitKeyOf } from '../../src/app/flows/visitKey.ts';
import { createAppRuntime, type AppRuntime } from '../../src/app/runtime.ts';
import { aUser } from '../support/builders.ts';

/**
 * The runtime main.tsx builds before rendering: the root actor with the browser's effects, the
 * router, and the listeners, without React. The API is a stubbed fetch.
 */

const user = aUser({ annual_income: null });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let runtime: AppRuntime | undefined;
afterEach(async () => {
  // The start-up's app-info request (its client loads lazily) settles under this test's stubbed fetch, not the next one's.
  await runtime?.appInfo.ready();
  runtime?.stop();
  runtime = undefined;
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** The signed-out runtime, settled, with the router's navigation stubbed (no page resolves here); the stubbed invalidate. */
async function readyToSignIn(runtime: AppRuntime) {
  await waitFor(runtime.auth, (s) => s.matches({ signedOut: 'idle' }));
  const invalidate = vi.spyOn(runtime.router, 'invalidate').mockResolvedValue(undefined);
  vi.spyOn(runtime.router, 'navigate').mockResolvedValue(undefined);
  return invalidate;
}

/** Signs in through the auth machine, as the login form does, and waits until signed in. */
async function signIn(runtime: AppRuntime, at = Date.now()) {
  runtime.auth.send({ type: 'login.submit', email: 'aoife@example.ie', password: 'pw', remember: false, at });
  await waitFor(runtime.auth, selectIsSignedIn);
}

function start(startedAt = Date.now(), options: { answer?: (path: string) => Response | undefined; inspect?: Observer<InspectionEvent> } = {}) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
    calls.push(url.pathname);
    const answer = options.answer?.(url.pathname);
    if (answer) return answer;
    if (url.pathname.endsWith('/auth/login')) return json(200, { access_token: 'access-1', refresh_token: 'refresh-1', user });
    if (url.pathname.endsWith('/auth/logout')) return new Response(null, { status: 204 });
    return json(404, { message: 'Not found' });
  });
  runtime = createAppRuntime({ startedAt, ...(options.inspect ? { inspect: options.inspect } : {}) });
  return { runtime, calls };
}

/** What rendering does: the router resolves the first page (the round-ups load only once it has shown). */
async function showFirstPage(runtime: AppRuntime) {
  await runtime.router.load();
}

describe('the app runtime', () => {
  it('starts the root actor at once: nothing stored means signed out, without a request of the session', async () => {
    const { runtime, calls } = start();
    await waitFor(runtime.auth, (s) => s.matches({ signedOut: 'idle' }));
    expect(selectGuardUser(runtime.auth.getSnapshot())).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks the deployment’s names once the first page has shown, never in front of it', async () => {
    const { runtime, calls } = start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    await showFirstPage(runtime);
    await vi.waitFor(() => expect(calls).toEqual(['/api/maxout/app-info']));
    await runtime.appInfo.ready();
    expect(calls).toEqual(['/api/maxout/app-info']);
  });

  it('asks the deployment’s names at once for a page that waits for them, and once only; a failed answer leaves them unknown (no ribbon)', async () => {
    const { runtime, calls } = start();
    await Promise.all([runtime.appInfo.ready(), runtime.appInfo.ready()]);
    expect(calls).toEqual(['/api/maxout/app-info']);
    expect(runtime.appInfo.get()).toBeNull();
    await showFirstPage(runtime);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(['/api/maxout/app-info']);
  });

  it('runs the guards again exactly when a guard-relevant user field changes', async () => {
    const { runtime } = start();
    const invalidate = await readyToSignIn(runtime);
    await signIn(runtime);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // Tokens that change without the user's guard fields changing do not re-run them.
    runtime.auth.send({ type: 'session.external.updated', session: { access_token: 'access-2', refresh_token: 'refresh-2' } });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('feeds the session’s inactivity machine with this tab’s DOM activity, on any page', async () => {
    // The page loaded two minutes ago and the user signed in one minute ago.
    const { runtime } = start(Date.now() - 120_000);
    await readyToSignIn(runtime);
    const signedInAt = Date.now() - 60_000;
    await signIn(runtime, signedInAt);
    const inactivity = runtime.auth.getSnapshot().children.inactivity!;
    const before = inactivity.getSnapshot().context.lastActivityAt;
    expect(before).toBe(signedInAt);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(inactivity.getSnapshot().context.lastActivityAt).toBeGreaterThan(before);
  });

  it('tells the session’s round-ups actor the time when the page becomes visible again, and not when it is hidden', async () => {
    const { runtime } = start();
    await readyToSignIn(runtime);
    await signIn(runtime);
    await showFirstPage(runtime);
    await vi.waitFor(() => expect(runtime.flows.session('roundups')).not.toBeNull());
    const roundups = runtime.flows.session('roundups')!;
    // The stubbed API answers 404 to its fetches: logged, and the actor rests in idle, where the clock is heard.
    await waitFor(roundups, (s) => s.matches('idle'));
    const before = roundups.getSnapshot().context.now;
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    const now = vi.spyOn(Date, 'now');

    // Hidden: nothing is sent (the page's timers are the ones being throttled).
    visibility.mockReturnValue('hidden');
    now.mockReturnValue(before + 3_600_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(roundups.getSnapshot().context.now).toBe(before);

    // Visible again a day later: the actor's time is the page's.
    visibility.mockReturnValue('visible');
    now.mockReturnValue(before + 86_400_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(roundups.getSnapshot().context.now).toBe(before + 86_400_000);
    now.mockRestore();
    visibility.mockRestore();
  });

  it('loads the guided flow’s code at sign-in, makes the user’s guided flow, and forgets it, with its saved progress, at sign-out', async () => {
    const { runtime } = start();
    await readyToSignIn(runtime);
    // A signed-out visitor never loads the flow's code.
    expect(runtime.flows.loaded('form11Flow')).toBeNull();
    await signIn(runtime);
    await runtime.flows.load('form11Flow');
    await vi.waitFor(() => expect(runtime.flows.session('form11Flow')).not.toBeNull());
    const flow = runtime.flows.session('form11Flow')!;
    expect(flow.getSnapshot().context.userId).toBe('aoife@example.ie');
    flow.send({ type: 'flow.start', selection: ['tuition-fees'], year: 2024 });
    expect(localStorage.getItem('form11Progress')).toContain('/form11/tuition-fees');
    runtime.auth.send({ type: 'logout' });
    await waitFor(runtime.auth, (s) => s.matches('signedOut'));
    expect(localStorage.getItem('form11Progress')).toBeNull();
    expect(runtime.flows.session('form11Flow')).toBeNull();
    expect(flow.getSnapshot().status).toBe('stopped');
  });

  it('runs the round-ups actor as the user’s session flow: loaded at sign-in (system id roundups, inspected), it hears the session’s user, a Confirm’s user becomes the session’s, and it stops at sign-out', async () => {
    const withPlan = aUser({ annual_income: null, pension_plan_id: 'IL-12345678' });
    const paid = aUser({ annual_income: null, pension_plan_id: 'IL-12345678', pension: 2521.37 });
    const inspected = new Set<string | undefined>();
    const { runtime } = start(Date.now(), {
      answer: (path) => (path.endsWith('/roundups/apply') ? json(201, { applied: { count: 3, amount: 21.37 }, contribution: null, user: paid }) : undefined),
      inspect: { next: (event) => void inspected.add((event.actorRef as { systemId?: string }).systemId) },
    });
    await readyToSignIn(runtime);
    // A signed-out visitor never loads the round-ups code (nor the machine: it is not the auth machine's child).
    expect(runtime.flows.loaded('roundups')).toBeNull();
    expect(Object.keys(runtime.auth.getSnapshot().children)).not.toContain('roundups');
    await signIn(runtime);
    await showFirstPage(runtime);
    await vi.waitFor(() => expect(runtime.flows.session('roundups')).not.toBeNull());
    const roundups = runtime.flows.session('roundups')!;
    expect(roundups.system.get('roundups')).toBe(roundups);
    expect(inspected).toContain('roundups');
    // The stubbed API answers 404 to its fetches: logged, and the actor rests in idle.
    await waitFor(roundups, (s) => s.matches('idle'));
    expect(roundups.getSnapshot().context.user).toEqual(user);

    runtime.auth.send({ type: 'profile.updated', user: withPlan });
    expect(roundups.getSnapshot().context.user).toEqual(withPlan);

    roundups.send({ type: 'roundups.confirm', key: 'confirm-key-1', at: Date.now() });
    await waitFor(runtime.auth, (s) => s.context.user?.pension === paid.pension);
    expect(roundups.getSnapshot().context.user).toEqual(paid);

    runtime.auth.send({ type: 'logout' });
    await waitFor(runtime.auth, (s) => s.matches('signedOut'));
    expect(runtime.flows.session('roundups')).toBeNull();
    expect(roundups.getSnapshot().status).toBe('stopped');
  });

  it('the round-ups and the guided flow load only once the first page has shown; the email banner’s flow at sign-in', async () => {
    const { runtime } = start();
    await readyToSignIn(runtime);
    await signIn(runtime);
    await vi.waitFor(() => expect(runtime.flows.session('verifyEmail')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runtime.flows.loaded('roundups')).toBeNull();
    expect(runtime.flows.loaded('form11Flow')).toBeNull();
    await showFirstPage(runtime);
    await vi.waitFor(() => expect(runtime.flows.session('roundups')).not.toBeNull());
    await vi.waitFor(() => expect(runtime.flows.session('form11Flow')).not.toBeNull());
  });

  it('signing out while the guided flow’s code is still loading forgets an earlier save', async () => {
    const { runtime } = start();
    await readyToSignIn(runtime);
    await signIn(runtime);
    localStorage.setItem('form11Progress', '{"saved":"earlier"}');
    // Signing out starts before the runtime arrives (the import takes at least a task): whichever
    // of the two finishes first, the save is gone and no flow is left for the signed-out tab.
    if (runtime.flows.loaded('form11Flow') === null) {
      runtime.auth.send({ type: 'logout' });
      await waitFor(runtime.auth, (s) => s.matches('signedOut'));
      expect(localStorage.getItem('form11Progress')).toBeNull();
      await runtime.flows.load('form11Flow');
      expect(runtime.flows.session('form11Flow')).toBeNull();
    } else {
      throw new Error('the guided flow’s code loaded synchronously; this test needs it in flight');
    }
  });

  it('the bank’s answer leaves the address in the same visit: the replace names the visit it carries on, so a screen not yet shown keeps its actor and message', async () => {
    const consent = { id: '5f0c7e2a-1111-4222-8333-444455556666', status: 'active', expires_at: '2026-07-14T10:00:00.000Z' };
    const account = {
      ...{ id: '7b1c1f3e-0000-4000-8000-000000000001', display_name: 'Sandbox Bank', name: 'Current account', currency: 'EUR', account_number: { iban: 'IE64 •••• 1234' } },
      ...{ roundups: true, funding: true, balance: 0.66, roundups_from: '2026-01-08', consent, last_synced_at: '2026-01-15T09:00:00.000Z', next_sync_at: '2026-01-15T15:00:00.000Z', transactions: [] },
    };
    const { runtime } = start(Date.now(), { answer: (path) => (path.endsWith('/accounts/link/complete') ? json(200, { consent, accounts: [account] }) : undefined) });
    await readyToSignIn(runtime);
    await signIn(runtime);
    const navigate = vi.mocked(runtime.router.navigate);
    navigate.mockClear();
    await runtime.flows.load('bankLink');
    const visit = visitKeyOf(runtime.router.history.location);
    const link = runtime.flows.visit('bankLink', visit, { returnQuery: `?consent=${consent.id}&ref=abc&code=c` });
    await waitFor(link, (snapshot) => snapshot.matches('linked'));
    expect(bankLinkView(link.getSnapshot()).message?.text).toMatch(/1 account is linked/);
    expect(navigate).toHaveBeenCalledTimes(1);
    const [{ replace, state }] = navigate.mock.calls[0] as [{ replace?: boolean; state?: Record<string, unknown> }];
    expect(replace).toBe(true);
    expect(state?.[VISIT_STATE_KEY]).toBe(visit);
    // The entry the replace makes is of the same visit: useFlow's key for it is the one above.
    expect(visitKeyOf({ state: { __TSR_key: 'a-new-entry', ...state }, href: '/linked-bank-accounts' })).toBe(visit);
    expect(visitKeyOf({ state: { __TSR_key: 'a-new-entry' }, href: '/linked-bank-accounts' })).toBe('a-new-entry');
  });

  it('stop() ends the actor and its listeners', async () => {
    const { runtime } = start();
    await waitFor(runtime.auth, (s) => s.matches({ signedOut: 'idle' }));
    runtime.stop();
    expect(runtime.auth.getSnapshot().status).toBe('stopped');
  });
});
