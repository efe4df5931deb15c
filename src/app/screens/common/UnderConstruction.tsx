import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Container, Paper, Text, Title } from '@mantine/core';
import { useMatches } from '@tanstack/react-router';

/** The title of the deepest matched route that has one. */
const selectTitle = (matches: ReadonlyArray<{ staticData: { title?: string } }>) =>
  matches.findLast((match) => match.staticData.title !== undefined)?.staticData.title ?? 'MaxOut';

/**
 * Stand-in for screens whose capability has not been built yet; it names the screen by its
 * route's `staticData.title`. A route gets its real screen by replacing this component.
 */
export function UnderConstruction({ title }: { title?: string }) {
  const routeTitle = useMatches({ select: selectTitle });
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl">
        <Title order={1} size="h2" mb="sm">
          {title ?? routeTitle}
        </Title>
        <Text c="dimmed">This part of MaxOut is under construction.</Text>
      </Paper>
    </Container>
  );
}
