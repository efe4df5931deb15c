/**
 * The form's values as they are typed, for the live estimate. Mantine's uncontrolled form keeps
 * the values and does not re-render on a keystroke, which keeps typing cheap; this tells the
 * estimate (and only the estimate) that they changed, and the estimate reads them from the form.
 */
import { useState, useSyncExternalStore } from 'react';

export interface FormChanges {
  /** Give it to the form's `onValuesChange`. */
  notify(): void;
  subscribe(listener: () => void): () => void;
}

/** A change signal made once per mounted form. */
export function useFormChanges(): FormChanges {
  const [changes] = useState<FormChanges>(() => {
    const listeners = new Set<() => void>();
    return {
      notify: () => {
        for (const listener of listeners) listener();
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  });
  return changes;
}

/** The form's current values, re-read whenever it says they changed (Mantine gives a new object per change). */
export function useLiveValues<T>(changes: FormChanges, getValues: () => T): T {
  return useSyncExternalStore(changes.subscribe, getValues, getValues);
}
