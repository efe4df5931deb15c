import { AppShell } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { selectIsLoading, selectIsSignedIn } from '../../../machines/auth/auth.selectors.ts';
import { PUBLIC_ROUTES } from '../../domain/routeAccess.ts';
import { AuthActor } from '../actors.tsx';
import { BottomBar } from './BottomBar.tsx';
import { InactivityDialog } from './InactivityDialog.tsx';
import { LoadingView } from './LoadingView.tsx';
import { TopBar } from './TopBar.tsx';

const publicPrefixes = PUBLIC_ROUTES.map((route) => route.replace(/\/\$.*$/, ''));

function isPublicPath(pathname: string) {
  return publicPrefixes.some((prefix) => pathname === prefix || (prefix !== '/auth' && pathname.startsWith(prefix + '/')));
}

/**
 * The frame around every screen (spec section 2, Layout): a full-screen loading view until auth
 * is initialised, then the routed view with the desktop top bar and the mobile bottom bar for
 * signed-in users, and the inactivity warning dialog.
 */
export function AppLayout() {
  const loading = AuthActor.useSelector(selectIsLoading);
  const signedIn = AuthActor.useSelector(selectIsSignedIn);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (loading) return <LoadingView />;

  const showBars = signedIn && !isPublicPath(pathname);
  if (!showBars) {
    return (
      <main>
        <Outlet />
      </main>
    );
  }
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 64 }} padding="md">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main pb={{ base: 80, sm: 'md' }}>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm">
        <BottomBar />
      </AppShell.Footer>
      <InactivityDialog />
    </AppShell>
  );
}
