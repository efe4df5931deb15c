/**
 * The tax years the engine has figures for (src/domain/tax/years.ts). Apart from the tables so
 * that a search param can be checked on any page without loading them.
 */
export const SUPPORTED_TAX_YEARS = [2022, 2023, 2024, 2025, 2026] as const;
export type TaxYear = (typeof SUPPORTED_TAX_YEARS)[number];

export function isSupportedTaxYear(value: unknown): value is TaxYear {
  return typeof value === 'number' && (SUPPORTED_TAX_YEARS as readonly number[]).includes(value);
}
