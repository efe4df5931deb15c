import type { UseFormReturnType } from '@mantine/form';
import type { FormValues } from '../formValues.ts';

/** The Mantine form every Form 11 input is bound to. */
export type Form11FormApi = UseFormReturnType<FormValues>;

/** Validates one entry of the list at a path (the add/edit dialog), keyed by the entry's field names. */
export type ItemValidatorFor = (listPath: string) => (item: FormValues) => Record<string, string>;

/** The value at a dotted path ('rental-income.grossRent', 'insurances.0.isChild'). */
export function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
