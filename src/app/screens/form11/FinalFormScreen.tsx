import './styles.ts';
import { Alert, Button, Center, Container, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { FlowPosition } from './FlowPosition.tsx';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import {
  selectCanSubmit,
  selectKeptAnswer,
  selectPositionOf,
  selectSelectedIncomeTypes,
  selectYearFor,
} from '../../../../machines/form11Flow/form11Flow.selectors.ts';
import {
  selectCanSubmit as selectCanSubmitDeclaration,
  selectEstimate,
  selectIsLoading,
  selectSaved,
  selectSaveFailure,
} from '../../../../machines/incomeDeclaration/incomeDeclaration.selectors.ts';
import type { Declaration } from '../../../../machines/incomeDeclaration/incomeDeclaration.types.ts';
import { FINAL_FORM_ROUTE, INCOME_SELECTION_ROUTE, INCOME_TYPE_IDS, type IncomeTypeId } from '../../../domain/catalogue.ts';
import { formatEuro } from '../../../domain/money.ts';
import type { TaxProfile } from '../../../domain/tax/index.ts';
import { useFlow, useSessionFlow } from '../../flows/useFlow.tsx';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { LoadingView } from '../../layout/LoadingView.tsx';
import { IncomeDeclarationForm, type IncomeDeclarationInput } from './IncomeDeclarationForm.tsx';
import { useTaxProfile } from './useTaxProfile.ts';

const route = getRouteApi('/paye/form11/final-form');

/**
 * /form11/final-form: one sub-form per income type chosen (in the guided flow, or on
 * /form11/income-selection, or one `incomeId` from a link) and "Submit Income Declaration".
 * With no income chosen the user goes back to the income selection.
 */
export function FinalFormScreen() {
  const flow = useSessionFlow('form11Flow');
  const profile = useTaxProfile();
  const search = route.useSearch();
  if (!flow || !profile) return <LoadingView />;
  // Another choice of incomes or year is another visit: the router keeps this screen mounted when
  // only the search changes (a link from one declaration to the next), so the key starts it afresh.
  const visitKey = JSON.stringify([search.incomeIds ?? [], search.incomeId ?? null, search.year ?? null]);
  return <FinalForm key={visitKey} flow={flow} profile={profile} />;
}

function FinalForm({ flow, profile }: { flow: FlowActor<'form11Flow'>; profile: TaxProfile }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const position = useSelector(flow, useMemo(() => selectPositionOf(FINAL_FORM_ROUTE), []));
  const flowIncomes = useSelector(flow, selectSelectedIncomeTypes);
  const year = useSelector(flow, useMemo(() => selectYearFor(FINAL_FORM_ROUTE, search.year), [search.year]));
  const flowCanSubmit = useSelector(flow, useMemo(() => selectCanSubmit(FINAL_FORM_ROUTE), []));
  const inFlow = position !== null;
  const incomeIds = useMemo<IncomeTypeId[]>(() => {
    if (inFlow) return flowIncomes;
    const chosen = new Set<string>([...(search.incomeIds ?? []), ...(search.incomeId ? [search.incomeId] : [])]);
    return INCOME_TYPE_IDS.filter((id) => chosen.has(id));
  }, [inFlow, flowIncomes, search.incomeIds, search.incomeId]);
  // The visit keeps the mode, year and incomes it opened with: a flow that completes clears itself
  // a moment before it moves on, and the page must not turn into a page of its own meanwhile.
  const [visit] = useState(() => ({ inFlow, year, incomeIds, kept: inFlow ? selectKeptAnswer(FINAL_FORM_ROUTE)(flow.getSnapshot()) : null }));

  if (visit.incomeIds.length === 0) return <Navigate to={INCOME_SELECTION_ROUTE} search={{ year }} replace />;
  return (
    <Declaration
      year={visit.year}
      inFlow={visit.inFlow}
      incomeIds={visit.incomeIds}
      profile={profile}
      kept={visit.kept}
      flowCanSubmit={flowCanSubmit}
      position={position}
      onCancel={() =>
        void navigate({ to: visit.inFlow ? '/tax-refund-questions' : INCOME_SELECTION_ROUTE, search: visit.inFlow ? {} : { year: visit.year } })
      }
    />
  );
}

interface DeclarationProps {
  year: number;
  inFlow: boolean;
  incomeIds: IncomeTypeId[];
  profile: TaxProfile;
  kept: unknown;
  flowCanSubmit: boolean;
  position: { number: number; total: number } | null;
  onCancel(): void;
}

function Declaration({ year, inFlow, incomeIds, profile, kept, flowCanSubmit, position, onCancel }: DeclarationProps) {
  const actor = useFlow('incomeDeclaration', { year, inFlow });
  const loading = useSelector(actor, selectIsLoading);
  const saved = useSelector(actor, selectSaved);
  const canSubmit = useSelector(actor, selectCanSubmitDeclaration) && flowCanSubmit;
  const failure = useSelector(actor, selectSaveFailure);
  const estimate = useSelector(actor, selectEstimate);
  // What the flow kept (a resumed flow) wins over what was saved before.
  const initialValues = (kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : saved) as IncomeDeclarationInput;
  // A declaration is the year's whole income: incomes declared before stay on the form with the
  // ones just chosen, so saving never drops them unseen.
  const shown = useMemo(() => INCOME_TYPE_IDS.filter((id) => incomeIds.includes(id) || id in saved), [incomeIds, saved]);

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
          {loading ? (
            <Center py="xl" aria-busy="true">
              <Loader aria-label="Loading your income declaration" />
            </Center>
          ) : (
            <IncomeDeclarationForm
              incomeIds={shown}
              year={year}
              profile={profile}
              busy={!canSubmit}
              onSubmit={(declaration) => actor.send({ type: 'declaration.submit', declaration: declaration as Declaration })}
              onCancel={onCancel}
              initialValues={initialValues}
            />
          )}
        </Paper>
        {failure ? (
          <Alert color="red" variant="outline" role="alert" title="Your income declaration was not saved">
            Something went wrong. Please try again.
          </Alert>
        ) : null}
      </Stack>
      <Modal opened={estimate !== null} onClose={() => actor.send({ type: 'estimate.dismiss' })} title="Income declaration saved" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>
            Your estimated refund for {year} is{' '}
            <Text span fw={700} data-testid="refund-estimate">
              {formatEuro(estimate ?? 0, { keepZeroDecimals: true })}
            </Text>
            .{(estimate ?? 0) < 0 ? ' The tax due on your other income is more than the tax you get back.' : ''}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => actor.send({ type: 'estimate.dismiss' })}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
