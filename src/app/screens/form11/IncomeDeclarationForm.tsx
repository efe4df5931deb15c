/**
 * /form11/final-form: one sub-form per selected income type, one submit.
 *
 *   <IncomeDeclarationForm
 *     incomeIds={['rental-income', 'uk-dividends']}   // the chosen income types, in order
 *     year={2025}
 *     estimator={taxpayer.estimator}
 *     initialValues={{ 'rental-income': saved }}      // optional, per income (GET /income-forms)
 *     busy={saving}
 *     onSubmit={(declaration) => …}  // { 'rental-income': Form11Data<'rental-income'>, 'uk-dividends': … }
 *     onCancel={() => …}
 *   />
 *
 * It is one Mantine form whose values are keyed by income id; its schema is an object of the
 * income types' own schemas, so errors are keyed 'rental-income.grossRent' and the declaration
 * that comes out is exactly `{ [incomeId]: parsed data }`, the `declaration` of POST /income-forms.
 * Each sub-form shows its own tax due; the total shows once every sub-form is complete.
 */
import { Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { incomeType, type IncomeTypeId } from '../../../domain/catalogue.ts';
import type { Estimator } from '../../../../machines/form11Flow/form11Flow.view.ts';
import type { Dayjs } from '../../../domain/dates.ts';
import { formatEuro } from '../../../domain/money.ts';
import { FORM11_FORMS, form11Schema, type Form11Data, type Form11Input } from '../../../domain/schemas/form11/index.ts';
import { LiveEstimate } from './EstimatePanel.tsx';
import { FormActions, useToday } from './Form11Form.tsx';
import { Form11Fields } from './fields/Form11Fields.tsx';
import { focusFirstError } from '../../forms/focusFirstError.ts';
import { formValuesOf, itemResolverFor, parseValues, resolverFor, type FormValues, type SchemaFor } from './formValues.ts';
import { type FormChanges, useFormChanges, useLiveValues } from './liveValues.ts';

/** The declaration of POST /income-forms: each selected income type's parsed data. */
export type IncomeDeclaration = { [K in IncomeTypeId]?: Form11Data<K> };

/** Saved data per income type, to prefill. */
export type IncomeDeclarationInput = { [K in IncomeTypeId]?: Partial<Form11Input<K>> };

export interface IncomeDeclarationFormProps {
  /** The selected income types, in the order they are shown. At least one (else the route goes back to income selection). */
  incomeIds: readonly IncomeTypeId[];
  year: number;
  /** The live estimate of what is typed (the signed-in user's, from `taxpayerView`). */
  estimator: Estimator;
  initialValues?: IncomeDeclarationInput;
  busy?: boolean;
  /** Default "Submit Income Declaration". */
  submitLabel?: string;
  today?: Dayjs;
  onSubmit(declaration: IncomeDeclaration): void;
  onCancel?(): void;
  /** When given, a Back button calls it (the guided flow's previous page). */
  onBack?(): void;
  /** The form's raw values on every change (a draft of what is typed). */
  onDraft?(values: FormValues): void;
}

/** Each income's legend reads as a section heading. */
const LEGEND_STYLES = { legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', paddingInline: 4 } };

export const SUBMIT_INCOME_DECLARATION = 'Submit Income Declaration';

/** One object schema of the income types' schemas, keyed by income id. */
function declarationSchema(incomeIds: readonly IncomeTypeId[]): SchemaFor {
  return (today) => v.object(Object.fromEntries(incomeIds.map((id) => [id, form11Schema(id, today)])));
}

function declarationValues(incomeIds: readonly IncomeTypeId[], initial: IncomeDeclarationInput | undefined, useSample = false): FormValues {
  return Object.fromEntries(
    incomeIds.map((id) => [id, formValuesOf(FORM11_FORMS[id].fields, useSample ? FORM11_FORMS[id].sample : initial?.[id])]),
  );
}

/** Several income types' sub-forms and one submit (see the module comment). */
export function IncomeDeclarationForm(props: IncomeDeclarationFormProps) {
  // A different selection is a different form.
  return <IncomeDeclarationBody key={props.incomeIds.join(',')} {...props} />;
}

function IncomeDeclarationBody({
  incomeIds,
  year,
  estimator,
  initialValues,
  busy = false,
  submitLabel = SUBMIT_INCOME_DECLARATION,
  today: fixedToday,
  onSubmit,
  onCancel,
  onBack,
  onDraft,
}: IncomeDeclarationFormProps) {
  const schema = useMemo(() => declarationSchema(incomeIds), [incomeIds]);
  const today = useToday(fixedToday);
  const changes = useFormChanges();
  // Read once, when the form mounts: Mantine keeps the values from then on.
  const [initial] = useState(() => declarationValues(incomeIds, initialValues));
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: initial,
    validate: resolverFor(schema, today),
    validateInputOnBlur: true,
    onValuesChange: (values) => {
      changes.notify();
      onDraft?.(values);
    },
  });

  const submit = form.onSubmit(
    (values) => {
      if (busy) return;
      const declaration = parseValues<IncomeDeclaration>(schema, today(), values);
      if (declaration) onSubmit(declaration);
    },
    (_errors, _values, event) => focusFirstError(event?.currentTarget instanceof HTMLElement ? event.currentTarget : null),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xl">
        {incomeIds.map((id) => (
          <Fieldset key={id} legend={incomeType(id).label} radius="md" p={{ base: 'sm', sm: 'md' }} styles={LEGEND_STYLES}>
            <Stack gap="md">
              <Text fz="sm" c="dimmed">
                {incomeType(id).asks}
              </Text>
              <Form11Fields form={form} fields={FORM11_FORMS[id].fields} prefix={id} itemValidator={(path) => itemResolverFor(schema, path, today)} />
              <LiveEstimate
                changes={changes}
                getValues={form.getValues}
                pick={(values) => values[id]}
                category={id}
                year={year}
                estimator={estimator}
                today={today}
                subject={incomeType(id).label}
              />
            </Stack>
          </Fieldset>
        ))}
        {incomeIds.length > 1 ? (
          <DeclarationTotal changes={changes} getValues={form.getValues} incomeIds={incomeIds} year={year} estimator={estimator} today={today} />
        ) : null}
        <FormActions
          busy={busy}
          submitLabel={submitLabel}
          onCancel={onCancel}
          onBack={onBack}
          onFillMockData={() => form.setValues(declarationValues(incomeIds, undefined, true))}
        />
      </Stack>
    </form>
  );
}

interface DeclarationTotalProps {
  changes: FormChanges;
  getValues: () => FormValues;
  incomeIds: readonly IncomeTypeId[];
  year: number;
  estimator: Estimator;
  today: () => Dayjs;
}

/** The tax due on all the declared income, once every sub-form is complete. */
function DeclarationTotal({ changes, getValues, incomeIds, year, estimator, today }: DeclarationTotalProps) {
  const values = useLiveValues(changes, getValues);
  const total = useMemo(() => estimator.total(incomeIds, year, (id) => values[id], today()), [estimator, values, incomeIds, year, today]);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Total tax due">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>Estimated tax due on this income for {year}</Text>
        {total === null ? (
          <Text c="dimmed" fz="sm">
            Complete every section to see the total.
          </Text>
        ) : (
          <Text fw={700} fz="lg" data-testid="declaration-total">
            {formatEuro(total, { keepZeroDecimals: true })}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
