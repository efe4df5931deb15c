import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../domain/dates.ts';
import { formatMoney } from '../../../domain/money.ts';
import type { Contribution } from '../../../domain/schemas/pension.ts';

/**
 * Payments the provider has not confirmed yet (one in flight in another tab, or one a crash cut
 * short that the server is checking): not in the figures below, so the user is told before
 * paying the same again.
 */
export function PendingPayments({ pending }: { pending: Contribution[] }) {
  if (pending.length === 0) return null;
  return (
    <Alert color="yellow" variant="outline" role="status" title={pending.length === 1 ? 'A payment is still being confirmed' : 'Payments are still being confirmed'}>
      <Stack gap={4}>
        {pending.map((payment) => (
          <Text key={payment.id} size="sm">
            {formatMoney(payment.amount)} from {payment.source} for {payment.tax_year}, started {formatDisplayDateTime(payment.created_at)}.
          </Text>
        ))}
        <Text size="sm">
          It is not counted in the figures below until the payment provider confirms it, usually within a few minutes. Check back before paying the same again.
        </Text>
      </Stack>
    </Alert>
  );
}
