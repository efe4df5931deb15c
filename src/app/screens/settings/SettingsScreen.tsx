import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import { Container, Stack, Title } from '@mantine/core';
import { CloseAccountSection } from './CloseAccountSection.tsx';
import { DataExportSection } from './DataExportSection.tsx';
import { PayeSection } from './PayeSection.tsx';
import { SecuritySection } from './SecuritySection.tsx';

/** Settings (/settings): one section per concern, each with its own machine; this page only lays them out. */
export function SettingsScreen() {
  return (
    <Container size="md" py="lg">
      <Stack gap="xl">
        <Title order={1} size="h2">
          Settings
        </Title>
        <SecuritySection />
        <PayeSection />
        <DataExportSection />
        <CloseAccountSection />
      </Stack>
    </Container>
  );
}
