import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/SemiCircleProgress.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import { Accordion, Alert, Anchor, Box, Button, Container, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ClaimStatusBadge } from '../../components/ClaimStatusBadge.tsx';
import type { ClaimStatus } from '../../../domain/schemas/form11Entry.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { lazy, Suspense } from 'react';
import { overviewView } from '../../../../machines/overview/overview.view.ts';
import { formatEuro, formatMoney } from '../../../domain/money.ts';
import { PensionGauge } from '../../components/PensionGauge.tsx';
import { useDialogPresence } from '../../components/useDialogPresence.ts';
import { useFlow } from '../../flows/useFlow.tsx';

/** An amount is read as one thing: "-€7,460.04" never breaks after its sign on a phone. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

// The dialog (Mantine's Modal) loads when "Get Maxing" is pointed at or pressed, not with the page.
const loadGetMaxingDialog = () => import('./GetMaxingDialog.tsx');
const GetMaxingDialog = lazy(() => loadGetMaxingDialog().then((module) => ({ default: module.GetMaxingDialog })));

/**
 * Overview (/landing): the days left to max out this year, the semicircle gauge of the year's
 * pension over the relief limit with "Get Maxing" (Contribute, Direct debit, Round payment), the
 * tax refund so far (relief on MaxOut contributions plus approved claims, what is pending beside
 * it), and the Taxback credits of the Form 11 claims by year, income declared apart. The figures are the overview machine's view of the signed-in user; nothing is fetched here.
 */
