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
import { ClaimStatusBadge } from '../../components/ClaimStatusBadge.tsx';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectUser } from '../../../../machines/auth/auth.selectors.ts';
import {
  selectCanRetry,
  selectFinalSend,
  selectLastSubmittedYear,
  selectSavedProgressYear,
} from '../../../../machines/form11Flow/form11Flow.selectors.ts';
import { FORM11_CATEGORIES, categoryTitle, type Form11Category } from '../../../domain/catalogue.ts';
import { REFUND_QUESTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import { formatEuro, roundToCents } from '../../../domain/money.ts';
import type { Form11Entry } from '../../../domain/schemas/form11Entry.ts';
import { useAuthActor } from '../../actors.tsx';
import { useSessionFlow } from '../../flows/useFlow.tsx';
import { ClaimNotSent } from './ClaimNotSent.tsx';


/** The claim to show: the year the guided flow last sent, else the newest year claimed. */
export function submittedClaim(claims: readonly Form11Entry[], lastSubmittedYear: number | null): Form11Entry | null {
  const byYear = lastSubmittedYear === null ? undefined : claims.find((claim) => claim.year === lastSubmittedYear);
  return byYear ?? [...claims].sort((a, b) => b.year - a.year)[0] ?? null;
}

/** What the claim holds, in catalogue order (the forms, then the incomes), whatever order the server kept them in. */
export function claimedCategories(claim: Pick<Form11Entry, 'snapshot'>): Form11Category[] {
  return FORM11_CATEGORIES.filter((category) => category in claim.snapshot);
}

/** The claim's estimated refund in euro: tax back minus tax due on declared income. */
export function estimatedRefund(claim: Form11Entry): number {
  return roundToCents(Object.values(claim.categoryRefunds).reduce((sum, amount) => sum + amount, 0));
}


/**
 * /tax-refund-submitted (spec section 2): what was submitted, for which tax year, its status and
 * estimated refund per credit, relief and income, and what happens next.
 */
export function TaxRefundSubmittedScreen() {
  const auth = useAuthActor();
  const user = useSelector(auth, selectUser);
  const flow = useSessionFlow('form11Flow');
  const lastSubmittedYear = useSelector(flow ?? undefined, (snapshot) => (snapshot ? selectLastSubmittedYear(snapshot) : null));
  const finalSend = useSelector(flow ?? undefined, (snapshot) => (snapshot ? selectFinalSend(snapshot) : null));
  const unsentYear = useSelector(flow ?? undefined, (snapshot) => (snapshot ? selectSavedProgressYear(snapshot) : null));
  const canRetry = useSelector(flow ?? undefined, (snapshot) => (snapshot ? selectCanRetry(snapshot) : false));
  // The year the panel names, kept while the flow forgets it (sent: the claim shows a moment later).
  const [notSentYear, setNotSentYear] = useState<number | null>(null);
  if (finalSend === 'failed' && unsentYear !== null && unsentYear !== notSentYear) setNotSentYear(unsentYear);
  const claim = submittedClaim(user?.form11 ?? [], lastSubmittedYear);

  // The final send failed: the answers are kept; Try again sends them (and shows progress until the claim is in).
  if (flow && notSentYear !== null && finalSend !== null) {
    return (
      <ClaimNotSent
        year={notSentYear}
        sending={finalSend !== 'failed'}
        canRetry={canRetry}
        onRetry={() => flow.send({ type: 'flow.retry' })}
      />
    );
  }

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

  const refund = estimatedRefund(claim);
  const categories = claimedCategories(claim);

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
              {refund < 0 ? 'Estimated tax due' : 'Estimated refund'}
            </Text>
            <Text fz={32} fw={700} data-testid="estimated-refund">
              {formatEuro(Math.abs(refund))}
            </Text>
          </div>

          <Title order={2} size="h4">
            What you claimed
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`What you claimed for ${claim.year}`}>
            {categories.map((category) => {
              const amount = claim.categoryRefunds[category] ?? 0;
              return (
                <Group key={category} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Text>{categoryTitle(category)}</Text>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={500}>{amount < 0 ? `−${formatEuro(-amount)} due` : formatEuro(amount)}</Text>
                    <ClaimStatusBadge status={claim.categoryStatuses[category] ?? 'pending'} size="lg" />
                  </Group>
                </Group>
              );
            })}
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
