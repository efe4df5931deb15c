import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Welcome (spec section 2): title, tagline, Get started → /auth. */
export function WelcomeScreen() {
  return (
    <Container size="xs" py={64}>
      <Stack gap="lg" align="center" ta="center">
        <Title order={1} fz={48}>
          Max<Text span inherit c="teal.9">Out</Text>
        </Title>
        <Text fz="lg">Take back the tax you overpaid and put it to work in your pension.</Text>
        <Text c="dimmed">
          We claim your Irish tax credits and reliefs as your PAYE agent, show how far you are from your pension&rsquo;s tax-relief limit,
          and round up your card purchases into your pension.
        </Text>
        <Button component={Link} to="/auth" size="lg" fullWidth>
          Get started
        </Button>
      </Stack>
    </Container>
  );
}
