import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { InspectionEvent, Observer } from 'xstate';
import { AuthActor, connectAuth, createAuthLogic } from './actors.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The router is made once the auth actor exists; the machine's `navigate` reaches it late-bound. */
const routerHolder: { current: AppRouter | null } = { current: null };

const authLogic = createAuthLogic({
  navigate: (to) => {
    void routerHolder.current?.navigate({ to, replace: to === '/auth/login' } as never);
  },
  // The answers store arrives with the questionnaire; nothing is kept yet.
  clearAnswers: () => {},
});

function RoutedApp() {
  const auth = AuthActor.useActorRef();
  const [{ router, disconnect }] = useState(() => {
    const connection = connectAuth(auth);
    const created = createAppRouter(connection.session);
    routerHolder.current = created;
    return { router: created, disconnect: connection.disconnect };
  });

  useEffect(() => {
    // Guards read the session: run them again whenever who is signed in (or their PAYE/income state) changes.
    let last = JSON.stringify(router.options.context.session?.guardUser() ?? null);
    const subscription = auth.subscribe(() => {
      const next = JSON.stringify(router.options.context.session?.guardUser() ?? null);
      if (next !== last) {
        last = next;
        void router.invalidate();
      }
    });
    return () => {
      subscription.unsubscribe();
      disconnect();
    };
  }, [auth, router, disconnect]);

  return <RouterProvider router={router} />;
}

/** `startedAt`: page load time, the auth machine's first "last activity". */
export function App({ inspect, startedAt }: { inspect?: Observer<InspectionEvent>; startedAt: number }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <AuthActor.Provider logic={authLogic} options={{ input: { now: startedAt }, ...(inspect ? { inspect } : {}) }}>
        <RoutedApp />
      </AuthActor.Provider>
    </MantineProvider>
  );
}
