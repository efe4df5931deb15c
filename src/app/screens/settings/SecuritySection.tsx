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
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import type { SecurityMachine } from '../../../../machines/security/security.machine.ts';
import * as s from '../../../../machines/security/security.selectors.ts';
import { formatDisplayDateTime } from '../../../domain/dates.ts';
import { newPasswordField, passwordField, stop } from '../../../domain/schemas/fields.ts';
import * as m from '../../../domain/schemas/messages.ts';
import { appCodeField } from '../../../domain/schemas/security.ts';
import { describeSecurityEvent, isWarningEvent } from '../../../domain/securityEvents.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

type SecurityActor = ActorRefFrom<SecurityMachine>;

/** Settings → Security: change password, signed-in devices, two-step sign-in, security events. */
export function SecuritySection() {
  const security = useFlow('security');
  const loading = useSelector(security, s.selectIsLoadingOverview);
  const loadError = useSelector(security, s.selectLoadError);

  return (
    <Stack component="section" aria-labelledby="security-title" gap="md">
      <Title order={2} size="h3" id="security-title">
        Security
      </Title>
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
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text fz="sm">Loading your security details…</Text>
        </Group>
      ) : null}
      <ChangePasswordCard security={security} />
      <TwoFactorCard security={security} />
      <DevicesCard security={security} />
      <EventsCard security={security} />
    </Stack>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-label={title}>
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

