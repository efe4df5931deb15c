import { describe, expect, it } from 'vitest';
import { accessTokenOwner, shouldAdoptStoredPair } from '../../src/domain/tokenOwner.ts';

/** An unsigned JWT-shaped token for `sub` (the tab never verifies; the server does). */
const tokenOf = (sub: string) => `e30.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;

describe('shouldAdoptStoredPair (refresh under the tab lock)', () => {
  const ann = tokenOf('ann-id');
  const bob = tokenOf('bob-id');

  it('reads the owner of a token', () => {
    expect(accessTokenOwner(ann)).toBe('ann-id');
    expect(accessTokenOwner('junk')).toBeNull();
  });

  it('adopts the pair another tab of the same user rotated', () => {
    expect(shouldAdoptStoredPair({ accessToken: tokenOf('ann-id'), refreshToken: 'rt-2' }, 'rt-1', ann)).toBe(true);
  });

  it('refreshes its own pair when storage still holds it', () => {
    expect(shouldAdoptStoredPair({ accessToken: ann, refreshToken: 'rt-1' }, 'rt-1', ann)).toBe(false);
    expect(shouldAdoptStoredPair(null, 'rt-1', ann)).toBe(false);
  });

  it('never takes over another user’s session stored by another tab', () => {
    expect(shouldAdoptStoredPair({ accessToken: bob, refreshToken: 'rt-9' }, 'rt-1', ann)).toBe(false);
  });
});
