import './styles.ts';
import { Alert, Button, Container, Group, Paper, Stack } from '@mantine/core';
import { FlowPosition } from './FlowPosition.tsx';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import {
  selectCanSubmit,
  selectKeptAnswer,
  selectLastFailure,
  selectPositionOf,
  selectYearFor,
} from '../../../../machines/form11Flow/form11Flow.selectors.ts';
import { FORM_PAGES, formRoute, type FormSlug } from '../../../domain/catalogue.ts';
import type { JsonValue } from '../../../domain/form11Progress.ts';
import type { TaxProfile } from '../../../domain/tax/index.ts';
import { useSessionFlow } from '../../flows/useFlow.tsx';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { LoadingView } from '../../layout/LoadingView.tsx';
import { Form11Form } from './Form11Form.tsx';
import { Form11Header } from './Form11Header.tsx';
import { MedicalInsuranceForm } from './MedicalInsuranceForm.tsx';
import { useTaxProfile } from './useTaxProfile.ts';

const route = getRouteApi('/paye/form11/$formSlug');

/** Where Cancel leads: the Tax Refund page, where a flow in flight can be continued. */
const TAX_REFUND_PAGE = '/tax-refund-questions';

/**
 * One of the 30 Form 11 pages (spec section 2), by its slug. As a step of the guided flow in
 * flight its submit hands the answer to the flow (kept or posted, then the next page); opened on
 * its own the answer is posted at once and the user goes to `returnTo` or /tax-refund-submitted.
 */
export function FormPageScreen() {
  const { formSlug } = route.useParams();
  const flow = useSessionFlow('form11Flow');
  const profile = useTaxProfile();
  if (!flow || !profile) return <LoadingView />;
  return <FormPage key={formSlug} slug={formSlug} flow={flow} profile={profile} />;
}

function FormPage({ slug, flow, profile }: { slug: FormSlug; flow: FlowActor<'form11Flow'>; profile: TaxProfile }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const path = formRoute(slug);
  const position = useSelector(flow, useMemo(() => selectPositionOf(path), [path]));
  const year = useSelector(flow, useMemo(() => selectYearFor(path, search.year), [path, search.year]));
  const canSubmit = useSelector(flow, useMemo(() => selectCanSubmit(path), [path]));
  const failure = useSelector(flow, selectLastFailure);
  // Read once: the form takes its prefill when it mounts (a resumed flow shows what was kept).
  const kept = useMemo(() => (position ? selectKeptAnswer(path)(flow.getSnapshot()) : null), [flow, path, position]);
  // A step of the flow stays one for this visit: a flow that completes clears itself a moment
  // before it moves on, and the page must not turn into a page of its own meanwhile.
  const [inFlow] = useState(() => position !== null);

  const submit = (data: unknown) => {
    const answer = data as JsonValue;
    if (inFlow) flow.send({ type: 'step.submit', route: path, data: answer });
    else flow.send({ type: 'step.submit', route: path, data: answer, year, ...(search.returnTo ? { callback: search.returnTo } : {}) });
  };
  const cancel = () => void navigate({ to: TAX_REFUND_PAGE });
  const common = {
    year,
    profile,
    busy: !canSubmit,
    onSubmit: submit,
    onCancel: cancel,
    ...(kept && typeof kept === 'object' && !Array.isArray(kept) ? { initialValues: kept as Record<string, never> } : {}),
  };

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        {position ? <FlowPosition position={position} /> : null}
        <Form11Header category={slug} year={year} />
        {failure && inFlow ? (
          <Alert color="yellow" variant="outline" title="An answer was not sent yet">
            We keep it on this device and send it again with your claim at the end.
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          {slug === 'medical-insurance-relief' ? (
            <MedicalInsuranceForm {...common} />
          ) : (
            <Form11Form category={slug} submitLabel={inFlow ? 'Next' : 'Save'} {...common} />
          )}
        </Paper>
        {inFlow ? (
          <Group justify="flex-end">
            <Button variant="subtle" disabled={!canSubmit} onClick={() => flow.send({ type: 'step.next', route: path })}>
              Skip {FORM_PAGES[slug].title}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Container>
  );
}
