import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
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
import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import * as v from 'valibot';
import { selectUser } from '../../../../machines/auth/auth.selectors.ts';
import {
  selectCanSave,
  selectErrorMessage,
  selectFieldErrors,
  selectIsSaving,
  selectSaved,
} from '../../../../machines/profileEdit/profileEdit.selectors.ts';
import { apiDateToDisplayDate, calendarDay } from '../../../domain/dates.ts';
import { PENSION_PLAN_ID_EXAMPLE, profileFormSchema, profileFormToRequest } from '../../../domain/schemas/profile.ts';
import type { User } from '../../../domain/schemas/user.ts';
import { useAuthActor } from '../../actors.tsx';
import { DateTextInput } from '../../components/DateTextInput.tsx';
import { useFlow } from '../../flows/useFlow.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const route = getRouteApi('/signedIn/profile');

function initialValues(user: User | null) {
  return {
    first_name: user?.first_name ?? '',
    surname: user?.surname ?? '',
    ppsn: user?.ppsn ?? '',
    date_of_birth: apiDateToDisplayDate(user?.date_of_birth) ?? '',
    pension_plan_id: user?.pension_plan_id ?? '',
  };
}

/**
 * Profile (spec section 2, /profile with optional returnTo): first name, surname, PPSN, date of
 * birth and pension plan ID, email shown read-only. Saved with POST /edit-profile; afterwards the
 * user goes back to returnTo when given (the pension-plan alert's "Set up now" → /roundups).
 */
export function ProfileScreen() {
  const { returnTo } = route.useSearch();
  const auth = useAuthActor();
  const user = useSelector(auth, selectUser);
  const profile = useFlow('profileEdit', { returnTo: returnTo ?? null });
  const saving = useSelector(profile, selectIsSaving);
  const canSave = useSelector(profile, selectCanSave);
  const saved = useSelector(profile, selectSaved);
  const error = useSelector(profile, selectErrorMessage);
  const serverFieldErrors = useSelector(profile, selectFieldErrors);

  const form = useForm({
    mode: 'controlled',
    initialValues: initialValues(user),
    validate: (values) => schemaResolver(profileFormSchema(calendarDay(new Date()), user?.pension_plan_id ?? null), { sync: true })(values),
    validateInputOnBlur: true,
  });

  // The server's field messages go under the same inputs as the form's own.
  useEffect(() => {
    if (Object.keys(serverFieldErrors).length > 0) form.setErrors(serverFieldErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only new server messages matter
  }, [serverFieldErrors]);

  const submit = form.onSubmit((values) => {
    const stored = user?.pension_plan_id ?? null;
    const parsed = v.safeParse(profileFormSchema(calendarDay(new Date()), stored), values);
    if (!parsed.success) return;
    profile.send({ type: 'profile.save', changes: profileFormToRequest(parsed.output, stored) });
  });

  return (
    <Container size="sm" py="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Title order={1} size="h2" mb="xs">
          Profile
        </Title>
        <Text c="dimmed" mb="lg">
          These details go on your PAYE authorisation and your tax claims, so they must match what Revenue has.
        </Text>
        <form noValidate onSubmit={submit} aria-label="Profile">
          <Stack>
            <ErrorAlert message={error} title="Your profile was not saved" />
            {saved ? (
              <Alert color="teal" variant="outline" role="status">
                Your profile is saved.
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('first_name')} />
              <TextInput label="Surname" autoComplete="family-name" required {...form.getInputProps('surname')} />
            </SimpleGrid>
            <TextInput label="Email" value={user?.email ?? ''} readOnly description="To change your email address, contact us." />
            <TextInput
              label="PPSN"
              description="7 digits followed by 1 or 2 letters, e.g. 1234567T"
              autoComplete="off"
              required
              {...form.getInputProps('ppsn')}
            />
            <DateTextInput
              label="Date of birth"
              autoComplete="bday"
              required
              {...form.getInputProps('date_of_birth')}
              onChange={(value) => form.setFieldValue('date_of_birth', value)}
            />
            <TextInput
              label="Pension plan ID"
              description={`Your Irish Life plan ID: IL- followed by 8 digits, e.g. ${PENSION_PLAN_ID_EXAMPLE}. Needed before round-ups can be paid in.`}
              autoComplete="off"
              {...form.getInputProps('pension_plan_id')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={!canSave}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
