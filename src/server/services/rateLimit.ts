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
/** Where a hit of {@link RateLimiter.hitAll} was counted, for {@link RateLimiter.refundAll}. */
interface CountedWindow {
  key: string;
  windowStart: Date;
}

const byKey = (a: CountedWindow, b: CountedWindow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart.getTime() - b.windowStart.getTime());

export function createRateLimiter(db: Db, clock: Clock) {
  const counted = new WeakMap<RateHit, CountedWindow>();
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
     * Several hits in one statement (a sign-in counts four): the same counts as {@link hit} one by
     * one, in one round trip. Rows are written in key order, as {@link refundAll} writes them, so
     * two requests sharing a counter always lock in the same order and never deadlock.
     */
    async hitAll(entries: readonly (readonly [RateRule, RateSubject])[]): Promise<RateHit[]> {
      const now = clock.now().getTime();
      const windows = entries.map(([rule, subject]) => ({ rule, key: keyOf(rule, subject), windowStart: new Date(Math.floor(now / rule.windowMs) * rule.windowMs) }));
      if (new Set(windows.map((w) => w.key)).size !== windows.length) throw new Error('hitAll: one counter twice in one statement');
      const rows = await db
        .insert(rateLimits)
        .values([...windows].sort(byKey).map(({ key, windowStart }) => ({ key, windowStart, count: 1 })))
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ key: rateLimits.key, count: rateLimits.count });
      const counts = new Map(rows.map((row) => [row.key, row.count]));
      return windows.map(({ rule, key, windowStart }) => {
        const count = counts.get(key) ?? 1;
        const hit: RateHit = {
          allowed: count <= rule.limit,
          count,
          retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000)),
          refund: async () => {
            await db
              .update(rateLimits)
              .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
              .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
          },
        };
        counted.set(hit, { key, windowStart });
        return hit;
      });
    },

    /** Undoes hits of {@link hitAll} in one statement (a window cleared meanwhile is left at 0). */
    async refundAll(hits: readonly RateHit[]): Promise<void> {
      const windows = hits.map((hit) => counted.get(hit)).filter((w): w is CountedWindow => w !== undefined);
      if (windows.length !== hits.length) throw new Error('refundAll: a hit not made by hitAll');
      if (new Set(windows.map((w) => w.key)).size !== windows.length) throw new Error('refundAll: one counter twice in one statement');
      if (windows.length === 0) return;
      await db
        .insert(rateLimits)
        .values([...windows].sort(byKey).map(({ key, windowStart }) => ({ key, windowStart, count: 0 })))
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`greatest(${rateLimits.count} - 1, 0)` } });
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
