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
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import {
  selectCanSubmit,
  selectErrorMessage,
  selectFieldErrors,
  selectIsBusy,
  selectSaved,
} from '../../../../machines/resetPassword/resetPassword.selectors.ts';
import { newPasswordField } from '../../../domain/schemas/fields.ts';
import { PASSWORDS_DO_NOT_MATCH, REQUIRED } from '../../../domain/schemas/messages.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { AuthCard } from './AuthCard.tsx';

const route = getRouteApi('/public/reset-password/$token');

const ResetForm = v.pipe(
  v.object({ password: newPasswordField, confirmation: v.pipe(v.string(), v.minLength(1, REQUIRED)), turnOffTwoFactor: v.boolean() }),
  v.forward(
    v.partialCheck([['password'], ['confirmation']], (input) => input.password === input.confirmation, PASSWORDS_DO_NOT_MATCH),
    ['confirmation'],
  ),
);

/** Reset password (from the mailed link): new password and its confirmation; the link can also turn two-step sign-in off. */
export function ResetPasswordScreen() {
  const { token } = route.useParams();
  const recovery = useFlow('resetPassword');
  const busy = useSelector(recovery, selectIsBusy);
  const canSubmit = useSelector(recovery, selectCanSubmit);
  const saved = useSelector(recovery, selectSaved);
  const error = useSelector(recovery, selectErrorMessage);
  const fieldErrors = useSelector(recovery, selectFieldErrors);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmation: '', turnOffTwoFactor: false },
    validate: schemaResolver(ResetForm, { sync: true }),
    validateInputOnBlur: true,
  });

  if (saved) {
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
        onSubmit={form.onSubmit((values) =>
          recovery.send({ type: 'password.submit', token, password: values.password, password_confirmation: values.confirmation, turn_off_two_factor: values.turnOffTwoFactor }),
        )}
      >
        <Stack>
          {error ? (
            <Alert color="red" role="alert">
              {error}
              {fieldErrors.token ? (
                <>
                  {' '}
                  <Anchor component={Link} to="/auth/forgot-password" c="inherit" fz="inherit" fw={700} underline="always">
                    Request a new link
                  </Anchor>
                </>
              ) : null}
            </Alert>
          ) : null}
          <PasswordInput label="New password" autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')} error={fieldErrors.password ?? form.errors.password} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            key={form.key('confirmation')}
            {...form.getInputProps('confirmation')}
            error={fieldErrors.password_confirmation ?? form.errors.confirmation}
          />
          <Checkbox
            label="I lost my authenticator app: also turn two-step sign-in off"
            description="Only if two-step sign-in is on. We will email you that it was turned off; you can turn it on again in Settings."
            key={form.key('turnOffTwoFactor')}
            {...form.getInputProps('turnOffTwoFactor', { type: 'checkbox' })}
          />
          <Button type="submit" loading={busy} disabled={!canSubmit} fullWidth>
            Save password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
