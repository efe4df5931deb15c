import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { SESSION_IDLE_LIMIT_MS } from '../../domain/constants.ts';
import type { Db } from '../db/index.ts';
import { contributions, form11Entries, refreshTokens, sessionFamilies, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { DeviceLabel } from './securityEvents.ts';
import { deriveKey, hmacSha256, randomToken, sha256Hex } from './crypto.ts';
import type { Form11EntryRow } from './form11Entries.ts';
import type { UserRow } from './users.ts';

/** What GET /profile needs beyond the user row, read in the same query as the session check. */
export interface ProfileData {
  user: UserRow;
  /** Succeeded contributions of the tax year asked for, in cents. */
  contributedCents: number;
  /** Succeeded contributions by tax year, in cents (a claim's figures share its year's pension limit with them). */
  contributedByYear: Record<string, number>;
  /** The user's Form 11 claims, newest year first. */
  claims: Form11EntryRow[];
}

/** A claim as `json_build_object` returns it: timestamps as text. */
type ClaimJson = Omit<Form11EntryRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/**
 * Sessions are refresh-token families (one per sign-in). Every refresh rotates the token; the
 * presented token must be the family's newest. Lifetimes are judged with the injected clock.
 */
export const SESSION_LIMITS = {
  /** Idle limit: no refresh for this long ends the session (spec: 1 hour, the inactivity logout). */
  idleMs: SESSION_IDLE_LIMIT_MS,
  /** Absolute limit without "remember me" (ASVS L2: 12 h). */
  absoluteMs: 12 * 3_600_000,
  /** Absolute limit with "remember me": 30 days (an accepted deviation, checklist D2). */
  rememberAbsoluteMs: 30 * 86_400_000,
  /**
   * Only the immediately previous refresh token is accepted, only this long after its rotation,
   * and only from the client that rotated it. Tabs already take turns under a Web Lock and adopt
   * each other's new pair, so the window only has to cover a response lost in flight or a tab
   * that read storage just before another's write: seconds, not the 30 s a stolen token could use.
   */
  graceMs: 5_000,
} as const;

export type RevokeReason = 'logout' | 'reuse' | 'idle' | 'expired' | 'password_change' | 'device_sign_out' | 'sign_out_everywhere' | 'two_factor_on';

/** An open session as Settings → Security lists it. */
export interface OpenSession {
  id: string;
  browser: string | null;
  place: string | null;
  remember: boolean;
  createdAt: Date;
  lastUsedAt: Date;
}

export type RotateResult =
  | { kind: 'ok'; userId: string; familyId: string; refreshToken: string; replayed: boolean }
  | { kind: 'invalid' }
  | { kind: 'ended'; userId: string; familyId: string; reason: 'idle' | 'expired' | 'revoked' }
  | { kind: 'reuse'; userId: string; familyId: string };

/**
 * The successor of a refresh token is derived from it with a server key
 * (HMAC-SHA256(key, family id ‖ token)), not drawn at random. Only hashes are stored, so this
 * is what lets a refresh inside the grace window answer with the *same* successor again: two
 * tabs refreshing at once both end up holding the one valid token. Without the key a
 * successor cannot be computed; with a stale token outside the grace window it is refused.
 */
function successorOf(key: Uint8Array, familyId: string, token: string): string {
  return hmacSha256(key, `${familyId}:${token}`).toString('base64url');
}

/** A plausible refresh token: 43 base64url characters (32 bytes). Anything else is refused before a query. */
const REFRESH_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Who presents a refresh token: the replay of a rotated token is honoured only from the same client. */
export interface RefreshClient {
  userAgent: string;
  /** The client's network (an IPv4 address or an IPv6 /64). */
  network: string;
}

const UNKNOWN_CLIENT: RefreshClient = { userAgent: '', network: 'unknown' };

export function createSessionService(deps: { db: Db; clock: Clock; jwtSecret: Uint8Array; limits?: Partial<typeof SESSION_LIMITS> | undefined }) {
  const { db, clock } = deps;
  const limits = { ...SESSION_LIMITS, ...deps.limits };
  const successorKey = deriveKey(deps.jwtSecret, 'refresh-successor/v1');
  // Client fingerprints are stored keyed, so the table holds no user agent or address.
  const clientKey = deriveKey(deps.jwtSecret, 'refresh-client/v1');
  // The session check of every authenticated request. A session from before the last password
  // set or reset is over, whatever else says. As a prepared statement (named, on both drivers)
  // its plan is made once per connection.
  const sessionIsLive = and(
    eq(sessionFamilies.id, sql.placeholder('familyId')),
    eq(sessionFamilies.userId, sql.placeholder('userId')),
    eq(sessionFamilies.credentialVersion, users.credentialVersion),
    isNull(sessionFamilies.revokedAt),
    gt(sessionFamilies.absoluteExpiresAt, sql.placeholder('now')),
  );
  const principal = db.select({ user: users }).from(sessionFamilies).innerJoin(users, eq(users.id, sessionFamilies.userId)).where(sessionIsLive).prepare('session_principal');
  // GET /profile is the app's most frequent signed-in read: the session check, the year's
  // ledger total (and every year's, for the claims' pension limits) and the claims in one round
  // trip instead of three.
  const principalWithProfile = db
    .select({
      user: users,
      contributedCents: sql<string>`(select coalesce(sum(${contributions.amountCents}), 0) from ${contributions}
        where ${contributions.userId} = ${users.id} and ${contributions.taxYear} = ${sql.placeholder('taxYear')} and ${contributions.status} = 'succeeded')`,
      contributedByYear: sql<Record<string, string | number> | null>`(select json_object_agg(t.tax_year, t.cents) from (
          select ${contributions.taxYear} as tax_year, sum(${contributions.amountCents}) as cents from ${contributions}
          where ${contributions.userId} = ${users.id} and ${contributions.status} = 'succeeded' group by ${contributions.taxYear}) t)`,
      // Every column of form11_entries, as Form11EntryRow names them (a test compares with the claims service).
      claims: sql<ClaimJson[]>`(select coalesce(json_agg(json_build_object(
          'id', ${form11Entries.id}, 'userId', ${form11Entries.userId}, 'year', ${form11Entries.year}, 'snapshot', ${form11Entries.snapshot},
          'categoryStatus', ${form11Entries.categoryStatus}, 'categoryRefundCents', ${form11Entries.categoryRefundCents},
          'createdAt', ${form11Entries.createdAt}, 'updatedAt', ${form11Entries.updatedAt}) order by ${form11Entries.year} desc), '[]'::json)
        from ${form11Entries} where ${form11Entries.userId} = ${users.id})`,
    })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(sessionIsLive)
    .prepare('session_principal_profile');

  return {
    limits,

    /**
     * A new family and its first (random) refresh token; `tx` lets registration share its
     * transaction. `credentialVersion` is the version the caller's password check read: the
     * family is created only if the user's version is still that one, under a row lock
     * (`FOR SHARE`), so a password reset committing meanwhile wins — either the reset's
     * revocation sees this family, or this insert sees the new version and returns null.
     * Without it the current version is taken (no password was checked). `device` is how the
     * owner will recognise the session in the device list; `twoFactor` says the sign-in took a
     * code (or a recovery code) as well as the password.
     */
    async create(
      userId: string,
      remember: boolean,
      tx: Db = db,
      credentialVersion?: number,
      device: DeviceLabel | null = null,
      twoFactor = false,
    ): Promise<{ familyId: string; refreshToken: string } | null> {
      const now = clock.now();
      const at = now.toISOString();
      const expires = new Date(now.getTime() + (remember ? limits.rememberAbsoluteMs : limits.absoluteMs)).toISOString();
      const refreshToken = randomToken(32);
      // One statement, so one round trip and no transaction of its own: the user's row locked
      // (FOR SHARE) at the version checked, the family and its first token inserted from it.
      // A reset that commits first changes the version, and the locked re-check finds no row.
      const sameVersion = credentialVersion === undefined ? sql`` : sql`and ${users.credentialVersion} = ${credentialVersion}::integer`;
      const result = (await tx.execute(sql`
        with owner as (
          select ${users.credentialVersion} as version from ${users} where ${users.id} = ${userId}::uuid ${sameVersion} for share
        ), family as (
          insert into ${sessionFamilies} (user_id, remember, browser, place, created_at, last_used_at, absolute_expires_at, credential_version, two_factor_at)
          select ${userId}::uuid, ${remember}::boolean, ${device?.browser ?? null}::text, ${device?.place ?? null}::text, ${at}::timestamptz, ${at}::timestamptz,
            ${expires}::timestamptz, owner.version, ${twoFactor ? at : null}::timestamptz
          from owner
          returning id
        ), token as (
          insert into ${refreshTokens} (family_id, token_hash, issued_at) select family.id, ${sha256Hex(refreshToken)}, ${at}::timestamptz from family
        )
        select id from family`)) as unknown as { rows: { id: string }[] };
      const family = result.rows[0];
      return family ? { familyId: family.id, refreshToken } : null;
    },

    /**
     * Exchanges a refresh token for its successor, in one transaction with the family row
     * locked (`SELECT … FOR UPDATE`), so concurrent refreshes on PostgreSQL are serialised per
     * family; PGlite has one connection and serialises anyway.
     */
    async rotate(presented: string, client: RefreshClient = UNKNOWN_CLIENT): Promise<RotateResult> {
      if (!REFRESH_TOKEN_SHAPE.test(presented)) return { kind: 'invalid' };
      const tokenHash = sha256Hex(presented);
      const clientHash = hmacSha256(clientKey, `${client.userAgent}\n${client.network}`).toString('base64url');
      return db.transaction(async (tx) => {
        // The token's family, locked, and its owner's credential version, in one query.
        const [found] = await tx
          .select({ family: sessionFamilies, ownerVersion: users.credentialVersion })
          .from(refreshTokens)
          .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
          .leftJoin(users, eq(users.id, sessionFamilies.userId))
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .for('update', { of: sessionFamilies });
        if (!found) return { kind: 'invalid' } as const;
        const { family, ownerVersion } = found;
        const ids = { userId: family.userId, familyId: family.id };
        if (family.revokedAt) return { kind: 'ended', ...ids, reason: 'revoked' } as const;

        const now = clock.now();
        const end = async (reason: 'idle' | 'expired') => {
          await tx.update(sessionFamilies).set({ revokedAt: now, revokeReason: reason }).where(eq(sessionFamilies.id, family.id));
          return { kind: 'ended', ...ids, reason } as const;
        };
        if (ownerVersion === null || ownerVersion !== family.credentialVersion) {
          await tx.update(sessionFamilies).set({ revokedAt: now, revokeReason: 'password_change' }).where(eq(sessionFamilies.id, family.id));
          return { kind: 'ended', ...ids, reason: 'revoked' } as const;
        }
        if (now.getTime() >= family.absoluteExpiresAt.getTime()) return end('expired');
        if (now.getTime() - family.lastUsedAt.getTime() > limits.idleMs) return end('idle');

        // Read again under the lock: a concurrent refresh may have rotated it meanwhile.
        const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
        if (!token) return { kind: 'invalid' } as const;
        const successor = successorOf(successorKey, family.id, presented);

        if (token.rotatedAt === null) {
          // The successor, the old token pointing at it, and the family's last use: one statement
          // (PostgreSQL runs every data-modifying part of a WITH, read or not).
          const at = now.toISOString();
          const rotated = (await tx.execute(sql`
            with next as (
              insert into ${refreshTokens} (family_id, token_hash, issued_at) values (${family.id}::uuid, ${sha256Hex(successor)}, ${at}::timestamptz) returning id
            ), old as (
              update ${refreshTokens} set rotated_at = ${at}::timestamptz, replaced_by_id = (select id from next) where ${refreshTokens.id} = ${token.id}::uuid
            ), used as (
              update ${sessionFamilies} set last_used_at = ${at}::timestamptz, client_hash = ${clientHash} where ${sessionFamilies.id} = ${family.id}::uuid
            )
            select id from next`)) as unknown as { rows: { id: string }[] };
          if (!rotated.rows[0]) throw new Error('refresh token insert returned no row');
          return { kind: 'ok', ...ids, refreshToken: successor, replayed: false } as const;
        }

        // A rotated token: accepted only inside the grace window, from the client that rotated it,
        // and only if its successor is still the family's newest token (so only the immediately
        // previous token qualifies).
        const withinGrace = now.getTime() - token.rotatedAt.getTime() <= limits.graceMs && family.clientHash === clientHash;
        if (withinGrace && token.replacedById) {
          const [next] = await tx
            .select({ tokenHash: refreshTokens.tokenHash, rotatedAt: refreshTokens.rotatedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.id, token.replacedById));
          if (next && next.rotatedAt === null && next.tokenHash === sha256Hex(successor)) {
            await tx.update(sessionFamilies).set({ lastUsedAt: now }).where(eq(sessionFamilies.id, family.id));
            return { kind: 'ok', ...ids, refreshToken: successor, replayed: true } as const;
          }
        }

        // Reuse of a rotated token: treat as theft and end the whole family (RFC 9700 §4.14.2).
        await tx.update(sessionFamilies).set({ revokedAt: now, revokeReason: 'reuse' }).where(eq(sessionFamilies.id, family.id));
        return { kind: 'reuse', ...ids } as const;
      });
    },

    /**
     * The session proved the second factor after it began (two-step sign-in was turned on in it,
     * which took a code). A session that already had it keeps its first time.
     */
    async markTwoFactor(familyId: string, userId: string): Promise<void> {
      await db
        .update(sessionFamilies)
        .set({ twoFactorAt: clock.now() })
        .where(and(eq(sessionFamilies.id, familyId), eq(sessionFamilies.userId, userId), isNull(sessionFamilies.twoFactorAt)));
    },

    /** Whether the session signed in with a code, or turned two-step sign-in on (see `twoFactorAt`). */
    async provedTwoFactor(familyId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ at: sessionFamilies.twoFactorAt })
        .from(sessionFamilies)
        .where(and(eq(sessionFamilies.id, familyId), eq(sessionFamilies.userId, userId)));
      return Boolean(row?.at);
    },

    /** Ends the family a refresh token belongs to (any token of the family, current or old). */
    async revokeByToken(presented: string, reason: RevokeReason): Promise<{ userId: string; familyId: string } | null> {
      if (!REFRESH_TOKEN_SHAPE.test(presented)) return null;
      const [found] = await db
        .select({ familyId: refreshTokens.familyId, userId: sessionFamilies.userId })
        .from(refreshTokens)
        .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, sha256Hex(presented)));
      if (!found) return null;
      await db
        .update(sessionFamilies)
        .set({ revokedAt: clock.now(), revokeReason: reason })
        .where(and(eq(sessionFamilies.id, found.familyId), isNull(sessionFamilies.revokedAt)));
      return found;
    },

    /** Ends one family, if it belongs to the user and is still open. */
    async revokeFamily(familyId: string, userId: string, reason: RevokeReason): Promise<boolean> {
      const rows = await db
        .update(sessionFamilies)
        .set({ revokedAt: clock.now(), revokeReason: reason })
        .where(and(eq(sessionFamilies.id, familyId), eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
        .returning({ id: sessionFamilies.id });
      return rows.length > 0;
    },

    /** Ends every open session of the user except `keepFamilyId` (password change, "sign out everywhere else"). */
    async revokeOthers(userId: string, keepFamilyId: string, reason: RevokeReason, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(sessionFamilies)
        .set({ revokedAt: clock.now(), revokeReason: reason })
        .where(and(eq(sessionFamilies.userId, userId), ne(sessionFamilies.id, keepFamilyId), isNull(sessionFamilies.revokedAt)))
        .returning({ id: sessionFamilies.id });
      return rows.length;
    },

    /**
     * The user's sessions that can still be used: not ended, within the absolute lifetime and
     * used within the idle limit. Most recently used first.
     */
    async listOpen(userId: string): Promise<OpenSession[]> {
      const now = clock.now();
      return db
        .select({
          id: sessionFamilies.id,
          browser: sessionFamilies.browser,
          place: sessionFamilies.place,
          remember: sessionFamilies.remember,
          createdAt: sessionFamilies.createdAt,
          lastUsedAt: sessionFamilies.lastUsedAt,
        })
        .from(sessionFamilies)
        .where(
          and(
            eq(sessionFamilies.userId, userId),
            isNull(sessionFamilies.revokedAt),
            gt(sessionFamilies.absoluteExpiresAt, now),
            gt(sessionFamilies.lastUsedAt, new Date(now.getTime() - limits.idleMs)),
          ),
        )
        .orderBy(desc(sessionFamilies.lastUsedAt), desc(sessionFamilies.createdAt));
    },

    /**
     * Moves one session to the user's new credential version (the session that changed the
     * password stays signed in); `tx` is the change's transaction, which holds the user row.
     */
    async adoptCredentialVersion(familyId: string, userId: string, credentialVersion: number, tx: Db = db): Promise<void> {
      await tx
        .update(sessionFamilies)
        .set({ credentialVersion })
        .where(and(eq(sessionFamilies.id, familyId), eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
    },

    /** Ends every open session of a user (password set or reset). */
    async revokeAllForUser(userId: string, reason: RevokeReason, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(sessionFamilies)
        .set({ revokedAt: clock.now(), revokeReason: reason })
        .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)))
        .returning({ id: sessionFamilies.id });
      return rows.length;
    },

    /**
     * For every authenticated request: the user of the session, when the family exists, belongs
     * to that user, is open and is within its absolute lifetime — one prepared query joining
     * the family and its user, so a revoked session is refused at once and the route gets the
     * user row without a second round trip.
     */
    async authenticate(familyId: string, userId: string): Promise<UserRow | undefined> {
      const [row] = await principal.execute({ familyId, userId, now: clock.now() });
      return row?.user;
    },

    /**
     * {@link authenticate} and, in the same query, what the profile shows besides the user row:
     * the contributions of `taxYear` and the Form 11 claims.
     */
    async authenticateWithProfile(familyId: string, userId: string, taxYear: number): Promise<ProfileData | undefined> {
      const [row] = await principalWithProfile.execute({ familyId, userId, now: clock.now(), taxYear });
      if (!row) return undefined;
      // Drizzle's own mapping of these timestamps is `new Date(text)` too.
      const claims = row.claims.map((claim) => ({ ...claim, createdAt: new Date(claim.createdAt), updatedAt: new Date(claim.updatedAt) }));
      const contributedByYear = Object.fromEntries(Object.entries(row.contributedByYear ?? {}).map(([year, cents]) => [year, Number(cents)]));
      return { user: row.user, contributedCents: Number(row.contributedCents), contributedByYear, claims };
    },

    /** Deletes families (and, by cascade, their tokens) that ended more than 7 days ago. */
    async prune(): Promise<void> {
      const cutoff = new Date(clock.now().getTime() - 7 * 86_400_000);
      await db.delete(sessionFamilies).where(lt(sessionFamilies.absoluteExpiresAt, cutoff));
      await db.delete(sessionFamilies).where(lt(sessionFamilies.revokedAt, cutoff));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
