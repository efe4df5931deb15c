import './styles.ts';
import { Button, Checkbox, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { incomeDeclarationView } from '../../../../machines/incomeDeclaration/incomeDeclaration.view.ts';
import { INCOME_TYPES } from '../../../domain/catalogue.ts';
import { REFUND_QUESTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { EstimateDialog } from './EstimateDialog.tsx';
import { useTaxpayer } from './useTaxpayer.ts';

const route = getRouteApi('/paye/form11/income-selection');

/**
 * /form11/income-selection: a tile per income type (13), Cancel and Submit. With incomes chosen
 * the user declares them on /form11/final-form; with none, the profile is refreshed and the
 * refund estimate shown before the refund options.
 */
export function IncomeSelectionScreen() {
  const { year } = route.useSearch();
  // One selection per visit, for the year it was opened with.
  return <IncomeSelection key={year ?? 'default'} year={year} />;
}

function IncomeSelection({ year }: { year: number | undefined }) {
  const navigate = useNavigate();
  const actor = useFlow('incomeDeclaration', { year, inFlow: false, choosing: true });
  const view = useSelector(actor, incomeDeclarationView);
  const taxpayer = useTaxpayer();
  const form = useForm<{ incomeIds: string[] }>({ mode: 'controlled', initialValues: { incomeIds: [] } });

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <form noValidate onSubmit={form.onSubmit(({ incomeIds }) => actor.send({ type: 'incomes.choose', incomeIds }))}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Other income
            </Title>
            <Text c="dimmed">Tax year {view.year}. Choose every kind of income you had that is not already taxed through your payslip.</Text>
          </Stack>
          <Checkbox.Group value={form.getValues().incomeIds} onChange={(incomeIds) => form.setFieldValue('incomeIds', incomeIds)}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {INCOME_TYPES.map((income) => (
                <Checkbox.Card key={income.id} value={income.id} radius="md" p="md" aria-label={income.label}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Checkbox.Indicator />
                    <Stack gap={2}>
                      <Text fw={600}>{income.label}</Text>
                      <Text fz="sm" c="dimmed">
                        {income.description}
                      </Text>
                    </Stack>
                  </Group>
                </Checkbox.Card>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: REFUND_QUESTIONS_ROUTE })}>
              Cancel
            </Button>
            <Button type="submit" loading={view.busy} disabled={!view.canChoose && !view.busy}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
      <EstimateDialog
        estimate={view.estimate}
        title="Your estimated refund"
        year={view.year}
        prefix="No other income to declare."
        notes={taxpayer.notesOfYear(view.year)}
        onDismiss={() => actor.send({ type: 'estimate.dismiss' })}
      />
    </Container>
  );
}
