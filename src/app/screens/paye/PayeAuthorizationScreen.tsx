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
import { Alert, Anchor, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { selectUser } from '../../../../machines/auth/auth.selectors.ts';
import {
  selectAgent,
  selectCanAuthorize,
  selectCanDecline,
  selectCanEnable,
  selectCanResend,
  selectErrorMessage,
  selectFieldErrors,
  selectIsEnabling,
  selectIsResending,
  selectLinkSent,
  selectIsSubmitting,
  selectTwoFactorAdvice,
  selectValues,
  selectView,
} from '../../../../machines/payeAuthorization/payeAuthorization.selectors.ts';
import type { PayeFormValues } from '../../../../machines/payeAuthorization/payeAuthorization.types.ts';
import { calendarDay } from '../../../domain/dates.ts';
import { firstErrorPerField } from '../../../domain/schemas/issues.ts';
import { payeFormSchema, type AgentDetails } from '../../../domain/schemas/payeAuthorisation.ts';
import { useAuthActor } from '../../actors.tsx';
import { DateTextInput } from '../../components/DateTextInput.tsx';
import { RadioFieldset } from '../../components/RadioFieldset.tsx';
import { SignaturePad } from '../../components/SignaturePad.tsx';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const route = getRouteApi('/signedIn/auth/paye-authorization');

const DOCUMENT_HOLDER_OPTIONS = [{ value: 'self', label: 'Me, the taxpayer' }] as const;

type Field = keyof PayeFormValues;

/**
 * PAYE authorisation (spec section 2, /auth/paye-authorization, optional returnTo): the PAYE A1
 * agent declaration — the taxpayer's details, the fixed agent details, who keeps the documents,
 * and a drawn signature. Authorize is enabled once first name, surname and signature are present.
 * An opted-out user first sees the opt-out notice with "Enable PAYE Authorization".
 */
export function PayeAuthorizationScreen() {
  const { returnTo } = route.useSearch();
  const auth = useAuthActor();
  const user = useSelector(auth, selectUser);
  const paye = useFlow('payeAuthorization', { returnTo: returnTo ?? null });
  const view = useSelector(paye, selectView);
  const error = useSelector(paye, selectErrorMessage);
  const canDecline = useSelector(paye, selectCanDecline);
  const canEnable = useSelector(paye, selectCanEnable);
  const enabling = useSelector(paye, selectIsEnabling);
  const canResend = useSelector(paye, selectCanResend);
  const resending = useSelector(paye, selectIsResending);
  const linkSent = useSelector(paye, selectLinkSent);

  return (
    <Container size="md" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          PAYE Authorisation
        </Title>
        {view === 'loading' || view === 'leaving' ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading" />
          </Group>
        ) : null}
        {view === 'unavailable' ? (
          <Stack>
            <Alert color="red" role="alert" title="The declaration could not be loaded">
              {error}
            </Alert>
            <Group justify="flex-end">
              <Button variant="outline" disabled={!canDecline} onClick={() => paye.send({ type: 'paye.decline' })}>
                Decline
              </Button>
              <Button onClick={() => paye.send({ type: 'paye.retry' })}>Try again</Button>
            </Group>
          </Stack>
        ) : null}
        {view === 'optedOut' ? (
          <Stack>
            <Alert variant="default" title="You have opted out of PAYE authorisation">
              We cannot process your tax refund while you are opted out. Enable PAYE authorisation to let MaxOut act as your tax agent
              with Revenue again.
            </Alert>
            <ErrorAlert message={error} />
            <Group justify="flex-end">
              <Button variant="outline" disabled={!canDecline} onClick={() => paye.send({ type: 'paye.decline' })}>
                Decline
              </Button>
              <Button loading={enabling} disabled={!canEnable} onClick={() => paye.send({ type: 'paye.enable' })}>
                Enable PAYE Authorization
              </Button>
            </Group>
          </Stack>
        ) : null}
        {view === 'unverified' ? (
          <Stack>
            <Alert variant="default" title="Please confirm your email address first">
              Revenue needs your own, confirmed email address on the declaration. Open the link we emailed to {user?.email ?? 'you'} when
              you signed up and choose your password; then come back here to sign.
            </Alert>
            {linkSent ? (
              <Alert variant="default" role="status">
                We have emailed you a new link. It works for 24 hours.
              </Alert>
            ) : null}
            <ErrorAlert message={error} />
            <Group justify="flex-end">
              <Button variant="outline" disabled={!canDecline} onClick={() => paye.send({ type: 'paye.decline' })}>
                Decline
              </Button>
              <Button loading={resending} disabled={!canResend} onClick={() => paye.send({ type: 'paye.resend' })}>
                Send a new link
              </Button>
            </Group>
          </Stack>
        ) : null}
        {view === 'form' ? <DeclarationForm paye={paye} /> : null}
      </Paper>
    </Container>
  );
}

