import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/PasswordInput.css';
import { Alert, Button, Center, Container, Group, Loader, Paper, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import * as v from 'valibot';
import type { ContributionMode } from '../../../../machines/contribution/contribution.types.ts';
import { contributionView, type ContributionFormValues, type ContributionView } from '../../../../machines/contribution/contribution.view.ts';
import { formatMoney } from '../../../domain/money.ts';
import { passwordField } from '../../../domain/schemas/fields.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ResendLink } from '../../layout/VerifyEmailBanner.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { RadioFieldset } from '../../components/RadioFieldset.tsx';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { PendingPayments } from './PendingPayments.tsx';

export interface ContributionFlowProps {
  title: string;
  intro: string;
  /**
   * `contribute`: any amount, this year or (until 31 October) last year. `roundPayment`: this
   * year only, the room left as one payment or a round amount below it.
   */
  mode: ContributionMode;
  /** An amount to start the form with (the refund to reinvest), euro. */
  suggestedAmount?: number | undefined;
  /** The tax year and source of a draft a reload kept. */
  suggestedYear?: number | undefined;
  suggestedSource?: string | undefined;
}

/** A one-off contribution from choice to confirmation (the contribution machine), for /contribute and /round-payment. */
export function ContributionFlow({ title, intro, mode, suggestedAmount, suggestedYear, suggestedSource }: ContributionFlowProps) {
  const flow = useFlow('contribution', { mode, suggestedAmount, suggestedYear, suggestedSource });
  const view = useSelector(flow, contributionView);

  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          {title}
        </Title>
        <Text c="dimmed" mb="lg">
          {intro}
        </Text>
        {view.step === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : view.step === 'loadFailed' ? (
          <LoadFailed error={view.error} onRetry={() => flow.send({ type: 'contribution.reload' })} />
        ) : view.form ? (
          <ContributionForm form={view.form} view={view} flow={flow} />
        ) : view.done ? (
          <Stack>
            <Alert color="teal" variant="outline" role="status" title="Payment made">
              {formatMoney(view.done.amount)} from {view.done.source} is in your pension for {view.done.taxYear}.
              {view.done.relief !== undefined ? ` It earns ${formatMoney(view.done.relief)} in tax relief.` : ''}
            </Alert>
            <Group>
              <Button component={Link} to="/landing">
                Back to Overview
              </Button>
            </Group>
          </Stack>
        ) : view.review ? (
          <Stack>
            {view.step === 'failed' ? (
              <Alert color="red" role="alert" title="We could not confirm your payment">
                {view.error} Trying again cannot pay twice.
              </Alert>
            ) : null}
            {view.step === 'declined' ? (
              <Alert color="red" role="alert" title="Payment declined">
                {view.error}
              </Alert>
            ) : null}
            {view.askingIdentity ? <StepUpForm flow={flow} view={view} /> : null}
            <Table aria-label="Your payment" variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>Amount</Table.Th>
                  <Table.Td>{formatMoney(view.review.amount)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>From</Table.Th>
                  <Table.Td>{view.review.sourceLabel}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Counts for tax year</Table.Th>
                  <Table.Td>{view.review.taxYear}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Tax relief it earns</Table.Th>
                  <Table.Td fw={700}>{formatMoney(view.review.relief)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {view.review.withoutRelief > 0 ? (
              <Alert color="yellow" variant="outline" title="Part of this payment earns no tax relief" data-testid="review-without-relief">
                {formatMoney(view.review.withoutRelief)} of it is above the room left for tax relief in {view.review.taxYear}. It still goes into
                your pension, but earns no relief. Change the amount to pay only what earns relief.
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => flow.send({ type: 'contribution.edit' })} disabled={!view.canEdit || view.busy}>
                Change
              </Button>
              {view.step === 'failed' ? (
                <Button onClick={() => flow.send({ type: 'contribution.retry' })} disabled={!view.canRetry}>
                  Try again
                </Button>
              ) : view.step !== 'declined' && !view.askingIdentity ? (
                <Button onClick={() => flow.send({ type: 'contribution.confirm' })} loading={view.busy} disabled={!view.canConfirm}>
                  Confirm payment
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}
      </Paper>
    </Container>
  );
}

const StepUpFields = v.object({ password: passwordField });

/** A large payment: the password again, then the same payment is confirmed (the machine keeps its key). */
function StepUpForm({ flow, view }: { flow: FlowActor<'contribution'>; view: ContributionView }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' }, validate: schemaResolver(StepUpFields, { sync: true }) });
  useServerErrors(form, view.fieldErrors);
  return (
    <form
      noValidate
      aria-label="Confirm it is you"
      onSubmit={form.onSubmit((values) => {
        const parsed = v.safeParse(StepUpFields, values);
        if (parsed.success) flow.send({ type: 'contribution.stepUp', proof: { password: parsed.output.password } });
      })}
    >
      <Stack>
        <Alert color="blue" variant="outline" title="Please confirm it is you">
          For a payment of this size we ask for your password again. Nothing has been paid yet.
        </Alert>
        {view.error ? (
          <Text c="red" fz="sm" role="alert">
            {view.error}
          </Text>
        ) : null}
        <PasswordInput label="Your password" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Button type="submit" loading={view.busy} disabled={!view.canStepUp}>
            Confirm and pay
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ContributionFormProps {
  form: NonNullable<ContributionView['form']>;
  view: ContributionView;
  flow: FlowActor<'contribution'>;
}

function ContributionForm({ form: shape, view, flow }: ContributionFormProps) {
  const { thisYear, roundChoices, schema } = shape;
  const form = useForm<ContributionFormValues>({
    mode: 'controlled',
    initialValues: shape.initialValues,
    validate: (values) => schemaResolver(schema, { sync: true })({ ...values, tax_year: Number(values.tax_year) }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);

  const values = form.getValues();
  const preview = view.preview(values);

  if (shape.maxedOut) {
    return (
      <Stack>
        <Alert color="teal" variant="outline" role="status">
          {shape.directDebit
            ? `Your direct debit's collections still to come fill the room left for tax relief in ${thisYear}. Nothing more to top up.`
            : `You have already reached the most that earns tax relief in ${thisYear}. Nothing more to top up.`}
        </Alert>
        {shape.directDebit ? <Text size="sm">{shape.directDebit.note}</Text> : null}
        <Group>
          <Button component={Link} to="/landing">
            Back to Overview
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = form.onSubmit((raw) => {
    const parsed = v.safeParse(schema, { ...raw, tax_year: Number(raw.tax_year) });
    // A reviewed draft gets a fresh idempotency key: every retry of its confirmation reuses it.
    if (parsed.success) flow.send({ type: 'contribution.review', draft: parsed.output, key: crypto.randomUUID() });
  });

  return (
    <form noValidate onSubmit={submit} aria-label={view.mode === 'roundPayment' ? 'Round payment' : 'Contribution'}>
      <Stack>
        <ErrorAlert message={view.error} />
        {view.offerNewLink ? (
          <Group>
            <ResendLink />
          </Group>
        ) : null}
        <PendingPayments pending={shape.pending} />
        {roundChoices ? (
          <RadioFieldset
            label="How much to pay in"
            description={
              shape.directDebit
                ? `${shape.directDebit.note} The room left to top up in ${thisYear} is ${formatMoney(roundChoices.exact)}.`
                : `The room left for tax relief in ${thisYear} is ${formatMoney(roundChoices.exact)}.`
            }
            name="amount"
            options={[
              { value: String(roundChoices.exact), label: `${formatMoney(roundChoices.exact)}: everything left, to max out` },
              ...roundChoices.rounded.map((value) => ({ value: String(value), label: `${formatMoney(value)}: a round amount` })),
            ]}
            defaultValue={String(values.amount)}
            error={form.errors.amount}
            onChange={(value) => form.setFieldValue('amount', Number(value))}
          />
        ) : (
          <MoneyInput
            label="Amount"
            description={`Room left for tax relief in ${preview.year}: ${formatMoney(preview.headroom)}`}
            required
            {...form.getInputProps('amount')}
          />
        )}
        {shape.yearChoices ? (
          <RadioFieldset
            label="Tax year it counts for"
            description="A payment made by 31 October can count for the previous tax year."
            name="tax_year"
            inline
            options={shape.yearChoices}
            defaultValue={values.tax_year}
            error={form.errors.tax_year}
            onChange={(value) => form.setFieldValue('tax_year', value)}
          />
        ) : null}
        <RadioFieldset
          label="Pay from"
          name="source"
          options={shape.sources}
          defaultValue={values.source}
          error={form.errors.source}
          onChange={(value) => form.setFieldValue('source', value)}
        />
        <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" role="region" aria-label="Tax relief" aria-live="polite">
          <Text size="sm" c="dimmed">
            Tax relief this payment earns
          </Text>
          <Text fw={700} fz="lg" data-testid="relief-preview">
            {formatMoney(preview.relief)}
          </Text>
          {preview.overLimit ? (
            <Text size="sm" c="dimmed">
              Only the first {formatMoney(preview.headroom)} earns relief in {preview.year}.
            </Text>
          ) : null}
        </Paper>
        <Group justify="flex-end">
          <Button type="submit">Review payment</Button>
        </Group>
      </Stack>
    </form>
  );
}
