import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Anchor.css';
import { Alert, Anchor, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import type { PayeFormValues } from '../../../../machines/payeAuthorization/payeAuthorization.types.ts';
import { payeAuthorizationView, type PayeAuthorizationView } from '../../../../machines/payeAuthorization/payeAuthorization.view.ts';
import { DateTextInput } from '../../components/DateTextInput.tsx';
import { RadioFieldset } from '../../components/RadioFieldset.tsx';
import { SignaturePad } from '../../components/SignaturePad.tsx';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const route = getRouteApi('/signedIn/auth/paye-authorization');

const DOCUMENT_HOLDER_OPTIONS = [{ value: 'self', label: 'Me, the taxpayer' }] as const;

/**
 * PAYE authorisation (spec section 2, /auth/paye-authorization, optional returnTo): the PAYE A1
 * agent declaration — the taxpayer's details, the fixed agent details, who keeps the documents,
 * and a drawn signature. Authorize is enabled once first name, surname and signature are present.
 * An opted-out user first sees the opt-out notice with "Enable PAYE Authorization".
 */
export function PayeAuthorizationScreen() {
  const { returnTo } = route.useSearch();
  const paye = useFlow('payeAuthorization', { returnTo: returnTo ?? null });
  const view = useSelector(paye, payeAuthorizationView);
  const decline = (
    <Button variant="outline" disabled={!view.canDecline} onClick={() => paye.send({ type: 'paye.decline' })}>
      Decline
    </Button>
  );

  return (
    <Container size="md" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          PAYE Authorisation
        </Title>
        {view.step === 'loading' || view.step === 'leaving' ? (
          <Group justify="center" py="xl">
            {/* A named status: aria-label alone is not allowed on the loader's span. */}
            <Loader role="status" aria-label="Loading" />
          </Group>
        ) : null}
        {view.step === 'unavailable' ? (
          <Stack>
            <Alert color="red" role="alert" title="The declaration could not be loaded">
              {view.error}
            </Alert>
            <Group justify="flex-end">
              {decline}
              <Button onClick={() => paye.send({ type: 'paye.retry' })}>Try again</Button>
            </Group>
          </Stack>
        ) : null}
        {view.step === 'optedOut' ? (
          <Stack>
            <Alert variant="default" title="You have opted out of PAYE authorisation">
              We cannot process your tax refund while you are opted out. Enable PAYE authorisation to let MaxOut act as your tax agent
              with Revenue again.
            </Alert>
            <ErrorAlert message={view.error} />
            <Group justify="flex-end">
              {decline}
              <Button loading={view.enabling} disabled={!view.canEnable} onClick={() => paye.send({ type: 'paye.enable' })}>
                Enable PAYE Authorization
              </Button>
            </Group>
          </Stack>
        ) : null}
        {view.step === 'unverified' ? (
          <Stack>
            <Alert variant="default" title="Please confirm your email address first">
              Revenue needs your own, confirmed email address on the declaration. Open the link we emailed to {view.email || 'you'} when
              you signed up and choose your password; then come back here to sign.
            </Alert>
            {view.linkSent ? (
              <Alert variant="default" role="status">
                We have emailed you a new link. It works for 24 hours.
              </Alert>
            ) : null}
            <ErrorAlert message={view.error} />
            <Group justify="flex-end">
              {decline}
              <Button loading={view.resending} disabled={!view.canResend} onClick={() => paye.send({ type: 'paye.resend' })}>
                Send a new link
              </Button>
            </Group>
          </Stack>
        ) : null}
        {view.form ? <DeclarationForm paye={paye} view={view} shape={view.form} decline={decline} /> : null}
      </Paper>
    </Container>
  );
}

interface DeclarationFormProps {
  paye: FlowActor<'payeAuthorization'>;
  view: PayeAuthorizationView;
  shape: NonNullable<PayeAuthorizationView['form']>;
  decline: ReactNode;
}

/** The declaration: Mantine owns every field, the signature included; Authorize sends what the form parsed. */
function DeclarationForm({ paye, view, shape, decline }: DeclarationFormProps) {
  const { schema } = shape;
  // Errors show once a field was left or Authorize was pressed (spec section 5); the server's under the same inputs.
  const form = useForm<PayeFormValues>({
    mode: 'controlled',
    initialValues: shape.initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);
  const values = form.getValues();

  const submit = form.onSubmit((raw) => {
    const parsed = v.safeParse(schema, raw);
    if (parsed.success) paye.send({ type: 'paye.authorize', declaration: parsed.output });
  });

  return (
    <form noValidate aria-label="PAYE authorisation" onSubmit={submit}>
      <Stack>
        <Text>
          With this declaration (Revenue form PAYE A1) you authorise MaxOut to deal with Revenue for you about your income tax, including
          claims for refunds, credits, allowances and reliefs. It stays in force until you cancel it, or for at most 4 years.
        </Text>
        <ErrorAlert message={view.error} />
        {view.twoFactorAdvice ? <TwoFactorAdvice advice={view.twoFactorAdvice} /> : null}

        <Title order={2} size="h4">
          Your details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Surname" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          <TextInput label="PPSN" description="7 digits followed by 1 or 2 letters, e.g. 1234567T" autoComplete="off" required {...form.getInputProps('ppsn')} />
          <DateTextInput
            label="Date of birth"
            autoComplete="bday"
            required
            {...form.getInputProps('dateOfBirth')}
            onChange={(value) => form.setFieldValue('dateOfBirth', value)}
          />
        </SimpleGrid>
        {/* A text area, so a long address wraps on a phone instead of being cut. */}
        <Textarea
          label="Taxpayer email"
          {...form.getInputProps('emailAddress')}
          readOnly
          autosize
          minRows={1}
          description="Revenue needs your own email address: the one of your MaxOut account."
        />

        <Title order={2} size="h4">
          Your tax agent
        </Title>
        {view.agent.length > 0 ? <AgentDetailsList rows={view.agent} /> : null}

        <RadioFieldset
          label="Who keeps the documents that support your claims"
          description="Keep receipts and statements for 6 years: Revenue may ask to see them."
          name="documentHolder"
          required
          options={DOCUMENT_HOLDER_OPTIONS}
          defaultValue={values.documentHolder}
          error={form.errors.documentHolder}
          onChange={() => form.setFieldValue('documentHolder', 'self')}
        />

        <SignaturePad
          label="Your signature"
          required
          disabled={view.submitting}
          error={form.errors.clientSignature}
          onChange={(dataUrl) => form.setFieldValue('clientSignature', dataUrl)}
        />

        <Group justify="flex-end">
          {decline}
          <Button type="submit" loading={view.submitting} disabled={!view.canAuthorize(values)}>
            Authorize
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Two-step sign-in is optional and recommended: while it is off, the form recommends it with a
 * link to Settings → Security. Once it is on, only a session that gave a code may sign, so a
 * session signed in with the password alone is told to log in again first.
 */
function TwoFactorAdvice({ advice }: { advice: 'recommend' | 'signInAgain' }) {
  if (advice === 'signInAgain') {
    return (
      <Alert variant="default" title="Log in with your code to sign" data-testid="two-factor-advice">
        Two-step sign-in is on for your account, but this session was signed in without a code. Log out and log in again with a code from
        your authenticator app, then sign here.
      </Alert>
    );
  }
  return (
    <Alert variant="default" role="note" title="We recommend two-step sign-in" data-testid="two-factor-advice">
      This declaration lets us deal with Revenue for you. Turn on two-step sign-in so that a code from your phone is needed as well as
      your password to sign in.{' '}
      <Anchor component={Link} to="/settings">
        Turn it on in Settings → Security
      </Anchor>
    </Alert>
  );
}

function AgentDetailsList({ rows }: { rows: PayeAuthorizationView['agent'] }) {
  return (
    <SimpleGrid component="dl" m={0} cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="agent-details">
      {rows.map(({ term, detail }) => (
        <div key={term}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {detail}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
