import { Outlet } from '@tanstack/react-router';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useRoundupsActor } from '../actors.tsx';
import { ShellHeading } from './ShellHeading.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

// The prompt's code (a dialog, the round-ups view) loads once the session's round-ups actor runs,
// which is after the page has painted.
const RoundupsPrompt = lazy(() => import('../screens/roundups/RoundupsPrompt.tsx').then((module) => ({ default: module.RoundupsPrompt })));

/** Whether a frame of this page has shown its screen yet. */
let firstScreenShown = false;

/**
 * What the signed-in routes show inside the frame (SignedInChrome, kept by the root layout): the
 * banner asking to confirm the email address (until it is proven), the round-up prompt and the
 * routed screen. Loaded with the first signed-in screen, never on a public one.
 */
export function SignedInFrame() {
  const roundups = useRoundupsActor();
  // The page's first screen renders in a transition, in small slices the browser can paint and
  // answer input between, instead of one long task; until then its heading shows where it will
  // be. Every later frame (the PAYE pages have a layout of their own) shows its screen at once.
  const [screenShown, showScreen] = useState(firstScreenShown);
  useEffect(() => {
    if (screenShown) return;
    startTransition(() => showScreen(true));
    firstScreenShown = true;
  }, [screenShown]);
  return (
    <>
      <VerifyEmailBanner />
      {roundups ? (
        <Suspense fallback={null}>
          <RoundupsPrompt />
        </Suspense>
      ) : null}
      {screenShown ? <Outlet /> : <ShellHeading />}
    </>
  );
}
