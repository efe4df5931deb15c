/**
 * Return targets arrive in the URL (`returnTo`, `redirect`), so they are checked before use:
 * only same-site paths, never another origin (an open redirect would hand a phishing page our name).
 */
export function safeInternalPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tab, newline…) can smuggle a second URL past simple checks.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  return value;
}

/** Where a signed-in user goes when nothing better is asked: `/`, which forwards to the Overview. */
export const AFTER_LOGIN_DEFAULT = '/';

/**
 * Where a login may send the user afterwards: an in-app path only (no scheme, no `//host`,
 * no backslash), and never back into /auth. Anything else becomes '/'. The login flow and the
 * route guard (a signed-in user on /auth/login) both use it, so they never race to two places.
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  const path = safeInternalPath(target, AFTER_LOGIN_DEFAULT);
  if (path === '/auth' || path.startsWith('/auth/') || path.startsWith('/auth?')) return AFTER_LOGIN_DEFAULT;
  return path;
}
