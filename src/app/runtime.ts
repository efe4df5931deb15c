import { createActor, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { selectAccessToken, selectGuardUser, selectIsLoading, selectIsRefreshing, selectIsSignedIn } from '../../machines/auth/auth.selectors.ts';
import { AUTH_SYSTEM_ID, LOGIN_ROUTE } from '../../machines/auth/auth.types.ts';
import type { SessionHooks } from '../api/client.ts';
import { sameGuardUser } from '../domain/routeAccess.ts';
import type { AuthActorRef } from './actors.tsx';
import { createAuthLogic } from './effects/authEffects.ts';
import { FORM11_PROGRESS_KEY } from '../domain/form11ProgressKey.ts';
import type { Form11Runtime, LazyForm11Runtime } from './form11FlowContext.tsx';
import { readStoredTokens } from './effects/sessionStore.ts';
import { createTabChannel, type TabChannel } from './effects/tabSync.ts';
import { type AppRouter, createAppRouter } from './router.tsx';
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
   * What the Form 11 screens get: the flow host (the signed-in user's guided flow, made at sign-in
   * with their saved progress) and the questionnaire and income declaration with their effects.
   * Loaded at the first sign-in, so a signed-out visitor never downloads it.
   */
  form11: LazyForm11Runtime;
  /** Stops the actor and removes every listener (tests; a page never needs it). */
  stop(): void;
}

export interface RuntimeOptions {
  /** When the page loaded (epoch ms): the auth machine's first "last activity". */
  startedAt: number;
  /** The Stately inspector's observer, in development with `?inspect`. */
  inspect?: Observer<InspectionEvent>;
}

export function createAppRuntime({ startedAt, inspect }: RuntimeOptions): AppRuntime {
  const tabs = createTabChannel();
  const logic = createAuthLogic({
    // The actor navigates only once started, and it starts below, after the router exists.
    navigate: (to) => void router.navigate({ href: to, replace: to === LOGIN_ROUTE }),
    // The answers not yet sent are the guided flow's: signing out forgets them and their saved progress.
    clearAnswers: () => (form11Loaded ? form11Loaded.host.clear() : forgetSavedProgress()),
    tabs,
    sessionHooks: () => hooks,
  });
  let stopped = false;
  let form11Loaded: Form11Runtime | null = null;
  let form11Loading: Promise<Form11Runtime> | null = null;
  const form11: LazyForm11Runtime = {
    loaded: () => form11Loaded,
    load: () =>
      (form11Loading ??= import('./form11Runtime.ts').then(
        ({ createForm11Runtime }) => {
          const made = createForm11Runtime({ router, sessionHooks: () => hooks, reloadProfile: () => auth.send({ type: 'profile.reload' }), ...(inspect ? { inspect } : {}) });
          // Whoever is signed in by now owns the flow; later changes reach it through followSignedInUser.
          if (!stopped) made.host.setOwner(ownerOf(auth.getSnapshot()));
          form11Loaded = made;
          return made;
        },
        (error: unknown) => {
          // A failed download (offline, or a new release removed the old chunk) is not kept:
          // the next screen that needs the runtime tries again.
          form11Loading = null;
          throw error;
        },
      )),
  };
  const auth: AuthActorRef = createActor(logic, { input: { now: startedAt }, systemId: AUTH_SYSTEM_ID, ...(inspect ? { inspect } : {}) });
  const router = createAppRouter({ session: routerSession(auth) });
  const hooks = sessionHooks(auth);

  const stops = [followSignedInUser(auth, form11), rerunGuardsOnUserChange(auth, router), followOtherTabs(auth, tabs), adoptRotatedTokens(auth)];
  auth.start();
  return {
    auth,
    router,
    sessionHooks: hooks,
    form11,
    stop: () => {
      stopped = true;
      for (const stop of stops) stop();
      form11Loaded?.host.stop();
      auth.stop();
      tabs.close();
    },
  };
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

/** Who owns the guided flow: the signed-in user's email names the owner of the saved progress. */
function ownerOf(snapshot: ReturnType<AuthActorRef['getSnapshot']>): string | null {
  return snapshot.context.user?.email.toLowerCase() ?? null;
}

/**
 * The flow actor follows who is signed in. The first sign-in loads the Form 11 runtime, which
 * then picks up whoever is signed in when it arrives.
 */
function followSignedInUser(auth: AuthActorRef, form11: LazyForm11Runtime): () => void {
  const follow = (owner: string | null) => {
    const loaded = form11.loaded();
    if (loaded) loaded.host.setOwner(owner);
    // Loaded ahead of need: a failure here is retried by the first Form 11 screen, which shows it.
    else if (owner !== null) form11.load().catch((error: unknown) => console.warn('Form 11 runtime not loaded yet', error));
  };
  follow(ownerOf(auth.getSnapshot()));
  const subscription = auth.subscribe((snapshot) => follow(ownerOf(snapshot)));
  return () => subscription.unsubscribe();
}

/** Signing out before the Form 11 runtime loaded: a save from earlier is still forgotten. */
function forgetSavedProgress(): void {
  try {
    localStorage.removeItem(FORM11_PROGRESS_KEY);
  } catch {
    // Storage unavailable: nothing was saved either.
  }
}

/** Guards read the user: run them again whenever who is signed in, their income or PAYE authorisation changes. */
function rerunGuardsOnUserChange(auth: AuthActorRef, router: AppRouter): () => void {
  let last = selectGuardUser(auth.getSnapshot());
  const subscription = auth.subscribe((snapshot) => {
    const next = selectGuardUser(snapshot);
    if (sameGuardUser(last, next)) return;
    last = next;
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
