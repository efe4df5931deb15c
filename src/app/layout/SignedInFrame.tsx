import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { useRoundupsActor } from '../actors.tsx';
import { ShellHeading } from './ShellHeading.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

// The prompt's code (a dialog, the round-ups view) loads once the session's round-ups actor runs,
// which is after the page has painted.
const RoundupsPrompt = lazy(() => import('../screens/roundups/RoundupsPrompt.tsx').then((module) => ({ default: module.RoundupsPrompt })));

/**
 * What the signed-in routes show inside the frame (SignedInChrome, kept by the root layout): the
 * banner asking to confirm the email address (until it is proven), the round-up prompt and the
 * routed screen. Loaded with the first signed-in screen, never on a public one.
 */
export function SignedInFrame() {
  const roundups = useRoundupsActor();
  return (
    <>
      <VerifyEmailBanner />
      {roundups ? (
        <Suspense fallback={null}>
          <RoundupsPrompt />
        </Suspense>
      ) : null}
      <ScreenOutlet />
    </>
  );
}

/**
 * The routed screen, rendered in the background when a route is entered: the route's heading shows
 * at once (where the screen puts it), and the screen is built in small slices the browser paints
 * and answers input between, then shown whole. A screen's first render (its module, and the DOM of
 * 300 to 650 elements) was one long task of a phone's main thread, on every page load and every
 * move to another screen: updates of the router's state are synchronous, so a transition started
 * around them did not slice it.
 */
function ScreenOutlet() {
  const screenRoute = useRouterState({ select: (state) => String(state.matches[state.matches.length - 1]?.routeId) });
  return (
    <InBackground key={screenRoute}>
      <Outlet />
    </InBackground>
  );
}

/** `children` once React has rendered them at background priority; until then the route's heading. */
function InBackground({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : <ShellHeading />;
}
