import '@mantine/core/styles/Alert.css';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SOMETHING_WENT_WRONG } from '../../../domain/schemas/messages.ts';

export interface ClaimNotSentProps {
  /** The claim year of the answers kept on the device. */
  year: number;
  /** The answers are on their way again (Try again pressed), or sent and the screen is about to show the claim. */
  sending: boolean;
  /** The flow accepts Try again now. */
  canRetry: boolean;
  onRetry(): void;
}

/**
 * /tax-refund-submitted after the final send of a claim failed: the answers are still kept on this
 * device (the flow's saved progress), so the user can send them again from here.
 */
export function ClaimNotSent({ year, sending, canRetry, onRetry }: ClaimNotSentProps) {
  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack>
          <Title order={1} size="h2">
            Your claim for {year} was not sent yet
          </Title>
          {sending ? (
            <Text role="status">Sending your claim for {year}…</Text>
          ) : (
            <Alert color="red" variant="outline" role="alert">
              {SOMETHING_WENT_WRONG}
            </Alert>
          )}
          <Text>Your answers are kept on this device, so nothing is lost. You can also come back later and choose Continue previous application on the Tax Refund page.</Text>
          <Group>
            <Button onClick={onRetry} disabled={!canRetry} loading={sending}>
              Try again
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
