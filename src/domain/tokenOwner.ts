/**
 * Who an access token belongs to, read from its JWT payload (`sub`) without verifying it: the
 * server verifies; a tab only compares two tokens it already holds. Null for anything that is
 * not a readable JWT.
 */
export function accessTokenOwner(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json: unknown = JSON.parse(atob(base64));
    const sub = json !== null && typeof json === 'object' ? (json as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** Whether tokens found in storage belong to the same user as the tab's own (both unreadable counts as the same). */
export function sameTokenOwner(current: string | null | undefined, incoming: string | null | undefined): boolean {
  return accessTokenOwner(current) === accessTokenOwner(incoming);
}
