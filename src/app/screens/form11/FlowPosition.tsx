import { Progress, Stack, Text } from '@mantine/core';

/** "Page n of m" of the guided flow, in words and as a bar named the same for screen readers. */
export function FlowPosition({ position }: { position: { number: number; total: number } }) {
  const label = `Page ${position.number} of ${position.total}`;
  return (
    <Stack gap={6}>
      <Text fz="sm" c="dimmed" id="flow-position">
        {label}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section value={(position.number / position.total) * 100} aria-label={label} />
      </Progress.Root>
    </Stack>
  );
}
