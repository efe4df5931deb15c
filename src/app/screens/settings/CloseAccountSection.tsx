import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { Alert, Button, Group, List, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  selectCanClose,
  selectErrorMessage,
  selectIsBusy,
  selectIsClosed,
  selectIsUnavailable,
  selectPasswordError,
  selectPlan,
} from '../../../../machines/accountClose/accountClose.selectors.ts';
import { apiDateToDisplayDate } from '../../../domain/dates.ts';
import { PASSWORD_REQUIRED } from '../../../domain/schemas/messages.ts';
import type { RetentionPlan } from '../../../domain/schemas/account.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

function Kept({ plan, closed }: { plan: RetentionPlan; closed: boolean }) {
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
            <List.Item key={`${record.what}-${record.until}`}>
              {record.what}, <strong>until {apiDateToDisplayDate(record.until)}</strong>. <Text span c="dimmed" fz="sm">{record.reason}</Text>
            </List.Item>
          ))}
        </List>
      )}
      {plan.keptUntil ? (
        <Text fz="sm">After {apiDateToDisplayDate(plan.keptUntil)} nothing about you is left.</Text>
      ) : null}
    </Stack>
  );
}

/** Close my account: what is erased and what is kept until when, then the password to confirm. */
export function CloseAccountSection() {
  const closer = useFlow('accountClose');
  const busy = useSelector(closer, selectIsBusy);
  const plan = useSelector(closer, selectPlan);
  const unavailable = useSelector(closer, selectIsUnavailable);
  const closed = useSelector(closer, selectIsClosed);
  const canClose = useSelector(closer, selectCanClose);
  const passwordError = useSelector(closer, selectPasswordError);
  const error = useSelector(closer, selectErrorMessage);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const localError = touched && password === '' ? PASSWORD_REQUIRED : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="settings-close">
      <Stack gap="sm">
        <Title order={2} size="h3" id="settings-close">
          Close my account
        </Title>
        {closed ? (
          <>
            <Alert color="teal" variant="outline" role="status" title="Your account is closed">
              You can no longer sign in. Your email address can be used to register again.
            </Alert>
            {plan ? <Kept plan={plan} closed /> : null}
            <Group>
              <Button onClick={() => closer.send({ type: 'close.finish' })}>Finish</Button>
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm">
              Closing your account signs you out everywhere and erases your personal data. Some records must by law be kept for a time; they
              are listed here with the date each one is deleted.
            </Text>
            {unavailable ? (
              <Alert color="red" role="alert">
                <Stack gap="xs" align="flex-start">
                  <span>{error ?? 'We could not load what closing would keep.'}</span>
                  <Button size="xs" variant="outline" onClick={() => closer.send({ type: 'close.retry' })}>
                    Try again
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            {plan ? <Kept plan={plan} closed={false} /> : null}
            {plan ? (
              <form
                noValidate
                aria-label="Close my account"
                onSubmit={(event) => {
                  event.preventDefault();
                  setTouched(true);
                  if (password === '') return;
                  closer.send({ type: 'close.submit', password });
                }}
              >
                <Stack gap="sm">
                  <ErrorAlert message={error} />
                  <PasswordInput
                    label="Your password"
                    description="To confirm it is you."
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                    onBlur={() => setTouched(true)}
                    error={localError ?? passwordError}
                  />
                  <Group>
                    <Button type="submit" color="red" loading={busy} disabled={!canClose}>
                      Close my account
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
