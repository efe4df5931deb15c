import { NumberInput, type NumberInputProps } from '@mantine/core';
import { numberValue } from './numberValue.ts';

export type WholeNumberInputProps = Omit<NumberInputProps, 'allowDecimal' | 'decimalScale'>;

/**
 * A count (months, days, percent): whole numbers only, no spinner, never clamped, so a value out
 * of range meets its schema's message ("Must be between 1 and 12 months") instead of changing
 * silently.
 */
export function WholeNumberInput({ onChange, ...props }: WholeNumberInputProps) {
  return (
    <NumberInput
      allowDecimal={false}
      inputMode="numeric"
      clampBehavior="none"
      hideControls
      {...props}
      onChange={(value) => onChange?.(numberValue(value))}
    />
  );
}
