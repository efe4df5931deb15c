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
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Badge, Button, Container, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { pensionRefundView, type PensionRefundView, type PensionYearCard, type PensionYearFormValues } from '../../../../machines/pensionRefund/pensionRefund.view.ts';
import { formatEuro, formatMoney } from '../../../domain/money.ts';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';

const STATUS_COLOUR = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

function YearCard({ card, view, actor }: { card: PensionYearCard; view: PensionRefundView; actor: FlowActor<'pensionRefund'> }) {
  const { year } = card;
  const form = useForm<PensionYearFormValues>({
    mode: 'controlled',
    initialValues: card.initialValues,
    validate: view.validate,
    validateInputOnBlur: true,
  });
  const relief = card.relief(form.values.contributionsPaid, form.values.incomeInYear);
  const titleId = `pension-refund-${year}`;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={titleId}>
      <form noValidate aria-labelledby={titleId} onSubmit={form.onSubmit((values) => actor.send({ type: 'claim.add', claim: view.claimOf(year, values) }))}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3" id={titleId}>
              Tax year {year}
            </Title>
            {card.claimed.map((c) => (
              <Badge key={c.label} color={STATUS_COLOUR[c.status]} variant="outline">
                In your claim: {c.status}, {formatMoney(c.refund)}
              </Badge>
            ))}
          </Group>
          <Text fz="sm">
            {relief.ageInYear === null
              ? 'Add your date of birth on your profile to see your limit for this year.'
              : relief.limit === null
                ? `At ${relief.ageInYear} your limit is ${relief.agePercentage}% of earnings up to ${formatEuro(relief.earningsCap)}. Enter your income in ${year} to see it in euro.`
                : `Relief limit: ${relief.agePercentage}% of earnings up to ${formatEuro(relief.earningsCap)} at age ${relief.ageInYear}, so ${formatMoney(relief.limit)}.`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {/* Radios, not a select: the kinds' names are long, and a select cuts them on a phone. */}
            <Radio.Group label="Kind of pension" required {...form.getInputProps('category')}>
              <Stack gap="xs" mt="xs">
                {view.contractOptions.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
            <MoneyInput
              label={`Your income in ${year}`}
              description="Gross income from work that year: the limit and your tax rate are that year's."
              required
              {...form.getInputProps('incomeInYear')}
            />
            <MoneyInput label={`Paid outside payroll for ${year}`} required {...form.getInputProps('contributionsPaid')} />
            <TextInput label="Pension provider" required {...form.getInputProps('providerName')} />
            <TextInput label="Policy or member number" required {...form.getInputProps('policyNumber')} />
          </SimpleGrid>
          <Text fz="sm" aria-live="polite">
            Relief due: <strong>{formatMoney(relief.relief)}</strong>
            {relief.paid > 0 ? ` (your top rate that year: ${relief.marginalRate * 100}%)` : ''}
            {relief.carriedForward > 0 ? `; ${formatMoney(relief.carriedForward)} is over the limit and carries forward to the next year.` : '.'}
          </Text>
          {card.failure ? (
            <Alert color="red" role="alert">
              {card.failure.status === 403 ? (
                <>
                  {card.failure.message}{' '}
                  <Link to="/auth/paye-authorization" search={{ returnTo: '/pension-refund' }}>
                    Authorise MaxOut
                  </Link>
                </>
              ) : (
                [card.failure.message, ...Object.values(card.failure.fields)].join(' ')
              )}
            </Alert>
          ) : null}
          {card.added ? (
            <Alert color="teal" variant="outline" role="status">
              Added to your {year} claim. We will tell you when Revenue decides.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={card.adding} disabled={!view.canAdd || relief.paid <= 0}>
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
  const actor = useFlow('pensionRefund');
  const view = useSelector(actor, pensionRefundView);

  return (
    <Container size="md" py="lg">
      <Stack>
        <div>
          <Title order={1} size="h2">
            Pension refund
          </Title>
          <Text c="dimmed" mt="xs">
            Paid into a PRSA, a retirement annuity or AVCs yourself, not through payroll? You can claim the tax relief for up to four years
            back. Each year's limit and tax rate depend on your age and your income that year, so each year asks its own income
            {view.annualIncome === null ? '.' : ` (the latest is filled in from your profile: ${formatMoney(view.annualIncome)}).`}
          </Text>
        </div>
        {view.years.map((card) => (
          <YearCard key={card.year} card={card} view={view} actor={actor} />
        ))}
      </Stack>
    </Container>
  );
}
