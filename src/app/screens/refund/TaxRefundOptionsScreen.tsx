import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { refundOptionsView } from '../../../../machines/refundOptions/refundOptions.view.ts';
import { formatEuro } from '../../../domain/money.ts';
import { useFlow } from '../../flows/useFlow.tsx';

/**
 * Tax refund options (spec section 2): what the refund so far is (pension tax back plus the
 * approved claims) and eight ways to use it, shown as tiles without an action yet; "Boost My Tax
 * Refund" leads to the Tax Refund page.
 */
export function TaxRefundOptionsScreen() {
  const { refund, tiles } = useSelector(useFlow('refundOptions'), refundOptionsView);

  return (
    <Container size="md" py="lg">
      <Stack>
        <Title order={1} size="h2">
          What to do with my tax return?
        </Title>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" bg="teal.0">
          <Text fz="sm">My Tax Refund so far</Text>
          <Text fz={refund.owes ? 28 : 36} fw={700} lh={1.2} c={refund.owes ? 'red.9' : undefined} data-testid="refund-total">
            {refund.headline}
          </Text>
          {refund.pendingNote && (
            <Text fz="sm" data-testid="refund-pending">
              {refund.pendingNote}
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            Relief on your MaxOut contributions this year ({formatEuro(refund.pensionRelief, { keepZeroDecimals: true })}) plus the Form 11 refunds Revenue approved (
            {formatEuro(refund.approved, { keepZeroDecimals: true })}).
          </Text>
        </Paper>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Ways to use your refund">
          {tiles.map((tile) => (
            <Paper key={tile} component="li" withBorder radius="md" p="md" mih={96} style={{ display: 'flex', alignItems: 'center' }}>
              <Text fw={600} fz="sm">
                {tile}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="center">
          <Button component={Link} to="/tax-refund-questions" size="md">
            Boost My Tax Refund
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
