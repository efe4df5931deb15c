import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { lazy, Suspense, useState } from 'react';
import { roundupsPromptView } from '../../../../machines/roundups/roundups.view.ts';
import { useRoundupsActor } from '../../actors.tsx';
import { RetryOrClose } from './RetryOrClose.tsx';

type RoundupsActor = NonNullable<ReturnType<typeof useRoundupsActor>>;

// The alert is a dialog (Mantine's Modal, its overlay and focus trap: some 40 kB and 50 ms of a
// phone's main thread on every signed-in page): its code loads the first time it has to show.
const PensionPlanAlert = lazy(() => import('./PensionPlanAlert.tsx').then((module) => ({ default: module.PensionPlanAlert })));

/**
 * The daily round-up prompt of every signed-in screen (spec §2 "Daily Retirement Savings", §4)
 * and the pension-plan alert (§8), both from the session's round-ups actor. Nothing shows while
 * nobody is signed in or the prompt is not due.
 */
export function RoundupsPrompt() {
  const roundups = useRoundupsActor();
  return roundups ? <Prompt roundups={roundups} /> : null;
}

function Prompt({ roundups }: { roundups: RoundupsActor }) {
  const { banner, planAlert, error, busy } = useSelector(roundups, roundupsPromptView);
  // /roundups has the same Confirm and Decline (at any amount) on the page itself.
  const onRoundupsPage = useRouterState({ select: (state) => state.location.pathname === '/roundups' });
  // Once shown the alert stays rendered, so it closes with its animation.
  const [alerted, setAlerted] = useState(planAlert.visible);
  if (planAlert.visible && !alerted) setAlerted(true);
  return (
    <>
      {banner.visible && !onRoundupsPage && (
        <Container size="md">
          <Paper component="section" aria-labelledby="roundups-banner-title" withBorder radius="md" p="md" mb="md" bg="indigo.0">
            <Stack gap="xs">
              <Title id="roundups-banner-title" order={2} size="h4">
                {banner.title}
              </Title>
              <Text>
                {banner.count === 1 ? '1 purchase' : `${banner.count} purchases`} rounded up to {banner.amount}, ready for your pension
                {banner.relief ? ` (${banner.relief})` : ''}.
              </Text>
              {banner.limitNote && (
                <Text size="sm" c="dimmed">
                  {banner.limitNote}
                </Text>
              )}
              {banner.capNote && (
                <Text size="sm" data-testid="roundups-banner-cap-note">
                  {banner.capNote}
                </Text>
              )}
              {error && (
                <Alert color="red" role="alert">
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{error.message}</Text>
                    <RetryOrClose error={error} roundups={roundups} />
                  </Group>
                </Alert>
              )}
              <Group gap="sm">
                <Button disabled={!banner.confirmEnabled} loading={busy} onClick={() => roundups.send({ type: 'roundups.confirm', key: crypto.randomUUID(), at: Date.now() })}>
                  Confirm
                </Button>
                <Button variant="default" disabled={!banner.declineEnabled} onClick={() => roundups.send({ type: 'roundups.decline', at: Date.now() })}>
                  Decline
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Container>
      )}
      {alerted ? (
        <Suspense fallback={null}>
          <PensionPlanAlert roundups={roundups} planAlert={planAlert} />
        </Suspense>
      ) : null}
    </>
  );
}
