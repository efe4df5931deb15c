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

/**
 * Whether a tab about to refresh should take the pair another tab already stored instead: only
 * when that pair is newer than the one it holds (a different refresh token) and belongs to the
 * same user as the tab's own access token, as the storage event checks. Another user's session,
 * signed in meanwhile in another tab, is never taken over.
 */
export function shouldAdoptStoredPair(stored: { accessToken: string; refreshToken: string } | null, presentedRefresh: string, ownAccessToken: string | null | undefined): boolean {
  return stored !== null && stored.refreshToken !== presentedRefresh && sameTokenOwner(ownAccessToken, stored.accessToken);
}
