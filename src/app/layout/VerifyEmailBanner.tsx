import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelector } from '../useSelector.ts';
import { verifyEmailView } from '../../../machines/verifyEmail/verifyEmail.view.ts';
import { type FlowActor, useSessionFlow } from '../flows/useFlow.tsx';

/**
 * On every signed-in page until the address is proven: what waits for it, the 48-hour deletion,
 * and "Resend link". Reads the session's verifyEmail actor.
 */
export function VerifyEmailBanner() {
  const flow = useSessionFlow('verifyEmail');
  if (!flow) return null;
  return <Banner flow={flow} />;
}

function Banner({ flow }: { flow: FlowActor<'verifyEmail'> }) {
  const view = useSelector(flow, verifyEmailView);
  if (!view.show) return null;
  return (
    <Alert
      variant="default"
      title="Please confirm your email address"
      role="region"
      aria-label="Confirm your email address"
      mb="md"
      style={{ borderColor: 'var(--mantine-color-orange-7)', borderWidth: 2 }}
    >
      <Text size="sm">
        We emailed a link to <strong>{view.email}</strong>: open it and choose your password. Until then you cannot sign the PAYE
        authorisation, link a bank account or pay into your pension. For your safety, what is entered before then (your details, income and
        claims) is cleared when you choose your password, so that nobody else can fill in an account under your address. An account not
        confirmed within 48 hours of signing up is deleted.
      </Text>
      <Group mt="xs" gap="sm">
        <ResendButton flow={flow} />
      </Group>
    </Alert>
  );
}

/** "Resend link" and what came of it; also offered where a payment is refused for the unproven address. */
export function ResendLink() {
  const flow = useSessionFlow('verifyEmail');
  if (!flow) return null;
  return <ResendButton flow={flow} />;
}

function ResendButton({ flow }: { flow: FlowActor<'verifyEmail'> }) {
  const view = useSelector(flow, verifyEmailView);
  return (
    <>
      <Button size="xs" loading={view.resending} disabled={!view.canResend} onClick={() => flow.send({ type: 'verifyEmail.resend' })}>
        Resend link
      </Button>
      {view.linkSent ? (
        <Text size="sm" role="status">
          We have emailed you a new link. It works for 24 hours.
        </Text>
      ) : null}
      {view.error ? (
        <Text size="sm" c="red.9" role="alert">
          {view.error}
        </Text>
      ) : null}
    </>
  );
}
