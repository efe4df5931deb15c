import { and, eq, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { rateLimits } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { sha256Hex } from './crypto.ts';

/** A fixed-window limit: at most `limit` counted events per `windowMs` for one subject. */
export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** Who is counted: one value, or two (e.g. an account and a network). */
export type RateSubject = string | readonly [string, string];

export interface RateHit {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends; for the Retry-After header. */
  retryAfterSeconds: number;
  /** Undo this hit (for "count failures only": hit before the attempt, refund on success). */
  refund(): Promise<void>;
}

/**
 * Rate limits counted in the database (`rate_limits`), so every API process behind a load
 * balancer shares them. One atomic statement per hit:
 * `INSERT … ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`.
 * Subjects (emails, addresses) are hashed into the key, so the table holds no personal data.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  // A subject of two parts (account and network) keys as `name:h(first):h(second)`, so every
  // window of the first part can be cleared at once.
  const keyOf = (rule: RateRule, subject: RateSubject) =>
    typeof subject === 'string' ? `${rule.name}:${sha256Hex(subject).slice(0, 32)}` : `${rule.name}:${sha256Hex(subject[0]).slice(0, 32)}:${sha256Hex(subject[1]).slice(0, 32)}`;
  return {
    async hit(rule: RateRule, subject: RateSubject): Promise<RateHit> {
      const now = clock.now().getTime();
      const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
      const key = keyOf(rule, subject);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      const count = row?.count ?? 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000));
      return {
        allowed: count <= rule.limit,
        count,
        retryAfterSeconds,
        refund: async () => {
          await db
            .update(rateLimits)
            .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
            .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
        },
      };
    },
    /**
     * Forgets every window of one subject (e.g. the login counters of an account whose password
     * was just reset); for a two-part rule, every window whose first part is `subject`.
     */
    async clear(rule: RateRule, subject: string): Promise<void> {
      const key = keyOf(rule, subject);
      await db.delete(rateLimits).where(or(eq(rateLimits.key, key), like(rateLimits.key, `${key}:%`)));
    },
    /** Deletes windows that ended more than a day ago. */
    async prune(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(clock.now().getTime() - 86_400_000)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
