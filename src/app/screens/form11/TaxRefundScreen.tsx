import './styles.ts';
import { Accordion, Alert, Button, Checkbox, Container, Group, Modal, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { selectCanResume, selectSavedProgressYear, selectStepPosition } from '../../../../machines/form11Flow/form11Flow.selectors.ts';
import { ADVANCED_OPTION_GROUPS, INCOME_SELECTION_ROUTE } from '../../../domain/catalogue.ts';
import { calendarDay } from '../../../domain/dates.ts';
import type { ClaimStatus } from '../../../domain/schemas/form11Entry.ts';
import { defaultClaimYear, openClaimYears } from '../../../domain/tax/claimYears.ts';
import { useSessionFlow } from '../../flows/useFlow.tsx';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { LoadingView } from '../../layout/LoadingView.tsx';
import { useUser } from './useTaxProfile.ts';

/** Spec section 5, Tax Refund page. */
export const SELECT_AT_LEAST_ONE = 'Please select at least one option to continue';

const STATUS_WORDS: Readonly<Record<ClaimStatus, string>> = { pending: 'claim pending', approved: 'claim approved', rejected: 'claim rejected' };

/** What starting anew would replace, asked before the flow in flight is discarded. */
type Pending = { kind: 'questionnaire' } | { kind: 'advanced'; selection: string[] };

/**
 * The Tax Refund page (/tax-refund-questions): which year the claim is for, the questionnaire,
 * "Continue previous application" while a claim is unfinished, and "For Advanced Use" to pick
 * the pages directly. One claim is in flight at a time: starting another asks first.
 */
export function TaxRefundScreen() {
  const flow = useSessionFlow('form11Flow');
  if (!flow) return <LoadingView />;
  return <TaxRefund flow={flow} />;
}

function TaxRefund({ flow }: { flow: FlowActor<'form11Flow'> }) {
  const navigate = useNavigate();
  const user = useUser();
  const today = useMemo(() => calendarDay(new Date()), []);
  const years = useMemo(() => [...openClaimYears(today).pastYears].reverse(), [today]);
  const [year, setYear] = useState(() => defaultClaimYear(today));
  const [selection, setSelection] = useState<string[]>([]);
  const [selectionError, setSelectionError] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const savedYear = useSelector(flow, selectSavedProgressYear);
  const position = useSelector(flow, selectStepPosition);
  const canResume = useSelector(flow, selectCanResume);

  const statusOf = (y: number) => user?.form11.find((entry) => entry.year === y)?.status ?? null;

  const go = (what: Pending, replace: boolean) => {
    if (what.kind === 'questionnaire') void navigate({ to: '/form11-questionnaire', search: { year } });
    else flow.send({ type: 'flow.start', selection: what.selection, year, fromQuestionnaire: true, replace });
  };
  const request = (what: Pending) => {
    if (savedYear === null) go(what, false);
    else setPending(what);
  };
  const continueAdvanced = () => {
    if (selection.length === 0) {
      setSelectionError(true);
      return;
    }
    request({ kind: 'advanced', selection });
  };

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Tax Refund
          </Title>
          <Text c="dimmed">Claim back tax on what you paid for health, home, family and work, for any of the last four years.</Text>
        </Stack>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Radio.Group
            label="Which tax year is this claim for?"
            description="Revenue accepts claims for the previous four years. You can make one claim per year."
            value={String(year)}
            onChange={(value) => setYear(Number(value))}
          >
            <Group gap="lg" mt="sm">
              {years.map((y) => {
                const status = statusOf(y);
                return <Radio key={y} value={String(y)} label={status ? `${y} (${STATUS_WORDS[status]})` : String(y)} />;
              })}
            </Group>
          </Radio.Group>
          {statusOf(year) ? (
            <Text fz="sm" mt="sm">
              You already sent a claim for {year}. Anything you add now is merged into it.
            </Text>
          ) : null}
        </Paper>

        {savedYear !== null ? (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="sm">
              <Text fw={600}>You have an unfinished claim for {savedYear}</Text>
              {position ? (
                <Text fz="sm" c="dimmed">
                  You stopped at page {position.number} of {position.total}. Your answers are kept on this device.
                </Text>
              ) : null}
              <Group>
                <Button disabled={!canResume} onClick={() => flow.send({ type: 'flow.resume' })}>
                  Continue previous application
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : null}

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="sm">
            <Text fw={600}>Find what you can claim</Text>
            <Text fz="sm" c="dimmed">
              Answer 27 short yes/no questions; we then take you through the forms that apply to you.
            </Text>
            <Group>
              <Button onClick={() => request({ kind: 'questionnaire' })}>Questionnaire</Button>
              <Button variant="outline" onClick={() => void navigate({ to: INCOME_SELECTION_ROUTE, search: { year } })}>
                Declare other income
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Accordion variant="separated" radius="md">
          <Accordion.Item value="advanced">
            <Accordion.Control>For Advanced Use</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="lg">
                <Text fz="sm" c="dimmed">
                  Already know what you want to claim? Tick it and go straight to its form.
                </Text>
                <Checkbox.Group
                  value={selection}
                  onChange={(value) => {
                    setSelection(value);
                    if (value.length > 0) setSelectionError(false);
                  }}
                >
                  <Stack gap="lg">
                    {ADVANCED_OPTION_GROUPS.map((group) => (
                      <fieldset key={group.id} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                        <Text component="legend" fw={700} mb="xs">
                          {group.title}
                        </Text>
                        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                          {group.options.map((option) => (
                            <Checkbox key={option.id} value={option.id} label={option.label} />
                          ))}
                        </SimpleGrid>
                      </fieldset>
                    ))}
                  </Stack>
                </Checkbox.Group>
                {selectionError ? (
                  <Alert color="red" variant="outline" role="alert">
                    {SELECT_AT_LEAST_ONE}
                  </Alert>
                ) : null}
                <Group justify="flex-end">
                  <Button onClick={continueAdvanced}>Continue</Button>
                </Group>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>

      <Modal opened={pending !== null} onClose={() => setPending(null)} title={`Start a new claim for ${year}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>
            Your unfinished claim for {savedYear} will be discarded. To finish it first, choose Continue previous application instead.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Keep my unfinished claim
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (pending) go(pending, true);
                setPending(null);
              }}
            >
              Start a new claim
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
