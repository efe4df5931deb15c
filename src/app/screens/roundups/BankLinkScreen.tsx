import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Anchor, Container, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { bankLinkView } from '../../../../machines/bankLink/bankLink.view.ts';
import { useFlow } from '../../flows/useFlow.tsx';

/**
 * /bank-link/$url: follows the bank's consent page, but only to the bank-link provider's origin
 * or our sandbox bank's page (the URL comes from the address bar); anything else is refused and
 * links nothing.
 */
export function BankLinkScreen() {
  const { url } = useParams({ from: '/signedIn/bank-link/$url' });
  const link = useFlow('bankLink', { url });
  const { message } = useSelector(link, bankLinkView);
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          Link a bank account
        </Title>
        {message?.tone === 'error' ? (
          <Alert color="red" role="alert">
            {message.text}
          </Alert>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Loader aria-label="Taking you to your bank" />
            {message && <Alert color="blue">{message.text}</Alert>}
          </Stack>
        )}
        <Anchor component={Link} to="/linked-bank-accounts">
          Back to Bank Accounts
        </Anchor>
      </Stack>
    </Container>
  );
}
