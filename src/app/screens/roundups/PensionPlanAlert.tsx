import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { RoundupsPromptView } from '../../../../machines/roundups/roundups.view.ts';
import type { useRoundupsActor } from '../../actors.tsx';
import { useOpenedOnceMounted } from '../../components/useDialogPresence.ts';

type RoundupsActor = NonNullable<ReturnType<typeof useRoundupsActor>>;

/** The pension-plan alert (spec §8): a Confirm needs a pension plan to pay into. */
export function PensionPlanAlert({ roundups, planAlert }: { roundups: RoundupsActor; planAlert: RoundupsPromptView['planAlert'] }) {
  // Put on the page the first time it shows: opened a commit later, so Mantine notes where to give
  // the focus back and plays its transition.
  const opened = useOpenedOnceMounted(planAlert.visible);
  return (
    <Modal
      opened={opened}
      onClose={() => roundups.send({ type: 'roundups.dismiss' })}
      title={planAlert.title}
      centered
      aria-describedby="plan-alert-text"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text id="plan-alert-text" mb="lg">
        {planAlert.text}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => roundups.send({ type: 'roundups.setUpPlan' })} data-autofocus>
          {planAlert.button}
        </Button>
      </Group>
    </Modal>
  );
}
