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
import { LoadFailed } from './LoadFailed.tsx';
import { PendingPayments } from './PendingPayments.tsx';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { selectUser } from '../../../../machines/auth/auth.selectors.ts';
import {
  selectCanConfirm,
  selectCanRetry,
  selectDraft,
  selectErrorMessage,
  selectFieldErrors,
  selectIsBusy,
  selectOptions,
  selectResult,
  selectStep,
} from '../../../../machines/contribution/contribution.selectors.ts';
import type { ContributionOptions } from '../../../../machines/contribution/contribution.types.ts';
import { type Dayjs, calendarDay } from '../../../domain/dates.ts';
import { formatEuro } from '../../../domain/money.ts';
import { contributionRelief, pensionProgress, pensionUserForYear } from '../../../domain/pension.ts';
import { passwordField } from '../../../domain/schemas/fields.ts';
import { type ContributionRequest, contributionRequestSchema } from '../../../domain/schemas/pension.ts';
import type { User } from '../../../domain/schemas/user.ts';
import { reliefDayFor, roundPaymentOptions } from '../../../domain/taxYear.ts';
import { useAuthActor } from '../../actors.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { RadioFieldset } from '../../components/RadioFieldset.tsx';
import { createContributionLogic, newIdempotencyKey } from '../../effects/pensionEffects.ts';
import { useAccountDeps } from '../../useAccountDeps.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** The year's figures for a payment counted in `year`: the room left and the relief `amount` earns. */
function yearFigures(user: User | null, options: ContributionOptions | null, year: number, amount: number, today: Dayjs) {
  if (!user || !options) return { headroom: 0, relief: 0 };
  const yearUser = pensionUserForYear(user, year, options.contributed[String(year)] ?? 0, today);
  const day = reliefDayFor(year, today);
  return { headroom: pensionProgress(yearUser, day).headroom, relief: contributionRelief(yearUser, amount, day) };
}

interface FormValues {
  amount: number | '';
  tax_year: string;
  source: string;
}

export interface ContributionFlowProps {
  title: string;
  intro: string;
  /**
   * `contribute`: any amount, this year or (until 31 October) last year. `roundPayment`: this
   * year only, the room left as one payment or a round amount below it.
   */
  mode: 'contribute' | 'roundPayment';
}

