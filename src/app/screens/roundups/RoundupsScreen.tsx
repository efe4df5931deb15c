import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/SemiCircleProgress.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { type RoundupSettingsFormValues, type RoundupSettingsView, type RoundupsView, roundupsView } from '../../../../machines/roundups/roundups.view.ts';
import { useRoundupsActor } from '../../actors.tsx';
import { DateTextInput } from '../../components/DateTextInput.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { PensionGauge } from '../../components/PensionGauge.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { RetryOrClose } from './RetryOrClose.tsx';

/** An amount or a date is read as one thing: never broken over two lines on a phone. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type RoundupsActor = NonNullable<ReturnType<typeof useRoundupsActor>>;

/**
 * /roundups: the pending round-ups with their purchases, Confirm and Decline at any amount, this
 * year's pension gauge (it rises when a Confirm is paid), "No surprise debits" (weekly cap,
 * minimum balance, pause), and what became of earlier round-ups by date. A view of the session's
 * round-ups actor (a child of auth), like the daily prompt.
 */
export function RoundupsScreen() {
  const roundups = useRoundupsActor();
  return <Container size="md" py="lg">{roundups ? <Roundups roundups={roundups} /> : <Loader aria-label="Loading" />}</Container>;
}

function Roundups({ roundups }: { roundups: RoundupsActor }) {
  const view = useSelector(roundups, roundupsView);
  const { page } = view;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Round-ups
      </Title>
      {/* First, not below the limits: without a linked account nothing on this page can happen yet. */}
      {!view.loading && view.accounts.length === 0 && (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>No bank account is linked yet. Link one and your card purchases in euro start rounding up to the next euro for your pension.</Text>
            <Button component={Link} to="/linked-bank-accounts">
              Link an account
            </Button>
          </Stack>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Waiting to go to your pension
            </Title>
            <Text fz={28} fw={700} data-testid="roundups-pending-amount">
              {page.amount}
            </Text>
            <Text c="dimmed">
              {page.count === 0 ? 'No round-ups are waiting.' : `${page.count === 1 ? '1 purchase' : `${page.count} purchases`} rounded up${page.relief ? `, earning ${page.relief}` : ''}.`}
            </Text>
            {page.limitNote && <Text size="sm">{page.limitNote}</Text>}
            {view.settings?.cap && (
              <Text size="sm" data-testid="roundups-cap-note">
                {view.settings.cap.text}
              </Text>
            )}
            {view.settings?.paused && <Text size="sm">{view.settings.pauseText}: purchases in the pause do not round up.</Text>}
            {/* Nothing waiting, nothing to confirm or decline: no buttons that can never be pressed. */}
            {page.count > 0 && (
              <Group gap="sm">
                <Button disabled={!page.confirmEnabled} loading={view.busy} onClick={() => roundups.send({ type: 'roundups.confirm', key: crypto.randomUUID(), at: Date.now() })}>
                  Confirm
                </Button>
                <Button variant="default" disabled={!page.declineEnabled} onClick={() => roundups.send({ type: 'roundups.decline', at: Date.now() })}>
                  Decline
                </Button>
              </Group>
            )}
            {view.notice && (
              <Alert color="teal" role="status">
                {view.notice}
              </Alert>
            )}
            {view.error && view.error.about !== 'saveSettings' && <FailureAlert error={view.error} roundups={roundups} />}
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" gap="sm">
            <Title order={2} size="h4" style={{ alignSelf: 'flex-start' }}>
              My pension this year
            </Title>
            <PensionGauge current={view.pension.current} max={view.pension.limit} />
          </Stack>
        </Paper>
      </SimpleGrid>

      {view.settings && <NoSurpriseDebits settings={view.settings} error={view.error?.about === 'saveSettings' ? view.error : null} roundups={roundups} />}

      {view.loading && <Loader aria-label="Loading round-ups" />}

      {view.pending.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Pending round-ups
          </Title>
          {/* Four columns from xs up; on a phone two, the date and the purchase's amount under the
              purchase, so everything shows without scrolling sideways. Hidden cells are display:none,
              out of the table a screen reader reads too. */}
          <Table striped aria-label="Pending round-ups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th visibleFrom="xs">Date</Table.Th>
                <Table.Th>Purchase</Table.Th>
                <Table.Th ta="right" visibleFrom="xs">
                  Amount
                </Table.Th>
                <Table.Th ta="right" style={NO_WRAP}>
                  Round-up
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.pending.map((tx) => (
                <Table.Tr key={tx.id}>
                  <Table.Td visibleFrom="xs" style={NO_WRAP}>
                    {tx.date}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {tx.description}
                    <Text size="xs" c="dimmed" hiddenFrom="xs">
                      <span style={NO_WRAP}>{tx.amount}</span> on <span style={NO_WRAP}>{tx.date}</span>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {tx.account}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="xs" style={NO_WRAP}>
                    {tx.amount}
                  </Table.Td>
                  <Table.Td ta="right" style={NO_WRAP}>
                    {tx.roundup}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}

      {view.history.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Earlier round-ups
          </Title>
          {view.history.map((day) => (
            <Stack key={day.date} gap={4}>
              <Text fw={600}>{day.date}</Text>
              {day.items.map((tx) => (
                <Group key={tx.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">{tx.description}</Text>
                  <Text size="sm" c={tx.roundupState === 'applied' ? 'teal.9' : 'dimmed'}>
                    {tx.roundup} {tx.roundupState === 'applied' ? 'paid in' : 'declined'}
                  </Text>
                </Group>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function FailureAlert({ error, roundups }: { error: NonNullable<RoundupsView['error']>; roundups: RoundupsActor }) {
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        <RetryOrClose error={error} roundups={roundups} />
      </Stack>
    </Alert>
  );
}

/**
 * "No surprise debits": what is set now, and the form to change it. Saved settings that change
 * (a save, Resume) start the form again from them (`key`).
 */
function NoSurpriseDebits({ settings, error, roundups }: { settings: RoundupSettingsView; error: RoundupsView['error']; roundups: RoundupsActor }) {
  return (
    <Paper component="section" aria-labelledby="no-surprise-debits" withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title id="no-surprise-debits" order={2} size="h4">
          No surprise debits
        </Title>
        <Stack component="ul" gap={2} m={0} pl="md" data-testid="roundups-settings-summary">
          <Text component="li" size="sm">
            {settings.capText}
          </Text>
          <Text component="li" size="sm">
            {settings.floorText}
          </Text>
          <Text component="li" size="sm">
            {settings.pauseText}
          </Text>
        </Stack>
        {error && <FailureAlert error={error} roundups={roundups} />}
        <SettingsForm key={settings.form.key} settings={settings} roundups={roundups} />
      </Stack>
    </Paper>
  );
}

function SettingsForm({ settings, roundups }: { settings: RoundupSettingsView; roundups: RoundupsActor }) {
  const shape = settings.form;
  const form = useForm<RoundupSettingsFormValues>({ mode: 'controlled', initialValues: shape.initialValues, validate: shape.validate, validateInputOnBlur: true });
  useServerErrors(form, settings.fieldErrors);
  const submit = form.onSubmit((values) => {
    const changes = shape.toRequest(values);
    if (changes) roundups.send({ type: 'settings.save', changes });
  });
  return (
    <form noValidate onSubmit={submit} aria-label="No surprise debits">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyInput label="Weekly cap" description="Round-ups beyond it wait for next week. Leave empty for no cap." {...form.getInputProps('weekly_cap')} />
          <MoneyInput
            label="Minimum balance"
            description="Nothing is collected if it would take the account you collect from below this. Leave empty for none."
            {...form.getInputProps('balance_floor')}
          />
        </SimpleGrid>
        <DateTextInput
          label="Pause round-ups until"
          description={`Purchases up to this day do not round up; at most 90 days, until ${shape.latestPause}. Leave empty to keep round-ups on.`}
          {...form.getInputProps('paused_until')}
          onChange={(value) => form.setFieldValue('paused_until', value)}
        />
        <Group gap="sm">
          <Button type="submit" disabled={!settings.canSave} loading={settings.saving}>
            Save limits
          </Button>
          {settings.paused && (
            <Button variant="default" disabled={!settings.canSave} onClick={() => roundups.send({ type: 'settings.save', changes: { paused_until: null } })}>
              Resume round-ups now
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
