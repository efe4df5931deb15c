import { hash, parseOptions, verify } from '@node-rs/argon2';
import { isCommonPassword } from './commonPasswords.ts';
import { randomToken } from './crypto.ts';

/**
 * Password hashing: argon2id with the OWASP/ASVS parameters set explicitly (checklist A1).
 * The default algorithm of @node-rs/argon2 is argon2id; `Algorithm` is an ambient const enum
 * that breaks under verbatimModuleSyntax, so it is not imported (see stack notes §4).
 */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** What `parseOptions` reports for argon2id (Algorithm.Argon2id) and version 0x13 (Version.V0x13). */
const ARGON2ID = 2;
const VERSION_0x13 = 1;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when the stored hash is weaker than today's policy and should be rewritten at login (A2). */
export function needsRehash(stored: string): boolean {
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== ARGON2ID ||
      options.version !== VERSION_0x13 ||
      options.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      options.timeCost < PASSWORD_HASH_OPTIONS.timeCost ||
      options.saltLen < 16
    );
  } catch {
    return true;
  }
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed verification, never a 500 for the client.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification, for unknown emails and accounts without a
 * password, so the response time does not reveal whether an account exists (A6).
 */
export async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken(16));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** The password rules as one service: hashing policy, verification, and the deny list. */
export const passwordService = {
  hash: hashPassword,
  verify: verifyPassword,
  needsRehash,
  dummyVerify,
  isCommon: isCommonPassword,
};

export type PasswordService = typeof passwordService;
