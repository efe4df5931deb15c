import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import { Container, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { calendarDay } from '../../domain/dates.ts';
import { FrameLayout, TopBarLayout } from './FrameLayout.tsx';
import { type ScreenHeading, screenHeading } from './screenHeadings.ts';
import { shellMounted } from './shellFrame.ts';

/**
 * What a signed-in page shows while the stored session is checked (GET /profile) and its screen
 * loads: the frame, and in the screen's place its heading where the screen puts it. Painted from
 * what is known without the network (the route, today), so the page shows at once and the screen
 * then fills in below its heading. The account menu's place is kept, empty, until the user's name
 * is known.
 */
export function SignedInShell() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(shellMounted, []);
  const heading = screenHeading(pathname, calendarDay(new Date()));
  return (
    <FrameLayout
      top={
        <TopBarLayout
          account={
            <UnstyledButton component="span" px="sm" py={6} fw={600} aria-hidden style={{ visibility: 'hidden' }}>
              Account ▾
            </UnstyledButton>
          }
        />
      }
    >
      <div aria-busy="true">{heading ? <Heading heading={heading} /> : null}</div>
    </FrameLayout>
  );
}

/** The heading as its screen lays it out (same containers, sizes and gaps). */
function Heading({ heading }: { heading: ScreenHeading }) {
  switch (heading.layout) {
    case 'overview':
    case 'settings':
      return (
        <Container size="md" py="lg">
          <Title order={1} size="h2">
            {heading.title}
          </Title>
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
