import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '../../useSelector.ts';
import { lazy, Suspense, useState } from 'react';
import { accountCloseView } from '../../../../machines/accountClose/accountClose.view.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { useDialogPresence } from '../../components/useDialogPresence.ts';

const loadCloseAccountDialog = () => import('./CloseAccountDialog.tsx');
const CloseAccountDialog = lazy(() => loadCloseAccountDialog().then((module) => ({ default: module.CloseAccountDialog })));

/**
 * Close my account: the section says what closing does; the closing itself (what is erased, what is
 * kept until when, the password to confirm) opens behind "Close my account…", so nobody meets the
 * form while looking for another setting. The dialog stays open once the account is closed.
 * Its code (Mantine's Modal, the form) loads when the button is first pointed at or pressed.
 */
export function CloseAccountSection() {
  const closer = useFlow('accountClose');
  const view = useSelector(closer, accountCloseView);
  const [asked, setAsked] = useState(false);
  const closed = view.step === 'closed';
  const dialog = useDialogPresence(asked || closed);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="settings-close" id="close-account">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="settings-close">
          Close my account
        </Title>
        <Text fz="sm">
          Closing your account signs you out everywhere and erases your personal data. Some records must by law be kept for a time; you
          will see each one with the date it is deleted before you confirm.
        </Text>
        <Button
          variant="outline"
          color="red"
          onPointerEnter={() => void loadCloseAccountDialog()}
          onFocus={() => void loadCloseAccountDialog()}
          onClick={() => setAsked(true)}
          aria-haspopup="dialog"
        >
          Close my account…
        </Button>
      </Stack>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <CloseAccountDialog closer={closer} view={view} onCancel={() => setAsked(false)} presence={dialog} />
        </Suspense>
      ) : null}
    </Paper>
  );
}

