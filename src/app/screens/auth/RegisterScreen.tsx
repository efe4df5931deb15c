import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { TermsNotice } from './TermsNotice.tsx';
import { useSelector } from '../../useSelector.ts';
import { useEffect } from 'react';
import * as v from 'valibot';
import { signInView } from '../../../../machines/auth/signIn.view.ts';
import { calendarDay, displayDateToApiDate, maskDateInput } from '../../../domain/dates.ts';
import { DATE_OF_BIRTH_INVALID } from '../../../domain/schemas/messages.ts';
import { MARITAL_STATUS_LABEL, MARITAL_STATUS_OPTIONS, dateOfBirthField, emailField } from '../../../domain/schemas/fields.ts';
import { registerPensionPlanIdField } from '../../../domain/schemas/profile.ts';
import { REQUIRED } from '../../../domain/schemas/messages.ts';
import { actionTime } from '../../actionTime.ts';
import { useAuthActor } from '../../actors.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { AuthCard } from './AuthCard.tsx';

const maritalOptions = MARITAL_STATUS_OPTIONS.map((option) => ({ ...option }));

function registerForm(today: ReturnType<typeof calendarDay>) {
  return v.object({
    maritalStatus: v.picklist(['single', 'married'], REQUIRED),
    dob: dateOfBirthField(today),
    email: emailField,
    pensionPlanId: registerPensionPlanIdField,
  });
}

/**
 * Register (spec section 2): marital status, date of birth typed as DD.MM.YYYY (dots inserted
 * as the user types), email, pension plan ID. No password: the server mails a set-password
 * link. Success → /pension-info (the auth machine navigates).
 */
export function RegisterScreen() {
  const auth = useAuthActor();
  const view = useSelector(auth, signInView);
  // An error belongs to the visit that caused it: leaving the screen dismisses it.
  useEffect(() => () => auth.send({ type: 'errors.clear' }), [auth]);
  const form = useForm({
    mode: 'controlled',
    initialValues: { maritalStatus: '', dob: '', email: '', pensionPlanId: '' },
    // "Today" is taken when the rules run, so a form left open past midnight judges ages correctly.
    validate: (values) => schemaResolver(registerForm(calendarDay(new Date())), { sync: true })(values),
    validateInputOnBlur: true,
  });

  // Server field errors are shown first (spec section 5), until the user changes the field.
  useServerErrors(form, view.register.fieldErrors);

  const submit = form.onSubmit((values) => {
    const dob = displayDateToApiDate(values.dob);
    if (!dob) {
      form.setFieldError('dob', DATE_OF_BIRTH_INVALID);
      return;
    }
    const pensionPlanId = values.pensionPlanId.trim();
    auth.send({
      type: 'register.submit',
      at: actionTime(),
      payload: {
        email: values.email.trim(),
        details: { dob, maritalStatus: values.maritalStatus as 'single' | 'married', ...(pensionPlanId ? { pensionPlanId } : {}) },
      },
    });
  });

  return (
    <AuthCard title="Create your account" intro="We will email you a link to set your password.">
      <form noValidate onSubmit={submit}>
        <Stack>
          {view.register.emailTaken ? (
            <Alert variant="default" title="You already have an account" role="alert">
              <Text size="sm">An account with this email already exists. Log in, or reset your password if you have forgotten it.</Text>
              <Group mt="xs" gap="sm">
                <Button component={Link} to="/auth/login" size="xs">
                  Log in
                </Button>
                <Button component={Link} to="/auth/forgot-password" size="xs" variant="default">
                  Reset password
                </Button>
              </Group>
            </Alert>
          ) : (
            <ErrorAlert message={view.register.error} title="Could not create the account" />
          )}
          <Select
            label={MARITAL_STATUS_LABEL}
            placeholder="Choose one"
            data={maritalOptions}
            required
            allowDeselect={false}
            {...form.getInputProps('maritalStatus')}
          />
          <TextInput
            label="Date of birth"
            description="DD.MM.YYYY"
            placeholder="DD.MM.YYYY"
            inputMode="numeric"
            autoComplete="bday"
            required
            {...form.getInputProps('dob')}
            onChange={(event) => form.setFieldValue('dob', maskDateInput(event.currentTarget.value))}
          />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <TextInput
            label="Pension plan ID"
            description="Optional: your Irish Life pension plan ID, if you have one"
            {...form.getInputProps('pensionPlanId')}
          />
          {/* Said before the button, as on /auth: the terms say that creating an account accepts them. */}
          <TermsNotice lead="By signing up" />
          <Button type="submit" loading={view.busy} disabled={!view.register.canSubmit} fullWidth>
            Sign Up
          </Button>
          {import.meta.env.DEV ? (
            <Button
              variant="light"
              color="gray"
              onClick={() => form.setValues({ maritalStatus: 'single', dob: '15.06.1990', email: `dev+${Date.now()}@maxout.test`, pensionPlanId: 'IL-12345678' })}
            >
              Fill Mock Data
            </Button>
          ) : null}
          <Text ta="center" fz="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/auth/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
