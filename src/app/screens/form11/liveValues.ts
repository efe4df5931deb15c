/**
 * The form's values as they are typed, for the live estimate. Mantine's uncontrolled form does
 * not re-render on a keystroke, which keeps typing cheap; this small store lets the estimate
 * (and only the estimate) re-render when a value changes.
 */
import { useState, useSyncExternalStore } from 'react';

export interface ValuesStore<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createValuesStore<T>(initial: T): ValuesStore<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (value) => {
      if (Object.is(value, current)) return;
      current = value;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A store made once per mounted form. */
export function useValuesStore<T>(initial: () => T): ValuesStore<T> {
  const [store] = useState(() => createValuesStore(initial()));
  return store;
}

export function useStoreValue<T>(store: ValuesStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
