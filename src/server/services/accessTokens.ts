import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_MS } from '../../domain/constants.ts';
import type { Clock } from './clock.ts';

/** Access tokens: HS256 JWTs, 15 minutes, bound to a session family (checklist C5, C9). */
export const ACCESS_TOKEN_TTL_SECONDS = ACCESS_TOKEN_TTL_MS / 1000;
export const TOKEN_ISSUER = 'maxout';
export const TOKEN_AUDIENCE = 'maxout';

export interface AccessClaims {
  userId: string;
  familyId: string;
}

/** A key for jose: the raw bytes, or (faster: imported once) a CryptoKey. */
type HmacKey = Uint8Array | CryptoKey;

export async function signAccessToken(secret: HmacKey, claims: AccessClaims, now: Date, keyId?: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.familyId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(keyId === undefined ? {} : { kid: keyId }) })
    .setSubject(claims.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret);
}

/**
 * Verifies an access token: the algorithm is pinned to HS256 (so `none` and every other
 * algorithm are refused), issuer, audience, `typ`, `exp` and `nbf` are checked against the
 * injected clock. Returns null for any failure; the caller answers 401 without saying why.
 */
export async function verifyAccessToken(secret: HmacKey, token: string, now: Date): Promise<AccessClaims | null> {
  return (await verifyWithLifetime(secret, token, now))?.claims ?? null;
}

/** {@link verifyAccessToken}, also returning the token's `nbf` and `exp` (epoch seconds). */
async function verifyWithLifetime(
  secret: HmacKey | ((header: { kid?: string | undefined }) => HmacKey),
  token: string,
  now: Date,
): Promise<{ claims: AccessClaims; nbf: number; exp: number } | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, typeof secret === 'function' ? (header) => secret(header) : secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'typ', 'exp', 'iat'],
      clockTolerance: 0,
    });
    if (payload.typ !== 'access') return null;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    if (!UUID.test(payload.sub) || !UUID.test(payload.sid)) return null;
    return { claims: { userId: payload.sub, familyId: payload.sid }, nbf: payload.nbf ?? -Infinity, exp: payload.exp ?? -Infinity };
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many verified tokens {@link createAccessTokenService} remembers (about 4 MB at most). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Access tokens bound to the server's key and clock. The HMAC key is imported into WebCrypto
 * once, instead of on every sign and verify (jose imports raw bytes per call).
 *
 * Every authenticated request verifies its token, and a WebCrypto HMAC costs far more than
 * the rest of the check; so a token that verified is remembered with its claims. Nothing in a
 * token's signature or claims can change under a fixed key, only the clock moves: a
 * remembered token is still judged against `nbf` and `exp` at every use, exactly as jose
 * does (clock tolerance 0), and only tokens that verified are remembered, so unsigned junk
 * cannot fill the memory. Revocation is unaffected: requireAuth asks the database about the
 * session on every request.
 */
export function createAccessTokenService(deps: { jwtSecret: Uint8Array; clock: Clock; jwtKeys?: { currentId: string; keys: Map<string, Uint8Array> } | undefined }) {
  const importKey = (bytes: Uint8Array) => crypto.subtle.importKey('raw', new Uint8Array(bytes), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // Key ids: tokens name the key that signed them (`kid`), so a rotated key keeps verifying the
  // tokens it signed while the new one signs. A token without `kid` (from before key ids) is
  // checked with the current key.
  const currentId = deps.jwtKeys?.currentId;
  const key = importKey(currentId === undefined ? deps.jwtSecret : deps.jwtKeys!.keys.get(currentId)!);
  const byId = new Map([...(deps.jwtKeys?.keys ?? new Map<string, Uint8Array>())].map(([id, bytes]) => [id, importKey(bytes)] as const));
  const verified = new Map<string, { claims: AccessClaims; nbf: number; exp: number }>();
  return {
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    async sign(claims: AccessClaims): Promise<string> {
      return signAccessToken(await key, claims, deps.clock.now(), currentId);
    },
    /** The claims of a valid, current access token; null for anything else. */
    async verify(token: string): Promise<AccessClaims | null> {
      const now = deps.clock.now();
      const known = verified.get(token);
      if (known) {
        // jose's rules: expired when exp <= now, not yet valid when nbf > now (whole seconds).
        const seconds = Math.floor(now.getTime() / 1000);
        return known.exp > seconds && known.nbf <= seconds ? known.claims : null;
      }
      const keys = new Map<string, CryptoKey>();
      for (const [id, pending] of byId) keys.set(id, await pending);
      const current = await key;
      const result = await verifyWithLifetime(
        (header) => {
          if (header.kid === undefined) return current;
          const found = keys.get(header.kid);
          // An unknown key id: a key that was never ours, or retired. Refused like a bad signature.
          if (!found) throw new Error('unknown key id');
          return found;
        },
        token,
        now,
      );
      if (!result) return null;
      if (verified.size >= VERIFIED_CACHE_SIZE) {
        // Forget the oldest entry (a Map iterates in insertion order).
        for (const oldest of verified.keys()) {
          verified.delete(oldest);
          break;
        }
      }
      verified.set(token, result);
      return result.claims;
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
