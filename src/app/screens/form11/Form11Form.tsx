/**
 * The Form 11 credit, relief and income forms: one generic form drawn from the domain's field
 * lists (src/domain/schemas/form11), validated with the same valibot schema the server and the
 * refund engine use, with the live estimate underneath.
 *
 * Contract (presentational: props in, callbacks out; no fetch, no router, no actors):
 *
 *   <Form11Form
 *     category="rent-tax-credit"   // a form slug or an income type id (Form11Category)
 *     year={2025}                  // the claim year: the live estimate is worked out for it
 *     estimator={taxpayer.estimator} // the live estimate of the signed-in user (taxpayerView)
 *     initialValues={saved}        // optional prefill (saved progress, GET /income-forms); API
 *                                  //   dates (YYYY-MM-DD) are shown as DD.MM.YYYY
 *     busy={submitting}            // a submit is in flight: the submit button shows it and is disabled
 *     submitLabel="Next"           // 'Next' in the guided flow; 'Save' (default) on its own
 *     today={day}                  // optional: the day dates are judged against ("not in the
 *                                  //   future"); default: the current day, read at each check
 *     onSubmit={(data) => …}       // parsed, valid data only: Form11Data<'rent-tax-credit'>
 *     onCancel={() => …}           // optional: shows a Cancel button
 *     onBack={() => …}             // optional: shows a Back button (the guided flow's previous page)
 *     onDraft={(values) => …}      // optional: the form's raw values on every change (a draft of
 *                                  //   what is typed; pass a draft back as initialValues to resume it)
 *   />
 *
 * A valid page with every amount empty is submitted too: whoever takes the answer decides (the
 * guided flow asks "Skip this page?", a state of its machine).
 *
 * `initialValues` is read when the form mounts (render it once saved data has arrived); a new
 * `category` starts a fresh form. Errors show after a field loses focus or a submit is attempted,
 * with the spec's messages from the schemas. In development a "Fill Mock Data" button fills the
 * domain's sample; it is compiled out of production builds.
 *
 * For /form11/final-form (several income types, one submit) see IncomeDeclarationForm.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import type { Form11Category } from '../../../domain/catalogue.ts';
import { calendarDay, type Dayjs } from '../../../domain/dates.ts';
import { FORM11_FORMS, type Form11Data, type Form11Input } from '../../../domain/schemas/form11/index.ts';
import type { Estimator } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { LiveEstimate } from './EstimatePanel.tsx';
import { Form11Fields } from './fields/Form11Fields.tsx';
import { focusFirstError } from '../../forms/focusFirstError.ts';
import { formValuesOf, itemResolverFor, parseValues, resolverFor, type FormValues, type SchemaFor } from './formValues.ts';
import { useFormChanges } from './liveValues.ts';

export interface Form11FormProps<C extends Form11Category> {
  /** A form slug or an income type id. */
  category: C;
  /** The claim year: the estimate is worked out with its figures. */
  year: number;
  /** The live estimate of what is typed (the signed-in user's, from `taxpayerView`). */
  estimator: Estimator;
  /** Prefill (saved progress, GET /income-forms), read when the form mounts. */
  initialValues?: Partial<Form11Input<C>>;
  /** A submit is in flight: the submit button is disabled and shows a loader. */
  busy?: boolean;
  /** 'Next' inside the guided flow, 'Save' (the default) on its own. */
  submitLabel?: string;
  /** The day dates are judged against; by default the current day, read at each check. */
  today?: Dayjs;
  /** Parsed, valid values only. */
  onSubmit(data: Form11Data<C>): void;
  /** When given, a Cancel button calls it. */
  onCancel?(): void;
  /** When given, a Back button calls it. */
  onBack?(): void;
  /** The form's raw values on every change (what is typed, valid or not). */
  onDraft?(values: FormValues): void;
}

/** A day getter: the fixed `today` when given, else the current calendar day at each call. */
export function useToday(fixed: Dayjs | undefined): () => Dayjs {
  return useCallback(() => fixed ?? calendarDay(new Date()), [fixed]);
}

/** One Form 11 form (see the module comment for the contract). */
export function Form11Form<C extends Form11Category>(props: Form11FormProps<C>) {
  // A different category is a different form: start afresh rather than carry values across.
  return <Form11FormBody key={props.category} {...props} />;
}

function Form11FormBody<C extends Form11Category>({
  category,
  year,
  estimator,
  initialValues,
  busy = false,
  submitLabel = 'Save',
  today: fixedToday,
  onSubmit,
  onCancel,
  onBack,
  onDraft,
}: Form11FormProps<C>) {
  const spec = FORM11_FORMS[category];
  const schema: SchemaFor = spec.schema;
  const today = useToday(fixedToday);
  const changes = useFormChanges();
  // Read once, when the form mounts: Mantine keeps the values from then on.
  const [initial] = useState(() => formValuesOf(spec.fields, initialValues));
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: initial,
    validate: withProfileChecks(resolverFor(schema, today), category, estimator),
    validateInputOnBlur: true,
    onValuesChange: (values) => {
      changes.notify();
      onDraft?.(values);
    },
  });

  const submit = form.onSubmit(
    (values) => {
      if (busy) return;
      const data = parseValues<Form11Data<C>>(schema, today(), values);
      if (data) onSubmit(data);
    },
    (_errors, _values, event) => focusFirstError(event?.currentTarget instanceof HTMLElement ? event.currentTarget : null),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <Form11Fields form={form} fields={spec.fields} itemValidator={(path) => itemResolverFor(schema, path, today)} />
        <LiveEstimate changes={changes} getValues={form.getValues} category={category} year={year} estimator={estimator} today={today} />
        <FormActions
          busy={busy}
          submitLabel={submitLabel}
          onCancel={onCancel}
          onBack={onBack}
          onFillMockData={() => form.setValues(formValuesOf(spec.fields, spec.sample))}
        />
      </Stack>
    </form>
  );
}

/**
 * The form's own rules, then what the profile rules out (a blind person's credit for a spouse
 * on a single profile), so the field says so before the server would refuse it.
 */
function withProfileChecks(resolve: (values: FormValues) => Record<string, string>, category: Form11Category, estimator: Estimator) {
  return (values: FormValues): Record<string, string> => {
    const errors = resolve(values);
    for (const [field, messages] of Object.entries(estimator.profileErrors(category, values))) {
      if (!(field in errors) && messages[0]) errors[field] = messages[0];
    }
    return errors;
  };
}

export interface FormActionsProps {
  busy: boolean;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
  /** The guided flow's Back (the previous page); no button when absent. */
  onBack?: (() => void) | undefined;
  /** Development only: the button is not rendered (nor bundled) in production. */
  onFillMockData: () => void;
}

/** Back and Fill Mock Data (development only) on the left; Cancel and the submit button on the right. */
export function FormActions({ busy, submitLabel, onCancel, onBack, onFillMockData }: FormActionsProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        {onBack ? (
          <Button variant="default" onClick={onBack} disabled={busy}>
            Back
          </Button>
        ) : null}
        {/* Vite replaces import.meta.env.DEV with false in a production build, and the branch goes. */}
        {import.meta.env.DEV ? (
          <Button variant="light" color="gray" onClick={onFillMockData}>
            Fill Mock Data
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" justify="flex-end" style={{ marginLeft: 'auto' }}>
        {onCancel ? (
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
