import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Stack.css';
import { AppShell } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { RoundupsPrompt } from '../screens/roundups/RoundupsPrompt.tsx';
import { BottomBar } from './BottomBar.tsx';
import { TopBar } from './TopBar.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

/**
 * The frame of the signed-in routes (spec section 2, Layout): the desktop top bar, the banner
 * asking to confirm the email address (until it is proven), the round-up prompt, the routed screen,
 * and the mobile bottom bar. Loaded with the first signed-in screen, never on a public one.
 */
export function SignedInFrame() {
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 64 }} padding="md">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main pb={{ base: 80, sm: 'md' }}>
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
        <RoundupsPrompt />
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm">
        <BottomBar />
      </AppShell.Footer>
    </AppShell>
  );
}
