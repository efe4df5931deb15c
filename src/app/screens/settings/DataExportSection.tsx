import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '../../useSelector.ts';
import { dataExportView } from '../../../../machines/dataExport/dataExport.view.ts';
import { useFlow } from '../../flows/useFlow.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** Download my data: one machine-readable JSON file of everything held about the user (GDPR Art. 20). */
export function DataExportSection() {
  const exporter = useFlow('dataExport');
  const { busy, canDownload, downloaded, error } = useSelector(exporter, dataExportView);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="settings-export" id="your-data">
      <Stack gap="sm">
        <Title order={2} size="h3" id="settings-export">
          Download my data
        </Title>
        <Text fz="sm">
          One JSON file with everything we hold about you: your profile, your tax claims and what you entered for them, your sign-ins and the
          emails we sent you. Passwords and security keys are left out. You can take the file to another service.
        </Text>
        <ErrorAlert message={error} />
        {downloaded ? (
          <Alert color="teal" variant="outline" role="status">
            Downloaded {downloaded}.
          </Alert>
        ) : null}
        <Group>
          <Button variant="outline" loading={busy} disabled={!canDownload} onClick={() => exporter.send({ type: 'export.download' })}>
            Download my data
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
