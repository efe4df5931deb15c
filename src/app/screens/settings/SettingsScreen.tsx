import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import { Container, Stack, Title } from '@mantine/core';
import { SecuritySection } from './SecuritySection.tsx';

/**
 * Settings (/settings): a page of independent sections, one component each, in the order shown.
 * Each section owns its own machine and calls; this page only lays them out.
 */
const SECTIONS = [{ id: 'security', Section: SecuritySection }];

export function SettingsScreen() {
  return (
    <Container size="md" py="lg">
      <Stack gap="xl">
        <Title order={1} size="h2">
          Settings
        </Title>
        {SECTIONS.map(({ id, Section }) => (
          <Section key={id} />
        ))}
      </Stack>
    </Container>
  );
}
