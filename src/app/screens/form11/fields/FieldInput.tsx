import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import type { FieldSpec } from '../../../../domain/schemas/form11/index.ts';
import { DateTextInput } from '../../../components/DateTextInput.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { RadioFieldset, type RadioOption } from '../../../components/RadioFieldset.tsx';
import { WholeNumberInput } from '../../../components/WholeNumberInput.tsx';
import type { Form11FormApi } from './types.ts';

export const YES_NO_OPTIONS: readonly RadioOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Up to this many options show as radios; more as a select. */
const MAX_RADIOS = 4;

const upperCase = { input: { textTransform: 'uppercase' as const } };

export interface FieldInputProps {
  form: Form11FormApi;
  field: FieldSpec;
  /** The field's dotted path in the form's values ('selectedEmployment', 'rental-income.grossRent'). */
  path: string;
  /** Focus this input when its dialog opens (Mantine's Modal looks for data-autofocus). */
  autoFocus?: boolean;
}

/**
 * One field of a Form 11 form, drawn from its spec: label, help text, required mark, the input
 * its kind needs, and the error from the form (shown after blur or a submit attempt; Mantine ties it
 * with aria-describedby). Lists are drawn by ListField.
 */
export function FieldInput({ form, field, path, autoFocus = false }: FieldInputProps) {
  const key = form.key(path);
  const common = { label: field.label, description: field.help, required: field.required, ...(autoFocus ? { 'data-autofocus': true } : {}) };

  switch (field.kind) {
    case 'amount':
    case 'loanValue':
      return <MoneyInput key={key} {...common} {...form.getInputProps(path)} />;

    case 'months':
    case 'days':
    case 'leaseMonths':
    case 'percent':
      return <WholeNumberInput key={key} {...common} {...form.getInputProps(path)} />;

    case 'date':
      return <DateTextInput key={key} {...common} {...form.getInputProps(path)} />;

    case 'yesNo':
    case 'choice': {
      const options = field.kind === 'yesNo' ? YES_NO_OPTIONS : (field.options ?? []);
      const { defaultValue, onChange, onBlur, error } = form.getInputProps(path);
      if (options.length > MAX_RADIOS) {
        return (
          <NativeSelect
            key={key}
            {...common}
            {...form.getInputProps(path)}
            data={[{ value: '', label: 'Choose one', disabled: true }, ...options]}
          />
        );
      }
      return (
        <RadioFieldset
          key={key}
          {...common}
          name={path}
          data-path={path}
          options={options}
          inline={field.kind === 'yesNo'}
          defaultValue={typeof defaultValue === 'string' ? defaultValue : ''}
          error={error}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
    }

    case 'flag':
    case 'confirm': {
      const props = form.getInputProps(path, { type: 'checkbox' });
      // Mantine's Checkbox ties the error with aria-describedby but does not mark the input invalid.
      return (
        <Checkbox
          key={key}
          label={field.label}
          description={field.help}
          required={field.kind === 'confirm'}
          {...(autoFocus ? { 'data-autofocus': true } : {})}
          aria-invalid={props.error ? true : undefined}
          {...props}
        />
      );
    }

    case 'eircode':
      return <TextInput key={key} {...common} autoComplete="postal-code" maxLength={8} styles={upperCase} {...form.getInputProps(path)} />;

    case 'propertyId':
    case 'lptId':
      return <TextInput key={key} {...common} autoComplete="off" maxLength={8} styles={upperCase} {...form.getInputProps(path)} />;

    case 'taxReference':
      return <TextInput key={key} {...common} inputMode="numeric" autoComplete="off" {...form.getInputProps(path)} />;

    case 'list':
      // Drawn by ListField; a list here would be a nested list, which no form has.
      return null;

    default:
      return <TextInput key={key} {...common} {...form.getInputProps(path)} />;
  }
}
