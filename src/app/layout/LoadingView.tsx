import { Center, Loader, Stack, Text } from '@mantine/core';
import { LOADING } from '../../domain/schemas/sessionMessages.ts';

/** Full-screen view shown until authentication has been initialised (spec section 2, Layout), and while a screen loads. */
export function LoadingView() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text>{LOADING}</Text>
      </Stack>
    </Center>
  );
}
