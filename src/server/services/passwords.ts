import { availableParallelism } from 'node:os';
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

/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served.
 * `running` and `waiting` say how busy it is.
 */
export function createWorkQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      // A finishing task hands its place straight to the next in line, so `running` never exceeds the limit.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

/**
 * How many argon2 hashes or checks run at once: one core fewer than the machine has, at least one.
 * Each is about 16 ms of CPU on libuv's thread pool (4 threads); a burst of sign-ins would
 * otherwise take every core, and every other request would wait behind it. Bounded, the burst
 * queues here while the remaining core serves ordinary requests. The checks themselves are as
 * strong as ever (A1): only when they run changes.
 */
export const PASSWORD_WORK_AT_ONCE = Math.max(1, availableParallelism() - 1);

/** Every argon2 call of the process goes through this queue (never argon2's *Sync variants, which would block the event loop). */
export const passwordWork = createWorkQueue(PASSWORD_WORK_AT_ONCE);

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, PASSWORD_HASH_OPTIONS));
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
    return await passwordWork.run(() => verify(stored, password));
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
