import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { centsToEuro, euroToCents, formatEuro, formatEuroWhole, formatMoney, roundToCents, toAmount } from '../../src/domain/money.ts';

describe('toAmount', () => {
  it.each([
    [12, 12],
    [-3.5, -3.5],
    ['12.5', 12.5],
    [' 7 ', 7],
    ['-4', -4],
    ['.5', 0.5],
    ['1e3', 1000],
    [10n, 10],
  ])('reads %o as %d', (input, expected) => {
    expect(toAmount(input)).toBe(expected);
  });

  it.each([[Number.NaN], [Infinity], [-Infinity], [undefined], [null], [''], ['   '], ['abc'], ['12abc'], ['0x10'], ['1,234'], [{}], [[]], [[5]], [true], [() => 1]])(
    'reads %o as 0',
    (input) => {
      expect(toAmount(input)).toBe(0);
    },
  );
});

describe('formatEuro', () => {
  it.each([
    [1234, '€1,234'],
    [1234.5, '€1,234.50'],
    [1234.56, '€1,234.56'],
    [1_000_000, '€1,000,000'],
    [0.5, '€0.50'],
    [0.01, '€0.01'],
    [1.005, '€1.01'], // half away from zero, not the binary 1.00499…
    [999.999, '€1,000'], // rounds up to a whole euro, then ".00" is stripped
    ['12.5', '€12.50'],
    ['1234', '€1,234'],
  ])('formats %o as %s', (input, expected) => {
    expect(formatEuro(input)).toBe(expected);
  });

  it.each([
    [-1234, '-€1,234'],
    [-1234.5, '-€1,234.50'],
    [-0.01, '-€0.01'],
    ['-7.25', '-€7.25'],
  ])('formats negative %o as %s', (input, expected) => {
    expect(formatEuro(input)).toBe(expected);
  });

  it.each([[0], [-0], [0.004], [-0.004], [Number.NaN], [undefined], [null], [''], ['abc'], [{}], [Infinity]])(
    'shows %o as €0.00 (zero always keeps its decimals)',
    (input) => {
      expect(formatEuro(input)).toBe('€0.00');
      expect(formatEuro(input, { cents: true })).toBe('€0.00');
    },
  );

  it('keeps .00 when asked', () => {
    expect(formatEuro(1234, { keepZeroDecimals: true })).toBe('€1,234.00');
    expect(formatEuro(1234.5, { keepZeroDecimals: true })).toBe('€1,234.50');
    expect(formatEuro(0, { keepZeroDecimals: true })).toBe('€0.00');
  });

  it('only strips a trailing .00, never .50 or .05', () => {
    expect(formatEuro(10.05)).toBe('€10.05');
    expect(formatEuro(10.5)).toBe('€10.50');
    expect(formatEuro(100)).toBe('€100');
  });

  it('reads cents when asked', () => {
    expect(formatEuro(123456, { cents: true })).toBe('€1,234.56');
    expect(formatEuro(123400, { cents: true })).toBe('€1,234');
    expect(formatEuro(150, { cents: true })).toBe('€1.50');
    expect(formatEuro(1, { cents: true })).toBe('€0.01');
    expect(formatEuro(-2050, { cents: true })).toBe('-€20.50');
    expect(formatEuro('2000', { cents: true })).toBe('€20');
    expect(formatEuro(123400, { cents: true, keepZeroDecimals: true })).toBe('€1,234.00');
  });
});

describe('formatEuroWhole', () => {
  it.each([
    [1234, '€1,234'],
    [1234.49, '€1,234'],
    [1234.5, '€1,235'],
    [17250, '€17,250'],
    [0.5, '€1'],
    [-0.5, '-€1'],
    [-1234.5, '-€1,235'],
    ['99.9', '€100'],
  ])('formats %o as %s', (input, expected) => {
    expect(formatEuroWhole(input)).toBe(expected);
  });

  it.each([[0], [-0], [0.4], [-0.4], [Number.NaN], [null], [undefined], ['x']])('shows %o as €0', (input) => {
    expect(formatEuroWhole(input)).toBe('€0');
  });

  it('reads cents when asked', () => {
    expect(formatEuroWhole(123456, { cents: true })).toBe('€1,235');
    expect(formatEuroWhole(49, { cents: true })).toBe('€0');
  });
});

