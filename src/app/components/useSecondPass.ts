import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true once it has been committed and rendered again in a
 * transition (in slices the browser can paint and answer input between). A long screen renders
 * what shows first in its first pass and the rest below it in the second, so the top of the screen
 * is not held back by what is far below it.
 */
export function useSecondPass(): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    startTransition(() => setSecond(true));
  }, []);
  return second;
}
