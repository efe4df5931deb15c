import { createActorContext } from '@xstate/react';
import { type AnyActorRef, fromCallback, fromPromise, sendParent, waitFor } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import { selectAccessToken, selectGuardUser, selectIsLoading } from '../../machines/auth/auth.selectors.ts';
import type {
  LoadProfileInput,
  LoadProfileOutput,
  LoginInput,
  LoginOutput,
  LogoutInput,
  LogoutOutput,
  RefreshSessionInput,
  RefreshSessionOutput,
  RegisterInput,
  RegisterOutput,
  RestoreSessionOutput,
  Session,
} from '../../machines/auth/auth.types.ts';
import { inactivityMachine } from '../../machines/inactivity/inactivity.machine.ts';
import type { CountdownTickerLogic, InactivityEvent } from '../../machines/inactivity/inactivity.types.ts';
import * as authApi from '../api/auth.ts';
import { registerSessionHooks, toApiFailure } from '../api/client.ts';
import { clearStoredTokens, readStoredTokens, writeStoredTokens } from './effects/sessionStore.ts';
import { onTabMessage, postToTabs, withTabLock } from './effects/tabSync.ts';
import type { RouterSession } from './session.ts';

/**
 * The root of the app's actors: the auth machine, parent of the session-scoped actors
 * (inactivity now; round-ups later). Components read it with `AuthActor.useSelector(selector)`
 * and send events with `AuthActor.useActorRef().send(...)`.
 */
export const AuthActor = createActorContext(authMachine);

export type AuthActorRef = ReturnType<typeof AuthActor.useActorRef>;

const REFRESH_LOCK = 'maxout-refresh';

/** Refresh under a lock shared by all tabs; a pair another tab already rotated is adopted as is. */
async function refreshUnderLock(presented: string, signal?: AbortSignal): Promise<Session> {
  return withTabLock(REFRESH_LOCK, async () => {
    const stored = readStoredTokens();
    if (stored && stored.refreshToken !== presented) {
      return { access_token: stored.accessToken, refresh_token: stored.refreshToken };
    }
    const session = await authApi.refresh(presented, signal);
    if (stored) writeStoredTokens({ accessToken: session.access_token, refreshToken: session.refresh_token, remember: stored.remember });
    return session;
  });
}

/** 1-second ticks for the inactivity countdown, by wall clock. */
const countdownTicker: CountdownTickerLogic = fromCallback(({ sendBack }) => {
  const tick = () => sendBack({ type: 'clock.tick', now: Date.now() } satisfies InactivityEvent);
  tick();
  const id = setInterval(tick, 1000);
  return () => clearInterval(id);
});

/** The auth machine with the browser's effects: API calls, storage, other tabs, navigation. */
export function createAuthLogic(effects: { navigate(to: string): void; clearAnswers(): void }) {
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise<RestoreSessionOutput>(async ({ signal }) => {
        const stored = readStoredTokens();
        if (!stored) return { ok: false, reason: 'none' };
        let session: Session = { access_token: stored.accessToken, refresh_token: stored.refreshToken };
        try {
          const user = await authApi.getProfile(signal, session.access_token).catch(async (error: unknown) => {
            // An access token expires in minutes; a remembered session comes back days later.
            if ((await toApiFailure(error)).status !== 401) throw error;
            session = await refreshUnderLock(stored.refreshToken, signal);
            return session.user ?? (await authApi.getProfile(signal, session.access_token));
          });
          return { ok: true, session, user, remember: stored.remember };
        } catch {
          return { ok: false, reason: 'failed' };
        }
      }),
      login: fromPromise<LoginOutput, LoginInput>(async ({ input, signal }) => {
        try {
          return { ok: true, session: await authApi.login(input, signal) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      register: fromPromise<RegisterOutput, RegisterInput>(async ({ input, signal }) => {
        try {
          return { ok: true, session: await authApi.register(input.payload, signal) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      loadProfile: fromPromise<LoadProfileOutput, LoadProfileInput>(async ({ input, signal }) => {
        try {
          return { ok: true, user: await authApi.getProfile(signal, input.accessToken ?? undefined) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      refreshSession: fromPromise<RefreshSessionOutput, RefreshSessionInput>(async ({ input, signal }) => {
        try {
          return { ok: true, session: await refreshUnderLock(input.refreshToken, signal) };
        } catch (error) {
          return { ok: false, error: await toApiFailure(error) };
        }
      }),
      logout: fromPromise<LogoutOutput, LogoutInput>(async ({ input, signal }) => {
        if (!input.refreshToken) return { ok: true };
        try {
          await authApi.logout(input.refreshToken, signal);
          return { ok: true };
        } catch (error) {
          const failure = await toApiFailure(error);
          console.warn('Logout could not reach the server', failure.status ?? failure.message);
          return { ok: false, error: failure };
        }
      }),
      inactivity: inactivityMachine.provide({
        actors: { countdownTicker },
        actions: { endSession: sendParent({ type: 'session.timeout' }) },
      }),
    },
    actions: {
      navigate: (_, params: { to: string }) => effects.navigate(params.to),
      persistSession: (_, params: { session: Session; remember: boolean }) =>
        writeStoredTokens({ accessToken: params.session.access_token, refreshToken: params.session.refresh_token, remember: params.remember }),
      clearStoredSession: () => clearStoredTokens(),
      clearSession: () => clearStoredTokens(),
      clearAnswers: () => effects.clearAnswers(),
      broadcastSignedOut: () => postToTabs({ type: 'signedOut' }),
    },
  });
}

/**
 * Connects the running auth actor to the rest of the app: the API client's bearer token and
 * 401 rule, the router's view of the session, and the other tabs. Returns a cleanup function.
 */
export function connectAuth(auth: AuthActorRef): { session: RouterSession; disconnect(): void } {
  registerSessionHooks({
    getAccessToken: () => selectAccessToken(auth.getSnapshot()),
    currentPath: () => location.pathname,
    onUnauthorized: async () => {
      auth.send({ type: 'session.unauthorized' });
      const settled = await waitFor(auth, (s) => !s.hasTag('refreshing'));
      return settled.matches('signedIn') ? selectAccessToken(settled) : null;
    },
  });

  const stopTabs = onTabMessage((message) => {
    if (message.type === 'signedOut') auth.send({ type: 'session.external.signedOut' });
    const inactivity = auth.system.get('inactivity') as AnyActorRef | undefined;
    if (message.type === 'activity') inactivity?.send({ type: 'activity', at: message.at });
    if (message.type === 'continue') inactivity?.send({ type: 'session.continue', at: message.at });
  });

  // Tokens rotated by another tab of a remembered session arrive as storage events.
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || event.key !== 'refresh_token' || !event.newValue) return;
    const stored = readStoredTokens();
    if (stored) auth.send({ type: 'session.external.updated', session: { access_token: stored.accessToken, refresh_token: stored.refreshToken } });
  };
  window.addEventListener('storage', onStorage);

  const session: RouterSession = {
    ready: async () => {
      await waitFor(auth, (s) => !selectIsLoading(s));
    },
    guardUser: () => selectGuardUser(auth.getSnapshot()),
  };
  return {
    session,
    disconnect: () => {
      stopTabs();
      window.removeEventListener('storage', onStorage);
    },
  };
}