describe('centsToEuro', () => {
  it.each([
    [1999, 19.99],
    [0, 0],
    [1, 0.01],
    [-250, -2.5],
    [123456789, 1234567.89],
    ['2500', 25],
    [null, 0],
    [Number.NaN, 0],
  ])('%o cents → %d euro', (cents, euro) => {
    expect(centsToEuro(cents)).toBe(euro);
  });
});

describe('euroToCents', () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30], // 0.30000000000000004
    [1.005, 101], // 100.49999999999999 in binary; half away from zero
    [1.015, 102],
    [2.675, 268],
    [0.125, 13],
    [-0.125, -13], // away from zero, not toward +∞ as Math.round would
    [-1.005, -101],
    [-19.99, -1999],
    [1234567.89, 123456789],
    [0.004, 0],
    [-0.004, 0],
    ['12.34', 1234],
    [undefined, 0],
    ['abc', 0],
  ])('%o euro → %d cents', (euro, cents) => {
    expect(euroToCents(euro)).toBe(cents);
  });

  it('returns integers and never -0', () => {
    for (const euro of [0.1, 0.7, 1.1, 4.35, 8.2, 64.1, 1e6 + 0.01, -0.001]) {
      const cents = euroToCents(euro);
      expect(Number.isInteger(cents)).toBe(true);
      expect(Object.is(cents, -0)).toBe(false);
    }
  });

  it('round-trips with centsToEuro', () => {
    for (let cents = -1000; cents <= 1000; cents += 7) {
      expect(euroToCents(centsToEuro(cents))).toBe(cents);
    }
  });
});

describe('roundToCents', () => {
  it('rounds euro to whole cents', () => {
    expect(roundToCents(0.2 * 1234.56)).toBe(246.91);
    expect(roundToCents(10.005)).toBe(10.01);
    expect(roundToCents(-10.005)).toBe(-10.01);
  });
});

describe('formatMoney: an amount of the user’s money always shows its cents', () => {
  it('keeps ".00" where formatEuro (the rules’ figures) drops it, and agrees with it otherwise', () => {
    expect(formatMoney(380)).toBe('€380.00');
    expect(formatEuro(380)).toBe('€380');
    expect(formatMoney(120.5)).toBe('€120.50');
    expect(formatMoney(1234.567)).toBe('€1,234.57');
    expect(formatMoney(-7460.04)).toBe('-€7,460.04');
    expect(formatMoney(38_000, { cents: true })).toBe('€380.00');
    expect(formatMoney(0)).toBe('€0.00');
    expect(formatMoney('abc')).toBe('€0.00');
  });
});

describe('the euro format is written out, and agrees with Intl en-IE', () => {
  // The formatter money.ts avoids building on a phone's first render; here it is the oracle.
  const intlEuro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
  const intlWhole = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const amounts = fc.oneof(
    fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).map((cents) => cents / 100),
    // Up to €10 trillion: rounding to cents keeps 15 significant digits (money.ts), as no amount here needs more.
    fc.double({ min: -1e13, max: 1e13, noNaN: true }),
  );

  it('for cents and for whole euro, positive and negative, small and very large', () => {
    fc.assert(
      fc.property(amounts, (amount) => {
        const cents = roundToCents(amount);
        if (cents !== 0) expect(formatMoney(amount)).toBe(intlEuro.format(cents));
        const whole = Math.sign(amount) * Math.round(Math.abs(amount));
        if (whole !== 0) expect(formatEuroWhole(amount)).toBe(intlWhole.format(whole));
      }),
      { numRuns: 2_000 },
    );
  });

  it('groups every third digit, and never falls into exponent notation', () => {
    expect(formatMoney(1_234_567_890.12)).toBe('€1,234,567,890.12');
    expect(formatEuroWhole(-999_999.5)).toBe('-€1,000,000');
    expect(formatMoney(1e21)).toMatch(/^€\d{1,3}(,\d{3}){6}\.00$/);
    expect(formatEuroWhole(123)).toBe('€123');
  });
});
