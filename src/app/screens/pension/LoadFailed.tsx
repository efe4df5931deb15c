import { Alert, Button, Group, Stack } from '@mantine/core';

/** What a pension screen shows when its data did not load: the reason and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Stack>
      <Alert color="red" role="alert">
        {error}
      </Alert>
      <Group>
        <Button onClick={onRetry}>Try again</Button>
      </Group>
    </Stack>
  );
}
