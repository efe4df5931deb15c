import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import { numberValue } from './numberValue.ts';

/** An amount with cents shows both decimals (120.5 → "120.50"); whole euro stay whole; anything else as it is. */
function withCents<T>(value: T): T | string {
  return typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value) ? value.toFixed(2) : value;
}

export type MoneyInputProps = Omit<NumberInputProps, 'prefix' | 'suffix' | 'decimalScale' | 'fixedDecimalScale' | 'thousandSeparator'>;

/**
 * A euro amount: "€" in front, thousands separated, at most two decimals (cents), and both of them
 * when there are cents (€120.50, never €120.5). Empty is ''
 * (Mantine's convention), which the amount schemas read as "not given"; '12.50' reaches the form
 * as 12.5. A minus sign is let through on purpose, so a negative amount meets the spec's "Must be a
 * positive amount" rather than a key that silently does nothing; values are never clamped, for the
 * same reason.
 */
export function MoneyInput({ onChange, onFocus, onBlur, value, defaultValue, ...props }: MoneyInputProps) {
  // While the user types the value is left alone; at rest an amount with cents shows two decimals (€120.50).
  const [typing, setTyping] = useState(false);
  return (
    <NumberInput
      prefix="€"
      decimalScale={2}
      thousandSeparator=","
      inputMode="decimal"
      clampBehavior="none"
      hideControls
      {...props}
      {...(value === undefined ? {} : { value: typing ? value : withCents(value) })}
      {...(defaultValue === undefined ? {} : { defaultValue: withCents(defaultValue) })}
      onFocus={(event) => {
        setTyping(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setTyping(false);
        onBlur?.(event);
      }}
      onChange={(changed) => onChange?.(numberValue(changed))}
    />
  );
}
