import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Anchor, Button, Center, Checkbox, Loader, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import * as v from 'valibot';
import { resetPasswordView, type ResetPasswordFormValues } from '../../../../machines/resetPassword/resetPassword.view.ts';
import { newPasswordField } from '../../../domain/schemas/fields.ts';
import { PASSWORDS_DO_NOT_MATCH, REQUIRED } from '../../../domain/schemas/messages.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { AuthCard } from './AuthCard.tsx';

const route = getRouteApi('/public/reset-password/$token');

const ResetForm = v.pipe(
  v.object({ password: newPasswordField, password_confirmation: v.pipe(v.string(), v.minLength(1, REQUIRED)), turn_off_two_factor: v.boolean() }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, PASSWORDS_DO_NOT_MATCH),
    ['password_confirmation'],
  ),
);

/** Reset password (from the mailed link): new password and its confirmation; the link can also turn two-step sign-in off. */
export function ResetPasswordScreen() {
  const { token } = route.useParams();
  const recovery = useFlow('resetPassword', { token });
  const view = useSelector(recovery, resetPasswordView);
  const form = useForm<ResetPasswordFormValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', password_confirmation: '', turn_off_two_factor: false },
    validate: schemaResolver(ResetForm, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);

  if (view.step === 'checking') {
    return (
      <AuthCard title="Choose a password">
        <Center py="xl">
          <Loader aria-label="Checking the link" />
        </Center>
      </AuthCard>
    );
  }

  if (view.step === 'linkInvalid') {
    return (
      <AuthCard title="Choose a password">
        <InvalidLink message={view.error} />
      </AuthCard>
    );
  }

  if (view.step === 'saved') {
    return (
      <AuthCard title="Password saved">
        <Stack>
          <Alert color="teal" variant="outline" role="status">
            Your new password is set. Use it to log in.
          </Alert>
          <Button component={Link} to="/auth/login">
            Log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a password" intro="At least 8 characters. A passphrase of a few words is easy to remember and hard to guess.">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => recovery.send({ type: 'password.submit', ...values }))}
      >
        <Stack>
          {view.linkInvalid ? (
            <InvalidLink message={view.error} />
          ) : view.error ? (
            <Alert color="red" role="alert">
              {view.error}
            </Alert>
          ) : null}
          <PasswordInput label="New password" autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          {view.offerTwoFactorOff ? (
            <Checkbox
              label="I lost my authenticator app: also turn two-step sign-in off"
              description="Only if two-step sign-in is on. We will email you that it was turned off; you can turn it on again in Settings."
              key={form.key('turn_off_two_factor')}
              {...form.getInputProps('turn_off_two_factor', { type: 'checkbox' })}
            />
          ) : null}
          <Button type="submit" loading={view.busy} disabled={!view.canSubmit} fullWidth>
            Save password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** A spent, expired or unknown link: the server's words and the way to a new link. */
function InvalidLink({ message }: { message: string | null }) {
  return (
    <Alert color="red" role="alert">
      {message}{' '}
      <Anchor component={Link} to="/auth/forgot-password" c="inherit" fz="inherit" fw={700} underline="always">
        Request a new link
      </Anchor>
    </Alert>
  );
}
