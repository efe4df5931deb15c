import './styles.ts';
import { Button, Checkbox, Container, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { FINAL_FORM_ROUTE, INCOME_TYPES, type IncomeTypeId } from '../../../domain/catalogue.ts';
import { claimRefundOfYear } from '../../../domain/claimRefund.ts';
import { calendarDay } from '../../../domain/dates.ts';
import { REFUND_OPTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import { formatEuro } from '../../../domain/money.ts';
import { defaultClaimYear } from '../../../domain/tax/claimYears.ts';
import { useAuthActor } from '../../actors.tsx';
import { useUser } from './useTaxProfile.ts';

const route = getRouteApi('/paye/form11/income-selection');

/**
 * /form11/income-selection: a tile per income type (13), Cancel and Submit. With incomes chosen
 * the user declares them on /form11/final-form; with none, the profile is refreshed and the
 * refund estimate shown before the refund options.
 */
export function IncomeSelectionScreen() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const auth = useAuthActor();
  const user = useUser();
  const year = useMemo(() => search.year ?? defaultClaimYear(calendarDay(new Date())), [search.year]);
  const [selected, setSelected] = useState<string[]>([]);
  const [showEstimate, setShowEstimate] = useState(false);

  const submit = () => {
    const incomeIds = INCOME_TYPES.map((t) => t.id).filter((id) => selected.includes(id)) as IncomeTypeId[];
    if (incomeIds.length > 0) {
      void navigate({ to: FINAL_FORM_ROUTE, search: { incomeIds, year } });
      return;
    }
    auth.send({ type: 'profile.reload' });
    setShowEstimate(true);
  };

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Other income
          </Title>
          <Text c="dimmed">Tax year {year}. Choose every kind of income you had that is not already taxed through your payslip.</Text>
        </Stack>
        <Checkbox.Group value={selected} onChange={setSelected}>
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
          <Button variant="default" onClick={() => void navigate({ to: '/tax-refund-questions' })}>
            Cancel
          </Button>
          <Button onClick={submit}>Submit</Button>
        </Group>
      </Stack>
      <Modal opened={showEstimate} onClose={() => void navigate({ to: REFUND_OPTIONS_ROUTE })} title="Your estimated refund" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>
            No other income to declare. Your estimated refund for {year} is{' '}
            <Text span fw={700} data-testid="refund-estimate">
              {formatEuro(claimRefundOfYear(user?.form11 ?? [], year), { keepZeroDecimals: true })}
            </Text>
            .
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => void navigate({ to: REFUND_OPTIONS_ROUTE })}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
