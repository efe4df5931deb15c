import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { calendarDay } from '../../domain/dates.ts';
import { type ScreenHeading, screenHeading } from './screenHeadings.ts';

/**
 * The screen's heading where the screen puts it, marked busy: what the shell shows while the
 * session is checked, and the frame until its first screen has rendered.
 */
export function ShellHeading() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const heading = screenHeading(pathname, calendarDay(new Date()));
  return <div aria-busy="true">{heading ? <Heading heading={heading} /> : null}</div>;
}

/** The heading as its screen lays it out (same containers, sizes and gaps). */
function Heading({ heading }: { heading: ScreenHeading }) {
  switch (heading.layout) {
    case 'overview':
      return (
        <Container size="md" py="lg">
          <Title order={1} size="h2">
            {heading.title}
          </Title>
        </Container>
      );
    case 'settings':
      return (
        <Container size="md" py="lg">
          <TitleAndLine title={heading.title} line={heading.description} gap="xs" />
        </Container>
      );
    case 'taxRefund':
      return (
        <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
          <TitleAndLine title={heading.title} line={heading.description} gap={4} />
        </Container>
      );
    case 'formPage':
      return (
        <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
          <Stack gap={6}>
            <Group gap="sm" align="center" wrap="wrap">
              <Title order={1} size="h2">
                {heading.title}
              </Title>
            </Group>
            <Text c="dimmed">{heading.description}</Text>
          </Stack>
        </Container>
      );
  }
}

/** A screen's title and the line under it (Settings, Tax Refund), with the gap its screen puts between them. */
function TitleAndLine({ title, line, gap }: { title: string; line: string; gap: 'xs' | number }) {
  return (
    <Stack gap={gap}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{line}</Text>
    </Stack>
  );
}
