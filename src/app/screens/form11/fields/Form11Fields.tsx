import { Stack } from '@mantine/core';
import type { FieldSpec } from '../../../../domain/schemas/form11/index.ts';
import { FieldInput } from './FieldInput.tsx';
import { ListField } from './ListField.tsx';
import type { Form11FormApi, ItemValidatorFor } from './types.ts';

export interface Form11FieldsProps {
  form: Form11FormApi;
  /** The category's field list (`FORM11_FORMS[category].fields`), in order. */
  fields: readonly FieldSpec[];
  /** Where these fields sit in the form's values: '' for a page, the income id in the final form. */
  prefix?: string;
  itemValidator: ItemValidatorFor;
}

/** Every field of one Form 11 form, drawn from the domain's field list. */
export function Form11Fields({ form, fields, prefix = '', itemValidator }: Form11FieldsProps) {
  return (
    <Stack gap="md">
      {fields.map((field) => {
        const path = prefix ? `${prefix}.${field.name}` : field.name;
        return field.kind === 'list' ? (
          <ListField key={path} form={form} field={field} path={path} validateItem={itemValidator(path)} />
        ) : (
          <FieldInput key={path} form={form} field={field} path={path} />
        );
      })}
    </Stack>
  );
}
