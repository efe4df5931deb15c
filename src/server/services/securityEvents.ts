import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { SecurityEventKind } from '../../domain/schemas/security.ts';
import { securityEvents } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/** How long the account's security events are kept and shown (Settings → Security). */
export const SECURITY_EVENT_RETENTION_MS = 90 * 86_400_000;

/** Where an event happened, as far as the server can tell (src/domain/devices.ts). */
export interface DeviceLabel {
  browser: string;
  place: string;
}

export interface SecurityEventInput {
  familyId?: string | null;
  device?: DeviceLabel | null;
  detail?: string | null;
}

/** An event as GET /security/events returns it. */
export interface ApiSecurityEvent {
  id: string;
  kind: SecurityEventKind;
  at: string;
  browser: string | null;
  place: string | null;
  detail: string | null;
}

/**
 * The account's security log: sign-ins and failed sign-ins, new devices, password changes,
 * refresh-token reuse alarms, two-step changes and devices signed out. Only labels and kinds are
 * stored, never a password, code, token or full address.
 */
export function createSecurityEventService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const since = () => new Date(clock.now().getTime() - SECURITY_EVENT_RETENTION_MS);
  return {
    async record(userId: string, kind: SecurityEventKind, input: SecurityEventInput = {}): Promise<void> {
      await db.insert(securityEvents).values({
        userId,
        kind,
        createdAt: clock.now(),
        familyId: input.familyId ?? null,
        browser: input.device?.browser ?? null,
        place: input.device?.place ?? null,
        detail: input.detail ?? null,
      });
    },

    /**
     * Records a sign-in, and a 'new_device' event first when no sign-in of the last 90 days came
     * from the same browser and place. Returns whether the device was new.
     */
    async recordSignIn(userId: string, familyId: string, device: DeviceLabel, detail: string | null = null): Promise<boolean> {
      // One statement: the 'new_device' row only when no sign-in of the window matches (the check
      // sees the table as it was before this statement), then the sign-in, in that order.
      const at = clock.now().toISOString();
      const result = (await db.execute(sql`
        insert into ${securityEvents} (user_id, kind, created_at, family_id, browser, place, detail)
        select ${userId}::uuid, event.kind, ${at}::timestamptz, ${familyId}::uuid, ${device.browser}::text, ${device.place}::text, event.detail
        from (values (1, 'new_device', null::text), (2, 'sign_in', ${detail}::text)) as event(position, kind, detail)
        where event.kind = 'sign_in' or not exists (
          select 1 from ${securityEvents}
          where ${securityEvents.userId} = ${userId}::uuid and ${securityEvents.kind} = 'sign_in' and ${securityEvents.browser} = ${device.browser}::text
            and ${securityEvents.place} = ${device.place}::text and ${securityEvents.createdAt} >= ${since().toISOString()}::timestamptz
        )
        order by event.position
        returning kind`)) as unknown as { rows: { kind: string }[] };
      return result.rows.some((row) => row.kind === 'new_device');
    },

    /**
     * Whether the account signed in from this browser and place in the last 90 days: a known
     * device, which the per-account guessing caps let through (the owner keeps a way in).
     */
    async isKnownDevice(userId: string, device: DeviceLabel): Promise<boolean> {
      const [seen] = await db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.userId, userId),
            eq(securityEvents.kind, 'sign_in'),
            eq(securityEvents.browser, device.browser),
            eq(securityEvents.place, device.place),
            gte(securityEvents.createdAt, since()),
          ),
        )
        .limit(1);
      return seen !== undefined;
    },

    /** The last 90 days, newest first (at most `limit`). */
    async list(userId: string, limit = 200): Promise<ApiSecurityEvent[]> {
      const rows = await db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.userId, userId), gte(securityEvents.createdAt, since())))
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.seq))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        at: row.createdAt.toISOString(),
        browser: row.browser,
        place: row.place,
        detail: row.detail,
      }));
    },

    /** Drops events older than the retention period (housekeeping). */
    async prune(): Promise<void> {
      await db.delete(securityEvents).where(lt(securityEvents.createdAt, since()));
    },
  };
}

export type SecurityEventService = ReturnType<typeof createSecurityEventService>;
