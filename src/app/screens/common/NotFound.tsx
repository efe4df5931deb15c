import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, AppShell, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { authView } from '../../../../machines/auth/auth.view.ts';
import { useAuthActor } from '../../actors.tsx';
import { TopBar } from '../../layout/TopBar.tsx';

/**
 * An unknown address: with the header a user would have on any other page (the signed-in top bar,
 * or the brand linking home), so the page is never a dead end.
 */
export function NotFound() {
  const { signedIn } = useSelector(useAuthActor(), authView);
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        {signedIn ? (
          <TopBar />
        ) : (
          <Group h="100%" px="md">
            <Anchor component={Link} to="/welcome" underline="never" c="inherit" aria-label="MaxOut home">
              <Text fw={800} fz="xl">
                Max<Text span inherit c="teal.9">Out</Text>
              </Text>
            </Anchor>
          </Group>
        )}
      </AppShell.Header>
      <AppShell.Main>
        <Container size="sm" py="xl">
          <Stack align="flex-start">
            <Title order={1}>Page not found</Title>
            <Text>The page you asked for does not exist or has moved.</Text>
            <Button component={Link} to={signedIn ? '/landing' : '/welcome'}>
              {signedIn ? 'Go to my Overview' : 'Go to MaxOut'}
            </Button>
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
