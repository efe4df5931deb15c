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
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import { Alert, Button, Center, Checkbox, Container, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { LoadFailed } from './LoadFailed.tsx';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import * as v from 'valibot';
import {
  selectCanCancel,
  selectCanConfirmCancel,
  selectCanSubmit,
  selectErrorMessage,
  selectFieldErrors,
  selectIsBusy,
  selectMandate,
  selectNotice,
  selectStep,
} from '../../../../machines/directDebit/directDebit.selectors.ts';
import { type Dayjs, apiDateToDisplayDate, calendarDay, displayDateToApiDate } from '../../../domain/dates.ts';
import { formatEuro } from '../../../domain/money.ts';
import { fieldErrors } from '../../../domain/schemas/issues.ts';
import { DATE_INVALID } from '../../../domain/schemas/messages.ts';
import { type DirectDebitRequest, type Mandate, directDebitRequestSchema } from '../../../domain/schemas/pension.ts';
import { DateTextInput } from '../../components/DateTextInput.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { WholeNumberInput } from '../../components/WholeNumberInput.tsx';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const CREDITOR = 'MaxOut Pensions (sandbox)';

/** /direct-debit: a monthly contribution by SEPA direct debit: view, set up or change, cancel. */
export function DirectDebitScreen() {
  const dd = useFlow('directDebit');
  const step = useSelector(dd, selectStep);
  const mandate = useSelector(dd, selectMandate);
  const notice = useSelector(dd, selectNotice);
  const busy = useSelector(dd, selectIsBusy);
  const canCancel = useSelector(dd, selectCanCancel);
  const canConfirmCancel = useSelector(dd, selectCanConfirmCancel);
  const error = useSelector(dd, selectErrorMessage);

  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          Direct debit
        </Title>
        <Text c="dimmed" mb="lg">
          Pay into your pension every month, straight from your bank account. You can change or cancel it at any time.
        </Text>
        {step === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : step === 'loadFailed' ? (
          <LoadFailed error={error} onRetry={() => dd.send({ type: 'directDebit.reload' })} />
        ) : step === 'editing' || step === 'saving' ? (
          <MandateForm
            mandate={mandate}
            busy={busy}
            onSubmit={(request) => dd.send({ type: 'directDebit.submit', request })}
            onBack={() => dd.send({ type: 'directDebit.back' })}
            machine={dd}
          />
        ) : (
          <Stack>
            <ErrorAlert message={error} />
            {notice === 'saved' ? (
              <Alert color="teal" variant="outline" role="status">
                Your direct debit is set up. The first collection is on {apiDateToDisplayDate(mandate?.next_collection)}.
              </Alert>
            ) : null}
            {notice === 'cancelled' ? (
              <Alert color="teal" variant="outline" role="status">
                Your direct debit is cancelled. Nothing more will be collected.
              </Alert>
            ) : null}
            {mandate ? (
              <MandateView mandate={mandate} />
            ) : (
              <Text>You have no direct debit yet.</Text>
            )}
            {step === 'confirmingCancel' || step === 'cancelling' ? (
              <Alert color="orange" title="Cancel your direct debit?" role="alertdialog" aria-label="Cancel your direct debit?">
                <Stack gap="sm">
                  <Text size="sm">No more payments will be collected. Payments already made stay in your pension.</Text>
                  <Group>
                    <Button color="red" onClick={() => dd.send({ type: 'directDebit.cancelConfirm' })} loading={busy} disabled={!canConfirmCancel}>
                      Yes, cancel it
                    </Button>
                    <Button variant="default" onClick={() => dd.send({ type: 'directDebit.back' })} disabled={busy}>
                      Keep it
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Group>
                <Button onClick={() => dd.send({ type: 'directDebit.edit' })}>{mandate ? 'Change' : 'Set up a direct debit'}</Button>
                {mandate ? (
                  <Button variant="outline" color="red" onClick={() => dd.send({ type: 'directDebit.cancel' })} disabled={!canCancel}>
                    Cancel direct debit
                  </Button>
                ) : null}
              </Group>
            )}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}

function MandateView({ mandate }: { mandate: Mandate }) {
  return (
    <Table aria-label="Your direct debit" variant="vertical" layout="fixed">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>Monthly amount</Table.Th>
          <Table.Td>{formatEuro(mandate.amount)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>From account</Table.Th>
          <Table.Td>{mandate.iban_masked}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Day of the month</Table.Th>
          <Table.Td>{mandate.day_of_month}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Next collection</Table.Th>
          <Table.Td>{apiDateToDisplayDate(mandate.next_collection)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Mandate reference</Table.Th>
          <Table.Td>{mandate.reference}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

interface MandateFormValues {
  iban: string;
  amount: number | '';
  day_of_month: number | '';
  start_date: string;
  mandate_accepted: boolean;
}

/** The form's values as the request: the date typed DD.MM.YYYY sent as YYYY-MM-DD, an empty IBAN left out when changing. */
function toRequest(values: MandateFormValues, changing: boolean) {
  const { iban, start_date, ...rest } = values;
  return { ...rest, ...(changing && iban.trim() === '' ? {} : { iban }), start_date: displayDateToApiDate(start_date) ?? start_date };
}

function validate(values: MandateFormValues, changing: boolean, today: Dayjs): Record<string, string> {
  const result = v.safeParse(directDebitRequestSchema(today), toRequest(values, changing));
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors(result.issues))) if (messages[0]) errors[field] = messages[0];
  // A typed date that is not DD.MM.YYYY says so, not the range message of its converted form.
  if (values.start_date.trim() !== '' && displayDateToApiDate(values.start_date) === null) errors.start_date = DATE_INVALID;
  return errors;
}

interface MandateFormProps {
  mandate: Mandate | null;
  busy: boolean;
  onSubmit(request: DirectDebitRequest): void;
  onBack(): void;
  machine: FlowActor<'directDebit'>;
}

function MandateForm({ mandate, busy, onSubmit, onBack, machine }: MandateFormProps) {
  const canSubmit = useSelector(machine, selectCanSubmit);
  const error = useSelector(machine, selectErrorMessage);
  const serverFieldErrors = useSelector(machine, selectFieldErrors);
  const today = calendarDay(new Date());
  const changing = mandate !== null;
  const form = useForm<MandateFormValues>({
    mode: 'controlled',
    initialValues: {
      iban: '',
      amount: mandate?.amount ?? '',
      day_of_month: mandate?.day_of_month ?? '',
      // A week ahead: time for the bank to register the mandate before the first collection.
      start_date: today.add(7, 'day').format('DD.MM.YYYY'),
      mandate_accepted: false,
    },
    validate: (values) => validate(values, changing, today),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    if (Object.keys(serverFieldErrors).length > 0) form.setErrors(serverFieldErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only new server messages matter
  }, [serverFieldErrors]);

  const submit = form.onSubmit((values) => {
    const parsed = v.safeParse(directDebitRequestSchema(today), toRequest(values, changing));
    if (parsed.success) onSubmit(parsed.output);
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Direct debit">
      <Stack>
        <ErrorAlert message={error} title="Your direct debit was not saved" />
        <TextInput
          label="IBAN"
          description={changing ? `Leave empty to keep collecting from ${mandate.iban_masked}.` : 'Your bank account, e.g. IE29 AIBK 9311 5212 3456 78'}
          autoComplete="off"
          required={!changing}
          {...form.getInputProps('iban')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MoneyInput label="Monthly amount" description="€10 to €10,000" required {...form.getInputProps('amount')} />
          <WholeNumberInput label="Day of the month" description="1 to 28" required {...form.getInputProps('day_of_month')} />
        </SimpleGrid>
        <DateTextInput
          label="Start date"
          description="From tomorrow, up to a year ahead."
          required
          {...form.getInputProps('start_date')}
          onChange={(value) => form.setFieldValue('start_date', value)}
        />
        <Checkbox
          label={`I authorise ${CREDITOR} to collect this amount from my account every month, and my bank to debit it. I can ask my bank for a refund within 8 weeks of a collection.`}
          {...form.getInputProps('mandate_accepted', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button type="submit" loading={busy} disabled={!canSubmit}>
            {changing ? 'Save changes' : 'Set up direct debit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
