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
          <Stack gap="xs">
            <Title order={1} size="h2">
              {heading.title}
            </Title>
            <Text c="dimmed">{heading.description}</Text>
          </Stack>
        </Container>
      );
    case 'taxRefund':
      return (
        <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
          <Stack gap={4}>
            <Title order={1} size="h2">
              {heading.title}
            </Title>
            <Text c="dimmed">{heading.description}</Text>
          </Stack>
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
