import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Form11FlowView } from '../../../../machines/form11Flow/form11Flow.view.ts';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { useLastShown } from '../../components/useDialogPresence.ts';

/**
 * "Start a new claim?": shown while the guided flow asks before replacing the claim in flight (one
 * claim at a time). The question is the flow's state; this only shows it and sends the answer.
 */
export function ReplaceClaimDialog({ flow, view }: { flow: FlowActor<'form11Flow'>; view: Form11FlowView }) {
  // Always on the page, opened while the flow asks: Mantine then plays its transitions and gives the
  // focus back to the button that asked when the dialog closes.
  const ask = view.confirmReplace;
  const year = useLastShown(ask?.year);
  const replacing = useLastShown(ask?.replacing);
  const keep = () => flow.send({ type: 'replace.cancel' });
  return (
    <Modal opened={ask !== null} onClose={keep} title={`Start a new claim for ${year}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>Your unfinished claim for {replacing} will be discarded. To finish it first, choose Continue previous application instead.</Text>
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
