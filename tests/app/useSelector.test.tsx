// @vitest-environment happy-dom
import { act, Component, type ReactNode, startTransition, Suspense, use, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise } from 'xstate';
import { useSelector, useStoreValue } from '../../src/app/useSelector.ts';

/**
 * How components read actors (decision 041): the value now, a re-render when it changes, and, unlike
 * `useSyncExternalStore`, no synchronous render of the whole tree again when a store changes while
 * a background render is under way.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement | undefined;
afterEach(() => container?.remove());

function mount(node: ReactNode, transition = false) {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const render = () => root.render(node);
  act(() => (transition ? startTransition(render) : render()));
  return { root, text: () => container!.textContent };
}

/** A store of one number, with its listeners. */
function numberStore(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    read: () => value,
    set(next: number) {
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

const counter = createMachine({
  context: { count: 0 },
  on: {
    inc: { actions: assign({ count: ({ context }) => context.count + 1 }) },
  },
});
const countView = (snapshot: { context: { count: number } }) => ({ label: `count ${snapshot.context.count}` });

describe('useSelector', () => {
  it('shows the view of the snapshot and follows the actor', () => {
    const actor = createActor(counter).start();
    const renders: string[] = [];
    function Count() {
      const view = useSelector(actor, countView);
      renders.push(view.label);
      return <p>{view.label}</p>;
    }
    const { text } = mount(<Count />);
    expect(text()).toBe('count 0');
    act(() => actor.send({ type: 'inc' }));
    expect(text()).toBe('count 1');
    // An event the machine ignores leaves the snapshot, and so the view, as they were: no render.
    const before = renders.length;
    act(() => actor.send({ type: 'nothing' }));
    expect(renders.length).toBe(before);
  });

  it('renders a change the user made at once, and one from elsewhere (data arriving) in the background', async () => {
    const actor = createActor(counter).start();
    const never = new Promise<never>(() => {});
    function Count() {
      const view = useSelector(actor, countView);
      // Count 2 suspends: a transition keeps what is on screen, any other update shows the fallback.
      if (view.label === 'count 2') use(never);
      return <button onClick={() => actor.send({ type: 'inc' })}>{view.label}</button>;
    }
    const { text } = mount(
      <Suspense fallback={<p>loading</p>}>
        <Count />
      </Suspense>,
    );
    // A browser sets window.event while it dispatches an event (happy-dom does not): React and the hook read it.
    let dispatching: Event | undefined;
    Object.defineProperty(window, 'event', { configurable: true, get: () => dispatching });
    const start = (event: Event) => (dispatching = event);
    const end = () => (dispatching = undefined);
    window.addEventListener('click', start, true);
    window.addEventListener('click', end);
    const microtasks = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    // Outside act(): React schedules the two updates as it does in a browser.
    const reactTest = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    reactTest.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      container!.querySelector('button')!.click();
      // React renders an update of a click's lane in the microtasks after the click.
      await microtasks();
      expect(text()).toBe('count 1');
      actor.send({ type: 'inc' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(text()).toBe('count 1');
    } finally {
      reactTest.IS_REACT_ACT_ENVIRONMENT = true;
      window.removeEventListener('click', start, true);
      window.removeEventListener('click', end);
      Reflect.deleteProperty(window, 'event');
    }
  });

  it('computes a view once per snapshot, however many components read it', () => {
    const actor = createActor(counter).start();
    let computed = 0;
    const countedView = (snapshot: { context: { count: number } }) => {
      computed += 1;
      return countView(snapshot);
    };
    function Count() {
      return <span>{useSelector(actor, countedView).label}</span>;
    }
    const { text } = mount(
      <>
        <Count />
        <Count />
        <Count />
      </>,
    );
    expect(text()).toBe('count 0count 0count 0');
    expect(computed).toBe(1);
    act(() => actor.send({ type: 'inc' }));
    expect(text()).toBe('count 1count 1count 1');
    expect(computed).toBe(2);
  });

  it('throws the error of an actor that failed, for the error boundary', async () => {
    let fail: (error: Error) => void = () => {};
    const actor = createActor(fromPromise(() => new Promise<string>((_resolve, reject) => (fail = reject))));
    actor.subscribe({ error: () => {} });
    actor.start();
    class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
      state = { error: null };
      static getDerivedStateFromError(error: Error) {
        return { error: error.message };
      }
      render() {
        return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
      }
    }
    function Status() {
      return <p>{useSelector(actor, (snapshot) => snapshot.status)}</p>;
    }
    const originalError = console.error;
    console.error = () => {};
    try {
      const { text } = mount(
        <Boundary>
          <Status />
        </Boundary>,
      );
      expect(text()).toBe('active');
      await act(async () => fail(new Error('the call failed')));
      expect(text()).toBe('failed: the call failed');
    } finally {
      console.error = originalError;
    }
  });
});

describe('useStoreValue', () => {
  it('catches a change made after the render and before its subscription', () => {
    const store = numberStore(1);
    function Reader() {
      return <p>{useStoreValue(store.subscribe, store.read)}</p>;
    }
    function ChangesInLayoutEffect() {
      // Layout effects run before the reader's effect subscribes.
      useLayoutEffect(() => store.set(2), []);
      return null;
    }
    const { text } = mount(
      <>
        <Reader />
        <ChangesInLayoutEffect />
      </>,
    );
    expect(text()).toBe('2');
  });

  it('a store changing during a background render re-renders its reader, not the whole tree synchronously', () => {
    const store = numberStore(1);
    const renders = { reader: 0, bystander: 0 };
    function Reader() {
      renders.reader += 1;
      return <p>{useStoreValue(store.subscribe, store.read)}</p>;
    }
    let changed = false;
    function ChangesDuringRender() {
      // Data arriving while the page renders in the background, made deterministic.
      if (!changed) {
        changed = true;
        store.set(2);
      }
      return null;
    }
    function Bystander() {
      renders.bystander += 1;
      return <p>bystander</p>;
    }
    const { text } = mount(
      <>
        <Reader />
        <ChangesDuringRender />
        <Bystander />
      </>,
      true,
    );
    expect(text()).toBe('2bystander');
    // With useSyncExternalStore React finds the store torn at the end of the transition and renders
    // every component again in one synchronous pass: the bystander twice.
    expect(renders.bystander).toBe(1);
    expect(renders.reader).toBe(2);
  });
});
