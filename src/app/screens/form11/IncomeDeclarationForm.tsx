/**
 * /form11/final-form: one sub-form per selected income type, one submit.
 *
 *   <IncomeDeclarationForm
 *     incomeIds={['rental-income', 'uk-dividends']}   // the chosen income types, in order
 *     year={2025}
 *     profile={taxProfileOf(user)}
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
import { useMemo } from 'react';
import * as v from 'valibot';
import { incomeType, type IncomeTypeId } from '../../../domain/catalogue.ts';
import type { Dayjs } from '../../../domain/dates.ts';
import { formatEuro } from '../../../domain/money.ts';
import { FORM11_FORMS, form11Schema, type Form11Data, type Form11Input } from '../../../domain/schemas/form11/index.ts';
import type { TaxProfile } from '../../../domain/tax/index.ts';
import { estimateOf, LiveEstimate } from './EstimatePanel.tsx';
import { FormActions, useToday } from './Form11Form.tsx';
import { Form11Fields } from './fields/Form11Fields.tsx';
import { focusFirstError } from './focusFirstError.ts';
import { formValuesOf, itemResolverFor, parseValues, resolverFor, type FormValues, type SchemaFor } from './formValues.ts';
import { useStoreValue, useValuesStore, type ValuesStore } from './liveValues.ts';

/** The declaration of POST /income-forms: each selected income type's parsed data. */
export type IncomeDeclaration = { [K in IncomeTypeId]?: Form11Data<K> };

/** Saved data per income type, to prefill. */
export type IncomeDeclarationInput = { [K in IncomeTypeId]?: Partial<Form11Input<K>> };

export interface IncomeDeclarationFormProps {
  /** The selected income types, in the order they are shown. At least one (else the route goes back to income selection). */
  incomeIds: readonly IncomeTypeId[];
  year: number;
  profile: TaxProfile;
  initialValues?: IncomeDeclarationInput;
  busy?: boolean;
  /** Default "Submit Income Declaration". */
  submitLabel?: string;
  today?: Dayjs;
  onSubmit(declaration: IncomeDeclaration): void;
  onCancel?(): void;
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
  profile,
  initialValues,
  busy = false,
  submitLabel = SUBMIT_INCOME_DECLARATION,
  today: fixedToday,
  onSubmit,
  onCancel,
}: IncomeDeclarationFormProps) {
  const schema = useMemo(() => declarationSchema(incomeIds), [incomeIds]);
  const today = useToday(fixedToday);
  const store = useValuesStore(() => declarationValues(incomeIds, initialValues));
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: store.get(),
    validate: resolverFor(schema, today),
    validateInputOnBlur: true,
    onValuesChange: store.set,
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
                store={store}
                pick={(values) => values[id]}
                category={id}
                year={year}
                profile={profile}
                today={today}
                subject={incomeType(id).label}
              />
            </Stack>
          </Fieldset>
        ))}
        {incomeIds.length > 1 ? <DeclarationTotal store={store} incomeIds={incomeIds} year={year} profile={profile} today={today} /> : null}
        <FormActions
          busy={busy}
          submitLabel={submitLabel}
          onCancel={onCancel}
          onFillMockData={() => form.setValues(declarationValues(incomeIds, undefined, true))}
        />
      </Stack>
    </form>
  );
}

interface DeclarationTotalProps {
  store: ValuesStore<FormValues>;
  incomeIds: readonly IncomeTypeId[];
  year: number;
  profile: TaxProfile;
  today: () => Dayjs;
}

/** The tax due on all the declared income, once every sub-form is complete. */
function DeclarationTotal({ store, incomeIds, year, profile, today }: DeclarationTotalProps) {
  const values = useStoreValue(store);
  const total = useMemo(() => {
    let sum = 0;
    for (const id of incomeIds) {
      const result = estimateOf(id, year, values[id], profile, today());
      if (!result.ok) return null;
      sum += result.amount;
    }
    return sum;
  }, [values, incomeIds, year, profile, today]);
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
