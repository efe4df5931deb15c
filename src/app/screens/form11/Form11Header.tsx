import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { categoryTitle, FORM_PAGES, incomeType, isFormSlug, type Form11Category } from '../../../domain/catalogue.ts';

export interface Form11HeaderProps {
  category: Form11Category;
  year: number;
}

/** A Form 11 page's title, its one-line description and the claim year. */
export function Form11Header({ category, year }: Form11HeaderProps) {
  const description = isFormSlug(category) ? FORM_PAGES[category].description : incomeType(category).description;
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {categoryTitle(category)}
        </Title>
        <Badge variant="outline" size="lg">
          Tax year {year}
        </Badge>
      </Group>
      <Text c="dimmed">{description}</Text>
    </Stack>
  );
}
