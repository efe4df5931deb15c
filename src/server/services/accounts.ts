import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users as usersTable } from '../db/schema.ts';
import type { AccountMail } from './mailTemplates.ts';
import type { PasswordService } from './passwords.ts';
import type { PasswordTokenService } from './passwordTokens.ts';
import type { DeviceLabel } from './securityEvents.ts';
import type { SessionService } from './sessions.ts';
import type { NewUser, UserRow, UserService } from './users.ts';

export type PasswordCheck = { ok: true; user: UserRow; rehashed: boolean } | { ok: false; userId: string | null };

/**
 * Registration and sign-in, across users, sessions, set-password links and mail. Routes call
 * these and shape the answer; the steps that must happen together happen here.
 */
export function createAccountService(deps: {
  db: Db;
  users: UserService;
  sessions: SessionService;
  passwords: PasswordService;
  passwordTokens: PasswordTokenService;
  mail: AccountMail;
}) {
  const { db, users, sessions, passwords, passwordTokens, mail } = deps;
  return {
    /**
     * A new account without a password, its first session and a set-password link, in one
     * transaction; then the link is mailed. Null when the address is already registered.
     */
    async register(input: NewUser, device: DeviceLabel | null = null): Promise<{ userId: string; familyId: string; refreshToken: string } | null> {
      const created = await db.transaction(async (tx) => {
        const userId = await users.create(input, tx);
        if (!userId) return null;
        const session = await sessions.create(userId, false, tx, 0, device);
        if (!session) throw new Error('a new account has credential version 0');
        const setToken = await passwordTokens.issue(userId, 'set', tx);
        return { userId, ...session, setToken };
      });
      if (!created) return null;
      await mail.setPassword(input.email.trim().toLowerCase(), created.setToken);
      return { userId: created.userId, familyId: created.familyId, refreshToken: created.refreshToken };
    },

    /**
     * Changes the password from a signed-in session, through the same versioned path as a reset,
     * in one transaction under the user's row lock: the new hash and a new credential version,
     * this session moved to it, every other session ended. A sign-in that checked the old password
     * (or a two-step sign-in waiting for its code) carries the old version and is refused after
     * this commits. Returns how many other sessions ended.
     */
    async changePassword(userId: string, keepFamilyId: string, passwordHash: string, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(usersTable)
          .set({ passwordHash, updatedAt: now, credentialVersion: sql`${usersTable.credentialVersion} + 1` })
          .where(eq(usersTable.id, userId))
          .returning({ credentialVersion: usersTable.credentialVersion });
        if (!row) return 0;
        await sessions.adoptCredentialVersion(keepFamilyId, userId, row.credentialVersion, tx);
        return sessions.revokeOthers(userId, keepFamilyId, 'password_change', tx);
      });
    },

    /**
     * Checks a password. Unknown addresses and accounts without a password cost the same work
     * (A6); a failure names the account only for the log. A stored hash weaker than today's
     * policy is rewritten (`rehashed`).
     */
    async checkPassword(email: string, password: string): Promise<PasswordCheck> {
      const user = await users.findByEmail(email);
      // A closed account never signs in, whatever its row holds.
      const usable = user && user.closedAt === null ? user : undefined;
      const ok = usable?.passwordHash ? await passwords.verify(usable.passwordHash, password) : await passwords.dummyVerify(password);
      if (!user || !ok) return { ok: false, userId: user?.id ?? null };
      if (user.passwordHash && passwords.needsRehash(user.passwordHash)) {
        const rehashed = await users.rehashPassword(user.id, user.passwordHash, await passwords.hash(password));
        return { ok: true, user, rehashed };
      }
      return { ok: true, user, rehashed: false };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
