import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { AppInfo } from '../domain/schemas/appInfo.ts';

/**
 * What the server says of its deployment (GET /app-info), loaded once when the runtime starts:
 * the "test mode" ribbon and the direct debit's creditor read it. Null until it has arrived (or
 * when it could not be loaded: then no ribbon is shown).
 */
export interface AppInfoStore {
  get(): AppInfo | null;
  subscribe(listener: () => void): () => void;
  /** Resolves once the answer arrived or failed (the direct debit's route waits for it). */
  ready(): Promise<void>;
}

/** A store filled by `load` (called once, now). */
export function createAppInfoStore(load: () => Promise<AppInfo>, log: Pick<Console, 'warn'>): AppInfoStore {
  let info: AppInfo | null = null;
  const listeners = new Set<() => void>();
  const loaded = load().then(
    (answer) => {
      info = answer;
      for (const listener of listeners) listener();
    },
    (error: unknown) => log.warn('app info not loaded', error),
  );
  return {
    get: () => info,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => loaded,
  };
}

const AppInfoContext = createContext<AppInfoStore | null>(null);

export function AppInfoProvider({ store, children }: { store: AppInfoStore; children: ReactNode }) {
  return <AppInfoContext value={store}>{children}</AppInfoContext>;
}

/** The deployment's names and mode, or null while not known. */
export function useAppInfo(): AppInfo | null {
  const store = use(AppInfoContext);
  if (!store) throw new Error('useAppInfo outside AppInfoProvider');
  return useSyncExternalStore(store.subscribe, store.get);
}
