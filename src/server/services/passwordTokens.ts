import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { form11Entries, passwordTokens, recoveryCodes, twoFactorChallenges, twoFactorSettings, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import type { SessionService } from './sessions.ts';

/**
 * Set-password and reset-password links. 32 random bytes (256 bits), only the SHA-256 hash is
 * stored, single use, and issuing a new link retires every older unused one of the user.
 */
export const PASSWORD_TOKEN_TTL_MS = {
  /** A reset link (forgot password): 30 minutes. */
  reset: 30 * 60_000,
  /**
   * The set-password link mailed at registration: 24 hours, because a new user may not read
   * the mail at once; the account cannot be signed into with a password before it is used,
   * and a fresh link is one "forgot password" away.
   */
  set: 24 * 3_600_000,
} as const;

export type PasswordTokenPurpose = keyof typeof PASSWORD_TOKEN_TTL_MS;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type PasswordTokenService = ReturnType<typeof createPasswordTokenService>;

export function createPasswordTokenService(deps: { db: Db; clock: Clock; sessions: SessionService }) {
  const { db, clock } = deps;
  return {
    /**
     * A new link for the user; older unused links stop working. Retiring and inserting happen in
     * one transaction under the user's row lock, so concurrent requests leave exactly one live link.
     */
    async issue(userId: string, purpose: PasswordTokenPurpose, tx: Db = db): Promise<string> {
      const run = async (q: Db) => {
        const now = clock.now();
        await q.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        await q
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
        const token = randomToken(32);
        await q.insert(passwordTokens).values({
          userId,
          tokenHash: sha256Hex(token),
          purpose,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS[purpose]),
        });
        return token;
      };
      return tx === db ? db.transaction(run) : run(tx);
    },

    /** Whether a token is currently usable (a cheap check before the expensive password hash); never for a closed account. */
    async isUsable(token: string): Promise<boolean> {
      if (!TOKEN_SHAPE.test(token)) return false;
      const [row] = await db
        .select({ id: passwordTokens.id })
        .from(passwordTokens)
        .innerJoin(users, eq(users.id, passwordTokens.userId))
        .where(and(eq(passwordTokens.tokenHash, sha256Hex(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, clock.now()), isNull(users.closedAt)));
      return row !== undefined;
    },

    /**
     * What the link's page needs before anything is typed: null when the token is not usable (as
     * `isUsable`), else whether two-step sign-in is on. An address not proven yet counts as off:
     * using the link clears what was set up before it (see `consume`).
     */
    async inspect(token: string): Promise<{ twoFactor: boolean } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const [row] = await db
        .select({ emailVerifiedAt: users.emailVerifiedAt, twoFactorOnAt: twoFactorSettings.enabledAt })
        .from(passwordTokens)
        .innerJoin(users, eq(users.id, passwordTokens.userId))
        .leftJoin(twoFactorSettings, eq(twoFactorSettings.userId, users.id))
        .where(and(eq(passwordTokens.tokenHash, sha256Hex(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, clock.now()), isNull(users.closedAt)));
      if (!row) return null;
      return { twoFactor: row.emailVerifiedAt !== null && row.twoFactorOnAt !== null };
    },

    /**
     * Uses the token and sets the password, in one transaction. The first use on an account (the
     * address proven) clears what was entered before it; a closed account is refused. The claim is a single
     * conditional UPDATE (`… WHERE used_at IS NULL AND expires_at > now RETURNING`), so of
     * concurrent submissions exactly one wins. Every session of the user is ended.
     */
    async consume(token: string, passwordHash: string): Promise<{ userId: string; email: string; purpose: PasswordTokenPurpose } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.tokenHash, sha256Hex(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
          .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
        if (!claimed) return null;
        const [before] = await tx
          .select({ closedAt: users.closedAt, emailVerifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, claimed.userId))
          .for('update');
        // A closed account keeps only records the law needs: no link brings it back.
        if (!before || before.closedAt !== null) return null;
        if (before.emailVerifiedAt === null) {
          // Registration signs in before the address is proven, so anyone can register someone
          // else's address and fill the account in. What was entered before the owner used this
          // link is not theirs to trust: it is cleared, and they enter it again.
          await tx
            .update(users)
            .set({ firstName: null, surname: null, ppsnEncrypted: null, annualIncomeCents: null, paidPensionCents: 0, pensionPlanId: null, optOutPayeAuth: false })
            .where(eq(users.id, claimed.userId));
          await tx.delete(form11Entries).where(eq(form11Entries.userId, claimed.userId));
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, claimed.userId));
          await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, claimed.userId));
          await tx.delete(twoFactorSettings).where(eq(twoFactorSettings.userId, claimed.userId));
        }
        const [user] = await tx
          .update(users)
          // Using a mailed link proves the address; the first such moment is kept.
          // A new credential version: sessions and sign-ins that read the old one are refused.
          .set({
            passwordHash,
            updatedAt: now,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            credentialVersion: sql`${users.credentialVersion} + 1`,
          })
          .where(eq(users.id, claimed.userId))
          .returning({ email: users.email });
        if (!user) return null;
        // Any other link still open for this user is retired too.
        await tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.userId, claimed.userId), isNull(passwordTokens.usedAt)));
        await deps.sessions.revokeAllForUser(claimed.userId, 'password_change', tx);
        return { userId: claimed.userId, email: user.email, purpose: claimed.purpose };
      });
    },
  };
}
