import type { RateHit } from '../services/rateLimit.ts';
import { ApiError } from './errors.ts';
import { TOO_MANY_ATTEMPTS } from './schemas.ts';

/** A 429 `{ message }` when any of the hits is over its limit; Retry-After is the longest wait among them. */
export function throwIfLimited(hits: RateHit[]): void {
  const blocked = hits.filter((hit) => !hit.allowed);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(...blocked.map((hit) => hit.retryAfterSeconds));
  throw new ApiError(429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(retryAfter) });
}
