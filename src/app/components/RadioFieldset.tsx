import { Box, Input, Radio } from '@mantine/core';
import { type FocusEvent, type ReactNode, useId } from 'react';

export interface RadioOption {
  readonly value: string;
  readonly label: string;
}

export interface RadioFieldsetProps {
  /** The question; it becomes the fieldset's legend. */
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** The radios' shared name (one per group, so arrow keys move within it). */
  name: string;
  options: readonly RadioOption[];
  /** The value checked when the group mounts (uncontrolled, like the form's other inputs). */
  defaultValue?: string;
  /** Radios side by side (Yes / No) instead of one per line. */
  inline?: boolean;
  onChange?: (value: string) => void;
  /** Called once focus leaves the whole group, not when it moves from one radio to the next. */
  onBlur?: () => void;
  'data-path'?: string;
}

/**
 * A set of radios in a real fieldset, its question in the legend, the help and the error tied to
 * every radio with aria-describedby and aria-invalid. Mantine's Radio.Group uses a labelled div
 * with role="radiogroup"; a fieldset is what forms read best with every screen reader.
 */
export function RadioFieldset({
  label,
  description,
  error,
  required,
  name,
  options,
  defaultValue,
  inline,
  onChange,
  onBlur,
  'data-path': dataPath,
}: RadioFieldsetProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  const handleBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };

  return (
    <Box component="fieldset" onBlur={handleBlur} data-path={dataPath} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Input.Label component="legend" required={required} p={0}>
        {label}
      </Input.Label>
      {description ? (
        <Input.Description id={descriptionId} mb={4}>
          {description}
        </Input.Description>
      ) : null}
      <Box mt={6} style={{ display: 'flex', flexDirection: inline ? 'row' : 'column', flexWrap: 'wrap', gap: inline ? 'var(--mantine-spacing-lg)' : 'var(--mantine-spacing-xs)' }}>
        {options.map((option) => (
          <Radio
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            defaultChecked={defaultValue === option.value}
            onChange={(event) => {
              if (event.currentTarget.checked) onChange?.(option.value);
            }}
            error={Boolean(error)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        ))}
      </Box>
      {error ? (
        <Input.Error id={errorId} mt={6}>
          {error}
        </Input.Error>
      ) : null}
    </Box>
  );
}
