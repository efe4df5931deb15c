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
import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import * as v from 'valibot';
import { profileEditView, type ProfileFormFields } from '../../../../machines/profileEdit/profileEdit.view.ts';
import { PENSION_PLAN_ID_EXAMPLE, profileFormToRequest } from '../../../domain/schemas/profile.ts';
import { DateTextInput } from '../../components/DateTextInput.tsx';
import { useFlow } from '../../flows/useFlow.tsx';
import { useServerErrors } from '../../forms/useServerErrors.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SpouseTaxFields } from '../../components/SpouseTaxFields.tsx';

const route = getRouteApi('/signedIn/profile');

/**
 * Profile (spec section 2, /profile with optional returnTo): first name, surname, PPSN, date of
 * birth and pension plan ID, email shown read-only; a married user also the spouse's income and
 * the basis of assessment. Saved with POST /edit-profile; afterwards the
 * user goes back to returnTo when given (the pension-plan alert's "Set up now" → /roundups).
 */
export function ProfileScreen() {
  const { returnTo } = route.useSearch();
  const profile = useFlow('profileEdit', { returnTo: returnTo ?? null });
  const view = useSelector(profile, profileEditView);
  const { schema } = view.form;

  const form = useForm<ProfileFormFields>({
    mode: 'controlled',
    initialValues: view.form.initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, view.fieldErrors);

  const submit = form.onSubmit((values) => {
    const parsed = v.safeParse(schema, values);
    if (parsed.success) profile.send({ type: 'profile.save', changes: profileFormToRequest(parsed.output, view.form.storedPlanId, view.married) });
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
            <ErrorAlert message={view.error} title="Your profile was not saved" />
            {view.saved ? (
              <Alert color="teal" variant="outline" role="status">
                Your profile is saved.
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('first_name')} />
              <TextInput label="Surname" autoComplete="family-name" required {...form.getInputProps('surname')} />
            </SimpleGrid>
            {/* A text area, so a long address wraps on a phone instead of being cut. */}
            <Textarea label="Email" value={view.email} readOnly autosize minRows={1} description="To change your email address, contact us." />
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
            {view.married ? (
              <SpouseTaxFields
                incomeProps={form.getInputProps('spouse_annual_income')}
                basisOptions={view.basisOptions}
                basis={form.getValues().assessment_basis}
                basisError={form.errors.assessment_basis}
                onBasisChange={(value) => form.setFieldValue('assessment_basis', value)}
              />
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={view.busy} disabled={!view.canSave}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
