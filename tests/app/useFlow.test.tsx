// @vitest-environment happy-dom
import { act, startTransition, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import type { AppEffects } from '../../src/app/effects/appEffects.ts';
import { defineFlow } from '../../src/app/flows/flow.ts';
import { createFlowRegistry } from '../../src/app/flows/registry.ts';
import { type AppFlowRegistry, FlowRegistryProvider, useSessionFlow } from '../../src/app/flows/useFlow.tsx';

/**
 * A screen reads a session flow whose code is still loading: its render suspends in `use`, and
 * React replays that render once the code is there. The replay must meet the same `use` (a `use`
 * skipped on replay made React throw "Update hook called on initial render" and recover by
 * rendering the whole page again, reported as an error in the browser).
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const machine = createMachine({ id: 'banner', initial: 'idle', states: { idle: {} } });
let container: HTMLElement | undefined;
afterEach(() => container?.remove());

function registryLoadingIn(microtasks: number) {
  const catalogue = {
    verifyEmail: {
      scope: 'session' as const,
      load: async () => {
        for (let i = 0; i < microtasks; i++) await Promise.resolve();
        return defineFlow({ logic: () => machine, input: () => undefined });
      },
    },
  };
  const effects = { log: console, storage: sessionStorage, now: () => new Date() } as unknown as AppEffects;
  return createFlowRegistry({ catalogue, effects }) as unknown as AppFlowRegistry;
}

function Banner() {
  const flow = useSessionFlow('verifyEmail');
  const [shown] = useState(true);
  return <p>{shown ? `banner ${flow ? 'running' : 'waiting'}` : null}</p>;
}

describe('useSessionFlow while its flow’s code loads', () => {
  it.each([0, 1, 3])('suspends, then renders, without an error React has to recover from (code there after %i microtasks)', async (microtasks) => {
    const registry = registryLoadingIn(microtasks);
    const recovered: unknown[] = [];
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container, { onRecoverableError: (error) => recovered.push(error) });
    await act(async () => {
      startTransition(() =>
        root.render(
          <FlowRegistryProvider registry={registry}>
            <Suspense fallback={<p>loading</p>}>
              <Banner />
            </Suspense>
          </FlowRegistryProvider>,
        ),
      );
    });
    await act(async () => {
      await registry.load('verifyEmail');
    });
    expect(container.textContent).toBe('banner waiting');
    expect(recovered).toEqual([]);
    // Loaded: the same settled promise every time, which `use` reads without suspending.
    expect(registry.load('verifyEmail')).toBe(registry.load('verifyEmail'));
    act(() => root.unmount());
  });
});
