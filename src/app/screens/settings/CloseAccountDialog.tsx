import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import * as v from 'valibot';
import type { AccountCloseView, RetentionPlanView } from '../../../../machines/accountClose/accountClose.view.ts';
import { passwordField } from '../../../domain/schemas/fields.ts';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { type DialogPresence, useOpenedOnceMounted } from '../../components/useDialogPresence.ts';

const ConfirmForm = v.object({ password: passwordField });

function Kept({ plan, closed }: { plan: RetentionPlanView; closed: boolean }) {
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {closed ? 'Erased' : 'Erased at once'}
      </Text>
      <List size="sm" spacing={2}>
        {plan.erased.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Text fw={600} fz="sm">
        Kept because the law requires it
      </Text>
      {plan.kept.length === 0 ? (
        <Text fz="sm">Nothing: you have no records we must keep.</Text>
      ) : (
        <List size="sm" spacing={4}>
          {plan.kept.map((record) => (
            <List.Item key={record.key}>
              {record.what}, <strong>until {record.until}</strong>. <Text span c="dimmed" fz="sm">{record.reason}</Text>
            </List.Item>
          ))}
        </List>
      )}
      {plan.keptUntil ? (
        <Text fz="sm">After {plan.keptUntil} nothing about you is left.</Text>
      ) : null}
    </Stack>
  );
}

/**
 * The closing itself, in a dialog: what is erased, what is kept until when, the password to confirm.
 * Loaded when "Close my account…" is first pointed at or pressed. Once the account is closed, only
 * Finish leaves (it signs out).
 */
export function CloseAccountDialog({
  closer,
  view,
  onCancel,
  presence,
}: {
  closer: FlowActor<'accountClose'>;
  view: AccountCloseView;
  onCancel: () => void;
  presence: DialogPresence;
}) {
  const closed = view.step === 'closed';
  const opened = useOpenedOnceMounted(presence.opened);
  return (
    <Modal
      opened={opened}
      onExitTransitionEnd={presence.onExitTransitionEnd}
      onClose={() => (closed ? undefined : onCancel())}
      withCloseButton={!closed}
      closeOnClickOutside={!closed}
      closeOnEscape={!closed}
      title="Close my account"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      <ClosingFlow closer={closer} view={view} />
    </Modal>
  );
}

/** What the closing machine shows at each step: the plan and the password, the outage, or the account closed. */
function ClosingFlow({ closer, view }: { closer: FlowActor<'accountClose'>; view: AccountCloseView }) {
  if (view.step === 'closed') {
    return (
      <Stack gap="sm">
        <Alert color="teal" variant="outline" role="status" title="Your account is closed">
          You can no longer sign in. Your email address can be used to register again.
        </Alert>
        {view.plan ? <Kept plan={view.plan} closed /> : null}
        <Group>
          <Button onClick={() => closer.send({ type: 'close.finish' })}>Finish</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text fz="sm">Closing your account signs you out everywhere and erases your personal data. Some records must by law be kept for a time; they are listed here with the date each one is deleted.</Text>
      {view.step === 'loading' ? (
        <Text fz="sm" role="status">
          Loading what closing would keep…
        </Text>
      ) : null}
      {view.step === 'unavailable' ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <span>{view.error ?? 'We could not load what closing would keep.'}</span>
            <Button size="xs" variant="outline" onClick={() => closer.send({ type: 'close.retry' })}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {view.plan ? <Kept plan={view.plan} closed={false} /> : null}
      {view.plan ? <ConfirmClose closer={closer} view={view} /> : null}
    </Stack>
  );
}

function ConfirmClose({ closer, view }: { closer: FlowActor<'accountClose'>; view: AccountCloseView }) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(ConfirmForm, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);
  return (
    <form noValidate aria-label="Close my account" onSubmit={form.onSubmit((values) => closer.send({ type: 'close.submit', password: values.password }))}>
      <Stack gap="sm">
        <ErrorAlert message={view.error} />
        <PasswordInput
          label="Your password"
          description="To confirm it is you."
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group>
          <Button type="submit" color="red" loading={view.busy} disabled={!view.canClose}>
            Close my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
