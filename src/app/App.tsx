import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { AuthActorProvider } from './actors.tsx';
import { FlowRegistryProvider } from './flows/useFlow.tsx';
import type { AppRuntime } from './runtime.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The app around an already running runtime: React only renders it.
 *
 * `deduplicateCssVariables={false}`: the provider writes all of the theme's CSS variables, so
 * Mantine's default-css-variables.css (27 kB, the same values) is not shipped with the first page.
 */
export function App({ runtime }: { runtime: AppRuntime }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
      <AuthActorProvider actor={runtime.auth} sessionHooks={runtime.sessionHooks}>
        <FlowRegistryProvider registry={runtime.flows}>
          <RouterProvider router={runtime.router} />
        </FlowRegistryProvider>
      </AuthActorProvider>
    </MantineProvider>
  );
}
