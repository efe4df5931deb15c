import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/index.ts';
import { recoveryCodes, twoFactorChallenges, twoFactorSettings } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { type Keyring, decryptField, deriveKey, encryptField, hmacSha256, randomToken, sha256Hex } from './crypto.ts';

/** A sign-in waiting for its code is valid this long. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;
/** Codes tried against one challenge before it is spent (a new login starts another). */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'MaxOut';
const PERIOD_S = 30;
/** One step either side: phones whose clock is up to 30 s off still work (RFC 6238 §5.2). */
const WINDOW = 1;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A challenge token as login hands it out: 43 base64url characters. */
export const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Associated data binding the TOTP secret to its user. */
export const secretAad = (userId: string) => `two_factor.secret:${userId}`;

/** 'abcde-fghjk' with the spaces, dashes and case a user may type removed. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export type ConfirmResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'not_started' | 'already_enabled' | 'wrong_code' };
export type ChallengeAttempt =
  | { kind: 'ok'; userId: string; remember: boolean; credentialVersion: number; method: 'code' | 'recovery_code' }
  | { kind: 'wrong_code'; userId: string; attemptsLeft: number }
  | { kind: 'invalid' };

/**
 * Two-step sign-in with time-based one-time codes (TOTP, RFC 6238, via `otpauth`). The secret is
 * encrypted at rest with the field key and bound to its user; recovery codes are kept as keyed
 * hashes, so a copy of the database alone does not give them away; a code's 30-second step is
 * remembered, so the same code cannot be used twice.
 */
