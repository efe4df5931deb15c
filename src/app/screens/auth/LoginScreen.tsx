import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { selectIsBusy, selectLoginError } from '../../../../machines/auth/auth.selectors.ts';
import { emailField, passwordField } from '../../../domain/schemas/fields.ts';
import { AuthActor } from '../../actors.tsx';
import { actionTime } from '../../effects/clock.ts';
import { loginRoute } from '../../router.tsx';
import { AuthCard } from './AuthCard.tsx';

const LoginForm = v.object({ email: emailField, password: passwordField, remember: v.boolean() });

/** Login (spec section 2): email, password with show/hide, Remember me, links. Success → `/`. */
export function LoginScreen() {
  const { redirect } = loginRoute.useSearch();
  const auth = AuthActor.useActorRef();
  const busy = AuthActor.useSelector(selectIsBusy);
  const error = AuthActor.useSelector(selectLoginError);
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
          {error ? (
            <Alert color="red" role="alert" title="Could not log in">
              {error}
            </Alert>
          ) : null}
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
          <Button type="submit" loading={busy} fullWidth>
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
