// Mantine's global styles, then those of the components every page shows first (the loading view).
// Each screen imports the styles of its own components, so a route downloads only what it shows.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent, Observer } from 'xstate';
import { App } from './App.tsx';
import { createAppRuntime } from './runtime.ts';

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

void loadInspector().then((inspect) => {
  // Built once, outside React: StrictMode's double renders never build a second one.
  const runtime = createAppRuntime({ startedAt: Date.now(), inspect });
  createRoot(container).render(
    <StrictMode>
      <App runtime={runtime} />
    </StrictMode>,
  );
});