export function createTwoFactorService(deps: { db: Db; clock: Clock; keyring: Keyring }) {
  const { db, clock, keyring } = deps;
  // Recovery codes are keyed hashes, so they cannot be re-encrypted: a new one is hashed with
  // the current key and tagged with its id; a check accepts the hash under any key of the ring
  // (and the untagged hashes from before key ids).
  const recoveryKeys = new Map([...keyring.keys].map(([id, key]) => [id, deriveKey(key, 'recovery-codes/v1')]));
  const rawRecoveryHash = (key: Uint8Array, userId: string, code: string) => hmacSha256(key, `${userId}:${normaliseRecoveryCode(code)}`).toString('hex');
  const hashRecovery = (userId: string, code: string) => `${keyring.currentId}:${rawRecoveryHash(recoveryKeys.get(keyring.currentId)!, userId, code)}`;
  const recoveryHashCandidates = (userId: string, code: string) =>
    [...recoveryKeys].flatMap(([id, key]) => {
      const raw = rawRecoveryHash(key, userId, code);
      return [`${id}:${raw}`, raw];
    });
  const totpFor = (secretBase32: string, label: string) =>
    new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secretBase32) });
  const settingsOf = async (userId: string) => (await db.select().from(twoFactorSettings).where(eq(twoFactorSettings.userId, userId)))[0];

  /** The accepted step of `code` for the stored secret, or null. */
  const stepOf = (encrypted: string, userId: string, code: string): number | null => {
    if (!/^\d{6}$/.test(code)) return null;
    const secret = decryptField(keyring, encrypted, secretAad(userId));
    const timestamp = clock.now().getTime();
    const delta = totpFor(secret, 'check').validate({ token: code, timestamp, window: WINDOW });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / PERIOD_S) + delta;
  };

  /** Accepts a step only if it is newer than the last one used (one atomic update). */
  const claimStep = async (userId: string, step: number): Promise<boolean> => {
    const rows = await db
      .update(twoFactorSettings)
      .set({ lastStep: step })
      .where(and(eq(twoFactorSettings.userId, userId), or(isNull(twoFactorSettings.lastStep), lt(twoFactorSettings.lastStep, step))))
      .returning({ userId: twoFactorSettings.userId });
    return rows.length > 0;
  };

  const service = {
    async status(userId: string): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }> {
      const row = await settingsOf(userId);
      if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft: Number(left?.n ?? 0) };
    },

    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await settingsOf(userId))?.enabledAt);
    },

    /**
     * A new secret for the authenticator app, replacing one not yet confirmed. Null when two-step
     * sign-in is already on (turning it off first is the way to a new secret).
     */
    async beginSetup(userId: string, accountLabel: string): Promise<{ secret: string; uri: string } | null> {
      const existing = await settingsOf(userId);
      if (existing?.enabledAt) return null;
      const secret = new Secret({ size: 20 }).base32;
      const secretEncrypted = encryptField(keyring, secret, secretAad(userId));
      await db
        .insert(twoFactorSettings)
        .values({ userId, secretEncrypted, enabledAt: null, lastStep: null, createdAt: clock.now() })
        .onConflictDoUpdate({ target: twoFactorSettings.userId, set: { secretEncrypted, enabledAt: null, lastStep: null, createdAt: clock.now() } });
      return { secret, uri: totpFor(secret, accountLabel).toString() };
    },

    /** Turns two-step sign-in on with a first code from the app; gives the recovery codes, once. */
    async confirm(userId: string, code: string): Promise<ConfirmResult> {
      const row = await settingsOf(userId);
      if (!row) return { ok: false, reason: 'not_started' };
      if (row.enabledAt) return { ok: false, reason: 'already_enabled' };
      const step = stepOf(row.secretEncrypted, userId, code);
      if (step === null || !(await claimStep(userId, step))) return { ok: false, reason: 'wrong_code' };
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        await tx.update(twoFactorSettings).set({ enabledAt: clock.now() }).where(eq(twoFactorSettings.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecovery(userId, c) })));
      });
      return { ok: true, recoveryCodes: codes };
    },

    /** Turns it off: the secret, the recovery codes and any waiting sign-in are deleted. */
    async disable(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.delete(twoFactorSettings).where(eq(twoFactorSettings.userId, userId)).returning({ enabledAt: twoFactorSettings.enabledAt });
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
        return rows.some((row) => row.enabledAt !== null);
      });
    },

    /** Checks a 6-digit code (once per step) or an unused recovery code (spent by this call). */
    async verify(userId: string, code: string): Promise<'code' | 'recovery_code' | null> {
      const row = await settingsOf(userId);
      if (!row?.enabledAt) return null;
      const trimmed = code.trim().replace(/\s/g, '');
      if (/^\d{6}$/.test(trimmed)) {
        const step = stepOf(row.secretEncrypted, userId, trimmed);
        return step !== null && (await claimStep(userId, step)) ? 'code' : null;
      }
      const spent = await db
        .update(recoveryCodes)
        .set({ usedAt: clock.now() })
        .where(and(eq(recoveryCodes.userId, userId), inArray(recoveryCodes.codeHash, recoveryHashCandidates(userId, trimmed)), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return spent.length > 0 ? 'recovery_code' : null;
    },

    /** A password that was right, waiting for its code: the token the client sends back. */
    async issueChallenge(userId: string, remember: boolean, credentialVersion: number): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await db.insert(twoFactorChallenges).values({
        userId,
        tokenHash: sha256Hex(token),
        remember,
        credentialVersion,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS),
      });
      return token;
    },

    /** The user a challenge is for, while it can still be attempted (unused, unexpired, attempts left); else null. */
    async challengeOwner(token: string): Promise<string | null> {
      if (!CHALLENGE_SHAPE.test(token)) return null;
      const [row] = await db
        .select({ userId: twoFactorChallenges.userId })
        .from(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, sha256Hex(token)),
            isNull(twoFactorChallenges.usedAt),
            gt(twoFactorChallenges.expiresAt, clock.now()),
            lt(twoFactorChallenges.attempts, TWO_FACTOR_MAX_ATTEMPTS),
          ),
        );
      return row?.userId ?? null;
    },

    /**
     * One attempt at a challenge. The attempt is counted before the code is checked (one atomic
     * update), so parallel guesses cannot exceed the limit; a right code spends the challenge.
     */
    async attempt(token: string, code: string): Promise<ChallengeAttempt> {
      if (!CHALLENGE_SHAPE.test(token)) return { kind: 'invalid' };
      const now = clock.now();
      const [challenge] = await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, sha256Hex(token)),
            isNull(twoFactorChallenges.usedAt),
            gt(twoFactorChallenges.expiresAt, now),
            lt(twoFactorChallenges.attempts, TWO_FACTOR_MAX_ATTEMPTS),
          ),
        )
        .returning();
      if (!challenge) return { kind: 'invalid' };
      const method = await service.verify(challenge.userId, code);
      if (!method) return { kind: 'wrong_code', userId: challenge.userId, attemptsLeft: TWO_FACTOR_MAX_ATTEMPTS - challenge.attempts };
      const spent = await db
        .update(twoFactorChallenges)
        .set({ usedAt: now })
        .where(and(eq(twoFactorChallenges.id, challenge.id), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.id });
      if (spent.length === 0) return { kind: 'invalid' };
      return { kind: 'ok', userId: challenge.userId, remember: challenge.remember, credentialVersion: challenge.credentialVersion, method };
    },

    /** Deletes challenges that ended more than a day ago (housekeeping). */
    async prune(): Promise<void> {
      await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date(clock.now().getTime() - 86_400_000)));
    },
  };
  return service;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
