import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>Page not found</Title>
        <Text>The page you asked for does not exist or has moved.</Text>
        <Button component={Link} to="/">
          Go to MaxOut
        </Button>
      </Stack>
    </Container>
  );
}
