import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { useEffect } from 'react';
import * as v from 'valibot';
import { signInView } from '../../../../machines/auth/signIn.view.ts';
import { emailField, passwordField } from '../../../domain/schemas/basicFields.ts';
import { twoFactorCodeField } from '../../../domain/schemas/security.ts';
import { actionTime } from '../../actionTime.ts';
import { useAuthActor } from '../../actors.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const route = getRouteApi('/public/auth/login');

const LoginForm = v.object({ email: emailField, password: passwordField, remember: v.boolean() });
const CodeForm = v.object({ code: twoFactorCodeField });

/**
 * The second step of a login with two-step sign-in: a code from the authenticator app, or one of
 * the recovery codes. "Back to log in" drops the step (the password is asked again).
 */
function CodeStep() {
  const auth = useAuthActor();
  const view = useSelector(auth, signInView);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: schemaResolver(CodeForm, { sync: true }),
  });
  return (
    <AuthCard title="Two-step sign-in" intro="Enter the 6-digit code from your authenticator app.">
      <form noValidate onSubmit={form.onSubmit((values) => auth.send({ type: 'twoFactor.submit', code: values.code.trim(), at: actionTime() }))}>
        <Stack>
          <ErrorAlert message={view.code.error} title="Could not log in" />
          <TextInput
            label="Code"
            description="Lost your phone? Enter one of your recovery codes instead."
            autoComplete="one-time-code"
            autoFocus
            required
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={view.busy} disabled={!view.code.canSubmit} fullWidth>
            Verify
          </Button>
          <Button variant="outline" onClick={() => auth.send({ type: 'twoFactor.cancel' })} disabled={!view.code.canSubmit}>
            Back to log in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Login (spec section 2): email, password with show/hide, Remember me, links. Success → `/`. */
export function LoginScreen() {
  const auth = useAuthActor();
  const step = useSelector(auth, (snapshot) => signInView(snapshot).login.step);
  // An error belongs to the visit that caused it: leaving the screen dismisses it (and a code step).
  useEffect(() => () => auth.send({ type: 'errors.clear' }), [auth]);
  return step === 'code' ? <CodeStep /> : <PasswordStep />;
}

function PasswordStep() {
  const { redirect } = route.useSearch();
  const auth = useAuthActor();
  const view = useSelector(auth, signInView);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', remember: false },
    validate: schemaResolver(LoginForm, { sync: true }),
    validateInputOnBlur: true,
  });

  return (
    <AuthCard title="Log in">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          auth.send({ type: 'login.submit', email: values.email.trim(), password: values.password, remember: values.remember, redirectTo: redirect, at: actionTime() }),
        )}
      >
        <Stack>
          {view.login.notice && !view.login.error ? (
            <Alert color="blue" title="Signed out" role="status">
              {view.login.notice}
            </Alert>
          ) : null}
          <ErrorAlert message={view.login.error} title="Could not log in" />
          <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" key={form.key('remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/auth/forgot-password" fz="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={view.busy} disabled={!view.login.canSubmit} fullWidth>
            Log in
          </Button>
          <Text ta="center" fz="sm">
            New to MaxOut?{' '}
            <Anchor component={Link} to="/auth/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
