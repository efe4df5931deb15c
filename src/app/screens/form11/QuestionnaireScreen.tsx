import './styles.ts';
import { Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  selectCanGoBack,
  selectIsFinished,
  selectIsLastQuestion,
  selectProgress,
  selectQuestion,
} from '../../../../machines/questionnaire/questionnaire.selectors.ts';
import { calendarDay } from '../../../domain/dates.ts';
import { defaultClaimYear } from '../../../domain/tax/claimYears.ts';
import { useFlow } from '../../flows/useFlow.tsx';

const route = getRouteApi('/paye/form11-questionnaire');

/**
 * The questionnaire (/form11-questionnaire): 27 yes/no questions, one at a time, with Prev and
 * Next and a progress indicator. After the last one the guided flow starts with the pages
 * answered Yes, or the user goes to the refund options when none was.
 */
export function QuestionnaireScreen() {
  const search = route.useSearch();
  const year = useMemo(() => search.year ?? defaultClaimYear(calendarDay(new Date())), [search.year]);
  // One questionnaire per visit, for the year it was opened with.
  return <Questionnaire key={year} year={year} />;
}

function Questionnaire({ year }: { year: number }) {
  const actor = useFlow('questionnaire', { year });
  const question = useSelector(actor, selectQuestion);
  const progress = useSelector(actor, selectProgress);
  const canGoBack = useSelector(actor, selectCanGoBack);
  const isLast = useSelector(actor, selectIsLastQuestion);
  const finished = useSelector(actor, selectIsFinished);
  const { index } = progress;

  return (
    <Container size="sm" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Questionnaire
          </Title>
          <Text c="dimmed">Tax year {year}. Answer what applies to you; Next skips a question.</Text>
        </Stack>
        <Stack gap={6}>
          <Text fz="sm" id="question-progress">
            Question {progress.number} of {progress.total}
          </Text>
          <Progress.Root size="sm">
              <Progress.Section value={(progress.number / progress.total) * 100} aria-label={`Question ${progress.number} of ${progress.total}`} />
            </Progress.Root>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            {/* Announced when the question changes, so a screen reader user hears the next one. */}
            <Text component="h2" fz="lg" fw={600} aria-live="polite" m={0}>
              {question.text}
            </Text>
            <Group grow>
              <Button
                size="md"
                variant={progress.answer === 'yes' ? 'filled' : 'outline'}
                aria-pressed={progress.answer === 'yes'}
                disabled={finished}
                onClick={() => actor.send({ type: 'question.yes', index })}
              >
                Yes
              </Button>
              <Button
                size="md"
                variant={progress.answer === 'no' ? 'filled' : 'outline'}
                aria-pressed={progress.answer === 'no'}
                disabled={finished}
                onClick={() => actor.send({ type: 'question.no', index })}
              >
                No
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Group justify="space-between">
          <Button variant="default" disabled={!canGoBack || finished} onClick={() => actor.send({ type: 'question.prev', index })}>
            Prev
          </Button>
          <Button variant="default" disabled={finished} onClick={() => actor.send({ type: 'question.next', index })}>
            {isLast ? 'Finish' : 'Next'}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
