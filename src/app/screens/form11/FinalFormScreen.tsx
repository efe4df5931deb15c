import './styles.ts';
import { Alert, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { useMemo, useState } from 'react';
import { form11FlowView, type Estimator, type JsonValue, type StepPosition } from '../../../../machines/form11Flow/form11Flow.view.ts';
import type { Declaration } from '../../../../machines/incomeDeclaration/incomeDeclaration.types.ts';
import { incomeDeclarationView } from '../../../../machines/incomeDeclaration/incomeDeclaration.view.ts';
import { FINAL_FORM_ROUTE, INCOME_SELECTION_ROUTE, INCOME_TYPE_IDS, type IncomeTypeId } from '../../../domain/catalogue.ts';
import { REFUND_QUESTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import { useFlow, useSessionFlow } from '../../flows/useFlow.tsx';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { LoadingView } from '../../layout/LoadingView.tsx';
import { EstimateDialog } from './EstimateDialog.tsx';
import { FlowPosition } from './FlowPosition.tsx';
import { IncomeDeclarationForm, type IncomeDeclarationInput } from './IncomeDeclarationForm.tsx';
import { useDraft } from './useDraft.ts';
import { useTaxpayer } from './useTaxpayer.ts';

const route = getRouteApi('/paye/form11/final-form');

/**
 * /form11/final-form: one sub-form per income type chosen (in the guided flow, or on
 * /form11/income-selection, or one `incomeId` from a link) and "Submit Income Declaration".
 * With no income chosen the user goes back to the income selection.
 */
export function FinalFormScreen() {
  const flow = useSessionFlow('form11Flow');
  const { estimator } = useTaxpayer();
  const search = route.useSearch();
  if (!flow || !estimator) return <LoadingView />;
  // Another choice of incomes or year is another visit: the router keeps this screen mounted when
  // only the search changes (a link from one declaration to the next), so the key starts it afresh.
  const visitKey = JSON.stringify([search.incomeIds ?? [], search.incomeId ?? null, search.year ?? null]);
  return <FinalForm key={visitKey} flow={flow} estimator={estimator} />;
}

function FinalForm({ flow, estimator }: { flow: FlowActor<'form11Flow'>; estimator: Estimator }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const page = useSelector(flow, form11FlowView).page(FINAL_FORM_ROUTE, search.year);
  // The visit keeps the mode, year, incomes and prefill it opened with: the flow, once sent, forgets
  // itself a moment before the next page shows, and the page must not turn into one of its own meanwhile.
  const [visit] = useState(() => {
    const chosen = new Set<string>([...(search.incomeIds ?? []), ...(search.incomeId ? [search.incomeId] : [])]);
    const incomeIds: IncomeTypeId[] = page.incomeIds ?? INCOME_TYPE_IDS.filter((id) => chosen.has(id));
    return { inFlow: page.position !== null, year: page.year, incomeIds, kept: page.draft ?? page.kept };
  });

  if (visit.incomeIds.length === 0) return <Navigate to={INCOME_SELECTION_ROUTE} search={{ year: visit.year }} replace />;
  return (
    <Declaration
      {...visit}
      estimator={estimator}
      flowCanSubmit={page.canSubmit}
      position={page.position}
      onDraft={visit.inFlow ? (values) => flow.send({ type: 'step.draft', route: FINAL_FORM_ROUTE, values }) : null}
      onBack={page.back ? () => flow.send({ type: 'step.back', route: FINAL_FORM_ROUTE }) : null}
      onCancel={() =>
        void navigate(visit.inFlow ? { to: REFUND_QUESTIONS_ROUTE } : { to: INCOME_SELECTION_ROUTE, search: { year: visit.year } })
      }
    />
  );
}

interface DeclarationProps {
  year: number;
  inFlow: boolean;
  incomeIds: IncomeTypeId[];
  estimator: Estimator;
  /** What the flow keeps for the page (what was typed and not submitted, else the answer of a resumed flow), or null. */
  kept: object | null;
  flowCanSubmit: boolean;
  position: StepPosition | null;
  onCancel(): void;
  /** The flow's Back, or null (a page opened on its own). */
  onBack: (() => void) | null;
  /** Keeps what is typed as the page's draft, or null (a page opened on its own). */
  onDraft: ((values: JsonValue) => void) | null;
}

function Declaration({ year, inFlow, incomeIds, estimator, kept, flowCanSubmit, position, onCancel, onBack, onDraft }: DeclarationProps) {
  const actor = useFlow('incomeDeclaration', { year, inFlow });
  const draft = useDraft(onDraft);
  const view = useSelector(actor, incomeDeclarationView);
  // The year's claim as the profile now has it (refreshed before the estimate shows): the lines its limits cut, explained.
  const notes = useTaxpayer().notesOfYear(year);
  // What the flow kept (a resumed flow) wins over what was saved before.
  const initialValues = (kept ?? view.saved) as IncomeDeclarationInput;
  // A declaration is the year's whole income: incomes declared before stay on the form with the
  // ones just chosen, so saving never drops them unseen.
  const shown = useMemo(() => INCOME_TYPE_IDS.filter((id) => incomeIds.includes(id) || id in view.saved), [incomeIds, view.saved]);

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        {position ? <FlowPosition position={position} /> : null}
        <Stack gap={4}>
          <Title order={1} size="h2">
            Income declaration
          </Title>
          <Text c="dimmed">Tax year {year}. Tell us about each income you chose; we show the tax due on it as you go.</Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          {view.loading ? (
            <Center py="xl" aria-busy="true">
              <Loader aria-label="Loading your income declaration" />
            </Center>
          ) : (
            <IncomeDeclarationForm
              incomeIds={shown}
              year={year}
              estimator={estimator}
              busy={!(view.canSubmit && flowCanSubmit)}
              onSubmit={(declaration) => {
                draft.drop();
                actor.send({ type: 'declaration.submit', declaration: declaration as Declaration });
              }}
              onCancel={onCancel}
              onDraft={draft.change}
              {...(onBack
                ? {
                    onBack: () => {
                      draft.flush();
                      onBack();
                    },
                  }
                : {})}
              initialValues={initialValues}
            />
          )}
        </Paper>
        {view.saveFailed ? (
          <Alert color="red" variant="outline" role="alert" title="Your income declaration was not saved">
            Something went wrong. Please try again.
          </Alert>
        ) : null}
      </Stack>
      <EstimateDialog
        estimate={view.estimate}
        title="Income declaration saved"
        year={year}
        notes={notes}
        onDismiss={() => actor.send({ type: 'estimate.dismiss' })}
      />
    </Container>
  );
}
