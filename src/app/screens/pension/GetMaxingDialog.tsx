import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../domain/money.ts';
import { type DialogPresence, useOpenedOnceMounted } from '../../components/useDialogPresence.ts';

/**
 * The Overview's "Get Maxing" dialog: the three ways to pay in. Loaded when it first opens (the
 * Overview's first render need not evaluate Mantine's Modal for a dialog that starts closed).
 */
export function GetMaxingDialog({ headroom, onClose, presence }: { headroom: number; onClose: () => void; presence: DialogPresence }) {
  const opened = useOpenedOnceMounted(presence.opened);
  return (
    <Modal
      opened={opened}
      onExitTransitionEnd={presence.onExitTransitionEnd}
      onClose={onClose}
      title="Get Maxing"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {headroom > 0 ? `You can put ${formatMoney(headroom)} more into your pension with tax relief this year.` : 'You have reached the tax relief limit for this year.'}
        </Text>
        <Button component={Link} to="/contribute" onClick={onClose}>
          Contribute
        </Button>
        <Button component={Link} to="/direct-debit" variant="outline" onClick={onClose}>
          Direct debit
        </Button>
        <Button component={Link} to="/round-payment" variant="outline" onClick={onClose}>
          Round payment
        </Button>
      </Stack>
    </Modal>
  );
}
