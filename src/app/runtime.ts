import type { HistoryState } from '@tanstack/react-router';
import { createActor, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { selectAccessToken, selectGuardUser, selectIsLoading, selectIsRefreshing, selectIsSignedIn, selectUser } from '../../machines/auth/auth.selectors.ts';
import { AUTH_SYSTEM_ID, LOGIN_ROUTE } from '../../machines/auth/auth.types.ts';
import type { SessionHooks } from '../api/client.ts';
import { sameGuardUser } from '../domain/routeAccess.ts';
import { actionTime } from './actionTime.ts';
import { afterNextPaint, nextTask } from './afterPaint.ts';
import type { AuthActorRef } from './actors.tsx';
import { type AppInfoStore, createAppInfoStore } from './appInfo.tsx';
import { createAuthLogic } from './effects/authEffects.ts';
import type { AppEffects } from './effects/appEffects.ts';
import { FLOWS } from './flows/catalogue.ts';
import { createFlowRegistry } from './flows/registry.ts';
import { VISIT_STATE_KEY, visitKeyOf } from './flows/visitKey.ts';
import type { AppFlowRegistry } from './flows/useFlow.tsx';
import { readStoredTokens } from './effects/sessionStore.ts';
import { createTabChannel, type TabChannel } from './effects/tabSync.ts';
import { type AppRouter, createAppRouter, preloadSignedInShell } from './router.tsx';
import { expectShellPaint } from './layout/shellFrame.ts';
import type { RouterSession } from './session.ts';

/**
 * Everything the browser app runs on, built once before the first render (main.tsx): the root
 * actor (auth, with its session-scoped children) with the browser's effects, the router, the
 * API client of the session, and the listeners on other tabs and storage. React only renders it.
 */
export interface AppRuntime {
  /** The root actor, started. */
  auth: AuthActorRef;
  router: AppRouter;
  /**
   * The signed-in session as the API client needs it (token, the 401 rule). Effects that call the
   * API for a signed-in user make their client with `createSessionClient(sessionHooks)`.
   */
  sessionHooks: SessionHooks;
  /**
   * The session registry: every screen's actor (`useFlow`) and the signed-in user's guided Form 11
   * flow, built from the one effects table below. The guided flow's code loads at sign-in, so a
   * signed-out visitor never downloads it.
   */
  flows: AppFlowRegistry;
  /** The deployment's mode and names (GET /app-info), asked once the first page has painted. */
  appInfo: AppInfoStore;
  /**
   * Resolves once the first render can paint the page at once: with a stored session, once the
   * signed-in frame's code has loaded (it is named in the page's preloads); otherwise at once.
   */
  firstRenderReady: Promise<void>;
  /** Stops the actor and removes every listener (tests; a page never needs it). */
  stop(): void;
}

export interface RuntimeOptions {
  /** When the page loaded (epoch ms): the auth machine's first "last activity". */
  startedAt: number;
  /** The Stately inspector's observer, in development with `?inspect`. */
  inspect?: Observer<InspectionEvent>;
}

/** Builds the runtime in one go (tests, and anything that needs it synchronously). */
export function createAppRuntime(options: RuntimeOptions): AppRuntime {
  const steps = runtimeSteps(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Builds the runtime in three tasks (the page's start-up): the auth actor, the router, then the
 * listeners and the actor's start. Each is a few milliseconds on a desktop but 50–80 ms on a slow
 * phone; one task of all three would block the page for 160 ms.
 */
export async function createAppRuntimeInTasks(options: RuntimeOptions, between: () => Promise<void>): Promise<AppRuntime> {
  const steps = runtimeSteps(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await between();
  }
}

/** The runtime's construction; each `yield` is a point where the page may run other tasks. */
function* runtimeSteps({ startedAt, inspect }: RuntimeOptions): Generator<void, AppRuntime> {
  const tabs = createTabChannel();
  const logic = createAuthLogic({
    // The actor navigates only once started, and it starts below, after the router exists.
    navigate: (to) => void router.navigate({ href: to, replace: to === LOGIN_ROUTE || to.startsWith(`${LOGIN_ROUTE}?`) }),
    currentPath: () => router.state.location.href,
    // Signing out stops every screen's actor and forgets the answers not yet sent (the guided flow's progress).
    clearAnswers: () => flows.signOut(),
    tabs,
    sessionHooks: () => hooks,
  });
  const hasStoredSession = readStoredTokens() !== null;
  // The frame shown while a stored session is checked: its code is evaluated beside the check, not after the first render asks for it.
  const firstRenderReady = hasStoredSession ? preloadSignedInShell() : Promise.resolve();
  expectShellPaint(hasStoredSession);
  const auth: AuthActorRef = createActor(logic, { input: { now: startedAt, hasStoredSession }, systemId: AUTH_SYSTEM_ID, ...(inspect ? { inspect } : {}) });
  const effects: AppEffects = {
    get sessionHooks() {
      return hooks;
    },
    user: () => selectUser(auth.getSnapshot()),
    announceUser: (user) => auth.send({ type: 'profile.updated', user }),
    reloadProfile: () => auth.send({ type: 'profile.reload' }),
    signOut: () => auth.send({ type: 'logout' }),
    forgetEndedSession: () => auth.send({ type: 'session.revoked' }),
    navigate: (to, options) => {
      // The path of the entry before the new one: the current path on a push; on a replace, what the replaced entry had.
      const before = options?.replace ? entryBefore(router.state.location.state) : router.state.location.pathname;
      const visit = options?.replace && options.sameVisit ? visitKeyOf(router.history.location) : undefined;
      return router.navigate({ href: to, ...(options?.replace ? { replace: true } : {}), state: { ...withEntryBefore(before), ...(visit ? { [VISIT_STATE_KEY]: visit } : {}) } });
    },
    back: async (to) => {
      if (entryBefore(router.state.location.state) === new URL(to, location.origin).pathname) {
        router.history.back();
        return;
      }
      await router.navigate({ href: to, state: withEntryBefore(router.state.location.pathname) });
    },
    currentPath: () => router.state.location.pathname,
    storage: localStorage,
    log: console,
    now: () => new Date(),
    guidedFlow: () => flows.session('form11Flow'),
    roundups: () => flows.session('roundups'),
    appOrigin: () => location.origin,
    leaveFor: (url) => location.assign(url),
  };
  const firstPage = afterFirstPage();
  const flows: AppFlowRegistry = createFlowRegistry({ catalogue: FLOWS, effects, later: firstPage.later, between: nextTask, ...(inspect ? { inspect } : {}) });
  // The call and its HTTP client load after the first page, not in front of it: the first page never waits on them.
  const appInfo = createAppInfoStore(() => import('../api/appInfo.ts').then((api) => api.getAppInfo()), console, firstPage.later);
  yield;
  const router = createAppRouter({ session: routerSession(auth), flows, appInfo });
  const hooks = sessionHooks(auth);
  yield;

  const stops = [
    firstPage.openAfter(router),
    followSignedInUser(auth, flows),
    preloadFrameOnSignIn(auth),
    tellFlowsOfUserChanges(auth, flows),
    rerunGuardsOnUserChange(auth, router),
    followOtherTabs(auth, tabs),
    adoptRotatedTokens(auth),
    tellRoundupsTheTimeWhenVisible(effects.roundups),
  ];
  auth.start();
  return {
    auth,
    router,
    sessionHooks: hooks,
    flows,
    appInfo,
    firstRenderReady,
    stop: () => {
      for (const stop of stops) stop();
      flows.stop();
      auth.stop();
      tabs.close();
    },
  };
}

/** At most this long after the first page, deferred work runs even if the browser never idles. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Work that must not delay the first paint (the session flows nobody on the page asked for): held
 * until the router has resolved its first page, then run after the next painted frame, when the
 * browser is idle.
 */
function afterFirstPage(): { later: (task: () => void) => void; openAfter: (router: AppRouter) => () => void } {
  let open = false;
  const held: (() => void)[] = [];
  const whenIdle = (task: () => void) => {
    // The page the next frame shows has been painted; then the browser is idle.
    afterNextPaint(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS }) : setTimeout(task, 0)));
  };
  return {
    later: (task) => {
      if (open) whenIdle(task);
      else held.push(task);
    },
    openAfter: (router) =>
      router.subscribe('onResolved', () => {
        if (open) return;
        open = true;
        for (const task of held.splice(0)) whenIdle(task);
      }),
  };
}

/** Where a history entry keeps the path of the entry before it (see AppEffects.navigate). */
const ENTRY_BEFORE = 'appEntryBefore';

function entryBefore(state: object): string | undefined {
  const value = (state as Record<string, unknown>)[ENTRY_BEFORE];
  return typeof value === 'string' ? value : undefined;
}

/** The router's history state for a new entry whose predecessor is `before` (none recorded when unknown). */
function withEntryBefore(before: string | undefined): HistoryState {
  return (before ? { [ENTRY_BEFORE]: before } : {}) as HistoryState;
}

/** What route guards read of the session. */
function routerSession(auth: AuthActorRef): RouterSession {
  return {
    ready: async () => {
      await waitFor(auth, (snapshot) => !selectIsLoading(snapshot));
    },
    guardUser: () => selectGuardUser(auth.getSnapshot()),
  };
}

/** The API client's view of the session: its token, and the 401 rule's one refresh. */
function sessionHooks(auth: AuthActorRef): SessionHooks {
  return {
    getAccessToken: () => selectAccessToken(auth.getSnapshot()),
    currentPath: () => location.pathname,
    onUnauthorized: async () => {
      auth.send({ type: 'session.unauthorized' });
      const settled = await waitFor(auth, (snapshot) => !selectIsRefreshing(snapshot));
      return selectIsSignedIn(settled) ? selectAccessToken(settled) : null;
    },
  };
}

/** Who owns the session's flows: the signed-in user's email names the owner of their saved progress. */
function ownerOf(snapshot: ReturnType<AuthActorRef['getSnapshot']>): string | null {
  return snapshot.context.user?.email.toLowerCase() ?? null;
}

/** The session's flows follow who is signed in (the guided Form 11 flow loads at sign-in). */
function followSignedInUser(auth: AuthActorRef, flows: AppFlowRegistry): () => void {
  flows.setOwner(ownerOf(auth.getSnapshot()));
  const subscription = auth.subscribe((snapshot) => flows.setOwner(ownerOf(snapshot)));
  return () => subscription.unsubscribe();
}

/**
 * Someone signing in on a public page sees a signed-in page next: the frame's code (the shell's
 * chunk, which the root layout renders around it) loads as the session begins, not once that page asks.
 */
function preloadFrameOnSignIn(auth: AuthActorRef): () => void {
  const preloadOnce = (snapshot: ReturnType<AuthActorRef['getSnapshot']>) => {
    if (!selectIsSignedIn(snapshot)) return false;
    void preloadSignedInShell();
    return true;
  };
  if (preloadOnce(auth.getSnapshot())) return () => {};
  const subscription = auth.subscribe((snapshot) => {
    if (preloadOnce(snapshot)) subscription.unsubscribe();
  });
  return () => subscription.unsubscribe();
}

/** Screens showing the user's figures (the Overview's gauge after a payment made elsewhere) follow the session's user. */
function tellFlowsOfUserChanges(auth: AuthActorRef, flows: AppFlowRegistry): () => void {
  let last = selectUser(auth.getSnapshot());
  const subscription = auth.subscribe((snapshot) => {
    const user = selectUser(snapshot);
    if (user === last) return;
    last = user;
    flows.broadcast({ type: 'session.user.changed', user });
  });
  return () => subscription.unsubscribe();
}

/** Guards read the user: run them again whenever who is signed in, their income or PAYE authorisation changes. */
function rerunGuardsOnUserChange(auth: AuthActorRef, router: AppRouter): () => void {
  let last = selectGuardUser(auth.getSnapshot());
  let checking = selectIsLoading(auth.getSnapshot());
  const subscription = auth.subscribe((snapshot) => {
    const next = selectGuardUser(snapshot);
    const wasChecking = checking;
    checking = selectIsLoading(snapshot);
    if (sameGuardUser(last, next)) return;
    last = next;
    // The user a stored session's check finds: every guard waited for that check (session.ready)
    // and reads them already. Invalidating then changed the router's state while the first page
    // rendered, and React rendered that page again, whole, in one long task.
    if (wasChecking) return;
    void router.invalidate();
  });
  return () => subscription.unsubscribe();
}

/** Another tab signed out: so does this one. */
function followOtherTabs(auth: AuthActorRef, tabs: TabChannel): () => void {
  return tabs.subscribe((message) => {
    if (message.type === 'signedOut') auth.send({ type: 'session.external.signedOut' });
  });
}

/**
 * A page brought back (another tab left, a laptop opened) tells the session's round-ups actor the
 * time: its timers were frozen or throttled while hidden, so a prompt closed yesterday and the
 * hourly refresh are judged again by the clock now.
 */
function tellRoundupsTheTimeWhenVisible(roundups: AppEffects['roundups']): () => void {
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') roundups()?.send({ type: 'clock.tick', now: actionTime() });
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => document.removeEventListener('visibilitychange', onVisibilityChange);
}

/** Tokens rotated by another tab of a remembered session arrive as storage events. */
function adoptRotatedTokens(auth: AuthActorRef): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || event.key !== 'refresh_token' || !event.newValue) return;
    const stored = readStoredTokens();
    if (stored) auth.send({ type: 'session.external.updated', session: { access_token: stored.accessToken, refresh_token: stored.refreshToken } });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
