import { TextInput, type TextInputProps } from '@mantine/core';
import { DISPLAY_DATE_FORMAT, maskDateInput } from '../../domain/dates.ts';

export interface DateTextInputProps extends Omit<TextInputProps, 'onChange'> {
  /** The masked text ('01.02.2024'), never the raw keystrokes. */
  onChange?: (value: string) => void;
}

/**
 * A date typed as DD.MM.YYYY with the dots put in while typing (`maskDateInput`). Works
 * uncontrolled: the masked text is written back into the input itself, so a form that does not
 * re-render on every keystroke still shows it.
 */
export function DateTextInput({ onChange, description, ...props }: DateTextInputProps) {
  return (
    <TextInput
      placeholder={DISPLAY_DATE_FORMAT}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      // The format is part of the description so a screen reader announces it, not only the placeholder.
      description={description ? <>{description} Format: {DISPLAY_DATE_FORMAT}.</> : `Format: ${DISPLAY_DATE_FORMAT}`}
      {...props}
      onChange={(event) => {
        const masked = maskDateInput(event.currentTarget.value);
        if (masked !== event.currentTarget.value) event.currentTarget.value = masked;
        onChange?.(masked);
      }}
    />
  );
}
