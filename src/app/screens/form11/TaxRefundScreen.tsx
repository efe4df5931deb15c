import './styles.ts';
import { Accordion, Alert, Button, Checkbox, Container, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { form11FlowView } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { ADVANCED_OPTION_GROUPS, INCOME_SELECTION_ROUTE, QUESTIONS } from '../../../domain/catalogue.ts';
import type { ClaimStatus } from '../../../domain/schemas/form11Entry.ts';
import { useSessionFlow } from '../../flows/useFlow.tsx';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { LoadingView } from '../../layout/LoadingView.tsx';
import { ReplaceClaimDialog } from './ReplaceClaimDialog.tsx';
import { useTaxpayer } from './useTaxpayer.ts';
import { TAX_REFUND_DESCRIPTION, TAX_REFUND_TITLE } from '../../layout/screenHeadings.ts';

/** Spec section 5, Tax Refund page. */
export const SELECT_AT_LEAST_ONE = 'Please select at least one option to continue';

const STATUS_WORDS: Readonly<Record<ClaimStatus, string>> = { pending: 'claim pending', approved: 'claim approved', rejected: 'claim rejected' };

/**
 * The Tax Refund page (/tax-refund-questions): which year the claim is for, the questionnaire,
 * "Continue previous application" while a claim is unfinished, and "For Advanced Use" to pick
 * the pages directly. One claim is in flight at a time: the guided flow asks before replacing it.
 */
export function TaxRefundScreen() {
  const flow = useSessionFlow('form11Flow');
  if (!flow) return <LoadingView />;
  return <TaxRefund flow={flow} />;
}

function TaxRefund({ flow }: { flow: FlowActor<'form11Flow'> }) {
  const navigate = useNavigate();
  const view = useSelector(flow, form11FlowView);
  const taxpayer = useTaxpayer();
  const advanced = useForm<{ selection: string[] }>({
    mode: 'controlled',
    initialValues: { selection: [] },
    validate: { selection: (selection) => (selection.length === 0 ? SELECT_AT_LEAST_ONE : null) },
  });
  const year = view.claimYear;

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {TAX_REFUND_TITLE}
          </Title>
          <Text c="dimmed">{TAX_REFUND_DESCRIPTION}</Text>
        </Stack>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Radio.Group
            label="Which tax year is this claim for?"
            description="Revenue accepts claims for the previous four years. You can make one claim per year."
            value={String(year)}
            onChange={(value) => flow.send({ type: 'year.choose', year: Number(value) })}
          >
            <Group gap="lg" mt="sm">
              {view.yearChoices.map((y) => {
                const status = taxpayer.claimStatus(y);
                return <Radio key={y} value={String(y)} label={status ? `${y} (${STATUS_WORDS[status]})` : String(y)} />;
              })}
            </Group>
          </Radio.Group>
          {taxpayer.claimStatus(year) ? (
            <Text fz="sm" mt="sm">
              You already sent a claim for {year}. Anything you add now is merged into it.
            </Text>
          ) : null}
        </Paper>

        {view.unfinished ? (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="sm">
              <Text fw={600}>You have an unfinished claim for {view.unfinished.year}</Text>
              <Text fz="sm" c="dimmed">
                You stopped at page {view.unfinished.position.number} of {view.unfinished.position.total}. Your answers are kept on this device.
              </Text>
              <Group>
                <Button disabled={!view.canResume} onClick={() => flow.send({ type: 'flow.resume' })}>
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
              Answer {QUESTIONS.length} short yes/no questions; we then take you through the forms that apply to you.
            </Text>
            <Group>
              <Button onClick={() => flow.send({ type: 'questionnaire.open' })}>Questionnaire</Button>
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
              <form noValidate onSubmit={advanced.onSubmit(({ selection }) => flow.send({ type: 'flow.start', selection }))}>
                <Stack gap="lg">
                  <Text fz="sm" c="dimmed">
                    Already know what you want to claim? Tick it and go straight to its form.
                  </Text>
                  <Checkbox.Group value={advanced.getValues().selection} onChange={(selection) => advanced.setFieldValue('selection', selection)}>
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
                  {advanced.errors.selection ? (
                    <Alert color="red" variant="outline" role="alert">
                      {advanced.errors.selection}
                    </Alert>
                  ) : null}
                  <Group justify="flex-end">
                    <Button type="submit">Continue</Button>
                  </Group>
                </Stack>
              </form>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>

      <ReplaceClaimDialog flow={flow} view={view} />
    </Container>
  );
}
