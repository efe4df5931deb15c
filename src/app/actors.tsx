import { useSelector } from '@xstate/react';
import { createContext, use, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import { selectInactivity } from '../../machines/auth/auth.selectors.ts';
import type { AuthLogic } from './effects/authEffects.ts';

/**
 * The root actor, for components. main.tsx builds and starts it once (src/app/runtime.ts) and
 * hands it to {@link AuthActorProvider}; components read it with
 * `useSelector(useAuthActor(), selectX)` and send events to it. A plain React context holding the
 * ready actor rather than @xstate/react's createActorContext, whose Provider would create (and,
 * under StrictMode, create twice) the actor inside React.
 */
export type AuthActorRef = Actor<AuthLogic>;

const AuthActorContext = createContext<AuthActorRef | null>(null);

export function AuthActorProvider({ actor, children }: { actor: AuthActorRef; children: ReactNode }) {
  return <AuthActorContext value={actor}>{children}</AuthActorContext>;
}

/** The running auth actor (the root of the app's actors). */
export function useAuthActor(): AuthActorRef {
  const actor = use(AuthActorContext);
  if (!actor) throw new Error('useAuthActor outside AuthActorProvider');
  return actor;
}

/** The session's inactivity actor (a child of auth), or undefined while nobody is signed in. */
export function useInactivityActor() {
  return useSelector(useAuthActor(), selectInactivity);
}
