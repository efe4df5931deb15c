import { Container, Paper, Text, Title } from '@mantine/core';

/** Stand-in for screens whose capability has not been built yet; it names the screen. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl">
        <Title order={1} size="h2" mb="sm">
          {title}
        </Title>
        <Text c="dimmed">This part of MaxOut is under construction.</Text>
      </Paper>
    </Container>
  );
}
