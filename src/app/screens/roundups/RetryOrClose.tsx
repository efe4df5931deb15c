import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import { Button, Group } from '@mantine/core';
import type { RoundupsView } from '../../../../machines/roundups/roundups.view.ts';
import type { useRoundupsActor } from '../../actors.tsx';

type RoundupsActor = NonNullable<ReturnType<typeof useRoundupsActor>>;

/** A failed round-ups request's buttons, in the banner and on /roundups: Retry (with the same key) when it can be retried, and Close. */
export function RetryOrClose({ error, roundups }: { error: NonNullable<RoundupsView['error']>; roundups: RoundupsActor }) {
  return (
    <Group gap="xs">
      {error.canRetry && (
        <Button size="xs" onClick={() => roundups.send({ type: 'roundups.retry' })}>
          Retry
        </Button>
      )}
      <Button size="xs" variant="subtle" onClick={() => roundups.send({ type: 'roundups.dismiss' })}>
        Close
      </Button>
    </Group>
  );
}
