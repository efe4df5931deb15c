import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import * as v from 'valibot';
import { forgotPasswordView } from '../../../../machines/forgotPassword/forgotPassword.view.ts';
import { emailField } from '../../../domain/schemas/fields.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const ForgotForm = v.object({ email: emailField });

/** Forgot password: asks for a reset link; the answer never says whether the account exists. */
export function ForgotPasswordScreen() {
  const recovery = useFlow('forgotPassword');
  const view = useSelector(recovery, forgotPasswordView);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(ForgotForm, { sync: true }),
    validateInputOnBlur: true,
  });

  return (
    <AuthCard title="Forgot your password?" intro="Enter your email and we will send you a link to choose a new password.">
      {view.step === 'sent' ? (
        <Stack>
          <Alert color="teal" variant="outline" role="status" title="Check your email">
            {view.notice}
          </Alert>
          <Text fz="sm">The link works once and expires after 30 minutes.</Text>
          <Button variant="outline" onClick={() => recovery.send({ type: 'reminder.again' })}>
            Send another link
          </Button>
          <Anchor component={Link} to="/auth/login" ta="center">
            Back to log in
          </Anchor>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => recovery.send({ type: 'reminder.submit', email: values.email.trim() }))}>
          <Stack>
            <ErrorAlert message={view.error} />
            <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
            <Button type="submit" loading={view.busy} disabled={!view.canSubmit} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to="/auth/login" ta="center" fz="sm">
              Back to log in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
