/**
 * Money formats and conversions (spec section 9, "Currency format"). Amounts reach the UI as
 * euro numbers, as cents (User.taxback, Transaction.roundup) or as loosely typed form values,
 * so every formatter first coerces with `toAmount`, which maps anything non-numeric to 0.
 */

export interface FormatEuroOptions {
  /** The input is in cents (divided by 100 before formatting). */
  cents?: boolean;
  /** Keep a trailing ".00" (by default "€1,234.00" becomes "€1,234"). */
  keepZeroDecimals?: boolean;
}

/**
 * An amount already rounded to `decimals` places in the en-IE euro format: "€1,234.50",
 * "-€3", as Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }) writes it
 * (tests/domain/money.test.ts checks the two agree). Written out rather than built on Intl:
 * building that formatter took 25–35 ms of a phone's main thread the first time a page
 * formatted money, in the middle of the signed-in pages' first render.
 */
function euroText(rounded: number, decimals: 0 | 2): string {
  const magnitude = Math.abs(rounded);
  // toFixed switches to exponent notation from 1e21; such a number is whole in binary anyway.
  const [whole = '0', fraction] = magnitude < 1e21 ? magnitude.toFixed(decimals).split('.') : [BigInt(magnitude).toString(), decimals ? '00' : undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}€${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Coerces a loosely typed amount to a finite number: numbers as they are, numeric strings
 * ("12.5", " 7 ") parsed, everything else (NaN, ±Infinity, '', 'abc', null, objects) → 0.
 */
export function toAmount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    // Number('') is 0 and Number('0x10') is 16; accept only plain decimal notation.
    if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return 0;
    const parsed = Number(trimmed);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

/** Rounds to `decimals` places, half away from zero, after removing binary float noise. */
function roundHalfAwayFromZero(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // toPrecision(15) turns 1.005 * 100 = 100.49999999999999 back into 100.5 before rounding.
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  // `|| 0` folds -0 into 0 so that "-€0" can never be shown.
  return (value < 0 ? -rounded : rounded) || 0;
}

/**
 * Euro in the en-IE format: 1234 → "€1,234", 1234.5 → "€1,234.50", -3 → "-€3".
 * Zero (including anything that rounds to zero cents, or a non-numeric input) is always
 * "€0.00", as the spec requires.
 */
export function formatEuro(value: unknown, options: FormatEuroOptions = {}): string {
  const amount = options.cents ? toAmount(value) / 100 : toAmount(value);
  const rounded = roundHalfAwayFromZero(amount, 2);
  if (rounded === 0) return '€0.00';
  const text = euroText(rounded, 2);
  return options.keepZeroDecimals ? text : text.replace(/\.00$/, '');
}

/**
 * The one rule for euro on screen: an amount of the user's money (paid, owed, refunded, relieved,
 * entered, or worked out from those, such as the most they can pay in) always shows its cents,
 * "€380.00", so a table and the headline above it read alike. A figure of the rules (a tax band,
 * a cap or an earnings limit set in law: "€44,000", "€115,000") keeps formatEuro's default, whole
 * when it has no cents (spec section 9), and the gauge stays whole (formatEuroWhole).
 */
export function formatMoney(value: unknown, options: Pick<FormatEuroOptions, 'cents'> = {}): string {
  return formatEuro(value, { ...options, keepZeroDecimals: true });
}

/**
 * Euro without decimals, rounded half away from zero (the Overview gauge): 1234.5 → "€1,235".
 * Zero is "€0" here: the gauge never shows cents.
 */
export function formatEuroWhole(value: unknown, options: Pick<FormatEuroOptions, 'cents'> = {}): string {
  const amount = options.cents ? toAmount(value) / 100 : toAmount(value);
  const rounded = roundHalfAwayFromZero(amount, 0);
  if (rounded === 0) return '€0';
  return euroText(rounded, 0);
}

/** Cents to euro (1999 → 19.99); non-numeric → 0. */
export function centsToEuro(cents: unknown): number {
  return roundHalfAwayFromZero(toAmount(cents) / 100, 2);
}

/**
 * Euro to integer cents, half away from zero, robust to float error:
 * 0.1 + 0.2 → 30, 1.005 → 101, -1.005 → -101; non-numeric → 0.
 */
export function euroToCents(euro: unknown): number {
  return roundHalfAwayFromZero(toAmount(euro) * 100, 0);
}

/** Rounds a euro amount to whole cents (half away from zero), e.g. for computed reliefs. */
export function roundToCents(euro: number): number {
  return roundHalfAwayFromZero(toAmount(euro), 2);
}

/**
 * A decimal amount as a bank sends it ("-12.34", "5", "0.10", "+7.500") to integer cents,
 * read digit by digit (never through a float); null when it is not a plain decimal, has a
 * non-zero third decimal, or is beyond Number.MAX_SAFE_INTEGER cents.
 */
export function decimalToCents(text: string): number | null {
  const match = /^([+-]?)(\d{1,15})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}
