import './styles.ts';
import { Button, Container, Group, Paper, Stack } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSelector } from '../../useSelector.ts';
import { useState } from 'react';
import { form11FlowView, type Estimator, type JsonValue } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { FORM_PAGES, formRoute, type FormSlug } from '../../../domain/catalogue.ts';
import { REFUND_QUESTIONS_ROUTE } from '../../../domain/form11Routes.ts';
import { useSessionFlow } from '../../flows/useFlow.tsx';
import type { FlowActor } from '../../flows/useFlow.tsx';
import { LoadingView } from '../../layout/LoadingView.tsx';
import { FlowPosition } from './FlowPosition.tsx';
import { Form11Form } from './Form11Form.tsx';
import { Form11Header } from './Form11Header.tsx';
import { MedicalInsuranceForm } from './MedicalInsuranceForm.tsx';
import { SkipPageDialog } from './SkipPageDialog.tsx';
import { useDraft } from './useDraft.ts';
import { useTaxpayer } from './useTaxpayer.ts';

const route = getRouteApi('/paye/form11/$formSlug');

/**
 * One of the 30 Form 11 pages (spec section 2), by its slug. As a step of the guided flow in
 * flight its submit hands the answer to the flow (kept, then the next page); opened on its own the
 * answer is posted at once and the user goes to `returnTo` or /tax-refund-submitted.
 */
export function FormPageScreen() {
  const { formSlug } = route.useParams();
  const flow = useSessionFlow('form11Flow');
  const { estimator } = useTaxpayer();
  if (!flow || !estimator) return <LoadingView />;
  return <FormPage key={formSlug} slug={formSlug} flow={flow} estimator={estimator} />;
}

function FormPage({ slug, flow, estimator }: { slug: FormSlug; flow: FlowActor<'form11Flow'>; estimator: Estimator }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const path = formRoute(slug);
  const page = useSelector(flow, form11FlowView).page(path, search.year);
  // The visit keeps what it opened with (the form reads its prefill once; a step of the flow stays
  // one while the flow, once sent, forgets itself a moment before the next page shows). What was
  // typed and not submitted wins over the answer kept.
  const [opened] = useState(() => ({ inFlow: page.position !== null, prefill: page.draft ?? page.kept, year: page.year }));
  const draft = useDraft(opened.inFlow ? (values) => flow.send({ type: 'step.draft', route: path, values }) : null);

  const submit = (data: unknown) => {
    const answer = data as JsonValue;
    // Handed on rather than dropped: a page with nothing entered is asked about, not kept.
    draft.flush();
    if (opened.inFlow) flow.send({ type: 'step.submit', route: path, data: answer });
    else flow.send({ type: 'step.submit', route: path, data: answer, year: opened.year, ...(search.returnTo ? { callback: search.returnTo } : {}) });
  };
  // Leaving the page without submitting keeps what was typed.
  const skip = () => {
    draft.flush();
    flow.send({ type: 'step.next', route: path });
  };
  const common = {
    year: opened.year,
    estimator,
    busy: page.busy,
    onSubmit: submit,
    onCancel: () => void navigate({ to: REFUND_QUESTIONS_ROUTE }),
    onDraft: draft.change,
    ...(page.back
      ? {
          onBack: () => {
            draft.flush();
            flow.send({ type: 'step.back', route: path });
          },
        }
      : {}),
    ...(opened.prefill ? { initialValues: opened.prefill as Record<string, never> } : {}),
  };

  return (
    <Container size="md" px={{ base: 0, sm: 'md' }} py={{ base: 'xs', sm: 'lg' }}>
      <Stack gap="lg">
        {page.position ? <FlowPosition position={page.position} /> : null}
        <Form11Header category={slug} year={opened.year} />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          {slug === 'medical-insurance-relief' ? (
            <MedicalInsuranceForm {...common} />
          ) : (
            <Form11Form category={slug} submitLabel={opened.inFlow ? 'Next' : 'Save'} {...common} />
          )}
        </Paper>
        {opened.inFlow ? (
          <Group justify="flex-end">
            <Button variant="subtle" disabled={!page.canSubmit} onClick={skip}>
              Skip {FORM_PAGES[slug].title}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <SkipPageDialog flow={flow} page={page} />
    </Container>
  );
}
