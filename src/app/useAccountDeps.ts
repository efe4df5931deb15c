import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { AccountEffectDeps } from './effects/accountEffects.ts';
import { useAuthActor, useSessionHooks } from './actors.tsx';

/** The session, the auth actor and the router, as the account screens' effect factories take them. */
export function useAccountDeps(): AccountEffectDeps {
  const auth = useAuthActor();
  const sessionHooks = useSessionHooks();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      sessionHooks,
      announceUser: (user) => auth.send({ type: 'profile.updated', user }),
      navigate: (to) => void navigate({ href: to }),
      signOut: () => auth.send({ type: 'logout' }),
      reloadProfile: () => auth.send({ type: 'profile.reload' }),
    }),
    [auth, sessionHooks, navigate],
  );
}