export function OverviewScreen() {
  const overview = useFlow('overview');
  const { year, daysLeft, pension, refund, credits, maxingOpen, directDebit } = useSelector(overview, overviewView);
  const closeMaxing = () => overview.send({ type: 'overview.maxing.close' });
  const maxing = useDialogPresence(maxingOpen);

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          You have {daysLeft} days remaining to MAX OUT for {year}
        </Title>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Paper withBorder p="lg" radius="md">
            <Stack align="center" gap="md">
              <Title order={2} size="h4" style={{ alignSelf: 'flex-start' }}>
                My pension this year
              </Title>
              <PensionGauge current={pension.current} max={pension.limit} />
              <Text size="sm" c="dimmed" ta="center">
                {pension.headroom > 0 ? `${formatMoney(pension.headroom)} left to earn tax relief in ${year}` : 'No room left for tax relief this year'}
              </Text>
              <Button size="md" onPointerEnter={() => void loadGetMaxingDialog()} onFocus={() => void loadGetMaxingDialog()} onClick={() => overview.send({ type: 'overview.maxing.open' })}>
                Get Maxing
              </Button>
            </Stack>
          </Paper>

          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Title order={2} size="h4">
                My Tax Refund so far
              </Title>
              <div>
                <Text fw={700} fz={refund.owes ? 'lg' : 'xl'} c={refund.owes ? 'red.9' : undefined} data-testid="refund-so-far">
                  {refund.headline}
                </Text>
                {refund.pendingNote && (
                  <Text size="sm" data-testid="refund-pending">
                    {refund.pendingNote}
                  </Text>
                )}
              </div>
              <Table variant="vertical" layout="fixed" withRowBorders={false} fz="sm">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w="60%">Relief on your MaxOut contributions this year</Table.Th>
                    <Table.Td ta="right">{formatEuro(refund.pensionRelief, { keepZeroDecimals: true })}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Form 11 refunds approved</Table.Th>
                    <Table.Td ta="right">{formatEuro(refund.approved, { keepZeroDecimals: true })}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Progress.Root size="xl" radius="xl">
                <Progress.Section
                  value={refund.share}
                  aria-label="Relief on your MaxOut contributions"
                  aria-valuetext={`${formatMoney(refund.pensionRelief)} of ${formatMoney(refund.pensionReliefMax)}`}
                />
              </Progress.Root>
              <Text size="sm" c="dimmed">
                {refund.pensionReliefMax > refund.pensionRelief
                  ? `Contribute up to your limit and your relief this year reaches ${formatEuro(refund.pensionReliefMax, { keepZeroDecimals: true })}. Pension paid through payroll is relieved at source, so it is not counted here.`
                  : 'Your MaxOut contributions earn all the relief your limit allows this year.'}
              </Text>
              <Button component={Link} to="/tax-refund-options" variant="outline">
                Tax Refund Options
              </Button>
              <Anchor component={Link} to="/pension-refund" fz="sm">
                Paid into a pension outside payroll in an earlier year? Claim its relief
              </Anchor>
            </Stack>
          </Paper>
        </SimpleGrid>

        {directDebit && (
          <Paper withBorder p="lg" radius="md" role="region" aria-label="Direct debit">
            <Stack gap="xs">
              <Title order={2} size="h4">
                Direct debit
              </Title>
              <Text>{directDebit.summary}</Text>
              <Text fw={600}>{directDebit.next}</Text>
              <Text size="sm">{directDebit.remaining}</Text>
              {directDebit.paused && (
                <Alert color="blue" variant="light" role="status">
                  <Text size="sm">{directDebit.paused}</Text>
                </Alert>
              )}
              {directDebit.warning && (
                <Alert color="yellow" variant="light" title="Over your relief limit" styles={{ title: { color: "var(--mantine-color-black)" } }}>
                  <Text size="sm">{directDebit.warning}</Text>
                </Alert>
              )}
              <ErrorAlert message={directDebit.pauseError} title="Your direct debit was not paused" />
              <Group>
                {directDebit.warning && (
                  <Button onClick={() => overview.send({ type: 'overview.pause' })} loading={directDebit.pausing} disabled={!directDebit.canPause}>
                    Pause the direct debit
                  </Button>
                )}
                <Button component={Link} to="/direct-debit" variant={directDebit.warning ? 'default' : 'outline'}>
                  Change or cancel it
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}

        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            Taxback credits
          </Title>
          {credits.length === 0 ? (
            <Stack gap="sm" align="flex-start">
              <Text c="dimmed">No tax refund claims yet. Answer the questionnaire to find the credits and reliefs you can claim.</Text>
              <Button component={Link} to="/tax-refund-questions">
                Answer the questionnaire
              </Button>
            </Stack>
          ) : (
            <Accordion variant="separated" multiple defaultValue={credits[0] ? [String(credits[0].year)] : []}>
              {credits.map((year) => (
                <Accordion.Item key={year.year} value={String(year.year)}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Text fw={700}>{year.year}</Text>
                      <ClaimStatusBadge status={year.status} />
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {year.assessment ? (
                      <Text size="sm" c="dimmed" mb="xs">
                        {year.assessment}
                      </Text>
                    ) : null}
                    {/* From xs up a Status column; on a phone the badge goes under the line's title, as
                        the three columns are wider than the card there. No cell spans the Status
                        column, so hiding it never moves an amount out of its column. */}
                    <Table>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Credit or relief</Table.Th>
                          <Table.Th visibleFrom="xs">Status</Table.Th>
                          <Table.Th ta="right">Amount</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {year.categories.map((line) => (
                          <Table.Tr key={line.category}>
                            <Table.Td>
                              {line.title}
                              {line.note ? (
                                <Text size="xs" c="dimmed">
                                  {line.note}
                                </Text>
                              ) : null}
                              <StatusUnderTitle status={line.status} />
                            </Table.Td>
                            <Table.Td visibleFrom="xs">
                              <ClaimStatusBadge status={line.status} size="sm" />
                            </Table.Td>
                            <Table.Td ta="right" style={NO_WRAP}>
                              {formatMoney(line.amount)}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                      {year.income.length > 0 && (
                        <Table.Tbody>
                          <Table.Tr>
                            {/* A heading row with no amount: spanning every column moves nothing on a phone. */}
                            <Table.Th colSpan={3}>Income you declared (tax due)</Table.Th>
                          </Table.Tr>
                          {year.income.map((line) => (
                            <Table.Tr key={line.category}>
                              <Table.Td>
                                {line.title}
                                <StatusUnderTitle status={line.status} />
                              </Table.Td>
                              <Table.Td visibleFrom="xs">
                                <ClaimStatusBadge status={line.status} size="sm" />
                              </Table.Td>
                              <Table.Td ta="right" style={NO_WRAP}>
                                {formatMoney(line.amount)}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      )}
                      <Table.Tfoot>
                        <Table.Tr>
                          <Table.Th>Estimated for {year.year}</Table.Th>
                          <Table.Td visibleFrom="xs" />
                          <Table.Th ta="right" style={NO_WRAP}>
                            {formatMoney(year.estimated)}
                          </Table.Th>
                        </Table.Tr>
                        <Table.Tr>
                          <Table.Th>Total approved</Table.Th>
                          <Table.Td visibleFrom="xs" />
                          <Table.Th ta="right" style={NO_WRAP}>
                            {formatMoney(year.totalApproved)}
                          </Table.Th>
                        </Table.Tr>
                      </Table.Tfoot>
                    </Table>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </Paper>
      </Stack>

      {maxing.mounted ? (
        <Suspense fallback={null}>
          <GetMaxingDialog headroom={pension.headroom} onClose={closeMaxing} presence={maxing} />
        </Suspense>
      ) : null}
    </Container>
  );
}

/** A line's status under its title, on a phone only (the Status column shows it from xs up). */
function StatusUnderTitle({ status }: { status: ClaimStatus }) {
  return (
    <Box hiddenFrom="xs" mt={4}>
      <ClaimStatusBadge status={status} size="sm" />
    </Box>
  );
}
