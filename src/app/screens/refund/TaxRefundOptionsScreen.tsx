import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Button, Container, Group, Modal, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { refundOptionsView } from '../../../../machines/refundOptions/refundOptions.view.ts';
import { formatEuro } from '../../../domain/money.ts';
import { useFlow } from '../../flows/useFlow.tsx';

const actionTile = { display: 'block', width: '100%', height: '100%', textAlign: 'left' } as const;

/**
 * My Tax Refund (/tax-refund-options, the Tax Refund menu): the claim first (start one, or continue
 * the unfinished one at its page), then the refund so far, the two things MaxOut does with it
 * (reinvest into the pension; how Revenue pays it to the bank), and the other ideas as plain
 * information.
 */
export function TaxRefundOptionsScreen() {
  const flow = useFlow('refundOptions');
  const { claim, refund, actions, ideas } = useSelector(flow, refundOptionsView);
  const closeBank = () => flow.send({ type: 'refundOptions.bank.close' });

  return (
    <Container size="md" py="lg">
      <Stack>
        <Title order={1} size="h2">
          My Tax Refund
        </Title>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" role="region" aria-label="Your claim">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {claim.title}
            </Title>
            {claim.kind === 'continue' ? (
              <>
                <Text fz="sm">{claim.detail}</Text>
                <Group>
                  <Button size="md" disabled={!claim.canContinue} onClick={() => flow.send({ type: 'claim.continue' })}>
                    {claim.action}
                  </Button>
                  <Button component={Link} to="/tax-refund-questions" variant="subtle">
                    Start a different claim
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <Text fz="sm">Answer short yes/no questions about your health, home, family and work; we fill in the forms Revenue needs.</Text>
                <Group>
                  <Button component={Link} to="/tax-refund-questions" size="md">
                    {claim.action}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>

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

        <Title order={2} size="h4">
          Use your refund
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Link to="/contribute" search={{ amount: actions.reinvest.amount ?? undefined }} style={{ ...actionTile, color: 'inherit', textDecoration: 'none' }}>
            <Paper withBorder radius="md" p="md" h="100%">
              <Text fw={700} c="teal.9">
                {actions.reinvest.title}
              </Text>
              <Text fz="sm">
                {actions.reinvest.amount === null ? actions.reinvest.text : `Pay ${formatEuro(actions.reinvest.amount, { keepZeroDecimals: true })} into your pension: it earns tax relief again.`}
              </Text>
            </Paper>
          </Link>
          <UnstyledButton onClick={() => flow.send({ type: 'refundOptions.bank.open' })} style={actionTile} aria-haspopup="dialog">
            <Paper withBorder radius="md" p="md" h="100%">
              <Text fw={700} c="teal.9">
                {actions.bank.title}
              </Text>
              <Text fz="sm">{actions.bank.text}</Text>
            </Paper>
          </UnstyledButton>
        </SimpleGrid>

        <Title order={2} size="h4">
          Other ideas for your refund
        </Title>
        <Text fz="sm" c="dimmed">
          MaxOut does not arrange these; they are ideas to think about.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Other ideas for your refund">
          {ideas.map((idea) => (
            <li key={idea.title}>
              <Text fz="sm">
                <Text span fw={600} fz="sm">
                  {idea.title}:
                </Text>{' '}
                {idea.text}
              </Text>
            </li>
          ))}
        </SimpleGrid>

        <Group justify="center">
          <Button component={Link} to="/tax-refund-questions" variant="outline">
            Boost My Tax Refund
          </Button>
          <Anchor component={Link} to="/pension-refund" fz="sm" ta="center">
            Claim relief on pension paid outside payroll
          </Anchor>
        </Group>
      </Stack>

      <Modal opened={actions.bank.open} onClose={closeBank} title={actions.bank.title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>{actions.bank.explanation}</Text>
          <Button onClick={closeBank}>OK</Button>
        </Stack>
      </Modal>
    </Container>
  );
}
