import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Form11PageView } from '../../../../machines/form11Flow/form11Flow.view.ts';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { useLastShown } from '../../components/useDialogPresence.ts';

/**
 * "Skip this page?": shown while the guided flow asks about a page submitted with nothing entered
 * (nothing would be claimed on it). The question is the flow's state; this only shows it and sends
 * the answer.
 */
export function SkipPageDialog({ flow, page }: { flow: FlowActor<'form11Flow'>; page: Form11PageView }) {
  // Always on the page, opened while the flow asks: Mantine then plays its transitions and gives the
  // focus back to Next when the dialog closes.
  const title = useLastShown(page.confirmSkip?.title);
  const enterAmounts = () => flow.send({ type: 'skip.cancel' });
  return (
    <Modal opened={page.confirmSkip !== null} onClose={enterAmounts} title="Skip this page?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>Nothing is entered for {title}, so nothing would be claimed. Skip this page, or go back and enter your amounts.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={enterAmounts}>
            Enter amounts
          </Button>
          <Button onClick={() => flow.send({ type: 'skip.confirm' })}>Skip this page</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
