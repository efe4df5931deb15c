import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-screen view shown until authentication has been initialised (spec section 2, Layout). */
export function LoadingView() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}
