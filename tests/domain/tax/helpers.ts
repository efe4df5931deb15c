import { expect } from 'vitest';
import { dayjs } from '../../../src/domain/dates.ts';
import { calculateRefund } from '../../../src/domain/tax/engine.ts';
import type { RefundEstimate, TaxProfile } from '../../../src/domain/tax/types.ts';

export const TODAY = dayjs(new Date(2026, 10, 20)); // 20 November 2026

/** A profile; by default single, €50,000, born 1983 (age 42 at the end of 2025). */
export function profile(overrides: Partial<TaxProfile> = {}): TaxProfile {
  return { maritalStatus: 'single', annualIncome: 50_000, dateOfBirth: '1983-06-01', ...overrides };
}

/** The estimate, failing the test with the errors when the engine refuses the input. */
export function refund(year: number, category: string, data: unknown, who: TaxProfile = profile()): RefundEstimate {
  const result = calculateRefund(year, category, data, who, { today: TODAY });
  if (!result.ok) throw new Error(`${category} ${year} refused: ${JSON.stringify(result)}`);
  const { ok, ...estimate } = result;
  expect(ok).toBe(true);
  return estimate;
}

/** Just the amount. */
export function amountOf(year: number, category: string, data: unknown, who?: TaxProfile): number {
  return refund(year, category, data, who).amount;
}
