import { Alert, Box, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { formatMoney } from '../../../../domain/money.ts';
import type { FieldSpec } from '../../../../domain/schemas/form11/index.ts';
import { formValuesOf, type FormValues } from '../formValues.ts';
import { ItemDialog } from './ItemDialog.tsx';
import { type Form11FormApi, valueAt } from './types.ts';

export interface ListFieldProps {
  form: Form11FormApi;
  field: FieldSpec;
  path: string;
  validateItem: (item: FormValues) => Record<string, string>;
}

/** What one value of an entry reads like in its summary line; '' leaves it out. */
function shown(field: FieldSpec, value: unknown): string {
  if (value === '' || value === undefined || value === null) return '';
  switch (field.kind) {
    case 'amount':
    case 'loanValue':
      return formatMoney(value);
    // A ticked flag reads as its own label; an unticked one, or a confirmation (always ticked
    // once valid), says nothing worth repeating.
    case 'flag':
      return value === true ? 'Yes' : '';
    case 'confirm':
      return '';
    case 'yesNo':
      return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : '';
    case 'choice':
      return field.options?.find((option) => option.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}

/** The entry's title (its first field, usually a name) and the rest as "Label: value" parts. */
function summaryOf(fields: readonly FieldSpec[], item: FormValues, index: number) {
  const [first, ...others] = fields;
  const title = (first ? shown(first, item[first.name]).trim() : '') || `Entry ${index + 1}`;
  const details = others.map((field) => ({ field, text: shown(field, item[field.name]) })).filter((part) => part.text !== '');
  return { title, details };
}

/** The open dialog: which entry it edits, or null when it adds one. */
type Dialog = { readonly index: number | null };

/**
 * A list of entries (insurances, courses, children…): each shown with Edit and Remove, an
 * "Add …" button that opens the entry dialog, and the list's own error ("Please add at least one
 * insurance") as an inline alert. Grouped in a fieldset whose legend is the list's label.
 */
export function ListField({ form, field, path, validateItem }: ListFieldProps) {
  // Fields Revenue fills in (office use) are kept in the data but never shown to the user.
  const itemFields = (field.item ?? []).filter((itemField) => !itemField.officeUse);
  const addLabel = field.addLabel ?? 'Add';
  const noun = addLabel.replace(/^Add\s+/, '').toLowerCase();
  const items = (valueAt(form.getValues(), path) as FormValues[] | undefined) ?? [];
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const listError = form.errors[path];
  const itemErrors = (index: number): string[] => {
    const prefix = `${path}.${index}.`;
    return Object.entries(form.errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([, message]) => String(message));
  };
  /** A changed list has new entries and indices: the old list and entry errors no longer apply. */
  const clearListErrors = () =>
    form.setErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`))));

  const open = (index: number | null) => setDialog({ index });
  const adding = dialog === null || dialog.index === null;

  const hiddenDefaults = formValuesOf((field.item ?? []).filter((itemField) => itemField.officeUse));
  const confirm = (entered: FormValues) => {
    // An edited entry keeps what the office fields held; a new one gets their defaults (unset flags).
    const kept = dialog !== null && dialog.index !== null ? items[dialog.index] : undefined;
    const item = { ...hiddenDefaults, ...(kept ?? {}), ...entered };
    if (dialog === null || dialog.index === null) form.insertListItem(path, item);
    else form.replaceListItem(path, dialog.index, item);
    clearListErrors();
    setDialog(null);
  };

  const remove = (index: number) => {
    form.removeListItem(path, index);
    clearListErrors();
    addButton.current?.focus();
  };

  const inError = Boolean(listError) || items.some((_, index) => itemErrors(index).length > 0);
  const editing = dialog && dialog.index !== null ? items[dialog.index] : undefined;

  return (
    <Box
      component="fieldset"
      data-list-error={inError || undefined}
      data-path={path}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <Input.Label component="legend" required p={0} mb={field.help ? 0 : 'xs'}>
        {field.label}
      </Input.Label>
      <Stack gap="sm">
        {field.help ? <Input.Description>{field.help}</Input.Description> : null}
        {items.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nothing added yet.
          </Text>
        ) : (
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
            {items.map((item, index) => {
              const { title, details } = summaryOf(itemFields, item, index);
              const errors = itemErrors(index);
              return (
                <Paper component="li" key={index} withBorder p="sm" radius="md">
                  <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                    <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {title}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Button variant="subtle" size="compact-sm" aria-label={`Edit ${title}`} onClick={() => open(index)}>
                        Edit
                      </Button>
                      <Button variant="subtle" color="red" size="compact-sm" aria-label={`Remove ${title}`} onClick={() => remove(index)}>
                        Remove
                      </Button>
                    </Group>
                  </Group>
                  {details.length > 0 ? (
                    <Box component="dl" m={0} mt={4} fz="sm" style={{ display: 'grid', gap: 2 }}>
                      {details.map(({ field: detail, text }) => (
                        <Box key={detail.name} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 6 }}>
                          <Box component="dt" c="dimmed">
                            {detail.kind === 'flag' ? detail.label : `${detail.label}:`}
                          </Box>
                          <Box component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                            {detail.kind === 'flag' ? null : text}
                          </Box>
                        </Box>
                      ))}
                    </Box>
                  ) : null}
                  {errors.length > 0 ? (
                    <Text fz="sm" mt={4} c="var(--mantine-color-error)">
                      Please check this {noun}: {errors.join('; ')}
                    </Text>
                  ) : null}
                </Paper>
              );
            })}
          </Box>
        )}
        {listError ? (
          <Alert color="red" role="alert" variant="light" p="xs">
            {listError}
          </Alert>
        ) : null}
        <Group>
          <Button ref={addButton} variant="outline" onClick={() => open(null)}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
      <ItemDialog
        opened={dialog !== null}
        title={adding ? addLabel : `Edit ${noun}`}
        fields={itemFields}
        initialValues={formValuesOf(itemFields, editing ?? {})}
        validate={validateItem}
        confirmLabel={adding ? 'Add' : 'Save'}
        onConfirm={confirm}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}
