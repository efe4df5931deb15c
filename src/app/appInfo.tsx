import { createContext, use, type ReactNode } from 'react';
import { useStoreValue } from './useSelector.ts';
import type { AppInfo } from '../domain/schemas/appInfo.ts';

/**
 * What the server says of its deployment (GET /app-info): the "test mode" ribbon and the direct
 * debit's creditor read it. Null until it has arrived (or when it could not be loaded: then no
 * ribbon is shown). Asked once the first page has painted (nothing on it waits for the answer),
 * or sooner when a page needs it before it shows (`ready`).
 */
export interface AppInfoStore {
  get(): AppInfo | null;
  subscribe(listener: () => void): () => void;
  /** Asks now if not yet asked; resolves once the answer arrived or failed (the direct debit's route waits for it). */
  ready(): Promise<void>;
}

/** A store filled by `load`, called once: when `askLater` says, or at the first `ready()`, whichever comes first. */
export function createAppInfoStore(load: () => Promise<AppInfo>, log: Pick<Console, 'warn'>, askLater: (ask: () => void) => void): AppInfoStore {
  let info: AppInfo | null = null;
  let loaded: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const ask = (): Promise<void> =>
    (loaded ??= load().then(
      (answer) => {
        info = answer;
        for (const listener of listeners) listener();
      },
      (error: unknown) => log.warn('app info not loaded', error),
    ));
  askLater(() => void ask());
  return {
    get: () => info,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: ask,
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
  return useStoreValue(store.subscribe, store.get);
}
