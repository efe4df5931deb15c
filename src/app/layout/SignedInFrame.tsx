import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useRoundupsActor } from '../actors.tsx';
import { FrameLayout } from './FrameLayout.tsx';
import { TopBar } from './TopBar.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

// The prompt's code (a dialog, the round-ups view) loads once the session's round-ups actor runs,
// which is after the page has painted.
const RoundupsPrompt = lazy(() => import('../screens/roundups/RoundupsPrompt.tsx').then((module) => ({ default: module.RoundupsPrompt })));

/**
 * The frame of the signed-in routes (spec section 2, Layout): the desktop top bar, the banner
 * asking to confirm the email address (until it is proven), the round-up prompt, the routed screen,
 * and the mobile bottom bar. Loaded with the first signed-in screen, never on a public one.
 */
export function SignedInFrame() {
  const roundups = useRoundupsActor();
  return (
    <FrameLayout top={<TopBar />}>
      <VerifyEmailBanner />
      {roundups ? (
        <Suspense fallback={null}>
          <RoundupsPrompt />
        </Suspense>
      ) : null}
      <Outlet />
    </FrameLayout>
  );
}
