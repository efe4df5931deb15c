import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { authView } from '../../../machines/auth/auth.view.ts';
import { useAuthActor, useInactivityActor } from '../actors.tsx';
import { LoadingView } from './LoadingView.tsx';

const InactivityDialog = lazy(() => import('./InactivityDialog.tsx').then((module) => ({ default: module.InactivityDialog })));

/**
 * The frame around every route (spec section 2, Layout): a full-screen loading view until auth is
 * initialised, then the routed view (whose layout route adds the bars for signed-in screens), and
 * for a signed-in user the inactivity warning, on every route, public ones included.
 */
export function RootLayout() {
  const { loading } = useSelector(useAuthActor(), authView);
  const inactivity = useInactivityActor();
  if (loading) return <LoadingView />;
  return (
    <>
      <Outlet />
      {inactivity ? (
        <Suspense fallback={null}>
          <InactivityDialog inactivity={inactivity} />
        </Suspense>
      ) : null}
    </>
  );
}
