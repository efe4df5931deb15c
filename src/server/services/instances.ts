import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { serverInstances } from '../db/schema.ts';
import type { Keyring } from './crypto.ts';
import { hmacSha256 } from './crypto.ts';

/** An instance not seen for this long is taken to be gone (its heartbeat runs every {@link HEARTBEAT_MS}). */
export const INSTANCE_STALE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;

/** A start refused because this instance's keys do not fit the running ones'. The message is one line naming the setting. */
export class InstanceConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstanceConflictError';
  }
}

/** A keyed hash of a fixed text: equal for equal keys, and tells nothing about the key. */
function fingerprint(key: Uint8Array): string {
  return hmacSha256(key, 'maxout instance key check v1').toString('hex').slice(0, 32);
}

export interface InstanceRegistry {
  /**
   * Records this instance, after comparing its keys with those of the instances alive on the
   * database. Throws {@link InstanceConflictError} when the JWT secret differs, when a key id is
   * bound to different key material, or when one side encrypts with a key the other lacks (it could
   * not read what that one writes).
   */
  register(): Promise<void>;
  /** Keeps this instance's row fresh (every {@link HEARTBEAT_MS}). */
  heartbeat(): Promise<void>;
  /** Removes this instance's row (a graceful stop). */
  deregister(): Promise<void>;
}

export function createInstanceRegistry(deps: { db: Db; name: string; jwtSecret: Uint8Array; keyring: Keyring }): InstanceRegistry {
  const { db, name } = deps;
  const mine = {
    name,
    jwtFingerprint: fingerprint(deps.jwtSecret),
    keyFingerprints: Object.fromEntries([...deps.keyring.keys].map(([id, key]) => [id, fingerprint(key)])),
    currentKeyId: deps.keyring.currentId,
  };
  let id: string | undefined;

  return {
    async register() {
      await db.transaction(async (tx) => {
        // One starting instance at a time compares and records, so two started together with
        // different keys cannot both find the table empty.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('maxout:instances'))`);
        await tx.delete(serverInstances).where(sql`${serverInstances.lastSeenAt} < now() - make_interval(secs => ${INSTANCE_STALE_MS / 1000})`);
        const live = await tx.select().from(serverInstances);
        for (const other of live) {
          const problem = conflict(mine, other);
          if (problem) throw new InstanceConflictError(problem);
        }
        const [row] = await tx.insert(serverInstances).values(mine).returning({ id: serverInstances.id });
        id = row?.id;
      });
    },
    async heartbeat() {
      if (!id) return;
      const updated = await db.update(serverInstances).set({ lastSeenAt: sql`now()` }).where(eq(serverInstances.id, id)).returning({ id: serverInstances.id });
      // Taken for gone while this process was paused: be seen again.
      if (updated.length === 0) await db.insert(serverInstances).values({ ...mine, id });
    },
    async deregister() {
      if (!id) return;
      await db.delete(serverInstances).where(eq(serverInstances.id, id));
      id = undefined;
    },
  };
}

type InstanceKeys = Pick<typeof serverInstances.$inferSelect, 'name' | 'jwtFingerprint' | 'keyFingerprints' | 'currentKeyId'>;

/** Why an instance with `mine` keys cannot run next to `other`, as one line naming the setting; null when it can. */
export function conflict(mine: InstanceKeys, other: InstanceKeys): string | null {
  if (mine.jwtFingerprint !== other.jwtFingerprint) {
    return `JWT_SECRET differs from the one instance ${other.name} uses on this database; every instance must share it`;
  }
  for (const [keyId, print] of Object.entries(mine.keyFingerprints)) {
    const theirs = other.keyFingerprints[keyId];
    if (theirs !== undefined && theirs !== print) return `ENCRYPTION_KEYS: key ${keyId} differs from instance ${other.name}'s key ${keyId}; every instance must hold the same keys`;
  }
  if (!(mine.currentKeyId in other.keyFingerprints)) {
    return `ENCRYPTION_KEYS: this instance would encrypt with key ${mine.currentKeyId}, which instance ${other.name} does not hold (it could not read those values); give every instance the key first, with ENCRYPTION_KEY_CURRENT naming the old one`;
  }
  if (!(other.currentKeyId in mine.keyFingerprints)) {
    return `ENCRYPTION_KEYS: instance ${other.name} encrypts with key ${other.currentKeyId}, which this instance does not hold; add it to ENCRYPTION_KEYS`;
  }
  return null;
}
