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
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { selectUser } from '../../../../machines/auth/auth.selectors.ts';
import { selectCanSubmit, selectErrorMessage, selectFieldErrors, selectIsBusy } from '../../../../machines/pensionSetup/pensionSetup.selectors.ts';
import { calendarDay } from '../../../domain/dates.ts';
import { formatEuro } from '../../../domain/money.ts';
import { ageBandLabel, agePercentage, maxPensionContribution, pensionAgeInYear, taxYearFor } from '../../../domain/pension.ts';
import { figure } from '../../../domain/tax/years.ts';
import { PensionSetupFormSchema } from '../../../domain/schemas/pension.ts';
import { PENSION_PLAN_ID_EXAMPLE } from '../../../domain/schemas/profile.ts';
import type { User } from '../../../domain/schemas/user.ts';
import { useAuthActor } from '../../actors.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { RadioFieldset } from '../../components/RadioFieldset.tsx';
import { createPensionSetupLogic } from '../../effects/pensionEffects.ts';
import { useAccountDeps } from '../../useAccountDeps.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SpouseTaxFields } from '../../components/SpouseTaxFields.tsx';

const MARITAL_OPTIONS = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married or in a civil partnership' },
] as const;

interface FormValues {
  annual_income: number | '';
  paid_pension: number | '';
  marital_status: string;
  pension_plan_id: string;
  spouse_annual_income: number | '';
  assessment_basis: string;
}

function initialValues(user: User | null): FormValues {
  return {
    annual_income: user?.annual_income ?? '',
    paid_pension: user && user.annual_income !== null ? user.paid_pension : '',
    marital_status: user?.marital_status ?? 'single',
    pension_plan_id: user?.pension_plan_id ?? '',
    spouse_annual_income: user?.spouse_annual_income ?? '',
    assessment_basis: user?.assessment_basis ?? 'joint',
  };
}

/**
 * Pension Setup (/pension-info): annual income, pension paid this tax year outside MaxOut, marital
 * status and the Irish Life plan ID. The age band, relief percentage and the most the user can put
 * in with tax relief follow the figures as they are typed (src/domain/pension.ts). Saving opens
 * the Overview; a failed save keeps what was typed.
 */
export function PensionSetupScreen() {
  const auth = useAuthActor();
  const user = useSelector(auth, selectUser);
  const deps = useAccountDeps();
  const logic = useMemo(() => createPensionSetupLogic(deps), [deps]);
  const setup = useActorRef(logic);
  const busy = useSelector(setup, selectIsBusy);
  const canSubmit = useSelector(setup, selectCanSubmit);
  const error = useSelector(setup, selectErrorMessage);
  const serverFieldErrors = useSelector(setup, selectFieldErrors);
  const today = calendarDay(new Date());

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(user),
    validate: schemaResolver(PensionSetupFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    if (Object.keys(serverFieldErrors).length > 0) form.setErrors(serverFieldErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only new server messages matter
  }, [serverFieldErrors]);

  const values = form.getValues();
  // The band of the highest age reached this year (the age on 31 December).
  const age = user ? pensionAgeInYear(user, today) : null;
  const married = values.marital_status === 'married';
  const percentage = age === null ? 0 : agePercentage(age);
  const income = typeof values.annual_income === 'number' ? values.annual_income : 0;
  const paid = typeof values.paid_pension === 'number' ? values.paid_pension : 0;
  const maximum = user
    ? maxPensionContribution({ ...user, annual_income: income, paid_pension: paid, marital_status: values.marital_status === 'married' ? 'married' : 'single' }, today)
    : 0;

  const submit = form.onSubmit((raw) => {
    const parsed = v.safeParse(PensionSetupFormSchema, raw);
    if (!parsed.success) return;
    // A single user has no spouse: the household fields are left out (the server would refuse them).
    const { spouse_annual_income, assessment_basis, ...rest } = parsed.output;
    setup.send({ type: 'pensionInfo.submit', values: parsed.output.marital_status === 'married' ? { ...rest, spouse_annual_income: spouse_annual_income ?? null, assessment_basis: assessment_basis ?? 'joint' } : rest });
  });

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
            <ErrorAlert message={error} title="Your pension details were not saved" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput label="Annual income" description="Before tax, from all employments" required {...form.getInputProps('annual_income')} />
              <MoneyInput
                label="Pension paid this year"
                description="Paid outside MaxOut this tax year, e.g. through payroll"
                required
                {...form.getInputProps('paid_pension')}
              />
            </SimpleGrid>
            <RadioFieldset
              label="Marital status"
              name="marital_status"
              inline
              options={MARITAL_OPTIONS}
              defaultValue={form.getValues().marital_status}
              error={form.errors.marital_status}
              onChange={(value) => form.setFieldValue('marital_status', value)}
            />
            {married ? (
              <SpouseTaxFields
                incomeProps={form.getInputProps('spouse_annual_income')}
                basis={values.assessment_basis}
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
                  <Text fw={700}>{age === null ? '—' : ageBandLabel(age)}</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    Tax relief limit
                  </Text>
                  <Text fw={700}>{percentage}% of earnings</Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    Most you can put in this year
                  </Text>
                  <Text fw={700} data-testid="pension-maximum">
                    {formatEuro(maximum)}
                  </Text>
                </div>
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt="xs">
                Earnings count up to {formatEuro(figure('pensionEarningsCap', taxYearFor(today)))}. What you paid this year outside MaxOut comes off the maximum.
              </Text>
            </Paper>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={!canSubmit}>
                Save and continue
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
