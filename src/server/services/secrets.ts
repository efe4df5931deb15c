import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The server's two secrets, as bytes. */
export interface ServerSecrets {
  /** HMAC key for access tokens (HS256) and the refresh-token successor derivation. */
  jwtSecret: Uint8Array;
  /** AES-256-GCM key for fields encrypted at rest (PPSN). 32 bytes. */
  encryptionKey: Uint8Array;
  /** Where each came from, for the start-up log (never the value). */
  sources: { jwtSecret: 'env' | 'file'; encryptionKey: 'env' | 'file' };
}

/**
 * Reads a secret file, or creates it with fresh random bytes (mode 0600) on first start.
 * `wx` makes creation atomic: when two processes start at once, one writes and both read it.
 */
function fileSecret(file: string, create: () => string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, create() + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

/**
 * JWT_SECRET and ENCRYPTION_KEY from the environment when set (required for several processes
 * on one database: every process must hold the same keys); otherwise generated once and kept
 * under DATA_DIR/secrets/ for the embedded single-process default.
 */
export function loadSecrets(options: { jwtSecret: string | undefined; encryptionKey: string | undefined; dataDir: string }): ServerSecrets {
  const dir = path.join(options.dataDir, 'secrets');
  const jwtText = options.jwtSecret ?? fileSecret(path.join(dir, 'jwt-secret'), () => randomBytes(48).toString('base64url'));
  const keyHex = options.encryptionKey ?? fileSecret(path.join(dir, 'encryption-key'), () => randomBytes(32).toString('hex'));
  if (jwtText.length < 32) throw new Error('The JWT secret must be at least 32 characters.');
  if (!/^[0-9a-f]{64}$/i.test(keyHex)) throw new Error('The encryption key must be 64 hex characters.');
  return {
    jwtSecret: new TextEncoder().encode(jwtText),
    encryptionKey: Buffer.from(keyHex, 'hex'),
    sources: { jwtSecret: options.jwtSecret ? 'env' : 'file', encryptionKey: options.encryptionKey ? 'env' : 'file' },
  };
}
