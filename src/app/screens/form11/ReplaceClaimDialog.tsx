import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Form11FlowView } from '../../../../machines/form11Flow/form11Flow.view.ts';
import type { FlowActor } from '../../flows/useFlow.tsx';

/**
 * "Start a new claim?": shown while the guided flow asks before replacing the claim in flight (one
 * claim at a time). The question is the flow's state; this only shows it and sends the answer.
 */
export function ReplaceClaimDialog({ flow, view }: { flow: FlowActor<'form11Flow'>; view: Form11FlowView }) {
  const ask = view.confirmReplace;
  if (!ask) return null;
  const keep = () => flow.send({ type: 'replace.cancel' });
  return (
    <Modal opened onClose={keep} title={`Start a new claim for ${ask.year}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>Your unfinished claim for {ask.replacing} will be discarded. To finish it first, choose Continue previous application instead.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={keep}>
            Keep my unfinished claim
          </Button>
          <Button color="red" onClick={() => flow.send({ type: 'replace.confirm' })}>
            Start a new claim
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
