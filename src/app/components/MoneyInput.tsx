import { NumberInput, type NumberInputProps } from '@mantine/core';
import { numberValue } from './numberValue.ts';

export type MoneyInputProps = Omit<NumberInputProps, 'prefix' | 'suffix' | 'decimalScale' | 'fixedDecimalScale' | 'thousandSeparator'>;

/**
 * A euro amount: "€" in front, thousands separated, at most two decimals (cents). Empty is ''
 * (Mantine's convention), which the amount schemas read as "not given"; '12.50' reaches the form
 * as 12.5. A minus sign is let through on purpose, so a negative amount meets the spec's "Must be a
 * positive amount" rather than a key that silently does nothing; values are never clamped, for the
 * same reason.
 */
export function MoneyInput({ onChange, ...props }: MoneyInputProps) {
  return (
    <NumberInput
      prefix="€"
      decimalScale={2}
      thousandSeparator=","
      inputMode="decimal"
      clampBehavior="none"
      hideControls
      {...props}
      onChange={(value) => onChange?.(numberValue(value))}
    />
  );
}
