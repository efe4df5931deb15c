import { startTransition, useCallback, useEffect, useReducer } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * How components read the app's actors and registry: the value now, and a re-render when it changes.
 *
 * The same results as @xstate/react's `useSelector` and React's `useSyncExternalStore`, with one
 * difference that matters on a slow phone: the component subscribes in an effect and re-renders
 * through its own state. React treats a `useSyncExternalStore` store that changes while a render
 * is under way (data arriving while a screen is built in the background, decision 040) as torn: it
 * throws the render away and renders the whole tree again in one task, 100–170 ms on a phone at
 * every page load. Read this way, a change during a background render reaches the reader once it is
 * on screen, as an update of that component (decision 041). A change made by the user (a click, a
 * key) is rendered at once; one that comes from the network or a timer (data arriving) is rendered
 * in the background, in slices, like the screen itself.
 */
export function useStoreValue<T>(subscribe: (onChange: () => void) => () => void, read: () => T): T {
  const value = read();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    // Also checked once now: the value may have changed between the render and this effect.
    const check = () => {
      let now: T;
      try {
        now = read();
      } catch {
        // The render throws it, for the error boundary.
        renderUpdate(rerender);
        return;
      }
      if (!Object.is(now, value)) renderUpdate(rerender);
    };
    const unsubscribe = subscribe(check);
    check();
    return unsubscribe;
  }, [subscribe, read, value]);
  return value;
}

/**
 * Renders a component's update: at once while the browser dispatches an event (the user's input
 * shows as they type and click), else as a transition, which React renders in slices the browser
 * paints and answers input between (a screen's data arriving re-rendered it in one task of up to
 * 130 ms at 4× CPU). React itself tells the two apart by `window.event`.
 */
function renderUpdate(rerender: () => void): void {
  if (typeof window !== 'undefined' && window.event !== undefined) rerender();
  else startTransition(rerender);
}

/** `selector` of each snapshot, computed once per snapshot and selector however many components read it. */
const selections = new WeakMap<object, WeakMap<object, unknown>>();

function select<S extends object, T>(snapshot: S, selector: (snapshot: S) => T): T {
  let bySelector = selections.get(snapshot);
  if (!bySelector) {
    bySelector = new WeakMap();
    selections.set(snapshot, bySelector);
  }
  if (bySelector.has(selector)) return bySelector.get(selector) as T;
  const value = selector(snapshot);
  bySelector.set(selector, value);
  return value;
}

/**
 * A screen's reading of an actor: `useSelector(actor, view)`, as with @xstate/react (a snapshot in
 * error throws its error, for the error boundary). The view is a new object for each new snapshot and
 * the same one for the same snapshot, so a component re-renders when the actor's snapshot changes.
 */
export function useSelector<A extends AnyActorRef, T>(actor: A, selector: (snapshot: SnapshotFrom<A>) => T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => {
    const snapshot: SnapshotFrom<A> = actor.getSnapshot();
    const { status, error } = snapshot as { status?: string; error?: unknown };
    if (status === 'error') throw error;
    return select(snapshot, selector);
  };
  return useStoreValue(subscribe, read);
}