/** A one-off contribution from choice to confirmation (the contribution machine), for /contribute and /round-payment. */
export function ContributionFlow({ title, intro, mode }: ContributionFlowProps) {
  const user = useSelector(useAuthActor(), selectUser);
  const deps = useAccountDeps();
  const logic = useMemo(() => createContributionLogic(deps), [deps]);
  const flow = useActorRef(logic);
  const step = useSelector(flow, selectStep);
  const options = useSelector(flow, selectOptions);
  const draft = useSelector(flow, selectDraft);
  const result = useSelector(flow, selectResult);
  const busy = useSelector(flow, selectIsBusy);
  const canConfirm = useSelector(flow, selectCanConfirm);
  const canRetry = useSelector(flow, selectCanRetry);
  const error = useSelector(flow, selectErrorMessage);
  const serverFieldErrors = useSelector(flow, selectFieldErrors);
  const today = calendarDay(new Date());

  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          {title}
        </Title>
        <Text c="dimmed" mb="lg">
          {intro}
        </Text>
        {step === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : step === 'loadFailed' ? (
          <LoadFailed error={error} onRetry={() => flow.send({ type: 'contribution.reload' })} />
        ) : step === 'editing' && options ? (
          <ContributionForm
            mode={mode}
            user={user}
            options={options}
            today={today}
            draft={draft}
            error={error}
            serverFieldErrors={serverFieldErrors}
            onReview={(next) => flow.send({ type: 'contribution.review', draft: next, key: newIdempotencyKey() })}
          />
        ) : step === 'done' && result ? (
          <Stack>
            <Alert color="teal" variant="outline" role="status" title="Payment made">
              {formatEuro(result.contribution.amount)} from {result.contribution.source} is in your pension for {result.contribution.tax_year}.
              {result.relief !== undefined ? ` It earns ${formatEuro(result.relief)} in tax relief.` : ''}
            </Alert>
            <Group>
              <Button component={Link} to="/landing">
                Back to Overview
              </Button>
            </Group>
          </Stack>
        ) : draft && options ? (
          <Stack>
            {step === 'failed' ? (
              <Alert color="red" role="alert" title="We could not confirm your payment">
                {error} Trying again cannot pay twice.
              </Alert>
            ) : null}
            {step === 'declined' ? (
              <Alert color="red" role="alert" title="Payment declined">
                {error}
              </Alert>
            ) : null}
            {step === 'confirmingIdentity' || step === 'steppingUp' ? <StepUpForm flow={flow} error={error} busy={busy} /> : null}
            <Table aria-label="Your payment" variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>Amount</Table.Th>
                  <Table.Td>{formatEuro(draft.amount)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>From</Table.Th>
                  <Table.Td>{options.sources.find((s) => s.id === draft.source)?.label ?? draft.source}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Counts for tax year</Table.Th>
                  <Table.Td>{draft.tax_year}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Tax relief it earns</Table.Th>
                  <Table.Td fw={700}>{formatEuro(yearFigures(user, options, draft.tax_year, draft.amount, today).relief)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => flow.send({ type: 'contribution.edit' })} disabled={busy}>
                Change
              </Button>
              {step === 'failed' ? (
                <Button onClick={() => flow.send({ type: 'contribution.retry' })} disabled={!canRetry}>
                  Try again
                </Button>
              ) : step !== 'declined' && step !== 'confirmingIdentity' && step !== 'steppingUp' ? (
                <Button onClick={() => flow.send({ type: 'contribution.confirm' })} loading={busy} disabled={!canConfirm}>
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
function StepUpForm({ flow, error, busy }: { flow: { send(event: { type: 'contribution.stepUp'; proof: { password: string } }): void }; error: string | null; busy: boolean }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' }, validate: schemaResolver(StepUpFields, { sync: true }) });
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
        {error ? <Text c="red" fz="sm" role="alert">{error}</Text> : null}
        <PasswordInput label="Your password" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Confirm and pay
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ContributionFormProps {
  mode: ContributionFlowProps['mode'];
  user: User | null;
  options: ContributionOptions;
  today: Dayjs;
  draft: ContributionRequest | null;
  error: string | null;
  serverFieldErrors: Record<string, string>;
  onReview(draft: ContributionRequest): void;
}

function ContributionForm({ mode, user, options, today, draft, error, serverFieldErrors, onReview }: ContributionFormProps) {
  const thisYear = options.tax_year;
  const roundChoices = mode === 'roundPayment' ? roundPaymentOptions(yearFigures(user, options, thisYear, 0, today).headroom) : null;
  const schema = useMemo(() => contributionRequestSchema(today), [today]);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      amount: draft?.amount ?? (roundChoices && roundChoices.exact > 0 ? roundChoices.exact : ''),
      tax_year: String(draft?.tax_year ?? thisYear),
      source: draft?.source ?? options.sources[0]?.id ?? '',
    },
    validate: (values) => schemaResolver(schema, { sync: true })({ ...values, tax_year: Number(values.tax_year) }),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    if (Object.keys(serverFieldErrors).length > 0) form.setErrors(serverFieldErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only new server messages matter
  }, [serverFieldErrors]);

  const values = form.getValues();
  const year = Number(values.tax_year);
  const amount = typeof values.amount === 'number' ? values.amount : 0;
  const figures = yearFigures(user, options, year, amount, today);

  if (roundChoices && roundChoices.exact === 0) {
    return (
      <Stack>
        <Alert color="teal" variant="outline" role="status">
          You have already reached the most that earns tax relief in {thisYear}. Nothing more to top up.
        </Alert>
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
    if (parsed.success) onReview(parsed.output);
  });

  return (
    <form noValidate onSubmit={submit} aria-label={mode === 'roundPayment' ? 'Round payment' : 'Contribution'}>
      <Stack>
        <ErrorAlert message={error} />
        <PendingPayments pending={options.pending} />
        {roundChoices ? (
          <RadioFieldset
            label="How much to pay in"
            description={`The room left for tax relief in ${thisYear} is ${formatEuro(roundChoices.exact)}.`}
            name="amount"
            options={[
              { value: String(roundChoices.exact), label: `${formatEuro(roundChoices.exact)}: everything left, to max out` },
              ...roundChoices.rounded.map((value) => ({ value: String(value), label: `${formatEuro(value)}: a round amount` })),
            ]}
            defaultValue={String(values.amount)}
            error={form.errors.amount}
            onChange={(value) => form.setFieldValue('amount', Number(value))}
          />
        ) : (
          <MoneyInput
            label="Amount"
            description={`Room left for tax relief in ${year}: ${formatEuro(figures.headroom)}`}
            required
            {...form.getInputProps('amount')}
          />
        )}
        {mode === 'contribute' && options.assignable_years.length > 1 ? (
          <RadioFieldset
            label="Tax year it counts for"
            description="A payment made by 31 October can count for the previous tax year."
            name="tax_year"
            inline
            options={options.assignable_years.map((y) => ({ value: String(y), label: y === thisYear ? `${y} (this year)` : `${y} (last year)` }))}
            defaultValue={values.tax_year}
            error={form.errors.tax_year}
            onChange={(value) => form.setFieldValue('tax_year', value)}
          />
        ) : null}
        <RadioFieldset
          label="Pay from"
          name="source"
          options={options.sources.map((s) => ({ value: s.id, label: s.label }))}
          defaultValue={values.source}
          error={form.errors.source}
          onChange={(value) => form.setFieldValue('source', value)}
        />
        <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" role="region" aria-label="Tax relief" aria-live="polite">
          <Text size="sm" c="dimmed">
            Tax relief this payment earns
          </Text>
          <Text fw={700} fz="lg" data-testid="relief-preview">
            {formatEuro(figures.relief)}
          </Text>
          {amount > figures.headroom ? (
            <Text size="sm" c="dimmed">
              Only the first {formatEuro(figures.headroom)} earns relief in {year}.
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
