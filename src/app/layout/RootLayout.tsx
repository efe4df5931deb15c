import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { authView } from '../../../machines/auth/auth.view.ts';
import { useAuthActor, useInactivityActor } from '../actors.tsx';
import { LoadingView } from './LoadingView.tsx';
import { TestModeRibbon } from './TestModeRibbon.tsx';

const InactivityDialog = lazy(() => import('./InactivityDialog.tsx').then((module) => ({ default: module.InactivityDialog })));

/**
 * The frame around every route (spec section 2, Layout): a full-screen loading view until auth is
 * initialised (on a signed-in page with a stored session, that page's frame and heading instead:
 * the session is most likely still valid, and a page that shows at once need not wait for the
 * server to answer; a refused session still ends on the sign-in page), then the routed view (whose layout route adds the bars for signed-in screens), and
 * the "test mode" ribbon of a deployment not in production, and for a signed-in user the inactivity warning, on every route, public ones included.
 */
export function RootLayout() {
  const { loading, resuming } = useSelector(useAuthActor(), authView);
  const inactivity = useInactivityActor();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Resuming on a signed-in page: its layout route shows the frame while its guard waits (router.tsx).
  if (loading && !(resuming && isSignedInPage(router, pathname))) return <LoadingView />;
  return (
    <>
      {loading ? null : <TestModeRibbon />}
      <Outlet />
      {inactivity ? (
        <Suspense fallback={null}>
          <InactivityDialog inactivity={inactivity} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The path is a page of the signed-in frame (its layout route says `access: 'user'` or `'paye'`). */
function isSignedInPage(router: ReturnType<typeof useRouter>, pathname: string): boolean {
  const [routes] = router.getMatchedRoutes(pathname);
  return routes.some((route) => route.options.staticData?.access === 'user' || route.options.staticData?.access === 'paye');
}
