/**
 * Where the tokens live in the browser (spec section 3: keys `session`, `refresh_token`,
 * `remember_me`). Remember me → localStorage (shared by tabs, survives the browser); otherwise
 * sessionStorage (this tab only). Only tokens are stored: the user is fetched from the server.
 * Storage that throws (disabled, quota) is treated as empty rather than breaking sign-in.
 */
export const SESSION_KEY = 'session';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const REMEMBER_ME_KEY = 'remember_me';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  remember: boolean;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readStoredTokens(): StoredTokens | null {
  const remember = safe(() => localStorage.getItem(REMEMBER_ME_KEY) === 'true', false);
  const store = remember ? localStorage : sessionStorage;
  const accessToken = safe(() => store.getItem(SESSION_KEY), null);
  const refreshToken = safe(() => store.getItem(REFRESH_TOKEN_KEY), null);
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken, remember };
}

export function writeStoredTokens(tokens: StoredTokens) {
  clearStoredTokens();
  const store = tokens.remember ? localStorage : sessionStorage;
  safe(() => {
    if (tokens.remember) localStorage.setItem(REMEMBER_ME_KEY, 'true');
    store.setItem(SESSION_KEY, tokens.accessToken);
    store.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  }, undefined);
}

export function clearStoredTokens() {
  for (const store of [localStorage, sessionStorage]) {
    safe(() => {
      store.removeItem(SESSION_KEY);
      store.removeItem(REFRESH_TOKEN_KEY);
      store.removeItem(REMEMBER_ME_KEY);
    }, undefined);
  }
}
