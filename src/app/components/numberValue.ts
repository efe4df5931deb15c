/**
 * Mantine's NumberInput reports what is typed as a string whenever it is not yet a "clean"
 * number ('12.50', '12.', '0.0'), so that typing is not disturbed. A form holding '12.50' would
 * then fail a number schema with "This field is required". This reads any such complete decimal
 * as the number it is, and leaves '' (empty), '-' and '.' alone.
 */
const DECIMAL_RE = /^-?(\d+\.?\d*|\.\d+)$/;

export function numberValue(value: number | string): number | string {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return DECIMAL_RE.test(text) ? Number(text) : value;
}
