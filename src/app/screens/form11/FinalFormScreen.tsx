import './styles.ts';
import { Container, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  selectCanSubmit,
  selectKeptAnswer,
  selectPositionOf,
  selectSelectedIncomeTypes,
  selectYearFor,
} from '../../../../machines/form11Flow/form11Flow.selectors.ts';
import { FINAL_FORM_ROUTE, INCOME_SELECTION_ROUTE, INCOME_TYPE_IDS, type IncomeTypeId } from '../../../domain/catalogue.ts';
import type { JsonValue } from '../../../domain/form11Progress.ts';
import { REFUND_OPTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import type { TaxProfile } from '../../../domain/tax/index.ts';
import { useForm11Flow } from '../../form11FlowContext.tsx';
import type { Form11FlowActorRef } from '../../form11FlowHost.ts';
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
  const flow = useForm11Flow();
  const profile = useTaxProfile();
  if (!flow || !profile) return <LoadingView />;
  return <FinalForm flow={flow} profile={profile} />;
}

function FinalForm({ flow, profile }: { flow: Form11FlowActorRef; profile: TaxProfile }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const position = useSelector(flow, useMemo(() => selectPositionOf(FINAL_FORM_ROUTE), []));
  const flowIncomes = useSelector(flow, selectSelectedIncomeTypes);
  const year = useSelector(flow, useMemo(() => selectYearFor(FINAL_FORM_ROUTE, search.year), [search.year]));
  const canSubmit = useSelector(flow, useMemo(() => selectCanSubmit(FINAL_FORM_ROUTE), []));
  const inFlow = position !== null;
  const incomeIds = useMemo<IncomeTypeId[]>(() => {
    if (inFlow) return flowIncomes;
    const chosen = new Set<string>([...(search.incomeIds ?? []), ...(search.incomeId ? [search.incomeId] : [])]);
    return INCOME_TYPE_IDS.filter((id) => chosen.has(id));
  }, [inFlow, flowIncomes, search.incomeIds, search.incomeId]);
  const kept = useMemo(() => (inFlow ? selectKeptAnswer(FINAL_FORM_ROUTE)(flow.getSnapshot()) : null), [flow, inFlow]);

  if (incomeIds.length === 0) return <Navigate to={INCOME_SELECTION_ROUTE} search={{ year }} replace />;

  const submit = (declaration: unknown) => {
    const data = declaration as JsonValue;
    if (inFlow) flow.send({ type: 'step.submit', route: FINAL_FORM_ROUTE, data });
    else flow.send({ type: 'step.submit', route: FINAL_FORM_ROUTE, data, year, callback: REFUND_OPTIONS_ROUTE });
  };

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        {position ? (
          <Stack gap={6}>
            <Text fz="sm" c="dimmed" id="flow-position">
              Page {position.number} of {position.total}
            </Text>
            <Progress.Root size="sm">
              <Progress.Section value={(position.number / position.total) * 100} aria-label={`Page ${position.number} of ${position.total}`} />
            </Progress.Root>
          </Stack>
        ) : null}
        <Stack gap={4}>
          <Title order={1} size="h2">
            Income declaration
          </Title>
          <Text c="dimmed">Tax year {year}. Tell us about each income you chose; we show the tax due on it as you go.</Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <IncomeDeclarationForm
            incomeIds={incomeIds}
            year={year}
            profile={profile}
            busy={!canSubmit}
            onSubmit={submit}
            onCancel={() => void navigate({ to: inFlow ? '/tax-refund-questions' : INCOME_SELECTION_ROUTE, search: inFlow ? {} : { year } })}
            {...(kept && typeof kept === 'object' && !Array.isArray(kept) ? { initialValues: kept as IncomeDeclarationInput } : {})}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
