import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Container, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { lazy, Suspense } from 'react';
import { bankLinkView } from '../../../../machines/bankLink/bankLink.view.ts';
import { type AccountView, roundupsView } from '../../../../machines/roundups/roundups.view.ts';
import { useRoundupsActor } from '../../actors.tsx';
import { RetryOrClose } from './RetryOrClose.tsx';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';

const RoundupsGraph = lazy(() => import('./RoundupsGraph.tsx').then((m) => ({ default: m.RoundupsGraph })));

type RoundupsActor = NonNullable<ReturnType<typeof useRoundupsActor>>;

/**
 * Bank Accounts (/linked-bank-accounts): each linked account with its masked IBAN, round-ups on or
 * off, where round-ups are collected from, its pending round-ups, its link (Renew from 7 days
 * before it ends), its last and next read, and its transactions (purchases shown positive) with
 * why each was or was not rounded up; the graph of round-ups paid; "Link an account". The accounts
 * are the session's round-ups actor's; linking is this visit's bank-link actor, which also
 * completes the bank's return (this route with the bank's query).
 */
export function LinkedBankAccountsScreen() {
  const returnQuery = useRouterState({ select: (state) => state.location.searchStr });
  const link = useFlow('bankLink', { returnQuery: returnQuery || null });
  const roundups = useRoundupsActor();
  const linking = useSelector(link, bankLinkView);
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Bank Accounts
          </Title>
          <Button disabled={!linking.canStart} loading={linking.busy} onClick={() => link.send({ type: 'bankLink.start', renew: null })}>
            Link an account
          </Button>
        </Group>
        {linking.message && (
          <Alert color={linking.message.tone === 'success' ? 'teal' : linking.message.tone === 'error' ? 'red' : 'blue'} role={linking.message.tone === 'error' ? 'alert' : 'status'}>
            <Stack gap="xs">
              <Text size="sm">{linking.message.text}</Text>
              {(linking.canRetry || linking.canDismiss) && (
                <Group gap="xs">
                  {linking.canRetry && (
                    <Button size="xs" onClick={() => link.send({ type: 'bankLink.retry' })}>
                      Retry
                    </Button>
                  )}
                  {linking.canDismiss && (
                    <Button size="xs" variant="subtle" onClick={() => link.send({ type: 'bankLink.dismiss' })}>
                      Close
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {roundups ? <Accounts roundups={roundups} link={link} canLink={linking.canStart} /> : <Loader aria-label="Loading accounts" />}
      </Stack>
    </Container>
  );
}

function Accounts({ roundups, link, canLink }: { roundups: RoundupsActor; link: FlowActor<'bankLink'>; canLink: boolean }) {
  const view = useSelector(roundups, roundupsView);
  if (view.loading) return <Loader aria-label="Loading accounts" />;
  return (
    <Stack gap="lg">
      {view.error && (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{view.error.message}</Text>
            <RetryOrClose error={view.error} roundups={roundups} />
          </Group>
        </Alert>
      )}
      {view.accounts.length === 0 && <Text>No bank account is linked yet. Link one and your card purchases in euro start rounding up to the next euro for your pension.</Text>}
      {view.accounts.map((account) => (
        <AccountCard key={account.id} account={account} busy={view.busy} canRenew={canLink} roundups={roundups} onRenew={() => link.send({ type: 'bankLink.start', renew: account.consent.consentId })} />
      ))}
      {view.graph && view.accounts.length > 0 && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Round-ups paid into your pension
            </Title>
            <Suspense fallback={<Loader aria-label="Loading the graph" />}>
              <RoundupsGraph {...view.graph} />
            </Suspense>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function AccountCard({ account, busy, canRenew, roundups, onRenew }: { account: AccountView; busy: boolean; canRenew: boolean; roundups: RoundupsActor; onRenew: () => void }) {
  const titleId = `account-${account.id}`;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title id={titleId} order={2} size="h4">
              {account.bank} · {account.name}
            </Title>
            <Text c="dimmed" size="sm">
              {account.iban} · {account.currency}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="sm" c="dimmed">
              Pending round-ups
            </Text>
            <Text fw={700} fz="lg">
              {account.pendingBalance}
            </Text>
          </div>
        </Group>
        <Group gap="lg">
          <Switch
            label="Round-ups"
            checked={account.roundups}
            disabled={busy}
            onChange={(event) => roundups.send({ type: 'account.update', id: account.id, changes: { roundups: event.currentTarget.checked } })}
          />
          {account.funding ? (
            <Text size="sm" fw={600} c="teal.9">
              Round-ups are collected from this account
            </Text>
          ) : (
            account.canCollectFrom && (
              // Wider than a 360 px phone's card on one line: the label wraps there instead of being cut.
              <Button
                size="xs"
                variant="default"
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                disabled={busy}
                onClick={() => roundups.send({ type: 'account.update', id: account.id, changes: { funding: true } })}
              >
                Collect round-ups from this account
              </Button>
            )
          )}
        </Group>
        <Group gap="sm" justify="space-between">
          <Text size="sm">{account.consent.text}</Text>
          {account.consent.renewVisible && (
            <Button size="xs" disabled={!canRenew} onClick={onRenew}>
              Renew
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Last read {account.lastRead}
          {account.nextRead ? ` · next read ${account.nextRead}` : ''}
        </Text>
        {account.stale && (
          <Alert color="yellow" p="xs">
            These transactions are more than 4 days old: new purchases will show after the next read.
          </Alert>
        )}
        <Title order={3} size="h6">
          Recent transactions
        </Title>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Recent transactions, ${account.bank} ${account.name}`}>
          {account.recent.map((tx) => (
            <Group component="li" key={tx.id} justify="space-between" wrap="nowrap" align="flex-start" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <div style={{ minWidth: 0 }}>
                {/* A booking still pending at the bank says so in its reason. */}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {tx.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {tx.date}
                  {tx.reason ? ` · ${tx.reason}` : ''}
                </Text>
              </div>
              <div style={{ textAlign: 'right', flexShrink: 0 }}>
                <Text size="sm">{tx.amount}</Text>
                {tx.roundup && (
                  <Text size="xs" c={tx.roundupState === 'applied' ? 'teal.9' : 'dimmed'}>
                    +{tx.roundup} {tx.roundupState === 'applied' ? 'paid in' : tx.roundupState === 'declined' ? 'declined' : 'waiting'}
                  </Text>
                )}
              </div>
            </Group>
          ))}
        </Stack>
        {account.olderCount > 0 && (
          <Text size="xs" c="dimmed">
            {account.olderCount} older transactions are not listed here.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