function ChangePasswordCard({ security }: { security: SecurityActor }) {
  const canSubmit = useSelector(security, s.selectCanChangePassword);
  const changing = useSelector(security, s.selectIsChangingPassword);
  const notice = useSelector(security, s.selectPasswordNotice);
  const error = useSelector(security, s.selectPasswordError);
  const serverFieldErrors = useSelector(security, s.selectPasswordFieldErrors);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: schemaResolver(ChangePasswordForm, { sync: true }),
    validateInputOnBlur: true,
  });
  // The server's field messages go under the same inputs as the form's own.
  useEffect(() => {
    if (Object.keys(serverFieldErrors).length > 0) form.setErrors(serverFieldErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only new server messages matter
  }, [serverFieldErrors]);
  // A changed password is not left in the inputs.
  useEffect(() => {
    if (notice) form.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per confirmation
  }, [notice]);

  return (
    <Card title="Change password">
      <form noValidate aria-label="Change password" onSubmit={form.onSubmit((values) => security.send({ type: 'password.submit', request: values }))}>
        <Stack>
          {notice ? (
            <Alert color="teal" variant="outline" role="status">
              {notice}
            </Alert>
          ) : null}
          <ErrorAlert message={error} title="Your password was not changed" />
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
            <Button type="submit" loading={changing} disabled={!canSubmit}>
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

function TwoFactorCard({ security }: { security: SecurityActor }) {
  const view = useSelector(security, s.selectTwoFactorView);
  const status = useSelector(security, s.selectTwoFactor);
  const error = useSelector(security, s.selectTwoFactorError);
  const canStart = useSelector(security, s.selectCanStartTwoFactor);

  return (
    <Card title="Two-step sign-in">
      <Stack>
        <ErrorAlert message={error} />
        {view === 'off' || view === 'starting' ? (
          <>
            <Text fz="sm">
              Recommended. Signing in will also ask for a 6-digit code from an authenticator app on your phone (such as Google Authenticator,
              Microsoft Authenticator or 1Password), so a stolen password alone is not enough.
            </Text>
            <StartForm security={security} canStart={canStart} starting={view === 'starting'} />
          </>
        ) : null}
        {view === 'scanning' || view === 'confirming' ? <SetupStep security={security} /> : null}
        {view === 'codes' ? <RecoveryCodesStep security={security} /> : null}
        {view === 'on' || view === 'disabling' ? (
          <>
            <Group gap="xs">
              <Badge variant="outline">
                On
              </Badge>
              <Text fz="sm">
                Since {formatDisplayDateTime(status?.enabled_at)}. Recovery codes left: {status?.recovery_codes_left ?? 0}.
              </Text>
            </Group>
            <DisableForm2 security={security} />
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

function SetupStep({ security }: { security: SecurityActor }) {
  const setup = useSelector(security, s.selectSetup);
  const canConfirm = useSelector(security, s.selectCanConfirmTwoFactor);
  const view = useSelector(security, s.selectTwoFactorView);
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
            <Button type="submit" disabled={!canConfirm} loading={view === 'confirming'}>
              Turn on
            </Button>
            <Button variant="outline" onClick={() => security.send({ type: 'twoFactor.cancel' })} disabled={!canConfirm}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodesStep({ security }: { security: SecurityActor }) {
  const codes = useSelector(security, s.selectRecoveryCodes) ?? [];
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

function DisableForm2({ security }: { security: SecurityActor }) {
  const canDisable = useSelector(security, s.selectCanDisableTwoFactor);
  const view = useSelector(security, s.selectTwoFactorView);
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
        <Button type="submit" variant="outline" color="red" disabled={!canDisable} loading={view === 'disabling'}>
          Turn off
        </Button>
      </Group>
    </form>
  );
}

// ─── Devices ──────────────────────────────────────────────────────────────────────────────────

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

function DevicesCard({ security }: { security: SecurityActor }) {
  const devices = useSelector(security, s.selectDevices);
  const notice = useSelector(security, s.selectDeviceNotice);
  const error = useSelector(security, s.selectDeviceError);
  const signingOutId = useSelector(security, s.selectSigningOutId);
  const canSignOutOthers = useSelector(security, s.selectCanSignOutOthers);
  const signingOutOthers = useSelector(security, s.selectIsSigningOutOthers);
  const signOutable = useSelector(security, s.selectSignOutableIds, sameIds);

  return (
    <Card title="Signed-in devices">
      <Stack>
        {notice ? (
          <Alert color="teal" variant="outline" role="status">
            {notice}
          </Alert>
        ) : null}
        <ErrorAlert message={error} />
        <Stack gap={0} component="ul" aria-label="Signed-in devices" p={0} m={0} style={{ listStyle: 'none' }}>
          {devices.map((device) => (
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
                    {device.browser ?? 'Unknown browser'}
                  </Text>
                  {device.current ? (
                    <Badge size="sm" variant="outline">
                      This device
                    </Badge>
                  ) : null}
                </Group>
                <Text fz="sm">{device.place ?? 'Unknown place'}</Text>
                <Text fz="xs" c="dimmed">
                  Last active {formatDisplayDateTime(device.last_seen_at)} · signed in {formatDisplayDateTime(device.signed_in_at)}
                </Text>
              </Stack>
              {device.current ? null : (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Sign out ${device.browser ?? 'device'}, ${device.place ?? ''}`}
                  loading={signingOutId === device.id}
                  disabled={!signOutable.includes(device.id)}
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
          <Button variant="outline" color="red" disabled={!canSignOutOthers} loading={signingOutOthers} onClick={() => security.send({ type: 'devices.signOutOthers' })}>
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

function EventsCard({ security }: { security: SecurityActor }) {
  const events = useSelector(security, s.selectEvents);
  return (
    <Card title="Security events (last 90 days)">
      {events.length === 0 ? (
        <Text fz="sm">No events yet.</Text>
      ) : (
        <Stack gap={0} component="ul" aria-label="Security events" p={0} m={0} style={{ listStyle: 'none' }}>
          {events.map((event) => (
            <Stack key={event.id} component="li" data-testid="security-event" gap={2} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Text fz="sm" fw={isWarningEvent(event.kind) ? 600 : undefined}>
                {describeSecurityEvent(event.kind, event.detail)}
              </Text>
              <Text fz="xs" c="dimmed">
                {[formatDisplayDateTime(event.at), event.browser, event.place].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
