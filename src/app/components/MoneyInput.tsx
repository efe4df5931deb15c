import { NumberInput, type NumberInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<NumberInputProps, 'prefix' | 'suffix' | 'decimalScale' | 'fixedDecimalScale' | 'thousandSeparator'>;

/**
 * A euro amount: "€" in front, thousands separated, at most two decimals (cents). Empty is ''
 * (Mantine's convention), which the amount schemas read as "not given". A minus sign is let
 * through on purpose, so a negative amount meets the spec's "Must be a positive amount" rather than
 * a key that silently does nothing; values are never clamped, for the same reason.
 */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <NumberInput
      prefix="€"
      decimalScale={2}
      thousandSeparator=","
      inputMode="decimal"
      clampBehavior="none"
      hideControls
      {...props}
    />
  );
}