type PayeActor = FlowActor<'payeAuthorization'>;

function DeclarationForm({ paye }: { paye: PayeActor }) {
  const values = useSelector(paye, selectValues);
  const agent = useSelector(paye, selectAgent);
  const canAuthorize = useSelector(paye, selectCanAuthorize);
  const canDecline = useSelector(paye, selectCanDecline);
  const submitting = useSelector(paye, selectIsSubmitting);
  const error = useSelector(paye, selectErrorMessage);
  const serverErrors = useSelector(paye, selectFieldErrors);
  const twoFactorAdvice = useSelector(paye, selectTwoFactorAdvice);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [attempted, setAttempted] = useState(false);

  // Errors show once a field was left or Authorize was pressed (spec section 5); the server's under the same inputs.
  const formErrors = useMemo(() => {
    const result = v.safeParse(payeFormSchema(calendarDay(new Date())), values);
    return result.success ? {} : firstErrorPerField(result.issues);
  }, [values]);
  const errorOf = (field: Field): string | undefined => (attempted || touched.has(field) ? formErrors[field] : undefined) ?? serverErrors[field];

  const edit = (changes: Partial<PayeFormValues>) => paye.send({ type: 'paye.edit', values: changes });
  const leave = (field: Field) => setTouched((before) => new Set(before).add(field));
  const text = (field: Exclude<Field, 'documentHolder' | 'clientSignature'>) => ({
    value: values[field],
    error: errorOf(field),
    onChange: (event: { currentTarget: { value: string } }) => edit({ [field]: event.currentTarget.value }),
    onBlur: () => leave(field),
  });

  return (
    <form
      noValidate
      aria-label="PAYE authorisation"
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (Object.keys(formErrors).length === 0) paye.send({ type: 'paye.authorize' });
      }}
    >
      <Stack>
        <Text>
          With this declaration (Revenue form PAYE A1) you authorise MaxOut to deal with Revenue for you about your income tax, including
          claims for refunds, credits, allowances and reliefs. It stays in force until you cancel it, or for at most 4 years.
        </Text>
        <ErrorAlert message={error} />
        {/* Once the server has refused for want of a code, its message above says the same. */}
        {twoFactorAdvice && !(twoFactorAdvice === 'signInAgain' && error) ? <TwoFactorAdvice advice={twoFactorAdvice} /> : null}

        <Title order={2} size="h4">
          Your details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="given-name" required {...text('firstName')} />
          <TextInput label="Surname" autoComplete="family-name" required {...text('lastName')} />
          <TextInput label="PPSN" description="7 digits followed by 1 or 2 letters, e.g. 1234567T" autoComplete="off" required {...text('ppsn')} />
          <DateTextInput
            label="Date of birth"
            autoComplete="bday"
            required
            value={values.dateOfBirth}
            error={errorOf('dateOfBirth')}
            onChange={(value) => edit({ dateOfBirth: value })}
            onBlur={() => leave('dateOfBirth')}
          />
        </SimpleGrid>
        <TextInput
          label="Taxpayer email"
          value={values.emailAddress}
          error={errorOf('emailAddress')}
          readOnly
          description="Revenue needs your own email address: the one of your MaxOut account."
        />

        <Title order={2} size="h4">
          Your tax agent
        </Title>
        {agent ? <AgentDetailsList agent={agent} /> : null}

        <RadioFieldset
          label="Who keeps the documents that support your claims"
          description="Keep receipts and statements for 6 years: Revenue may ask to see them."
          name="documentHolder"
          required
          options={DOCUMENT_HOLDER_OPTIONS}
          defaultValue={values.documentHolder}
          error={errorOf('documentHolder')}
          onChange={() => edit({ documentHolder: 'self' })}
        />

        <SignaturePad
          label="Your signature"
          required
          disabled={submitting}
          error={attempted ? errorOf('clientSignature') : serverErrors.clientSignature}
          onChange={(dataUrl) => edit({ clientSignature: dataUrl })}
        />

        <Group justify="flex-end">
          <Button variant="outline" disabled={!canDecline} onClick={() => paye.send({ type: 'paye.decline' })}>
            Decline
          </Button>
          <Button type="submit" loading={submitting} disabled={!canAuthorize}>
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

function AgentDetailsList({ agent }: { agent: AgentDetails }) {
  const rows: [string, string][] = [
    ['Tax agency name', agent.taxAgencyName],
    ['TAIN', agent.tain],
    ['Agent address', agent.agentAddress],
  ];
  return (
    <SimpleGrid component="dl" m={0} cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="agent-details">
      {rows.map(([term, detail]) => (
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
