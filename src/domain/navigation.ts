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
