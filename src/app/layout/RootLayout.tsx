import { Outlet, useRouterState } from '@tanstack/react-router';
import { useSelector } from '../useSelector.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { authView } from '../../../machines/auth/auth.view.ts';
import { warningShows } from '../../../machines/inactivity/warning.view.ts';
import { type InactivityActorRef, useAuthActor, useInactivityActor } from '../actors.tsx';
import { useAppInfo } from '../appInfo.tsx';
import { LoadingView } from './LoadingView.tsx';
import { SignedInChrome } from './signedInChrome.ts';

const TestModeRibbon = lazy(() => import('./TestModeRibbon.tsx').then((module) => ({ default: module.TestModeRibbon })));
const loadInactivityDialog = () => import('./InactivityDialog.tsx');
/** How long after a page comes that the inactivity warning's code is fetched. */
const WARNING_PREFETCH_DELAY_MS = 20_000;
const InactivityDialog = lazy(() => loadInactivityDialog().then((module) => ({ default: module.InactivityDialog })));

/**
 * The frame around every route (spec section 2, Layout): a full-screen loading view until auth is
 * initialised (on a signed-in page with a stored session, that page's frame and heading instead:
 * the session is most likely still valid, and a page that shows at once need not wait for the
 * server to answer; a refused session still ends on the sign-in page), then the routed view,
 * inside the signed-in frame (top and bottom bars, SignedInChrome) on a signed-in route (decision
 * 039), the "test mode" ribbon of a deployment not in production, and for a signed-in user the
 * inactivity warning, on every route, public ones included.
 */
export function RootLayout() {
  const { loading, resuming } = useSelector(useAuthActor(), authView);
  const inactivity = useInactivityActor();
  // A page under the signed-in layouts: its frame is kept here, around whatever they show.
  const signedInPage = useRouterState({ select: (state) => state.matches.some((match) => match.staticData.access === 'user' || match.staticData.access === 'paye') });
  // Resuming a stored session: the routed page shows what its layout route shows while its guard
  // waits (a signed-in page's frame at once, router.tsx; a public page the loading view).
  if (loading && !resuming) return <LoadingView />;
  return (
    <>
      {loading ? null : <TestModeRibbonSlot />}
      {signedInPage ? (
        // Its code is preloaded with a stored session: the frame and the heading are the page's first
        // paint then, not a loading note; after a sign-in the loading view shows until it is there.
        <Suspense fallback={resuming ? null : <LoadingView />}>
          <SignedInChrome>
            <Outlet />
          </SignedInChrome>
        </Suspense>
      ) : (
        <Outlet />
      )}
      {inactivity ? <InactivityWarningSlot inactivity={inactivity} /> : null}
    </>
  );
}

/**
 * The ribbon's place: only this re-renders when the deployment's names arrive (not the routed
 * page), and the ribbon's code loads only in test mode.
 */
function TestModeRibbonSlot() {
  return useAppInfo()?.test_mode ? (
    <Suspense fallback={null}>
      <TestModeRibbon />
    </Suspense>
  ) : null;
}

/**
 * The inactivity warning's place: the dialog (Mantine's Modal) renders from the first warning on,
 * not closed on every page (rendering it closed took about 50 ms of a phone's main thread at
 * sign-in). Its code is fetched once the browser is idle, WARNING_PREFETCH_DELAY_MS after the page
 * came, so it is there when the warning comes (50 minutes idle) without taking a phone's bandwidth
 * from the page's own files while they load (its 45 kB went out beside a screen's chunks).
 */
function InactivityWarningSlot({ inactivity }: { inactivity: InactivityActorRef }) {
  const open = useSelector(inactivity, warningShows);
  const [warned, setWarned] = useState(open);
  if (open && !warned) setWarned(true);
  useEffect(() => {
    const prefetch = () => void loadInactivityDialog();
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(prefetch);
      else prefetch();
    }, WARNING_PREFETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  return warned ? (
    <Suspense fallback={null}>
      <InactivityDialog inactivity={inactivity} />
    </Suspense>
  ) : null;
}
