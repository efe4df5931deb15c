/**
 * Enters a value into a Form 11 field the way a user would: typing into text, number and date
 * inputs, clicking a radio or a checkbox, and for a list opening the "Add …" dialog, filling the
 * entry and confirming it. Each field is found by its accessible name (its label or legend), so
 * the helpers also prove every input is labelled.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { FieldSpec } from '../../../src/domain/schemas/form11/index.ts';

type Scope = ReturnType<typeof within>;

/** A choice of more options than radios suit is drawn as a select (FieldInput's MAX_RADIOS, 4). */
export function isSelect(field: FieldSpec): boolean {
  return field.kind === 'choice' && (field.options?.length ?? 0) > 4;
}

/** The input a field draws, found by its label. */
export function inputOf(scope: Scope, field: FieldSpec): HTMLElement {
  if (isSelect(field)) return scope.getByRole('combobox', { name: field.label });
  switch (field.kind) {
    case 'yesNo':
    case 'choice':
      return scope.getByRole('group', { name: field.label });
    case 'flag':
    case 'confirm':
      return scope.getByRole('checkbox', { name: field.label });
    case 'list':
      return scope.getByRole('group', { name: field.label });
    default:
      return scope.getByRole('textbox', { name: field.label });
  }
}

function optionLabel(field: FieldSpec, value: unknown): string {
  if (field.kind === 'yesNo') return value === 'yes' ? 'Yes' : 'No';
  const option = field.options?.find((o) => o.value === value);
  if (!option) throw new Error(`${field.name}: no option ${String(value)}`);
  return option.label;
}

export function typeInto(input: HTMLElement, text: string): void {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

/** Enters `value` into `field` within `scope` (the page, a dialog, an income sub-form). */
export async function enterValue(scope: Scope, field: FieldSpec, value: unknown): Promise<void> {
  if (value === undefined || value === null || value === '') return;
  const input = inputOf(scope, field);
  if (isSelect(field)) {
    fireEvent.change(input, { target: { value: String(value) } });
    return;
  }
  switch (field.kind) {
    case 'yesNo':
    case 'choice':
      fireEvent.click(within(input).getByRole('radio', { name: optionLabel(field, value) }));
      return;
    case 'flag':
    case 'confirm':
      if (value === true) fireEvent.click(input);
      return;
    case 'list': {
      for (const item of value as Record<string, unknown>[]) {
        await addItem(input, field, item);
      }
      return;
    }
    default:
      typeInto(input, String(value));
  }
}

/** Opens the list's "Add …" dialog, enters the entry and confirms it; resolves once the dialog has closed. */
export async function addItem(list: HTMLElement, field: FieldSpec, item: Record<string, unknown>): Promise<void> {
  fireEvent.click(within(list).getByRole('button', { name: field.addLabel }));
  const dialog = within(await screen.findByRole('dialog', { name: field.addLabel }));
  // Office-use fields are not on screen; the entry carries their defaults.
  await enterAll(dialog, (field.item ?? []).filter((itemField) => !itemField.officeUse), item);
  fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Enters every value of `data` into the form's fields. */
export async function enterAll(scope: Scope, fields: readonly FieldSpec[], data: Record<string, unknown>): Promise<void> {
  for (const field of fields) await enterValue(scope, field, data[field.name]);
}
