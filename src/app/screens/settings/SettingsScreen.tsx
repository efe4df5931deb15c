import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useSecondPass } from '../../components/useSecondPass.ts';
import { SETTINGS_DESCRIPTION, SETTINGS_TITLE } from '../../layout/screenHeadings.ts';
import { CloseAccountSection } from './CloseAccountSection.tsx';
import { DataExportSection } from './DataExportSection.tsx';
import { PayeSection } from './PayeSection.tsx';
import { SecuritySection } from './SecuritySection.tsx';

/** The page's sections in the order they appear, for the list at the top (each links to its section's id). */
const SECTIONS = [
  { id: 'password', label: 'Password' },
  { id: 'two-step', label: 'Two-step sign-in' },
  { id: 'devices', label: 'Signed-in devices' },
  { id: 'security-events', label: 'Security events' },
  { id: 'paye', label: 'PAYE authorisation' },
  { id: 'your-data', label: 'Your data' },
  { id: 'close-account', label: 'Close my account' },
] as const;

/**
 * Settings (/settings): one section per concern, each with its own machine; this page only lays
 * them out. The sections under Security (below the fold on every screen) render in a second pass.
 */
export function SettingsScreen() {
  const secondPass = useSecondPass();
  return (
    <Container size="md" py="lg">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} size="h2">
            {SETTINGS_TITLE}
          </Title>
          <Text c="dimmed">{SETTINGS_DESCRIPTION}</Text>
          <Group component="nav" aria-label="Settings sections" gap="xs" style={{ rowGap: 4 }}>
            <Text fz="sm" c="dimmed" component="span">
              Go to:
            </Text>
            {SECTIONS.map((section) => (
              <Anchor key={section.id} href={`#${section.id}`} fz="sm">
                {section.label}
              </Anchor>
            ))}
          </Group>
        </Stack>
        <SecuritySection />
        {secondPass ? (
          <>
            <PayeSection />
            <DataExportSection />
            <CloseAccountSection />
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
