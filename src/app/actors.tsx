import { useSelector } from './useSelector.ts';
import { createContext, use, useMemo, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import { selectInactivity } from '../../machines/auth/auth.selectors.ts';
import type { SessionHooks } from '../api/client.ts';
import type { AuthLogic } from './effects/authEffects.ts';
import { useRunningSessionFlow } from './flows/useFlow.tsx';

/**
 * The root actor, for components. main.tsx builds and starts it once (src/app/runtime.ts) and
 * hands it to {@link AuthActorProvider}; components read it with
 * `useSelector(useAuthActor(), selectX)` and send events to it. A plain React context holding the
 * ready actor rather than @xstate/react's createActorContext, whose Provider would create (and,
 * under StrictMode, create twice) the actor inside React.
 */
export type AuthActorRef = Actor<AuthLogic>;

const AuthActorContext = createContext<{ actor: AuthActorRef; sessionHooks: SessionHooks } | null>(null);

export function AuthActorProvider({ actor, sessionHooks, children }: { actor: AuthActorRef; sessionHooks: SessionHooks; children: ReactNode }) {
  const value = useMemo(() => ({ actor, sessionHooks }), [actor, sessionHooks]);
  return <AuthActorContext value={value}>{children}</AuthActorContext>;
}

/** The running auth actor (the root of the app's actors). */
export function useAuthActor(): AuthActorRef {
  const value = use(AuthActorContext);
  if (!value) throw new Error('useAuthActor outside AuthActorProvider');
  return value.actor;
}

/**
 * The signed-in session as the API client needs it. A screen's machine gets its effects from a
 * factory in src/app/effects that takes these hooks and makes the session's client with
 * `createSessionClient(hooks)` when a call is made (the client loads with the first call).
 */
export function useSessionHooks(): SessionHooks {
  const value = use(AuthActorContext);
  if (!value) throw new Error('useSessionHooks outside AuthActorProvider');
  return value.sessionHooks;
}

/** The session's inactivity actor (a child of auth), or undefined while nobody is signed in. */
export function useInactivityActor() {
  return useSelector(useAuthActor(), selectInactivity);
}

/** The inactivity actor, for the warning dialog that reads it. */
export type InactivityActorRef = NonNullable<ReturnType<typeof useInactivityActor>>;

/**
 * The signed-in user's round-ups actor (a session flow: the daily prompt, /roundups,
 * /linked-bank-accounts), or null while nobody is signed in or its code is still loading.
 */
export function useRoundupsActor() {
  return useRunningSessionFlow('roundups');
}
