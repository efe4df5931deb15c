import './styles.ts';
import { Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { form11FlowView } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { questionnaireView } from '../../../../machines/questionnaire/questionnaire.view.ts';
import { REFUND_QUESTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import { type FlowActor, useFlow, useSessionFlow } from '../../flows/useFlow.tsx';
import { ReplaceClaimDialog } from './ReplaceClaimDialog.tsx';

const route = getRouteApi('/paye/form11-questionnaire');

/**
 * The questionnaire (/form11-questionnaire): 27 yes/no questions, one at a time, with Prev and
 * Next and a progress indicator. After the last one the guided flow starts with the pages
 * answered Yes, or the user goes to the refund options when none was.
 */
export function QuestionnaireScreen() {
  const { year } = route.useSearch();
  // One questionnaire per visit, for the year it was opened with.
  return <Questionnaire key={year ?? 'default'} year={year} />;
}

function Questionnaire({ year }: { year: number | undefined }) {
  const actor = useFlow('questionnaire', { year });
  const view = useSelector(actor, questionnaireView);
  const flow = useSessionFlow('form11Flow');
  const { index } = view;

  return (
    <Container size="sm" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Questionnaire
          </Title>
          <Text c="dimmed">Tax year {view.year}. Answer what applies to you; Next skips a question.</Text>
        </Stack>
        <Stack gap={6}>
          <Text fz="sm" id="question-progress">
            Question {view.number} of {view.total}
          </Text>
          <Progress.Root size="sm">
            <Progress.Section value={(view.number / view.total) * 100} aria-label={`Question ${view.number} of ${view.total}`} />
          </Progress.Root>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            {/* Announced when the question changes, so a screen reader user hears the next one. */}
            <Text component="h2" fz="lg" fw={600} aria-live="polite" m={0}>
              {view.question.text}
            </Text>
            <Group grow>
              <Button
                size="md"
                variant={view.answer === 'yes' ? 'filled' : 'outline'}
                aria-pressed={view.answer === 'yes'}
                disabled={view.finished}
                onClick={() => actor.send({ type: 'question.yes', index })}
              >
                Yes
              </Button>
              <Button
                size="md"
                variant={view.answer === 'no' ? 'filled' : 'outline'}
                aria-pressed={view.answer === 'no'}
                disabled={view.finished}
                onClick={() => actor.send({ type: 'question.no', index })}
              >
                No
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Group justify="space-between">
          <Button variant="default" disabled={!view.canGoBack || view.finished} onClick={() => actor.send({ type: 'question.prev', index })}>
            Prev
          </Button>
          <Button variant="default" disabled={view.finished} onClick={() => actor.send({ type: 'question.next', index })}>
            {view.isLast ? 'Finish' : 'Next'}
          </Button>
        </Group>
        {view.finished && flow ? <AfterQuestionnaire flow={flow} /> : null}
      </Stack>
    </Container>
  );
}

/**
 * The questionnaire opened by its address while a claim was unfinished: the guided flow asks
 * before replacing it, here; a kept claim is continued from the Tax Refund page.
 */
function AfterQuestionnaire({ flow }: { flow: FlowActor<'form11Flow'> }) {
  const view = useSelector(flow, form11FlowView);
  return (
    <>
      {view.unfinished && !view.busy && !view.confirmReplace ? (
        <Group justify="space-between">
          <Text fz="sm">Your claim for {view.unfinished.year} is waiting: continue it from the Tax Refund page.</Text>
          <Button component={Link} to={REFUND_QUESTIONS_ROUTE} variant="outline">
            Tax Refund page
          </Button>
        </Group>
      ) : null}
      <ReplaceClaimDialog flow={flow} view={view} />
    </>
  );
}
