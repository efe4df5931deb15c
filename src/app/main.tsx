// Mantine's global styles, then those of the components every page shows first (the loading view).
// Each screen imports the styles of its own components, so a route downloads only what it shows.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent, Observer } from 'xstate';
import { nextTask } from './afterPaint.ts';
import { App } from './App.tsx';
import { createAppRuntimeInTasks } from './runtime.ts';

/**
 * In development, `?inspect` in the URL opens the Stately inspector and streams every actor's
 * events and snapshots to it. The import is dynamic and behind `import.meta.env.DEV`, so a
 * production bundle neither contains nor contacts it.
 */
async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector({ autoStart: true }).inspect;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void loadInspector().then(async (inspect) => {
  const startedAt = Date.now();
  // A new task between the start-up steps (evaluating the bundle, building the runtime, rendering):
  // the browser may paint and handle input between them, so none blocks the page for long.
  await nextTask();
  // Built once, outside React: StrictMode's double renders never build a second one.
  const runtime = await createAppRuntimeInTasks({ startedAt, inspect }, nextTask);
  // The router's first load starts before the first render (its state is pending when React reads
  // it); started by the router's own component, in the first commit, its state change was rendered
  // synchronously inside that commit's task (decision 041).
  runtime.router.load().catch((error: unknown) => console.error(error));
  await nextTask();
  // A signed-in page paints its frame in the first render, not a fallback React reveals later.
  await runtime.firstRenderReady;
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // running as one long task.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App runtime={runtime} />
      </StrictMode>,
    );
  });
});
