import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '../useSelector.ts';
import { inactivityView } from '../../../machines/inactivity/inactivity.view.ts';
import { CONTINUE_SESSION, SESSION_TIMEOUT_TITLE, sessionTimeoutText } from '../../domain/schemas/messages.ts';
import { actionTime } from '../actionTime.ts';
import type { InactivityActorRef } from '../actors.tsx';

/**
 * The inactivity warning (spec section 8, session dialog). It only shows the machine's state and
 * sends Continue Session; the machine hears activity, counts, and tells the other tabs.
 */
export function InactivityDialog({ inactivity }: { inactivity: InactivityActorRef }) {
  const { open, countdown } = useSelector(inactivity, inactivityView);
  const continueSession = () => inactivity.send({ type: 'session.continue', at: actionTime() });
  return (
    <Modal
      opened={open}
      onClose={continueSession}
      title={SESSION_TIMEOUT_TITLE}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      aria-describedby="session-timeout-text"
    >
      <Text id="session-timeout-text" mb="lg">
        {sessionTimeoutText(countdown)}
      </Text>
      <Group justify="flex-end">
        <Button onClick={continueSession} data-autofocus>
          {CONTINUE_SESSION}
        </Button>
      </Group>
    </Modal>
  );
}
