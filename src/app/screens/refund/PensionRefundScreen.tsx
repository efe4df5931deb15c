import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Badge, Button, Container, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { selectUser } from '../../../../machines/auth/auth.selectors.ts';
import type { pensionRefundMachine } from '../../../../machines/pensionRefund/pensionRefund.machine.ts';
import { selectAddedYears, selectAddingYear, selectCanAdd, selectFailure } from '../../../../machines/pensionRefund/pensionRefund.selectors.ts';
import { calendarDay } from '../../../domain/dates.ts';
import { formatEuro } from '../../../domain/money.ts';
import { PENSION_CONTRACTS, type PensionContractCategory, pensionRefundYears, pensionReliefForYear } from '../../../domain/pensionRefund.ts';
import { firstErrorPerField } from '../../../domain/schemas/issues.ts';
import { form11Schema } from '../../../domain/schemas/form11/index.ts';
import type { Form11Entry } from '../../../domain/schemas/form11Entry.ts';
import type { User } from '../../../domain/schemas/user.ts';
import { taxProfileOf, type TaxYear } from '../../../domain/tax/index.ts';
import { useAuthActor } from '../../actors.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { useFlow } from '../../flows/useFlow.tsx';

const CONTRACT_OPTIONS = PENSION_CONTRACTS.map((contract) => ({ value: contract.category, label: contract.label }));
const STATUS_COLOUR = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

/** The pension categories already in a year's claim, with status and estimate. */
function claimedInYear(entry: Form11Entry | undefined) {
  if (!entry) return [];
  return PENSION_CONTRACTS.flatMap(({ category, label }) =>
    category in (entry.snapshot ?? {})
      ? [{ label, status: entry.categoryStatuses?.[category] ?? 'pending', refund: entry.categoryRefunds?.[category] ?? 0 }]
      : [],
  );
}

type PensionRefundActor = ActorRefFrom<typeof pensionRefundMachine>;

function YearCard({ year, user, actor }: { year: TaxYear; user: User; actor: PensionRefundActor }) {
  const canAdd = useSelector(actor, selectCanAdd);
  const adding = useSelector(actor, selectAddingYear) === year;
  const added = useSelector(actor, selectAddedYears).includes(year);
  const failure = useSelector(actor, selectFailure);
  const form = useForm({
    mode: 'controlled',
    initialValues: { category: 'personal-retirement-savings' as string, providerName: '', policyNumber: '', contributionsPaid: '' as number | '' },
    validate: (values) =>
      firstErrorPerField(
        v.safeParse(form11Schema(values.category as PensionContractCategory, calendarDay(new Date())), {
          providerName: values.providerName,
          policyNumber: values.policyNumber,
          contributionsPaid: values.contributionsPaid === '' ? undefined : values.contributionsPaid,
        }).issues,
      ),
    validateInputOnBlur: true,
  });
  const paid = typeof form.values.contributionsPaid === 'number' ? form.values.contributionsPaid : 0;
  const relief = pensionReliefForYear(taxProfileOf(user), year, paid);
  const entry = user.form11.find((claim) => claim.year === year);
  const claimed = claimedInYear(entry);
  const yearFailure = failure?.year === year ? failure : null;
  const titleId = `pension-refund-${year}`;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={titleId}>
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={form.onSubmit((values) =>
          actor.send({
            type: 'claim.add',
            claim: {
              year,
              category: values.category as PensionContractCategory,
              answer: { providerName: values.providerName.trim(), policyNumber: values.policyNumber.trim(), contributionsPaid: paid },
            },
          }),
        )}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3" id={titleId}>
              Tax year {year}
            </Title>
            {claimed.map((c) => (
              <Badge key={c.label} color={STATUS_COLOUR[c.status]} variant="outline">
                In your claim: {c.status}, {formatEuro(c.refund)}
              </Badge>
            ))}
          </Group>
          <Text fz="sm">
            {relief.ageInYear === null
              ? 'Add your date of birth on your profile to see your limit for this year.'
              : relief.limit === null
                ? `At ${relief.ageInYear} your limit is ${relief.agePercentage}% of earnings up to ${formatEuro(relief.earningsCap)}. Add your annual income to see it in euro.`
                : `Relief limit: ${relief.agePercentage}% of earnings up to ${formatEuro(relief.earningsCap)} at age ${relief.ageInYear}, so ${formatEuro(relief.limit)}.`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Kind of pension" data={CONTRACT_OPTIONS} allowDeselect={false} required {...form.getInputProps('category')} />
            <MoneyInput label={`Paid outside payroll for ${year}`} required {...form.getInputProps('contributionsPaid')} />
            <TextInput label="Pension provider" required {...form.getInputProps('providerName')} />
            <TextInput label="Policy or member number" required {...form.getInputProps('policyNumber')} />
          </SimpleGrid>
          <Text fz="sm" aria-live="polite">
            Relief due: <strong>{formatEuro(relief.relief)}</strong>
            {relief.paid > 0 ? ` (your top rate that year: ${relief.marginalRate * 100}%)` : ''}
            {relief.carriedForward > 0 ? `; ${formatEuro(relief.carriedForward)} is over the limit and carries forward to the next year.` : '.'}
          </Text>
          {yearFailure ? (
            <Alert color="red" role="alert">
              {yearFailure.status === 403 ? (
                <>
                  {yearFailure.message}{' '}
                  <Link to="/auth/paye-authorization" search={{ returnTo: '/pension-refund' }}>
                    Authorise MaxOut
                  </Link>
                </>
              ) : (
                [yearFailure.message, ...Object.values(yearFailure.fields)].join(' ')
              )}
            </Alert>
          ) : null}
          {added ? (
            <Alert color="teal" variant="outline" role="status">
              Added to your {year} claim. We will tell you when Revenue decides.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={adding} disabled={!canAdd || paid <= 0}>
              Add to my claim
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * Pension refund (/pension-refund): tax relief on PRSA, RAC and AVC contributions paid outside
 * payroll, one card per tax year still open under the four-year rule.
 */
export function PensionRefundScreen() {
  const user = useSelector(useAuthActor(), selectUser);
  const actor = useFlow('pensionRefund');
  const years = [...pensionRefundYears(calendarDay(new Date()))].reverse();

  return (
    <Container size="md" py="lg">
      <Stack>
        <div>
          <Title order={1} size="h2">
            Pension refund
          </Title>
          <Text c="dimmed" mt="xs">
            Paid into a PRSA, a retirement annuity or AVCs yourself, not through payroll? You can claim the tax relief for up to four years
            back. We work out each year's limit from your age that year and your annual income of{' '}
            {user?.annual_income === null || user?.annual_income === undefined ? 'not yet recorded' : formatEuro(user.annual_income)}.
          </Text>
        </div>
        {user ? years.map((year) => <YearCard key={year} year={year} user={user} actor={actor} />) : null}
      </Stack>
    </Container>
  );
}
