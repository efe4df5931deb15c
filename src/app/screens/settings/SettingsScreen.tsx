import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import { Container, Stack, Title } from '@mantine/core';
import { CloseAccountSection } from './CloseAccountSection.tsx';
import { DataExportSection } from './DataExportSection.tsx';
import { PayeSection } from './PayeSection.tsx';

/** Settings (/settings): one section per concern, each with its own machine. */
export function SettingsScreen() {
  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={1} size="h2">
          Settings
        </Title>
        <PayeSection />
        <DataExportSection />
        <CloseAccountSection />
      </Stack>
    </Container>
  );
}
