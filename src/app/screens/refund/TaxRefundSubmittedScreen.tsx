import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/List.css';
import { Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import type { SubmittedClaim } from '../../../../machines/form11Flow/form11Flow.types.ts';
import { form11FlowView } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { REFUND_QUESTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import { formatMoney } from '../../../domain/money.ts';
import { ClaimStatusBadge } from '../../components/ClaimStatusBadge.tsx';
import { type FlowActor, useSessionFlow } from '../../flows/useFlow.tsx';
import { useTaxpayer } from '../form11/useTaxpayer.ts';
import { ClaimNotSent } from './ClaimNotSent.tsx';

/**
 * /tax-refund-submitted (spec section 2): what was submitted, for which tax year, its status and
 * estimated refund per credit, relief and income, and what happens next. After a failed final
 * send: the claim kept on the device, with Try again.
 */
export function TaxRefundSubmittedScreen() {
  const flow = useSessionFlow('form11Flow');
  return flow ? <WithFlow flow={flow} /> : <ClaimShown submitted={null} />;
}

function WithFlow({ flow }: { flow: FlowActor<'form11Flow'> }) {
  const view = useSelector(flow, form11FlowView);
  // The final send failed: the answers are kept; Try again sends them (and shows progress until the claim is in).
  if (view.notSent) {
    return (
      <ClaimNotSent year={view.notSent.year} sending={view.notSent.sending} canRetry={view.canRetry} onRetry={() => flow.send({ type: 'flow.retry' })} />
    );
  }
  return <ClaimShown submitted={view.submitted} />;
}

/** The claim just sent (as the server answered it), else that year's, else the newest. */
function ClaimShown({ submitted }: { submitted: SubmittedClaim | null }) {
  const claim = useTaxpayer().submittedClaim(submitted);

  if (!claim) {
    return (
      <Container size="sm" py="lg">
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack>
            <Title order={1} size="h2">
              No claim submitted yet
            </Title>
            <Text>Answer a few questions about your year and we will work out which credits and reliefs you can claim.</Text>
            <Group>
              <Button component={Link} to={REFUND_QUESTIONS_ROUTE}>
                Start a claim
              </Button>
              <Button component={Link} to="/landing" variant="outline">
                Back to Overview
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Container>
    );
  }

  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack>
          <Title order={1} size="h2">
            Your claim for {claim.year} is submitted
          </Title>
          <Group justify="space-between" align="center">
            <Text>Tax year {claim.year}</Text>
            <ClaimStatusBadge status={claim.status} size="lg" />
          </Group>
          <div>
            <Text size="sm" c="dimmed">
              {claim.refund < 0 ? 'Estimated tax due' : 'Estimated refund'}
            </Text>
            <Text fz={32} fw={700} data-testid="estimated-refund">
              {formatMoney(Math.abs(claim.refund))}
            </Text>
          </div>

          {claim.assessment ? (
            <Text size="sm" c="dimmed">
              {claim.assessment}
            </Text>
          ) : null}

          <Title order={2} size="h4">
            What you claimed
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`What you claimed for ${claim.year}`}>
            {claim.lines.map((line) => (
              <Stack key={line.category} component="li" gap={2}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text>{line.title}</Text>
                  <Group gap="xs" justify="flex-end">
                    <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {line.amount < 0 ? `−${formatMoney(-line.amount)} due` : formatMoney(line.amount)}
                    </Text>
                    <ClaimStatusBadge status={line.status} size="lg" />
                  </Group>
                </Group>
                {line.note ? (
                  <Text size="sm" c="dimmed" data-testid={`claim-note-${line.category}`}>
                    {line.note}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>

          <Title order={2} size="h4">
            What happens next
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>We check your claim and send it to Revenue for you, as your PAYE tax agent.</List.Item>
            <List.Item>
              Revenue reviews it. Each credit and relief shows here as pending until Revenue decides, then approved or rejected.
            </List.Item>
            <List.Item>Any refund is paid by Revenue straight to the bank account Revenue holds for you.</List.Item>
            <List.Item>Keep your receipts and statements for 6 years: Revenue may ask to see them.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            The amounts are our estimate from what you entered; Revenue&apos;s figures decide the refund.
          </Text>

          <Group>
            <Button component={Link} to="/landing">
              Back to Overview
            </Button>
            <Button component={Link} to={REFUND_QUESTIONS_ROUTE} variant="outline">
              Claim for another year
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
