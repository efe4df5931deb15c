/**
 * Between a Form 11 form's field list and Mantine's form state: empty values per field kind,
 * prefill from saved data, the schema as a form resolver, and validation of one list entry (the
 * "Add Insurance" dialog) with the same schema the whole form uses.
 */
import * as v from 'valibot';
import { apiDateToDisplayDate, type Dayjs } from '../../../domain/dates.ts';
import type { FieldSpec } from '../../../domain/schemas/form11/index.ts';
import { firstErrorPerField } from '../../../domain/schemas/issues.ts';

/** A form's values as Mantine holds them: loose, because inputs hold '' until something is typed. */
export type FormValues = Record<string, unknown>;

/** The schema a form validates with, made for the day the rules are judged on. */
export type SchemaFor = (today: Dayjs) => v.GenericSchema;

/** What an input holds before anything is entered. */
export function emptyValue(field: FieldSpec): unknown {
  switch (field.kind) {
    case 'list':
      return [];
    case 'flag':
    case 'confirm':
      return false;
    // Numbers: Mantine's NumberInput holds '' when empty; strings: ''; choices: nothing picked.
    default:
      return '';
  }
}

function prefilled(field: FieldSpec, value: unknown): unknown {
  if (value === undefined || value === null) return emptyValue(field);
  switch (field.kind) {
    case 'list':
      return Array.isArray(value) ? value.map((item: unknown) => formValuesOf(field.item ?? [], isRecord(item) ? item : {})) : [];
    case 'date':
      // Saved data may carry the API form (YYYY-MM-DD); the input shows what a person types.
      return typeof value === 'string' ? (apiDateToDisplayDate(value) ?? value) : emptyValue(field);
    default:
      return value;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every field's value: the saved one where there is one, else empty. Unknown keys are dropped. */
export function formValuesOf(fields: readonly FieldSpec[], initial: unknown = {}): FormValues {
  const source = isRecord(initial) ? initial : {};
  const values: FormValues = {};
  for (const field of fields) values[field.name] = prefilled(field, source[field.name]);
  return values;
}

/**
 * The schema as a Mantine validate function: the first message per field, keyed by dotted path
 * ('insurances.0.amountOfGrossPremium'). "Today" is read when the rules run, so a form left open
 * past midnight judges dates correctly.
 */
export function resolverFor(schema: SchemaFor, today: () => Dayjs) {
  return (values: FormValues): Record<string, string> => {
    const result = v.safeParse(schema(today()), values);
    return result.success ? {} : firstErrorPerField(result.issues);
  };
}

/** `{ a: { b: value } }` from 'a.b'. */
function nest(path: string, value: unknown): FormValues {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), value) as FormValues;
}

/**
 * Validates one entry of the list at `listPath` with the whole form's schema: the entry is put in
 * a list of its own and only the issues under that entry are kept, keyed by the entry's field
 * names. So the dialog says exactly what the page would, with no second copy of the rules.
 */
export function itemResolverFor(schema: SchemaFor, listPath: string, today: () => Dayjs) {
  const prefix = `${listPath}.0.`;
  return (item: FormValues): Record<string, string> => {
    const result = v.safeParse(schema(today()), nest(listPath, [item]));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const [key, message] of Object.entries(firstErrorPerField(result.issues))) {
      if (key.startsWith(prefix)) errors[key.slice(prefix.length)] = message;
    }
    return errors;
  };
}

/** The parsed data (trimmed, normalised, optional blanks dropped), or null when invalid. */
export function parseValues<T>(schema: SchemaFor, today: Dayjs, values: FormValues): T | null {
  const result = v.safeParse(schema(today), values);
  return result.success ? (result.output as T) : null;
}
