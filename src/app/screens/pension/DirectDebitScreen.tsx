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
import '@mantine/core/styles/PasswordInput.css';
import { Alert, Button, Center, Checkbox, Container, Group, Loader, Paper, PasswordInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { LoadFailed } from './LoadFailed.tsx';
import { schemaResolver, useForm } from '@mantine/form';
import { useSelector } from '../../useSelector.ts';
import * as v from 'valibot';
import { directDebitView, type DirectDebitView, type MandateForm as MandateFormShape, type MandateFormValues } from '../../../../machines/directDebit/directDebit.view.ts';
import { formatMoney } from '../../../domain/money.ts';
import { passwordField } from '../../../domain/schemas/fields.ts';
import { DateTextInput } from '../../components/DateTextInput.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ResendLink } from '../../layout/VerifyEmailBanner.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { WholeNumberInput } from '../../components/WholeNumberInput.tsx';
import { useAppInfo } from '../../appInfo.tsx';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';

/** /direct-debit: a monthly contribution by SEPA direct debit: view, set up or change, pause or resume, cancel. */
export function DirectDebitScreen() {
  const dd = useFlow('directDebit');
  const view = useSelector(dd, directDebitView);
  const { mandate } = view;

  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          Direct debit
        </Title>
        <Text c="dimmed" mb="lg">
          Pay into your pension every month, straight from your bank account. You can change or cancel it at any time.
        </Text>
        {view.step === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : view.step === 'loadFailed' ? (
          <LoadFailed error={view.error} onRetry={() => dd.send({ type: 'directDebit.reload' })} />
        ) : view.askingIdentity ? (
          <StepUpForm view={view} machine={dd} />
        ) : view.form ? (
          <MandateForm shape={view.form} view={view} machine={dd} />
        ) : (
          <Stack>
            <ErrorAlert message={view.error} />
            {view.notice === 'saved' ? (
              <Alert color="teal" variant="outline" role="status">
                Your direct debit is set up. The first collection is on {mandate?.nextCollectionDisplay}.
              </Alert>
            ) : null}
            {view.notice === 'changed' ? (
              <Alert color="teal" variant="outline" role="status">
                Your direct debit is changed. The next collection is on {mandate?.nextCollectionDisplay}.
              </Alert>
            ) : null}
            {view.notice === 'cancelled' ? (
              <Alert color="teal" variant="outline" role="status">
                Your direct debit is cancelled. Nothing more will be collected.
              </Alert>
            ) : null}
            {view.notice === 'paused' ? (
              <Alert color="teal" variant="outline" role="status">
                Your direct debit is paused. Nothing will be collected until {mandate?.pausedUntilDisplay} has passed.
              </Alert>
            ) : null}
            {view.notice === 'resumed' ? (
              <Alert color="teal" variant="outline" role="status">
                Your direct debit is running again. The next collection is on {mandate?.nextCollectionDisplay}.
              </Alert>
            ) : null}
            {mandate?.pausedUntilDisplay ? (
              <Alert color="blue" title={`Paused until ${mandate.pausedUntilDisplay}`}>
                <Stack gap="sm">
                  <Text size="sm">Nothing is collected while it is paused, and the skipped collections are not made up later. It starts again by itself on {mandate.nextCollectionDisplay}.</Text>
                  <Group>
                    <Button onClick={() => dd.send({ type: 'directDebit.resume' })} loading={view.step === 'resuming'} disabled={!view.canResume}>
                      Resume
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            {mandate ? (
              <MandateView mandate={mandate} />
            ) : (
              <Text>You have no direct debit yet.</Text>
            )}
            {view.askingToCancel ? (
              <Alert color="orange" title="Cancel your direct debit?" role="alertdialog" aria-label="Cancel your direct debit?">
                <Stack gap="sm">
                  <Text size="sm">No more payments will be collected. Payments already made stay in your pension.</Text>
                  <Group>
                    <Button color="red" onClick={() => dd.send({ type: 'directDebit.cancelConfirm' })} loading={view.busy} disabled={!view.canConfirmCancel}>
                      Yes, cancel it
                    </Button>
                    <Button variant="default" onClick={() => dd.send({ type: 'directDebit.back' })} disabled={view.busy}>
                      Keep it
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <Group>
                <Button onClick={() => dd.send({ type: 'directDebit.edit' })}>{mandate ? 'Change' : 'Set up a direct debit'}</Button>
                {mandate && !mandate.pausedUntilDisplay ? (
                  <Button variant="outline" onClick={() => dd.send({ type: 'directDebit.pause' })} loading={view.step === 'pausing'} disabled={!view.canPause}>
                    Pause until 31 December
                  </Button>
                ) : null}
                {mandate ? (
                  <Button variant="outline" color="red" onClick={() => dd.send({ type: 'directDebit.cancel' })} disabled={!view.canCancel}>
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

function MandateView({ mandate }: { mandate: NonNullable<DirectDebitView['mandate']> }) {
  return (
    <Table aria-label="Your direct debit" variant="vertical" layout="fixed">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>Monthly amount</Table.Th>
          <Table.Td>{formatMoney(mandate.amount)}</Table.Td>
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
          <Table.Td>{mandate.nextCollectionDisplay}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Td>{mandate.pausedUntilDisplay ? `Paused until ${mandate.pausedUntilDisplay}` : 'Collecting'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Mandate reference</Table.Th>
          <Table.Td>{mandate.reference}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

const StepUpFields = v.object({ password: passwordField });

/** A new account: the password again, then the same mandate is sent (nothing is set up before). */
function StepUpForm({ view, machine }: { view: DirectDebitView; machine: FlowActor<'directDebit'> }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' }, validate: schemaResolver(StepUpFields, { sync: true }) });
  useServerErrors(form, view.fieldErrors);
  return (
    <form
      noValidate
      aria-label="Confirm it is you"
      onSubmit={form.onSubmit((values) => {
        const parsed = v.safeParse(StepUpFields, values);
        if (parsed.success) machine.send({ type: 'directDebit.stepUp', proof: { password: parsed.output.password } });
      })}
    >
      <Stack>
        <Alert color="blue" variant="outline" title="Please confirm it is you">
          Before we collect from a new account we ask for your password again. Nothing is set up yet.
        </Alert>
        <ErrorAlert message={view.error} />
        <PasswordInput label="Your password" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => machine.send({ type: 'directDebit.back' })} disabled={view.busy}>
            Back
          </Button>
          <Button type="submit" loading={view.busy} disabled={!view.canStepUp}>
            Confirm and set up
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface MandateFormProps {
  shape: MandateFormShape;
  view: DirectDebitView;
  machine: FlowActor<'directDebit'>;
}

function MandateForm({ shape, view, machine }: MandateFormProps) {
  const { changing } = shape;
  // The creditor of the deployment (DIRECT_DEBIT_CREDITOR); the route waited for it.
  const creditor = useAppInfo()?.direct_debit_creditor ?? 'MaxOut';
  const form = useForm<MandateFormValues>({
    mode: 'controlled',
    initialValues: shape.initialValues,
    validate: shape.validate,
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);

  const submit = form.onSubmit((values) => {
    const request = shape.toRequest(values);
    if (request) machine.send({ type: 'directDebit.submit', request });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Direct debit">
      <Stack>
        <ErrorAlert message={view.error} title="Your direct debit was not saved" />
        {view.offerNewLink ? (
          <Group>
            <ResendLink />
          </Group>
        ) : null}
        <TextInput
          label="IBAN"
          description={changing ? `Leave empty to keep collecting from ${shape.keptIban}.` : 'Your bank account, e.g. IE29 AIBK 9311 5212 3456 78'}
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
          label={`I authorise ${creditor} to collect this amount from my account every month, and my bank to debit it. I can ask my bank for a refund within 8 weeks of a collection.`}
          {...form.getInputProps('mandate_accepted', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => machine.send({ type: 'directDebit.back' })} disabled={view.busy}>
            Back
          </Button>
          <Button type="submit" loading={view.busy} disabled={!view.canSubmit}>
            {changing ? 'Save changes' : 'Set up direct debit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
