import { createActor, waitFor, type InspectionEvent, type Observer } from 'xstate';
import { selectAccessToken, selectGuardUser, selectIsLoading, selectIsRefreshing, selectIsSignedIn } from '../../machines/auth/auth.selectors.ts';
import { AUTH_SYSTEM_ID, LOGIN_ROUTE } from '../../machines/auth/auth.types.ts';
import type { SessionHooks } from '../api/client.ts';
import { sameGuardUser } from '../domain/routeAccess.ts';
import type { AuthActorRef } from './actors.tsx';
import { createAuthLogic } from './effects/authEffects.ts';
import { answerCallsOver } from './effects/form11FlowEffects.ts';
import { FINAL_FORM_ROUTE } from '../domain/catalogue.ts';
import type { JsonValue } from '../domain/form11Progress.ts';
import { createIncomeDeclarationLogic } from './effects/incomeDeclarationEffects.ts';
import { createQuestionnaireLogic } from './effects/questionnaireEffects.ts';
import type { Form11Runtime } from './form11FlowContext.tsx';
import { createForm11FlowHost, type Form11FlowHost } from './form11FlowHost.ts';
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
  /** The signed-in user's guided Form 11 flow (made at sign-in with their saved progress). */
  form11Flow: Form11FlowHost;
  /** What the Form 11 screens get: the flow host and the questionnaire with its effects. */
  form11: Form11Runtime;
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
    clearAnswers: () => form11Flow.clear(),
    tabs,
    sessionHooks: () => hooks,
  });
  const form11Flow = createForm11FlowHost({
    navigator: {
      navigate: (to, replace) => router.navigate({ href: to, replace }),
      currentPath: () => router.state.location.pathname,
    },
    answers: answerCallsOver(() => hooks),
    reloadProfile: () => auth.send({ type: 'profile.reload' }),
    storage: localStorage,
    log: console,
    now: () => new Date(),
    ...(inspect ? { inspect } : {}),
  });
  const auth: AuthActorRef = createActor(logic, { input: { now: startedAt }, systemId: AUTH_SYSTEM_ID, ...(inspect ? { inspect } : {}) });
  const router = createAppRouter({ session: routerSession(auth) });
  const hooks = sessionHooks(auth);

  const stops = [followSignedInUser(auth, form11Flow), rerunGuardsOnUserChange(auth, router), followOtherTabs(auth, tabs), adoptRotatedTokens(auth)];
  auth.start();
  return {
    auth,
    router,
    sessionHooks: hooks,
    form11Flow,
    form11: {
      host: form11Flow,
      questionnaireLogic: createQuestionnaireLogic({
        // The user was asked on the Tax Refund page before a flow in flight is replaced.
        startGuidedFlow: (selection, year) =>
          form11Flow.current()?.send({ type: 'flow.start', selection, year, fromQuestionnaire: true, replace: true }),
        navigate: (to) => void router.navigate({ href: to }),
      }),
      incomeDeclarationLogic: createIncomeDeclarationLogic({
        sessionHooks: () => hooks,
        completeFlow: (declaration) => form11Flow.current()?.send({ type: 'step.submit', route: FINAL_FORM_ROUTE, data: declaration as JsonValue }),
        navigate: (to) => void router.navigate({ href: to }),
        reloadProfile: () => auth.send({ type: 'profile.reload' }),
        log: console,
      }),
    },
    stop: () => {
      for (const stop of stops) stop();
      form11Flow.stop();
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

/** The flow actor follows who is signed in: their email names the owner of the saved progress. */
function followSignedInUser(auth: AuthActorRef, form11Flow: Form11FlowHost): () => void {
  const ownerOf = (snapshot: ReturnType<AuthActorRef['getSnapshot']>) => snapshot.context.user?.email.toLowerCase() ?? null;
  form11Flow.setOwner(ownerOf(auth.getSnapshot()));
  const subscription = auth.subscribe((snapshot) => form11Flow.setOwner(ownerOf(snapshot)));
  return () => subscription.unsubscribe();
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
