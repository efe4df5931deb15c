import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import type { FieldSpec } from '../../../../domain/schemas/form11/index.ts';
import type { FormValues } from '../formValues.ts';
import { FieldInput } from './FieldInput.tsx';

export interface ItemDialogProps {
  opened: boolean;
  /** The dialog's title, e.g. "Add Insurance" (Mantine ties it to the dialog with aria-labelledby). */
  title: string;
  fields: readonly FieldSpec[];
  /** The entry being edited, or the empty entry. */
  initialValues: FormValues;
  validate: (item: FormValues) => Record<string, string>;
  /** The confirm button: "Add" for a new entry, "Save" for an edited one. */
  confirmLabel: string;
  onConfirm: (item: FormValues) => void;
  onClose: () => void;
}

/**
 * The dialog that adds or edits one entry of a list (an insurance, a course, a child). It checks
 * its own fields with the page's schema and hands back the values only when they are valid.
 */
export function ItemDialog({ opened, title, ...rest }: ItemDialogProps) {
  return (
    <Modal opened={opened} onClose={rest.onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted per opening, so each opening starts from its own initial values. */}
      {opened ? <ItemForm {...rest} /> : null}
    </Modal>
  );
}

function ItemForm({ fields, initialValues, validate, confirmLabel, onConfirm, onClose }: Omit<ItemDialogProps, 'opened' | 'title'>) {
  const form = useForm<FormValues>({ mode: 'uncontrolled', initialValues, validate, validateInputOnBlur: true });
  const submit = form.onSubmit((values) => onConfirm(values));

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        // The dialog is portalled out of the page's <form> in the DOM but not in React's tree:
        // without this, its submit would also submit the page.
        event.stopPropagation();
        submit(event);
      }}
    >
      <Stack>
        {fields.map((field, index) => (
          // The dialog opens with the first field focused, ready to type.
          <FieldInput key={field.name} form={form} field={field} path={field.name} autoFocus={index === 0} />
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{confirmLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
