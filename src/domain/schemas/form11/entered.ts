/**
 * Whether a Form 11 answer holds anything to claim: a page whose amounts are all empty or zero
 * would put a €0 line into the claim. The guided flow asks "Skip this page?" instead, and the
 * server refuses such an answer. A form without amount fields (a credit given for a status, e.g.
 * the Blind Person's Tax Credit) always holds something once it is valid.
 */
import type { Form11Category } from '../../catalogue.ts';
import type { FieldSpec } from './define.ts';
import { FORM11_FORMS } from './index.ts';

function hasAmountField(fields: readonly FieldSpec[]): boolean {
  return fields.some((field) => field.kind === 'amount' || (field.kind === 'list' && hasAmountField(field.item ?? [])));
}

function someAmount(fields: readonly FieldSpec[], data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const values = data as Record<string, unknown>;
  return fields.some((field) => {
    const value = values[field.name];
    if (field.kind === 'amount') return typeof value === 'number' && value > 0;
    if (field.kind === 'list') return Array.isArray(value) && value.some((item) => someAmount(field.item ?? [], item));
    return false;
  });
}

/** True when `data` (a category's parsed answer) has an amount above zero, or the form has no amounts. */
export function amountsEntered(category: Form11Category, data: unknown): boolean {
  const { fields } = FORM11_FORMS[category];
  return !hasAmountField(fields) || someAmount(fields, data);
}
