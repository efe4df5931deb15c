import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TermsNotice } from './TermsNotice.tsx';

/** Auth (spec section 2): Sign Up, Log in, terms and privacy links. */
export function AuthScreen() {
  return (
    <Container size="xs" py={64}>
      <Stack gap="md">
        <Title order={1} ta="center">
          Welcome to MaxOut
        </Title>
        <Text ta="center" c="dimmed">
          Create an account or sign in to continue.
        </Text>
        <Button component={Link} to="/auth/register" size="lg">
          Sign Up
        </Button>
        <Button component={Link} to="/auth/login" size="lg" variant="outline">
          Log in
        </Button>
        <TermsNotice lead="By continuing" centred />
      </Stack>
    </Container>
  );
}
