import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import { Alert, Badge, Button, Code, Group, Image, Loader, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSelector } from '../../useSelector.ts';
import { type ReactNode, useEffect } from 'react';
import * as v from 'valibot';
import { securityView, type SecurityView } from '../../../../machines/security/security.view.ts';
import { newPasswordField, passwordField, stop } from '../../../domain/schemas/fields.ts';
import * as m from '../../../domain/schemas/messages.ts';
import { appCodeField } from '../../../domain/schemas/security.ts';
import { useSecondPass } from '../../components/useSecondPass.ts';
import { type FlowActor, useFlow } from '../../flows/useFlow.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

type SecurityActor = FlowActor<'security'>;

/** Settings → Security: change password, signed-in devices, two-step sign-in, security events. */
export function SecuritySection() {
  const security = useFlow('security');
  const view = useSelector(security, securityView);
  const { loading, loadError } = view;
  // The password and two-step cards fill a phone's first screen; the lists below them come second.
  const secondPass = useSecondPass();

  return (
    <Stack component="section" aria-labelledby="security-title" gap="md">
      {/* The loading note sits beside the title, not above the cards: the cards do not move down and back up when it goes. */}
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Title order={2} size="h3" id="security-title">
          Security
        </Title>
        {loading ? (
          <Group gap="xs" role="status" wrap="nowrap">
            <Loader size="xs" />
            <Text fz="sm">Loading…</Text>
          </Group>
        ) : null}
      </Group>
      {loadError ? (
        <Alert color="red" role="alert" title="Your security details could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{loadError}</Text>
            <Button size="xs" variant="outline" onClick={() => security.send({ type: 'security.reload' })}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <ChangePasswordCard security={security} view={view.password} />
      <TwoFactorCard security={security} view={view.twoFactor} />
      {secondPass ? (
        <>
          <DevicesCard security={security} view={view.devices} />
          <EventsCard events={view.events} />
        </>
      ) : null}
    </Stack>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-label={title} id={id}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

// ─── Change password ──────────────────────────────────────────────────────────────────────────

const ChangePasswordForm = v.pipe(
  v.object({
    current_password: passwordField,
    password: newPasswordField,
    password_confirmation: v.pipe(v.string(m.REQUIRED), v.nonEmpty(m.REQUIRED), stop<string>()),
  }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, m.PASSWORDS_DO_NOT_MATCH),
    ['password_confirmation'],
  ),
);

function ChangePasswordCard({ security, view }: { security: SecurityActor; view: SecurityView['password'] }) {
  const { notice } = view;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: schemaResolver(ChangePasswordForm, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);
  // A changed password is not left in the inputs.
  const { reset } = form;
  useEffect(() => {
    if (notice) reset();
  }, [notice, reset]);

  return (
    <Card title="Change password" id="password">
      <form noValidate aria-label="Change password" onSubmit={form.onSubmit((values) => security.send({ type: 'password.submit', request: values }))}>
        <Stack>
          {notice ? (
            <Alert color="teal" variant="outline" role="status">
              {notice}
            </Alert>
          ) : null}
          <ErrorAlert message={view.error} title="Your password was not changed" />
          <PasswordInput label="Current password" autoComplete="current-password" required key={form.key('current_password')} {...form.getInputProps('current_password')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="New password"
              description="At least 8 characters; not a common password"
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              key={form.key('password_confirmation')}
              {...form.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
          <Text fz="sm" c="dimmed">
            Your other devices will be signed out; this one stays signed in.
          </Text>
          <Group>
            <Button type="submit" loading={view.busy} disabled={!view.canSubmit}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

// ─── Two-step sign-in ─────────────────────────────────────────────────────────────────────────

const ConfirmForm = v.object({ code: appCodeField });
const DisableForm = v.object({ password: passwordField });

function TwoFactorCard({ security, view }: { security: SecurityActor; view: SecurityView['twoFactor'] }) {
  const { step } = view;

  return (
    <Card title="Two-step sign-in" id="two-step">
      <Stack>
        {/* What it is, said whatever its state: the card is not blank while the state loads. */}
        <Text fz="sm">
          Signing in also asks for a 6-digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or
          1Password), so a stolen password alone is not enough.
        </Text>
        <ErrorAlert message={view.error} />
        {step === 'off' || step === 'starting' ? (
          <>
            <Group gap="xs">
              <Badge variant="outline" color="gray">
                Off
              </Badge>
              <Text fz="sm">Recommended: turn it on.</Text>
            </Group>
            <StartForm security={security} canStart={view.canStart} starting={step === 'starting'} />
          </>
        ) : null}
        {step === 'scanning' || step === 'confirming' ? <SetupStep security={security} view={view} /> : null}
        {step === 'codes' ? <RecoveryCodesStep security={security} codes={view.recoveryCodes} /> : null}
        {step === 'on' || step === 'disabling' ? (
          <>
            <Group gap="xs">
              <Badge variant="outline">
                On
              </Badge>
              <Text fz="sm">
                Since {view.since}. Recovery codes left: {view.recoveryCodesLeft}.
              </Text>
            </Group>
            <DisableForm2 security={security} view={view} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Turning it on asks for the password first: a borrowed session cannot put someone else's app on the account. */
function StartForm({ security, canStart, starting }: { security: SecurityActor; canStart: boolean; starting: boolean }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' }, validate: schemaResolver(DisableForm, { sync: true }) });
  return (
    <form
      noValidate
      aria-label="Turn on two-step sign-in"
      onSubmit={form.onSubmit((values) => {
        const parsed = v.safeParse(DisableForm, values);
        if (parsed.success) security.send({ type: 'twoFactor.start', password: parsed.output.password });
      })}
    >
      <Group align="flex-end">
        <PasswordInput label="Password to turn it on" autoComplete="current-password" required maw={280} key={form.key('password')} {...form.getInputProps('password')} />
        <Button type="submit" disabled={!canStart} loading={starting}>
          Turn on two-step sign-in
        </Button>
      </Group>
    </form>
  );
}

function SetupStep({ security, view }: { security: SecurityActor; view: SecurityView['twoFactor'] }) {
  const { setup } = view;
  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' }, validate: schemaResolver(ConfirmForm, { sync: true }) });
  if (!setup) return null;
  return (
    <Stack>
      <Text fz="sm">1. Scan this QR code with your authenticator app.</Text>
      <Image src={setup.qr_data_url} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
      <Text fz="sm">
        Cannot scan it? Enter this key in the app instead: <Code data-testid="two-factor-secret">{setup.secret}</Code>
      </Text>
      <form
        noValidate
        aria-label="Confirm two-step sign-in"
        onSubmit={form.onSubmit((values) => {
          const parsed = v.safeParse(ConfirmForm, values);
          if (parsed.success) security.send({ type: 'twoFactor.confirm', code: parsed.output.code });
        })}
      >
        <Stack>
          <TextInput
            label="2. Enter the 6-digit code the app shows"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maw={240}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Group>
            <Button type="submit" disabled={!view.canConfirm} loading={view.step === 'confirming'}>
              Turn on
            </Button>
            <Button variant="outline" onClick={() => security.send({ type: 'twoFactor.cancel' })} disabled={!view.canConfirm}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodesStep({ security, codes }: { security: SecurityActor; codes: string[] }) {
  return (
    <Stack>
      <Alert color="teal" variant="outline" role="status" title="Two-step sign-in is on">
        Save these recovery codes somewhere safe (a password manager, or printed). Each works once, if you lose your phone. They are shown only now.
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button onClick={() => security.send({ type: 'twoFactor.codesSaved' })}>I have saved my recovery codes</Button>
      </Group>
    </Stack>
  );
}

function DisableForm2({ security, view }: { security: SecurityActor; view: SecurityView['twoFactor'] }) {
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '' }, validate: schemaResolver(DisableForm, { sync: true }) });
  return (
    <form
      noValidate
      aria-label="Turn off two-step sign-in"
      onSubmit={form.onSubmit((values) => {
        security.send({ type: 'twoFactor.disable', password: values.password });
        form.reset();
      })}
    >
      <Group align="flex-end">
        <PasswordInput label="Password, to turn it off" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
        <Button type="submit" variant="outline" color="red" disabled={!view.canDisable} loading={view.step === 'disabling'}>
          Turn off
        </Button>
      </Group>
    </form>
  );
}

// ─── Devices ──────────────────────────────────────────────────────────────────────────────────

function DevicesCard({ security, view }: { security: SecurityActor; view: SecurityView['devices'] }) {
  return (
    <Card title="Signed-in devices" id="devices">
      <Stack>
        {view.notice ? (
          <Alert color="teal" variant="outline" role="status">
            {view.notice}
          </Alert>
        ) : null}
        <ErrorAlert message={view.error} />
        <Stack gap={0} component="ul" aria-label="Signed-in devices" p={0} m={0} style={{ listStyle: 'none' }}>
          {view.rows.map((device) => (
            <Group
              key={device.id}
              component="li"
              data-testid="device-row"
              justify="space-between"
              wrap="wrap"
              gap="xs"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fz="sm" fw={600}>
                    {device.browser}
                  </Text>
                  {device.current ? (
                    <Badge size="sm" variant="outline">
                      This device
                    </Badge>
                  ) : null}
                </Group>
                <Text fz="sm">{device.place}</Text>
                <Text fz="xs" c="dimmed">
                  {device.seen}
                </Text>
              </Stack>
              {device.current ? null : (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={device.signOutLabel}
                  loading={device.signingOut}
                  disabled={!device.canSignOut}
                  onClick={() => security.send({ type: 'device.signOut', id: device.id })}
                >
                  Sign out
                </Button>
              )}
            </Group>
          ))}
        </Stack>
        <Text fz="xs" c="dimmed">
          Places come from the network address only: we do not look up locations, so a home or office network shows as its address range.
        </Text>
        <Group>
          <Button
            variant="outline"
            color="red"
            disabled={!view.canSignOutOthers}
            loading={view.signingOutOthers}
            onClick={() => security.send({ type: 'devices.signOutOthers' })}
          >
            Sign out everywhere else
          </Button>
        </Group>
        <Text fz="xs" c="dimmed">
          Signs out every device except this one. To end this session too, use Logout.
        </Text>
      </Stack>
    </Card>
  );
}

// ─── Events ───────────────────────────────────────────────────────────────────────────────────

function EventsCard({ events }: { events: SecurityView['events'] }) {
  return (
    <Card title="Security events (last 90 days)" id="security-events">
      {events.length === 0 ? (
        <Text fz="sm">No events yet.</Text>
      ) : (
        <Stack gap={0} component="ul" aria-label="Security events" p={0} m={0} style={{ listStyle: 'none' }}>
          {events.map((event) => (
            <Stack key={event.id} component="li" data-testid="security-event" gap={2} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Text fz="sm" fw={event.warning ? 600 : undefined}>
                {event.text}
              </Text>
              <Text fz="xs" c="dimmed">
                {event.meta}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
