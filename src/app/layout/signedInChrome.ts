import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * The signed-in pages' frame (SignedInChrome, in the shell's chunk, which a signed-in page names in
 * its preloads). Once preloaded it renders at once: no Suspense fallback, and so no wait for React
 * to reveal what replaces one.
 */
export const SignedInChrome = lazyRouteComponent(() => import('./SignedInShell.tsx'), 'SignedInChrome');

/** Loads the frame's code; resolves when it can render (also when it failed: the page then says so). */
export function preloadSignedInChrome(): Promise<void> {
  return SignedInChrome.preload?.() ?? Promise.resolve();
}
