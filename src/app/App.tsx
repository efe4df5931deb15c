import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { AuthActorProvider } from './actors.tsx';
import { Form11FlowProvider } from './form11FlowContext.tsx';
import type { AppRuntime } from './runtime.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** The app around an already running runtime: React only renders it. */
export function App({ runtime }: { runtime: AppRuntime }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
      <AuthActorProvider actor={runtime.auth} sessionHooks={runtime.sessionHooks}>
        <Form11FlowProvider value={runtime.form11}>
          <RouterProvider router={runtime.router} />
        </Form11FlowProvider>
      </AuthActorProvider>
    </MantineProvider>
  );
}
