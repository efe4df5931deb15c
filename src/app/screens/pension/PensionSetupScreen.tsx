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
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import * as v from 'valibot';
import { useState } from 'react';
import { pensionSetupView, type PensionSetupFormValues } from '../../../../machines/pensionSetup/pensionSetup.view.ts';
import { formatEuro, formatMoney } from '../../../domain/money.ts';
import { MARITAL_STATUS_LABEL, MARITAL_STATUS_OPTIONS } from '../../../domain/schemas/fields.ts';
import { PensionSetupFormSchema, pensionSetupFormToRequest } from '../../../domain/schemas/pension.ts';
import { PENSION_PLAN_ID_EXAMPLE } from '../../../domain/schemas/profile.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SpouseTaxFields } from '../../components/SpouseTaxFields.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { RadioFieldset } from '../../components/RadioFieldset.tsx';
import { useFlow } from '../../flows/useFlow.tsx';
import { focusFirstError } from '../../forms/focusFirstError.ts';
import { useServerErrors } from '../../forms/useServerErrors.ts';

const route = getRouteApi('/signedIn/pension-info');

/**
 * Pension Setup (/pension-info): annual income, pension paid this tax year outside MaxOut, marital
 * status (a married user: the spouse's income and the basis of assessment) and the Irish Life plan
 * ID. The age band, relief percentage and the most the user can put
 * in with tax relief follow the figures as they are typed (the machine's view). Saving opens
 * the page the user asked for before the guard sent them here (returnTo), else the Overview; a
 * failed save keeps what was typed.
 */
export function PensionSetupScreen() {
  const { returnTo } = route.useSearch();
  const setup = useFlow('pensionSetup', { returnTo: returnTo ?? null });
  const view = useSelector(setup, pensionSetupView);
  const form = useForm<PensionSetupFormValues>({
    mode: 'controlled',
    initialValues: view.initialValues,
    validate: schemaResolver(PensionSetupFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);
  const preview = view.preview(form.getValues());
  // The question was answered at sign-up; a new account opens with the answer shown, not asked again.
  const [changingMarital, setChangingMarital] = useState(false);

  const submit = form.onSubmit(
    (raw) => {
      const parsed = v.safeParse(PensionSetupFormSchema, raw);
      if (parsed.success) setup.send({ type: 'pensionInfo.submit', values: pensionSetupFormToRequest(parsed.output) });
    },
    // A refused save focuses the first field in error, which scrolls it into view: it may be above the screen.
    (_errors, _values, event) => focusFirstError(event?.currentTarget instanceof HTMLElement ? event.currentTarget : null),
  );

  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          Pension Setup
        </Title>
        <Text c="dimmed" mb="lg">
          Tell us your income and what you have already paid into a pension this year. We work out the most you can put in with tax relief.
        </Text>
        <form noValidate onSubmit={submit} aria-label="Pension Setup">
          <Stack>
            <ErrorAlert message={view.error} title="Your pension details were not saved" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput label="Annual income" description="Before tax, from all employments" required {...form.getInputProps('annual_income')} />
              <MoneyInput
                label="Pension paid this year"
                description="Paid outside MaxOut this tax year, e.g. through payroll"
                required
                {...form.getInputProps('paid_pension')}
              />
            </SimpleGrid>
            {changingMarital ? (
              <RadioFieldset
                label={MARITAL_STATUS_LABEL}
                name="marital_status"
                inline
                options={MARITAL_STATUS_OPTIONS}
                defaultValue={form.getValues().marital_status}
                error={form.errors.marital_status}
                onChange={(value) => form.setFieldValue('marital_status', value)}
              />
            ) : (
              // Asked at sign-up: shown here with the same words, changed only on request.
              <Group gap="xs" role="group" aria-label={MARITAL_STATUS_LABEL}>
                <Text size="sm" fw={600}>
                  {MARITAL_STATUS_LABEL}:
                </Text>
                <Text size="sm">{MARITAL_STATUS_OPTIONS.find((option) => option.value === form.getValues().marital_status)?.label}</Text>
                <Button variant="subtle" size="compact-sm" onClick={() => setChangingMarital(true)}>
                  Change
                </Button>
              </Group>
            )}
            {form.getValues().marital_status === 'married' ? (
              <SpouseTaxFields
                incomeProps={form.getInputProps('spouse_annual_income')}
                basisOptions={view.basisOptions}
                basis={form.getValues().assessment_basis}
                basisError={form.errors.assessment_basis}
                onBasisChange={(value) => form.setFieldValue('assessment_basis', value)}
              />
            ) : null}
            <TextInput
              label="Pension plan ID"
              description={`Your Irish Life plan ID: IL- followed by 8 digits, e.g. ${PENSION_PLAN_ID_EXAMPLE}. Leave it empty if you do not have one yet.`}
              autoComplete="off"
              {...form.getInputProps('pension_plan_id')}
            />
            <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" role="region" aria-label="Your tax relief" aria-live="polite">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <div>
                  <Text size="sm" c="dimmed">
                    Your age band
                  </Text>
                  <Text fw={700}>{preview.ageBand}</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    Tax relief limit
                  </Text>
                  <Text fw={700}>{preview.percentage}% of earnings</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    Most you can put in this year
                  </Text>
                  <Text fw={700} data-testid="pension-maximum">
                    {formatMoney(preview.maximum)}
                  </Text>
                </div>
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt="xs">
                Earnings count up to {formatEuro(view.earningsCap)}. What you paid this year outside MaxOut comes off the maximum.
              </Text>
            </Paper>
            <Group justify="flex-end">
              <Button type="submit" loading={view.busy} disabled={!view.canSubmit}>
                Save and continue
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
