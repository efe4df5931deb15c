import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent, Observer } from 'xstate';
import { App } from './App.tsx';

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
  createRoot(container).render(
    <StrictMode>
      <App inspect={inspect} startedAt={Date.now()} />
    </StrictMode>,
  );
});
